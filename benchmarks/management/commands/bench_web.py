"""`manage.py bench_web`: the site, production-like, under classes of simulated learners (benchmarks.loadtest).

Starts its own workers (--server: daphne, uvicorn or granian) on PostgreSQL and Redis (the database and Redis
db named here are wiped first), drives each count of --learners (e.g. 100,200,300,400,500) through a lesson
and whole Sunduchok games (a --hard-share of them against hard bots, reported apart), seats people at --tables
tables to play the four games together, then saturates the site, and prints per-endpoint latencies, the capacity
curve with the workers' history cache lookups, the workers' CPU per move, errors and the played games' checks.
Exits non-zero on any error or any unfinished or inconsistent game.
"""

from django.core.management.base import BaseCommand, CommandError

from benchmarks.loadtest.run import DEFAULT_HARD_SHARE, DEFAULT_PHASES, PHASES, BenchOptions, run_bench
from benchmarks.loadtest.server import ASGI_SERVERS, BenchError

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/cardschool_bench"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/2"
PRODUCTION_SERVER = "daphne"


def _think(value: str) -> tuple[float, float]:
    try:
        low, high = (float(part) for part in value.split(","))
    except ValueError:
        raise CommandError(f"--think takes MIN,MAX in seconds, e.g. 1,3; not {value!r}.") from None
    if not 0 <= low <= high:
        raise CommandError("--think needs 0 <= MIN <= MAX.")
    return low, high


def _learners(value: str) -> tuple[int, ...]:
    try:
        counts = tuple(int(part) for part in value.split(",") if part.strip())
    except ValueError:
        raise CommandError(f"--learners takes a count or a comma-separated list, e.g. 100,200,400; "
                           f"not {value!r}.") from None
    if not counts or min(counts) < 1:
        raise CommandError("--learners must be at least 1.")
    return counts


def _servers(value: str) -> tuple[str, ...]:
    servers = tuple(dict.fromkeys(part.strip() for part in value.split(",") if part.strip()))
    unknown = set(servers) - set(ASGI_SERVERS)
    if not servers or unknown:
        raise CommandError(f"--server takes one or more of {', '.join(ASGI_SERVERS)}, comma-separated.")
    return servers


def _phases(value: str) -> tuple[str, ...]:
    phases = tuple(part.strip() for part in value.split(",") if part.strip())
    unknown = set(phases) - set(PHASES)
    if not phases or unknown:
        raise CommandError(f"--phases takes a comma-separated choice of {', '.join(PHASES)}.")
    return phases


class Command(BaseCommand):
    help = ("Benchmark the whole site: production settings on PostgreSQL and Redis, several daphne workers, "
            "simulated learners playing Sunduchok over HTTP and WebSocket; a list of learner counts draws the "
            "capacity curve; simulated people play the four games together at tables.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("--learners", default="50",
                            help="concurrent learners, or a comma-separated list of counts, one class phase "
                                 "each: the capacity curve (default 50)")
        parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
        parser.add_argument("--server", default=PRODUCTION_SERVER,
                            help=f"the ASGI server of the workers: {', '.join(ASGI_SERVERS)}, or several "
                                 f"comma-separated to compare them (default {PRODUCTION_SERVER}, as in production)")
        parser.add_argument("--saturation-clients", type=int, default=100,
                            help="clients of the saturation phase (default 100)")
        parser.add_argument("--ramp", type=float, default=10.0, help="seconds within which the learners arrive")
        parser.add_argument("--think", default="1,3", help="think time MIN,MAX in seconds before each click")
        parser.add_argument("--games-per-learner", type=int, default=1, help="games each learner plays (default 1)")
        parser.add_argument("--saturation-seconds", type=float, default=15.0,
                            help="seconds of each saturation measurement (default 15)")
        parser.add_argument("--tables", type=int, default=20,
                            help="tables of the tables phase, each of two to four people (default 20); a table "
                                 "plays its whole game: with the default think time, a Yashchiki table may take half "
                                 "an hour")
        parser.add_argument("--phases", default=",".join(DEFAULT_PHASES),
                            help=f"which phases, comma-separated: {','.join(PHASES)} "
                                 f"(default {','.join(DEFAULT_PHASES)})")
        parser.add_argument("--seed", type=int, default=1, help="seed of every learner's choices (default 1)")
        parser.add_argument("--hard-share", type=float, default=DEFAULT_HARD_SHARE,
                            help="share of each class's learners, drawn from the seed, who play two hard bots "
                                 "instead of an easy and a medium one, their moves reported apart; with a share, "
                                 "the saturation phase also runs once with hard bots alone; 0 for none "
                                 "(default 1/3)")
        parser.add_argument("--bot-move-delay", type=float, default=0.6,
                            help="BOT_MOVE_DELAY of the class and tables phases, as in production (default 0.6)")
        # Not 60: under ASGI each request runs in a thread of its own, so persistent connections pile up (one per
        # thread) until PostgreSQL refuses more; measured with 50 learners: 60 connections in 8 s, then 503s.
        parser.add_argument("--conn-max-age", type=int, default=0,
                            help="DATABASE_CONN_MAX_AGE of the workers in seconds (default 0)")
        # Not 8: a request keeps its connection until its answer is sent, and at 400 learners the requests of
        # each worker waited for one of 8 (py-spy: nine threads in the pool's queue) while the cores idled.
        parser.add_argument("--pool-size", type=int, default=24,
                            help="DATABASE_POOL_MAX_SIZE of each worker, 0 for no pool (default 24)")
        parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL,
                            help=f"the bench database, dropped and recreated (default {DEFAULT_DATABASE_URL})")
        parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL,
                            help=f"the bench Redis db, flushed; not db 0 (default {DEFAULT_REDIS_URL})")

    def handle(self, *args, **options) -> None:
        learners = _learners(options["learners"])
        for name in ("workers", "games_per_learner", "saturation_clients", "tables"):
            if options[name] < 1:
                raise CommandError(f"--{name.replace('_', '-')} must be at least 1.")
        for name in ("ramp", "bot_move_delay", "conn_max_age", "pool_size"):
            if options[name] < 0:
                raise CommandError(f"--{name.replace('_', '-')} cannot be negative.")
        if options["conn_max_age"] and options["pool_size"]:
            raise CommandError("--conn-max-age needs --pool-size 0: a pool and persistent connections do not mix.")
        if options["saturation_seconds"] <= 0:
            raise CommandError("--saturation-seconds must be positive.")
        if not 0 <= options["hard_share"] <= 1:
            raise CommandError("--hard-share is a share of the learners, from 0 to 1.")
        bench = BenchOptions(
            learners=learners, workers=options["workers"], ramp=options["ramp"],
            think=_think(options["think"]), games_per_learner=options["games_per_learner"],
            saturation_seconds=options["saturation_seconds"], saturation_clients=options["saturation_clients"],
            tables=options["tables"], phases=_phases(options["phases"]), servers=_servers(options["server"]),
            seed=options["seed"], bot_move_delay=options["bot_move_delay"], conn_max_age=options["conn_max_age"],
            pool_size=options["pool_size"], hard_share=options["hard_share"],
            database_url=options["database_url"], redis_url=options["redis_url"])
        try:
            passed = run_bench(bench, self.stdout.write)
        except BenchError as error:
            raise CommandError(str(error)) from error
        if not passed:
            raise CommandError("The bench saw errors or games that did not finish with a consistent log.")
