"""`manage.py bench_engine sunduchok --seconds 3`: random playouts per second for 2, 4 and 6 players.

For a game that OpenSpiel also implements, one deal per game (Hearts: its engine's `openspiel_game`), it also counts
deals per second and, when OpenSpiel is installed (`pip install -e '.[test]'`), measures OpenSpiel's compiled game
for as long and prints our rate over its rate (the goal: at least 0.5).
"""

from django.core.management.base import BaseCommand, CommandError

from benchmarks.engine_speed import measure_first_deals, measure_openspiel, measure_playouts
from games import registry
from games.rules import get_game

TABLE_SIZES = (2, 4, 6)
OPENSPIEL_GOAL = 0.5  # our deals per second over OpenSpiel's, from Python


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
            openspiel_game = registry.engine(game.key).openspiel_game
            if openspiel_game is not None:
                self.stdout.write(f"  (a playout is a whole match: {rate.deals_per_second:.1f} deals/s within "
                                  f"matches, {rate.deals / rate.games:.1f} deals per match)")
                deals = measure_first_deals(game.key, options["seconds"], options["preset"])
                self.compare_with_openspiel(deals, openspiel_game, options["seconds"])

    def compare_with_openspiel(self, ours, openspiel_game: str, seconds: float) -> None:
        """Our random playouts of one deal (new_game to the first deal's score) per second against
        OpenSpiel's, whose game is one deal, measured for as long."""
        self.stdout.write(f"our deals: {ours.deals_per_second:8.1f} deals/s "
                          f"({ours.deals} deals from new_game, {ours.moves_per_deal:.0f} moves per deal)")
        try:
            theirs = measure_openspiel(openspiel_game, seconds)
        except ImportError:
            self.stdout.write("OpenSpiel is not installed (pip install -e '.[test]'): no comparison.")
            return
        self.stdout.write(f"OpenSpiel {openspiel_game}: {theirs.deals_per_second:8.1f} deals/s "
                          f"({theirs.deals} deals in {theirs.seconds:.1f} s, "
                          f"{theirs.moves_per_deal:.0f} moves per deal, C++ driven from Python)")
        ratio = ours.deals_per_second / theirs.deals_per_second
        verdict = "met" if ratio >= OPENSPIEL_GOAL else "not met"
        self.stdout.write(f"ours / OpenSpiel: {ratio:.2f} (goal: at least {OPENSPIEL_GOAL}; {verdict})")
