"""Pages that listen: a WebSocket that joins one group, if its visitor may, and is sent what that group hears.

Shared by the play table (games), a class's dashboard (classroom) and the tables' lobby (together).
"""

from __future__ import annotations

import logging

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

logger = logging.getLogger(__name__)

NOT_FOUND = 4404


class ListeningConsumer(AsyncJsonWebsocketConsumer):
    """A page that only listens to one group, if its visitor may: `listen_to` names the group, or
    None to refuse (closed with NOT_FOUND, as a page the visitor may not see answers 404)."""

    async def listen_to(self) -> str | None:
        raise NotImplementedError

    async def connect(self) -> None:
        group = await self.listen_to()
        if group is None:
            await self.close(code=NOT_FOUND)
            return
        try:
            await self.channel_layer.group_add(group, self.channel_name)
        except Exception:
            # The channel layer (Redis) is down: refuse the socket; the page retries with a growing delay and
            # meanwhile fetches the table after each move (static/js/table.js).
            logger.warning("Could not join %s: the channel layer is unreachable", group, exc_info=True)
            await self.close()
            return
        self.group = group
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            try:
                await self.channel_layer.group_discard(self.group, self.channel_name)
            except Exception:
                # Its membership expires in the layer by itself; a page leaving must not raise.
                logger.warning("Could not leave %s", self.group, exc_info=True)

    async def receive(self, text_data=None, bytes_data=None, **kwargs) -> None:
        # The page only listens; changes go through the HTTP forms, which lock and validate. So a frame is
        # never parsed: JSON or not, text or binary, empty or huge, it gets this answer and the page keeps
        # its live updates. AsyncJsonWebsocketConsumer's own `receive` raises on a binary, empty or non-JSON
        # frame, ending the connection as a server error; closing with 1003/1007 would end the updates too.
        await self.send_json({"error": "This connection only sends updates; make changes with the forms."})

    async def push(self, content: dict) -> bool:
        """Sends `content` to the page; False when the page has gone meanwhile (the server refuses to send on a
        closed socket, e.g. daphne's Disconnected): a group's message can arrive after its page closed, and
        there is nobody left to tell."""
        try:
            await self.send_json(content)
        except Exception:
            logger.debug("%s: page gone before a push", type(self).__name__)
            return False
        return True


def in_any_thread(function):
    """`function` run by a thread of the worker's pool, with Django's database connections handled.

    Channels' own default runs the sync code of every consumer of a worker in one thread, one call after the
    other: with hundreds of pages open, the pushes queued there while the cores idled (bench_web, 400
    learners). A consumer awaits each call before the next, so its own calls still never overlap.
    """
    return database_sync_to_async(function, thread_sensitive=False)
