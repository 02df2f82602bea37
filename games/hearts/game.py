"""Hearts as the site offers it (games.declaration.Game)."""

from django.utils.translation import gettext_lazy as _

from games.declaration import Game
from games.hearts import table
from games.hearts.engine import ENGINE

GAME = Game(
    engine=ENGINE,
    table=table,
    description=_("Four players, thirteen tricks a deal: avoid the hearts and the queen of spades — or take them "
                    "all."),
    class_goals=table.CLASS_GOALS,
    round_outcome=table.round_outcome,
    round_text=table.round_text,
    held_cards=table.held_cards,
)
