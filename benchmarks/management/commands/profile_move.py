"""`manage.py profile_move --games 5`: where a learner's move spends its time (benchmarks.loadtest.move_profile).

Plays whole Sunduchok games in this process on a database of its own, as the bench's learners do, and prints
each part's milliseconds per move and its share of the move's work. Run it with DATABASE_URL and REDIS_URL
set to measure the production stack's split.
"""

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.test.utils import setup_databases, teardown_databases

from benchmarks.loadtest.move_profile import profile_moves


class Command(BaseCommand):
    help = "Play Sunduchok games as a learner and print where each move's time goes."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--games", type=int, default=5, help="whole games to play (default 5)")
        parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the clicks (default 1)")

    def handle(self, *args, **options) -> None:
        if options["games"] < 1:
            raise CommandError("--games must be at least 1.")
        # A database of its own, made and dropped as the test runner does (test_<NAME>), never the site's.
        databases = setup_databases(verbosity=0, interactive=False, aliases={"default"})
        try:
            call_command("load_builtin_data", verbosity=0)
            split = profile_moves(games=options["games"], seed=options["seed"])
        finally:
            teardown_databases(databases, verbosity=0)
        for line in split.lines():
            self.stdout.write(line)
