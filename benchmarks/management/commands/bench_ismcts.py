"""`manage.py bench_ismcts --deals 200 --seed 1 --simulations 1000`: our hard Hearts bot against OpenSpiel's ISMCTS
bot, on the same deals with the seats swapped (benchmarks.ismcts, which also says which of our rules OpenSpiel's
`hearts` cannot play).

Issue 31's goal: against ISMCTS with 1,000 simulations the hard bot takes fewer points per deal (before: 2.1 fewer,
95% interval 1.1 to 3.1) while thinking less per card (before: 19 ms against 34). The hard bot has no deadline, so
the points depend on the seed alone; the times are wall-clock, for the record only on a quiet machine.
Needs OpenSpiel (`pip install -e '.[test]'`).
"""

from django.core.management.base import BaseCommand, CommandError

from benchmarks.ismcts import INSTALL, compare, format_comparison


class Command(BaseCommand):
    help = ("Play our hard Hearts bot against OpenSpiel's ISMCTS bot (two seats each, every deal twice with the seats "
            "swapped) and print the points per deal of each, their paired difference and ms per card. OpenSpiel "
            "plays one deal with any heart played breaking hearts, so our engine does too (the standard rule: only "
            "a discarded heart; they differ only after a lead from a hand of nothing but hearts).")

    def add_arguments(self, parser) -> None:
        parser.add_argument("--deals", type=int, default=20, help="deals to play, each twice (default 20)")
        parser.add_argument("--seed", type=int, default=1, help="seed of the deals and of both bots' choices")
        parser.add_argument("--simulations", type=int, default=1000,
                            help="ISMCTS simulations per decision, one random rollout each (default 1000)")
        parser.add_argument("--preset", default="standard", help="our rule preset (default standard)")

    def handle(self, *args, **options) -> None:
        if options["deals"] < 1:
            raise CommandError("--deals must be at least 1.")
        if options["simulations"] < 1:
            raise CommandError("--simulations must be at least 1.")
        try:
            import pyspiel  # noqa: F401
        except ImportError as error:
            raise CommandError(f"OpenSpiel is not installed; install it with {INSTALL}.") from error
        try:
            result = compare(options["deals"], options["seed"], options["simulations"], options["preset"])
        except ValueError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(format_comparison(result))
