"""Chuvash Rooster as the site offers it (games.declaration.Game)."""

from django.utils.translation import gettext_lazy as _

from games.declaration import Game
from games.rooster import presets, puzzle_themes, table, variant_labels
from games.rooster.engine import ENGINE
from games.tables import deals

GAME = Game(
    engine=ENGINE,
    table=table,
    description=_("A relative of Durak with ranked suits and no trumps: beat the cards led at you or take them, and "
                     "don't be the last one left holding cards, the rooster."),
    class_goals=table.CLASS_GOALS,
    round_outcome=table.round_outcome,
    round_text=table.round_text,
    opening_deal=deals.dealt_as_is,
    series_loser=table.series_loser,
    preset_texts=presets.PRESET_TEXTS,
    variant_field_labels=variant_labels.FIELD_LABELS,
    variant_value_labels=variant_labels.VALUE_LABELS,
    puzzle_themes=puzzle_themes.THEMES,
    puzzle_theme_of=puzzle_themes.theme_of,
)
