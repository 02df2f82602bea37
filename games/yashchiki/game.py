"""Yashchiki as the site offers it (games.declaration.Game)."""

from django.utils.translation import gettext_lazy as _

from games.declaration import Game
from games.yashchiki import presets, puzzle_themes, table, variant_labels
from games.yashchiki.engine import ENGINE

GAME = Game(
    engine=ENGINE,
    table=table,
    description=_("Two partnerships follow suit while special cards make others draw, miss a turn or change the "
                  "suit; get rid of your cards first — the pair with fewer points at the end wins."),
    class_goals=table.CLASS_GOALS,
    round_outcome=table.round_outcome,
    round_text=table.round_text,
    opening_deal=table.opening_deal,
    class_preset=table.CLASS_PRESET,
    first_logged=table.first_logged,
    preset_texts=presets.PRESET_TEXTS,
    variant_field_labels=variant_labels.FIELD_LABELS,
    variant_value_labels=variant_labels.VALUE_LABELS,
    puzzle_themes=puzzle_themes.THEMES,
    puzzle_theme_of=puzzle_themes.theme_of,
)
