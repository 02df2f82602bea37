"""Live updates at a table of people: after a move commits, every open page of that game is told which states are
new. (A game against bots alone has none: its moves' answers carry the new states, games.views.act.)

The message names step numbers only. Each page's consumer renders those steps from its own
seat's view, so a card hidden from a seat never enters a message meant for it.
"""

from __future__ import annotations

import re

from core.live import publish

# A play page names itself with a random id of its own (static/js/table.js): on its WebSocket's address and in
# the header of each of its requests. It only spares that page a push it does not need, so it is not a secret.
TABLE_PAGE_HEADER = "X-Table-Page"
_TABLE_PAGE_ID = re.compile(r"[A-Za-z0-9]{8,40}")


def table_page_id(request) -> str | None:
    """The id of the play page that sent `request`, if it sent a well-formed one."""
    return valid_table_page_id(request.headers.get(TABLE_PAGE_HEADER))


def valid_table_page_id(value: str | None) -> str | None:
    return value if value is not None and _TABLE_PAGE_ID.fullmatch(value) else None


def game_group(game_id) -> str:
    return f"game-{game_id}"


def announce_moves(*, game_id, first: int, last: int, hints_used: int, answered_page: str | None = None) -> None:
    """Tell the game's open pages that states `first`..`last` exist (the game's move count is now `last`).

    `hints_used` is the game row's count, so that a page renders the new states without reading the row again.
    `answered_page` names the page whose move made them: its move's answer showed state `first` already, so
    that page is pushed the states after it only.
    """
    publish(game_group(game_id), {"type": "game.moves", "first": first, "last": last, "hints_used": hints_used,
                                  "answered_page": answered_page})
