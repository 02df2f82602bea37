"""The tooling, out of the product: bots against bots (arena), the engines' and the coach's speed, and the site
under simulated learners (loadtest), each a manage.py command. The product's apps never import this package."""
