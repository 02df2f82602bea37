"""Duel as the site offers it (games.declaration.Game): installed only by the tests (INSTALLED_GAMES)."""

from games.declaration import Game
from tests.fifth_game import table
from tests.fifth_game.engine import ENGINE

GAME = Game(
    engine=ENGINE,
    table=table,
    description="Two players, a few hearts each: the higher card takes the trick, and most tricks win.",
    class_goals=table.CLASS_GOALS,
    round_outcome=table.round_outcome,
    round_text=table.round_text,
    preset_texts={"standard": {"name_en": "Standard", "name_ru": "Обычная"},
                  "short": {"name_en": "Short duel", "name_ru": "Короткая дуэль"}},
    puzzle_themes={"which-card": "Which card"},
    puzzle_theme_of=lambda view, best, runner_up: "which-card",
    has_stock=False,
)
