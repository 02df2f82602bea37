"""Sunduchok as the site offers it (games.declaration.Game)."""

from django.utils.translation import gettext_lazy as _

from games.declaration import Game
from games.sunduchok import table
from games.sunduchok.engine import ENGINE

GAME = Game(
    engine=ENGINE,
    table=table,
    description=_("Ask the other players for the cards you need — rank, how many, which suits — and collect all "
                  "four of a rank: whoever lays down the most of these chests wins."),
    class_goals=table.CLASS_GOALS,
    round_outcome=table.round_outcome,
    round_text=table.round_text,
    holdings=table.holdings,
    sure_moves=table.sure_moves,
)
