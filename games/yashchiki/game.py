"""Yashchiki as the site offers it (games.declaration.Game)."""

from django.utils.translation import gettext_lazy as _

from games.declaration import Game
from games.yashchiki import table
from games.yashchiki.engine import ENGINE

GAME = Game(
    engine=ENGINE,
    table=table,
    description=_("Two partnerships follow suit while special cards make others draw, miss a turn or change the "
                  "suit; get rid of your cards first — the pair with fewer points at the end wins."),
    class_goals=table.CLASS_GOALS,
    round_outcome=table.round_outcome,
    round_text=table.round_text,
    class_preset=table.CLASS_PRESET,
    first_logged=table.first_logged,
)
