"""Pushes to open pages: a message for a group (a game's pages, a class's dashboards, a lobby) is handed to the
channel layer without ever failing, or holding up, the write that caused it.

Shared by games, classroom and together; each names its own groups and messages.
"""

from __future__ import annotations

import asyncio
import logging
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
