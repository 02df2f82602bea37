"""Sunduchok as the site offers it (games.declaration.Game)."""

from django.utils.translation import gettext_lazy as _

from games.declaration import Game
from games.sunduchok import presets, puzzle_themes, table, variant_labels
from games.sunduchok.engine import ENGINE
from games.tables import deals

GAME = Game(
    engine=ENGINE,
    table=table,
    description=_("Ask the other players for the cards you need — rank, how many, which suits — and collect all "
                  "four of a rank: whoever lays down the most of these chests wins."),
    class_goals=table.CLASS_GOALS,
    round_outcome=table.round_outcome,
    round_text=table.round_text,
    opening_deal=deals.dealt_as_is,
    holdings=table.holdings,
    sure_moves=table.sure_moves,
    preset_texts=presets.PRESET_TEXTS,
    variant_field_labels=variant_labels.FIELD_LABELS,
    variant_value_labels=variant_labels.VALUE_LABELS,
    puzzle_themes=puzzle_themes.THEMES,
    puzzle_theme_of=puzzle_themes.theme_of,
    lesson_goal_kinds=("chests",),
)
