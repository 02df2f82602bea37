"""Where a move's time goes: learners' moves played in this process, each part of the work timed.

A Sunduchok game against an easy and a medium bot, as the bench's learners play it: each move is an HTMX POST
through the whole ASGI stack (Django's AsyncClient), whose answer carries the table after the move and each state
the bots' replies make, up to the learner's next decision (no WebSocket: nobody else acts in such a game).
Stopwatches wrapped around the site's own functions split the request's work: the bots' decisions, the log write
(the actions' rows and the game's row), the tables built and rendered for the answer, and the rest (the game row
read and locked, its history, the form, the session and the middleware).

It runs on whatever database the settings name (the command makes a database of its own beside it, as the tests
do), with the bots' pacing off, so the figures are the work alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import random
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator

from django.test import AsyncClient, override_settings

from benchmarks.loadtest.learner import BOT_LEVELS, NEW_GAME_PATH
from benchmarks.loadtest.pages import parse_answer, parse_page

# The parts of a move, in the order they are reported; "the rest" is what the request took beyond the others.
BOTS = "bots' decisions"
LOG_WRITE = "log write (actions and game rows)"
ANSWER = "tables built and rendered for the answer"
REST = "the rest: lock, history, form, session, middleware"
IN_REQUEST = (BOTS, LOG_WRITE, ANSWER)


class Stopwatches:
    """Time spent per label, from any thread (an async request's work runs in Django's sync threads)."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self._lock = threading.Lock()
        self._inside = threading.local()   # a label's time is not counted again by a nested call of it
        # Set while a move's request runs: the request's parts count only then, not while the game is dealt or
        # its page first drawn, which `request_seconds` leaves out too.
        self.in_a_move = False

    @contextlib.contextmanager
    def timing(self, label: str) -> Iterator[None]:
        active = getattr(self._inside, "labels", set())
        if label in active:
            yield
            return
        self._inside.labels = active | {label}
        started = time.perf_counter()
        try:
            yield
        finally:
            elapsed = time.perf_counter() - started
            self._inside.labels = active
            self.add(label, elapsed)

    def add(self, label: str, seconds: float) -> None:
        if label in IN_REQUEST and not self.in_a_move:
            return
        with self._lock:
            self.seconds[label] += seconds

    def wrap(self, function: Callable, label: str) -> Callable:
        @functools.wraps(function)
        def timed(*args, **kwargs):
            with self.timing(label):
                return function(*args, **kwargs)
        return timed


@dataclasses.dataclass(frozen=True)
class MoveSplit:
    moves: int
    tables: int                       # tables the answers carried: each move's own and the bots' replies'
    request_seconds: float            # the moves' requests, end to end
    parts: dict[str, float]           # seconds per part of the requests

    def per_move_ms(self, label: str) -> float:
        return 1000 * self.parts.get(label, 0.0) / self.moves

    def lines(self) -> list[str]:
        total = self.request_seconds
        lines = [f"{self.moves} moves, {self.tables} tables in their answers ({self.tables / self.moves:.1f} per "
                 f"move); per move {1000 * total / self.moves:.1f} ms of work:"]
        for label in (*IN_REQUEST, REST):
            seconds = self.parts.get(label, 0.0)
            lines.append(f"  {label:<52} {1000 * seconds / self.moves:7.2f} ms  {seconds / total:6.1%}")
        return lines


@contextlib.contextmanager
def _patched(stopwatches: Stopwatches) -> Iterator[None]:
    """Stopwatches around the site's functions, put back on the way out."""
    from games import services, views
    from games.models import Game, GameAction

    original_get_bot = services.get_bot

    def timed_bot(game_key: str, level: str):
        bot = original_get_bot(game_key, level)
        bot.decide = stopwatches.wrap(bot.decide, BOTS)
        return bot

    patches = [
        (services, "get_bot", timed_bot),
        (GameAction.objects, "bulk_create", stopwatches.wrap(GameAction.objects.bulk_create, LOG_WRITE)),
        (Game, "save", stopwatches.wrap(Game.save, LOG_WRITE)),
        (views, "_table", stopwatches.wrap(views._table, ANSWER)),
        (views, "render", stopwatches.wrap(views.render, ANSWER)),
        (views, "render_to_string", stopwatches.wrap(views.render_to_string, ANSWER)),
    ]
    originals = [(owner, name, owner.__dict__.get(name, getattr(owner, name))) for owner, name, _ in patches]
    for owner, name, replacement in patches:
        setattr(owner, name, replacement)
    try:
        yield
    finally:
        for owner, name, original in originals:
            if owner is GameAction.objects:
                del owner.bulk_create   # the manager's own method again, from its class
            else:
                setattr(owner, name, original)


async def _play(games: int, seed: int, stopwatches: Stopwatches) -> tuple[int, int, float]:
    """Play `games` whole games as a learner clicking at random would; (moves, tables answered, request seconds)."""
    rng = random.Random(seed)
    moves = tables = 0
    request_seconds = 0.0
    for _ in range(games):
        client = AsyncClient(headers={"accept-language": "ru"})
        fields = {"preset": "standard", "players": "3", "seed": str(rng.randrange(2**31)),
                  **{f"bot_{seat}": level for seat, level in enumerate(BOT_LEVELS, start=1)}}
        response = await client.post(NEW_GAME_PATH, fields)
        page_path = response["Location"]
        page = parse_page((await client.get(page_path)).content.decode())
        while not page.game_over:
            if not page.move_forms:
                raise RuntimeError(f"{page_path}: the learner's turn without a move form.")
            action, fields = page.pick_move(rng)
            started = time.perf_counter()
            stopwatches.in_a_move = True
            response = await client.post(action, fields, headers={"hx-request": "true"})
            stopwatches.in_a_move = False
            request_seconds += time.perf_counter() - started
            moves += 1
            page = parse_answer(response.content.decode())
            tables += 1 + len(page.following_waits_ms)
    return moves, tables, request_seconds


def profile_moves(*, games: int, seed: int) -> MoveSplit:
    """Play `games` games on the current database (its lessons and presets loaded) and split their moves' time."""
    stopwatches = Stopwatches()
    with override_settings(BOT_MOVE_DELAY=0, DEBUG=False, ALLOWED_HOSTS=["testserver"]), _patched(stopwatches):
        moves, tables, request_seconds = asyncio.run(_play(games, seed, stopwatches))
    parts = dict(stopwatches.seconds)
    parts[REST] = request_seconds - sum(parts.get(label, 0.0) for label in IN_REQUEST)
    return MoveSplit(moves=moves, tables=tables, request_seconds=request_seconds, parts=parts)
