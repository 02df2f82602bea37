"""`manage.py bench_web`: the whole site, production-like, under a class of simulated learners.

server.py prepares the bench database and Redis and runs the ASGI workers (the production settings, with
the run's own STATIC_ROOT); learner.py is one simulated learner speaking HTTP and
WebSocket like a browser with HTMX; tables.py seats such learners, as people, at tables to play together;
pages.py reads the pages it is given; report.py keeps the latencies and
prints the tables; verify.py checks the played games' logs (run in a subprocess under the bench
environment); run.py ties the phases together.
"""
