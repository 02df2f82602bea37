"""`manage.py bench_render --repeat 200`: the milliseconds to draw one table of each game, early and late in a match
(benchmarks.render_speed).

Per game and state: `view(seat)` alone, the table's context (games.selectors.table_context) drawn again and, as
`context/step`, drawn once at each of the steps before (a game in progress), the table partial the site renders
(games.views.TABLE_PARTIAL) and the game's _table.html alone. Each figure is the median and the 95th percentile of
warm repetitions (context/step: of the steps drawn). No database: each game is played by easy bots in this process.
"""

from django.core.management.base import BaseCommand, CommandError

from benchmarks.render_speed import HEADER, measure_all


class Command(BaseCommand):
    help = "Print the milliseconds to build and render one table of each game, early and late in a match."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--repeat", type=int, default=200, help="timed repetitions per figure (default 200)")
        parser.add_argument("--games", default="", help="comma-separated game keys (default: every installed game)")
        parser.add_argument("--late", type=int, default=500,
                            help="the late state is the last before the end or before this many actions (default 500)")
        parser.add_argument("--seed", type=int, default=1, help="seed of the deal and the bots (default 1)")

    def handle(self, *args, **options) -> None:
        if options["repeat"] < 1:
            raise CommandError("--repeat must be at least 1.")
        if options["late"] < 20:
            raise CommandError("--late must be at least 20 actions, after the early state.")
        keys = [key.strip() for key in options["games"].split(",") if key.strip()]
        try:
            costs = measure_all(repeat=options["repeat"], late=options["late"], seed=options["seed"], game_keys=keys)
        except ValueError as error:
            raise CommandError(str(error)) from error
        for line in HEADER:
            self.stdout.write(line)
        for cost in costs:
            self.stdout.write(cost.line())
