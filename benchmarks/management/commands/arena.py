"""`manage.py arena sunduchok --players 3 --bots hard,medium,easy --games 300 --seed 1`;
`manage.py arena rooster --bots hard,medium,easy --games 600 --seed 1 --workers 2` (rooster shares);
`manage.py arena hearts --bots hard,medium,easy,easy --games 400 --seed 1` (one deal per game);
`manage.py arena yashchiki --bots hard,medium,hard,medium --preset short --games 200 --seed 1 --workers 2`
(partnerships: seats 0+2 against 1+3; each partnership's mean match points)."""

from django.core.management.base import BaseCommand, CommandError

from benchmarks.arena import format_result, play_match


class Command(BaseCommand):
    help = ("Play bots against each other and print each bot's win share (for Hearts, mean points per deal; "
            "for Chuvash Rooster, the share of games it ends as the rooster; for Yashchiki, each partnership's "
            "mean match points) and decision times.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("game", help="the game key, e.g. sunduchok, hearts, rooster or yashchiki")
        parser.add_argument("--players", type=int, help="number of seats (default: one per bot)")
        parser.add_argument("--bots", required=True,
                            help="comma-separated bot levels, one per seat, e.g. hard,medium,easy")
        parser.add_argument("--games", type=int, default=100,
                            help="games to play (default 100); for Hearts each game is one deal")
        parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots' choices")
        parser.add_argument("--preset", default="standard", help="rule preset (default standard)")
        parser.add_argument("--workers", type=int, default=1,
                            help="processes sharing out the games (default 1); the results do not depend on it")
        parser.add_argument("--no-deadline", action="store_true",
                            help="let the hard bots spend their whole work budgets however busy the machine is, so "
                                 "that the results depend on the seed alone (for comparing strengths)")

    def handle(self, *args, **options) -> None:
        levels = [level.strip() for level in options["bots"].split(",") if level.strip()]
        players = options["players"] if options["players"] is not None else len(levels)
        try:
            result = play_match(options["game"], players=players, levels=levels,
                                games=options["games"], seed=options["seed"], preset=options["preset"],
                                workers=options["workers"], deadline=not options["no_deadline"])
        except ValueError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(format_result(result))
