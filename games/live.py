"""Live updates: after a move commits, every open page of that game is told which states are new.

The message names step numbers only. Each page's consumer renders those steps from its own
seat's view, so a card hidden from a seat never enters a message meant for it.
"""

from __future__ import annotations

import asyncio
import logging
import re
from concurrent.futures import Future

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)

# Seconds a push may take before it is dropped: with Redis down or hanging a page is better served by fetching
# the table (static/js/table.js) than by a push that never ends.
ANNOUNCE_TIMEOUT = 1.0

# The event loop of this worker's ASGI server, noted by `knowing_the_server_loop`; None outside a server.
_server_loop: asyncio.AbstractEventLoop | None = None


def knowing_the_server_loop(application):
    """The ASGI `application`, noting the loop it is served on, so that announcements can be handed to it."""

    async def app(scope, receive, send):
        global _server_loop
        _server_loop = asyncio.get_running_loop()
        return await application(scope, receive, send)

    return app


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


async def _send(group: str, message: dict) -> None:
    await asyncio.wait_for(get_channel_layer().group_send(group, message), ANNOUNCE_TIMEOUT)


def publish(group: str, message: dict) -> None:
    """Send `message` to `group`'s open pages. Never fails the write that caused it, nor waits for the layer.

    In a server, the send is handed to the worker's event loop and the request goes on: a move used to wait
    for its announcement (a round trip to Redis through the busy loop) while holding its database connection,
    and at 400 learners the other requests queued for connections behind it (bench_web, py-spy). Elsewhere (a
    management command, a test's plain client) it is sent before returning.
    """
    loop = _server_loop
    if loop is not None and loop.is_running():
        sending = asyncio.run_coroutine_threadsafe(_send(group, message), loop)
        sending.add_done_callback(lambda done: _log_failure(done, group))
        return
    try:
        async_to_sync(_send)(group, message)
    except Exception:
        # The write is committed; a page that misses the push catches up by fetching its content.
        logger.warning("Could not announce %s to %s", message.get("type"), group, exc_info=True)


def _log_failure(sending: Future, group: str) -> None:
    if not sending.cancelled() and sending.exception() is not None:
        logger.warning("Could not announce to %s", group, exc_info=sending.exception())


def announce_moves(*, game_id, first: int, last: int, hints_used: int, answered_page: str | None = None) -> None:
    """Tell the game's open pages that states `first`..`last` exist (the game's move count is now `last`).

    `hints_used` is the game row's count, so that a page renders the new states without reading the row again.
    `answered_page` names the page whose move made them: its move's answer showed state `first` already, so
    that page is pushed the states after it only.
    """
    publish(game_group(game_id), {"type": "game.moves", "first": first, "last": last, "hints_used": hints_used,
                                  "answered_page": answered_page})
