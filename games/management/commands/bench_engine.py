"""`manage.py bench_engine sunduchok --seconds 3`: random playouts per second for 2, 4 and 6 players."""

from django.core.management.base import BaseCommand, CommandError

from games.benchmark import measure_playouts
from games.rules import get_game

TABLE_SIZES = (2, 4, 6)


class Command(BaseCommand):
    help = "Measure the rule engine: complete games of random legal moves per second, for 2, 4 and 6 players."

    def add_arguments(self, parser) -> None:
        parser.add_argument("game", help="the game key, e.g. sunduchok")
        parser.add_argument("--seconds", type=float, default=3.0, help="time per table size (default 3)")
        parser.add_argument("--preset", default="standard", help="rule preset (default standard)")

    def handle(self, *args, **options) -> None:
        try:
            game = get_game(options["game"])
            game.variant(options["preset"])
        except ValueError as error:
            raise CommandError(str(error)) from error
        if options["seconds"] <= 0:
            raise CommandError("--seconds must be positive.")
        self.stdout.write(f"{game.title}, preset {options['preset']}: random playouts from new_game")
        for players in TABLE_SIZES:
            if not game.min_players <= players <= game.max_players:
                continue
            rate = measure_playouts(game.key, players, options["seconds"], options["preset"])
            self.stdout.write(f"{players} players: {rate.games_per_second:8.1f} playouts/s "
                              f"({rate.games} games in {rate.seconds:.1f} s, {rate.moves_per_game:.0f} moves per game)")
