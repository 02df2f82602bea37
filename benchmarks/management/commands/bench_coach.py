"""`manage.py bench_coach sunduchok --games 10 --seed 1`: what the coach costs per decision, and how often it marks the
random player's and the hard bot's moves as mistakes (benchmarks.coach).

Goals on a 2-core machine: p95 <= 150 ms per decision; at least 20% of the random player's decisions marked mistakes,
and the hard bot's at most a quarter as often (issue 31); a whole Sunduchok game reviewed in <= 3 s (`--reviews`
games reviewed from one seat).
"""

from django.core.management.base import BaseCommand, CommandError

from benchmarks.coach import measure_coach, measure_review
from games.coach import COACHES

P95_GOAL_MS = 150
RANDOM_SHARE_GOAL = 0.20
RATIO_GOAL = 4.0
REVIEW_GOAL_SECONDS = 3.0


class Command(BaseCommand):
    help = "Measure the coach: decisions evaluated per second, ms per decision, mistake shares of easy and hard bots."

    def add_arguments(self, parser) -> None:
        parser.add_argument("game", help="the game key, e.g. sunduchok")
        parser.add_argument("--games", type=int, default=10, help="whole games (a match's first deal) to play")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--reviews", type=int, default=5,
                            help="whole games (a match's first three deals) to review from one seat; 0: none")

    def handle(self, *args, **options) -> None:
        if options["game"] not in COACHES:
            raise CommandError(f"No coach for '{options['game']}' (known: {', '.join(COACHES)}).")
        if options["games"] < 1:
            raise CommandError("--games must be at least 1.")
        if options["reviews"] < 0:
            raise CommandError("--reviews must be 0 or more.")
        coach = COACHES[options["game"]]()
        figures = measure_coach(options["game"], games=options["games"], seed=options["seed"])
        easy, hard = figures.mistake_share("easy"), figures.mistake_share("hard")
        ratio = easy / hard if hard else float("inf")
        self.stdout.write(f"{options['game']}: {figures.decisions} decisions in {options['games']} games, "
                          f"{figures.per_second:.1f} decisions/s")
        self.stdout.write(f"ms per decision: mean {figures.mean_ms:.1f}, p95 {figures.p95_ms:.1f} "
                          f"(goal <= {P95_GOAL_MS})")
        self.stdout.write(f"thresholds ({coach.unit}): inaccuracy {coach.thresholds.inaccuracy}, "
                          f"mistake {coach.thresholds.mistake}")
        for level in ("easy", "hard"):
            counts = figures.judged[level]
            self.stdout.write(f"{level:>4}: {counts['mistake']} mistakes, {counts['inaccuracy']} inaccuracies, "
                              f"{counts['good']} good — mistake share {figures.mistake_share(level):.1%}")
        self.stdout.write(f"easy mistake share {easy:.1%} (goal >= {RANDOM_SHARE_GOAL:.0%}); easy / hard: "
                          f"{ratio:.1f}x (goal >= {RATIO_GOAL:.0f}x)")
        if options["reviews"]:
            self._review(options["game"], options["reviews"], options["seed"])

    def _review(self, game_key: str, games: int, seed: int) -> None:
        review = measure_review(game_key, games=games, seed=seed)
        whole, deals = review.game_seconds, review.deal_seconds
        self.stdout.write(f"review of one seat ({review.decisions} decisions in {games} games): per game mean "
                          f"{sum(whole) / len(whole):.2f} s, max {max(whole):.2f} s; per deal mean "
                          f"{sum(deals) / len(deals):.2f} s, max {max(deals):.2f} s "
                          f"(goal for a whole Sunduchok game <= {REVIEW_GOAL_SECONDS:.0f} s)")
