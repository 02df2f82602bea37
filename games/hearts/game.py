"""Hearts as the site offers it (games.declaration.Game)."""

from django.utils.translation import gettext_lazy as _

from games.declaration import Game
from games.hearts import presets, puzzle_themes, table, variant_labels
from games.hearts.engine import ENGINE
from games.tables import deals

GAME = Game(
    engine=ENGINE,
    table=table,
    description=_("Four players, thirteen tricks a deal: avoid the hearts and the queen of spades — or take them "
                    "all."),
    class_goals=table.CLASS_GOALS,
    round_outcome=table.round_outcome,
    round_text=table.round_text,
    opening_deal=deals.dealt_as_is,
    hands_at_the_deal=table.hands_at_the_deal,
    held_cards=table.held_cards,
    preset_texts=presets.PRESET_TEXTS,
    variant_field_labels=variant_labels.FIELD_LABELS,
    variant_value_labels=variant_labels.VALUE_LABELS,
    puzzle_themes=puzzle_themes.THEMES,
    puzzle_theme_of=puzzle_themes.theme_of,
    has_stock=False,
)
