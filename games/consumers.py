"""The live table of a game several people play: pushes each new state to the open pages of that game, move by
move. (A game against bots alone has none: a move's answer carries the bots' replies, games.views.act.)

A page joins its game's group only if its visitor may see the game. Each push is the table as
the visitor's own seat sees it, rendered here from `view(seat)`: a message never carries more
than that seat's view.
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from core.consumers import ListeningConsumer, in_any_thread
from games import selectors
from games.live import game_group, valid_table_page_id
from games.models import Game
from games.sessions import session_back_link, session_practice_goal

logger = logging.getLogger(__name__)

class GameTableConsumer(ListeningConsumer):
    async def listen_to(self) -> str | None:
        self.game_id = str(self.scope["url_route"]["kwargs"]["game_id"])
        self.language = scope_language(self.scope)
        found = await in_any_thread(self._game_and_preset_name)()
        if found is None or not found[0].played_together:
            return None   # not the visitor's game; or a game against bots alone, whose moves' answers say it all
        # The row as it was on joining: what a push needs of it beyond that (the move count, the hints used)
        # comes with each announcement, so that a push reads no row. The preset's name is read once too.
        self.game, self.seat, self.preset_name = found
        self.page_id = valid_table_page_id(query_parameter(self.scope, "page"))
        return game_group(self.game_id)

    async def game_moves(self, event: dict) -> None:
        game = copy.copy(self.game)
        game.move_count, game.hints_used = event["last"], event["hints_used"]
        # The page that made the move shows its first state from the move's answer already.
        answered_here = self.page_id is not None and event.get("answered_page") == self.page_id
        for step in range(event["first"], event["last"] + 1):
            if step > event["first"] and settings.BOT_MOVE_DELAY:
                await asyncio.sleep(settings.BOT_MOVE_DELAY)
            if step == event["first"] and answered_here:
                continue
            html = await in_a_push_thread(self._render_step)(game, step)
            if not await self.push({"step": step, "html": html}):
                return  # The page left while its pushes were being paced out.

    def _game_and_preset_name(self) -> tuple[Game, int, str] | None:
        """The game, the visitor's seat in it and its preset's name; None when it is not the visitor's game."""
        game = Game.objects.filter(pk=self.game_id).first()
        seat = None if game is None else selectors.visitor_seat(game, user=self.scope.get("user"),
                                                                  session=self.scope.get("session") or {})
        if seat is None:
            return None
        with translation.override(self.language):
            return game, seat, selectors.preset_display_name(game)

    def _render_step(self, game: Game, step: int) -> str:
        back_link = session_back_link(self.scope.get("session"), game)
        goal = session_practice_goal(self.scope.get("session"), game)
        # Everything the table depends on: pages of this worker that agree on it all are sent one rendering.
        key = (str(game.pk), game.move_count, game.hints_used, self.seat, step, self.language, self.preset_name,
               tuple(sorted((back_link or {}).items())), json.dumps(goal.to_dict() if goal else None, sort_keys=True))

        def render() -> str:
            # The whole table in the page's language: the log's narration as much as the template.
            with translation.override(self.language):
                context = {**selectors.table_context(game, seat=self.seat, step=step, preset_name=self.preset_name,
                                                     goal=goal),
                           "back_link": back_link}
                return render_to_string("games/play.html#table", context)

        return _rendered_tables.get_or_render(key, render)


class _RecentTables:
    """The tables this worker pushed last, by what shaped them (a few hundred: a minute of a busy worker).

    Several pages of one seat (two tabs, or a person watching their own game on a phone) hear the same
    announcements; the first renders each table and the others are sent the same text. A key names the
    game's move count too, so a table is never reused once the game has moved on.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._tables: OrderedDict[tuple, str] = OrderedDict()
        self._rendering: dict[tuple, threading.Lock] = {}   # held while a page renders that key
        self._lock = threading.Lock()

    def get_or_render(self, key: tuple, render: Callable[[], str]) -> str:
        """The table kept under `key`, or `render()`'s, kept. Pages asking for a key another page is rendering
        (they hear the same announcement at once, each in a thread of its own) wait for that rendering."""
        with self._lock:
            html = self._tables.get(key)
            if html is not None:
                self._tables.move_to_end(key)
                return html
            rendering = self._rendering.get(key)
            if rendering is None:
                rendering = self._rendering[key] = threading.Lock()
                rendering.acquire()
                mine = True
            else:
                mine = False
        if not mine:
            with rendering:   # until the other page's rendering is done; if it failed, this page renders
                pass
            return self.get_or_render(key, render)
        try:
            html = render()
            with self._lock:
                self._tables[key] = html
                while len(self._tables) > self.size:
                    self._tables.popitem(last=False)
            return html
        finally:
            with self._lock:
                del self._rendering[key]
            rendering.release()


_rendered_tables = _RecentTables(size=256)


# The threads that read and render the pushed tables for every page of this worker. Few, because each
# rendering is CPU work under the worker's one interpreter lock: more threads would not render faster, only
# take the lock from the requests (a page that starts a game waited seconds behind the pushes of a
# saturated worker). Their queue is first come, first served.
_push_threads = ThreadPoolExecutor(max_workers=settings.PUSH_THREADS, thread_name_prefix="pushes")


def in_a_push_thread(function):
    """`function` run by one of the worker's push threads, with Django's database connections handled."""
    return database_sync_to_async(function, thread_sensitive=False, executor=_push_threads)


class _ScopeRequest:
    """What translation.get_language_from_request reads, taken from a WebSocket's scope."""

    def __init__(self, scope) -> None:
        headers = {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope.get("headers", [])}
        self.COOKIES = scope.get("cookies") or {}
        self.META = {"HTTP_ACCEPT_LANGUAGE": headers.get("accept-language", "")}
        self.path_info = scope.get("path", "/")


def scope_language(scope) -> str:
    """The page's language as LocaleMiddleware chose it: the language cookie, Accept-Language, the default."""
    return translation.get_language_from_request(_ScopeRequest(scope))


def query_parameter(scope, name: str) -> str | None:
    """The first value of `name` in the WebSocket address's query string, if any."""
    values = parse_qs(scope.get("query_string", b"").decode("latin-1")).get(name)
    return values[0] if values else None
