"""Where a move's time goes: learners' moves played in this process, each part of the work timed.

A Sunduchok game against an easy and a medium bot, as the bench's learners play it, with its page's WebSocket
open: each move is an HTMX POST through the whole ASGI stack (Django's AsyncClient), and every state it
announces is pushed to the page. Stopwatches wrapped around the site's own functions split the work:

- in the move's request: the bots' decisions, the log write (the actions' rows and the game's row), the
  announcement on the channel layer, the table built and rendered for the answer, and the rest (the game row
  read and locked, its history, the form, the session and the middleware);
- after it, for the page: the page's consumer rendering each new state and sending it (the time of its handler,
  so its waits for a push thread too, while the request goes on in the same event loop).

It runs on whatever database and channel layer the settings name (the command makes a database of its own
beside it, as the tests do), with the bots' pacing off, so the figures are the work alone.
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

from channels.testing import WebsocketCommunicator
from django.test import AsyncClient, override_settings

from benchmarks.loadtest.learner import BOT_LEVELS, NEW_GAME_PATH
from benchmarks.loadtest.pages import parse_page
from games.live import TABLE_PAGE_HEADER

# The parts of a move, in the order they are reported; "the rest" is what the request took beyond the others.
BOTS = "bots' decisions"
LOG_WRITE = "log write (actions and game rows)"
ANNOUNCE = "announcement on the channel layer"
ANSWER = "table built and rendered for the answer"
REST = "the rest: lock, history, form, session, middleware"
PUSHES = "pushes: each state rendered and sent"
PUSH_RENDER = "pushes: each new state rendered"
PUSH_REST = "pushes: each state sent, and the waits for a push thread"
IN_REQUEST = (BOTS, LOG_WRITE, ANNOUNCE, ANSWER)
PUSH_TIMEOUT = 10.0   # seconds to wait for a push: far above the work, so only a broken layer trips it


class Stopwatches:
    """Time spent per label, from any thread (the consumer renders in Channels' database thread)."""

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
    states_pushed: int
    request_seconds: float            # the moves' requests, end to end
    parts: dict[str, float]           # seconds per part, the requests' and the pushes'

    def per_move_ms(self, label: str) -> float:
        return 1000 * self.parts.get(label, 0.0) / self.moves

    @property
    def total_seconds(self) -> float:
        return self.request_seconds + self.parts.get(PUSH_RENDER, 0.0) + self.parts.get(PUSH_REST, 0.0)

    def lines(self) -> list[str]:
        total = self.total_seconds
        lines = [f"{self.moves} moves, {self.states_pushed} states pushed "
                 f"({self.states_pushed / self.moves:.1f} per move); per move "
                 f"{1000 * total / self.moves:.1f} ms of work, of which the request "
                 f"{1000 * self.request_seconds / self.moves:.1f} ms:"]
        for label in (*IN_REQUEST, REST, PUSH_RENDER, PUSH_REST):
            seconds = self.parts.get(label, 0.0)
            lines.append(f"  {label:<52} {1000 * seconds / self.moves:7.2f} ms  {seconds / total:6.1%}")
        return lines


@contextlib.contextmanager
def _patched(stopwatches: Stopwatches) -> Iterator[None]:
    """Stopwatches around the site's functions, put back on the way out."""
    from games import consumers, live, services, views
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
        (live, "announce_moves", stopwatches.wrap(live.announce_moves, ANNOUNCE)),
        (views, "_table", stopwatches.wrap(views._table, ANSWER)),
        (views, "render", stopwatches.wrap(views.render, ANSWER)),
        (consumers.GameTableConsumer, "_render_step",
         stopwatches.wrap(consumers.GameTableConsumer._render_step, PUSH_RENDER)),
    ]
    originals = [(owner, name, owner.__dict__.get(name, getattr(owner, name))) for owner, name, _ in patches]
    for owner, name, replacement in patches:
        setattr(owner, name, replacement)
    original_moves = consumers.GameTableConsumer.game_moves

    async def game_moves(consumer, event):
        started = time.perf_counter()
        try:
            await original_moves(consumer, event)
        finally:
            stopwatches.add(PUSHES, time.perf_counter() - started)

    consumers.GameTableConsumer.game_moves = game_moves
    try:
        yield
    finally:
        consumers.GameTableConsumer.game_moves = original_moves
        for owner, name, original in originals:
            if owner is GameAction.objects:
                del owner.bulk_create   # the manager's own method again, from its class
            else:
                setattr(owner, name, original)


async def _play(games: int, seed: int, stopwatches: Stopwatches) -> tuple[int, int, float]:
    """Play `games` whole games as a learner clicking at random would; (moves, states pushed, request seconds)."""
    from config.asgi import application
    from games.models import Game

    rng = random.Random(seed)
    moves = pushed = 0
    request_seconds = 0.0
    for _ in range(games):
        client = AsyncClient(headers={"accept-language": "ru"})
        fields = {"preset": "standard", "players": "3", "seed": str(rng.randrange(2**31)),
                  **{f"bot_{seat}": level for seat, level in enumerate(BOT_LEVELS, start=1)}}
        response = await client.post(NEW_GAME_PATH, fields)
        page_path = response["Location"]
        game_id = page_path.rstrip("/").rsplit("/", 1)[-1]
        page = parse_page((await client.get(page_path)).content.decode())
        # The page's own id, as its script sends it (games/live.py): its move's own state is then not pushed again.
        page_id = f"{rng.getrandbits(96):024x}"
        socket = WebsocketCommunicator(application, f"{page.websocket_path}?page={page_id}", headers=[
            (b"origin", b"http://testserver"), (b"accept-language", b"ru"),
            (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())])
        connected, _ = await socket.connect()
        if not connected:
            raise RuntimeError(f"The page's socket {page.websocket_path} was refused.")
        while not page.game_over:
            if not page.move_forms:
                raise RuntimeError(f"{page_path}: the learner's turn without a move form.")
            action, fields = page.pick_move(rng)
            started = time.perf_counter()
            stopwatches.in_a_move = True
            response = await client.post(action, fields, headers={"hx-request": "true", TABLE_PAGE_HEADER: page_id})
            stopwatches.in_a_move = False
            request_seconds += time.perf_counter() - started
            moves += 1
            page = parse_page(response.content.decode())
            # Every state the move made after the one its answer shows is pushed: wait for the last (a
            # communicator's timeout would end the consumer).
            last = (await Game.objects.aget(pk=game_id)).move_count
            while page.table_step < last:
                push = await socket.receive_json_from(timeout=PUSH_TIMEOUT)
                pushed += 1
                page = parse_page(push["html"])
        await socket.disconnect()
    return moves, pushed, request_seconds


def profile_moves(*, games: int, seed: int) -> MoveSplit:
    """Play `games` games on the current database (its lessons and presets loaded) and split their moves' time."""
    stopwatches = Stopwatches()
    with override_settings(BOT_MOVE_DELAY=0, DEBUG=False, ALLOWED_HOSTS=["testserver"]), _patched(stopwatches):
        moves, pushed, request_seconds = asyncio.run(_play(games, seed, stopwatches))
    parts = dict(stopwatches.seconds)
    parts[REST] = request_seconds - sum(parts.get(label, 0.0) for label in IN_REQUEST)
    parts[PUSH_REST] = parts.pop(PUSHES, 0.0) - parts.get(PUSH_RENDER, 0.0)
    return MoveSplit(moves=moves, states_pushed=pushed, request_seconds=request_seconds, parts=parts)
