"""`manage.py arena sunduchok --players 3 --bots hard,medium,easy --games 300 --seed 1`."""

from django.core.management.base import BaseCommand, CommandError

from games.arena import format_result, play_match


class Command(BaseCommand):
    help = "Play bots against each other and print each bot's win share and decision times."

    def add_arguments(self, parser) -> None:
        parser.add_argument("game", help="the game key, e.g. sunduchok")
        parser.add_argument("--players", type=int, required=True, help="number of seats")
        parser.add_argument("--bots", required=True,
                            help="comma-separated bot levels, one per seat, e.g. hard,medium,easy")
        parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
        parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots' choices")
        parser.add_argument("--preset", default="standard", help="rule preset (default standard)")

    def handle(self, *args, **options) -> None:
        levels = [level.strip() for level in options["bots"].split(",") if level.strip()]
        try:
            result = play_match(options["game"], players=options["players"], levels=levels,
                                games=options["games"], seed=options["seed"], preset=options["preset"])
        except ValueError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(format_result(result))
