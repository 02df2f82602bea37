"""One simulated learner: a browser session that steps through a lesson and plays Sunduchok against bots.

It speaks to the site as a browser with HTMX does behind the site's TLS proxy: every request says
`X-Forwarded-Proto: https` and carries the page's `Origin`, so the production settings' secure cookies and
CSRF origin check apply. aiohttp's cookie jar will not send secure cookies over plain http, so the browser
keeps its cookies itself. Every move is one of the options of the move forms the learner was last shown.
Against bots alone, a move's answer carries the bots' replies up to the learner's next decision, and the learner
waits as long as its page takes to show them at the bots' pace. The people at tables of several people (tables.py)
are learners too, who after a move wait for the WebSocket's pushes until a pushed table gives them the turn back,
or reload the table as the page itself would if no push came (counted as a missed push, not as an error).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import re
import time
from typing import NoReturn

import aiohttp

from benchmarks.loadtest.pages import Page, parse_answer, parse_page
from benchmarks.loadtest.report import Recorder
from games import registry
from games.live import TABLE_PAGE_HEADER

GAME_KEY = next(iter(registry.engines()))   # the learners' game: the first installed one (Sunduchok)
NEW_GAME_PATH = f"/play/{GAME_KEY}/new/"
LESSON_PATH = re.compile(rf"/learn/{GAME_KEY}/[-\w]+/")
GAME_PATH = re.compile(r"/play/(?P<game_id>[0-9a-f-]{36})/")
BOT_LEVELS = ("easy", "medium")        # a learner's two bots
HARD_BOT_LEVELS = ("hard", "hard")     # theirs for the share of a class that plays hard bots (--hard-share)
REQUEST_TIMEOUT = 60.0   # seconds: far above any sane latency, so only a hung server trips it
PUSH_GRACE = 10.0        # seconds a learner waits for pushes beyond the table's own reload delay
MAX_LESSON_PAGES = 60    # a lesson that never ends is a failure of the site, not a reason to loop forever
ANSWER_ATTEMPTS = 2      # a learner tries a question twice, then skips it
MAX_NOTES = 10           # missed pushes described in the output
HERE_EVERY = 20.0        # seconds between two "still here" of a page at a table of people, as static/js/table.js


class LearnerFailed(Exception):
    """The site answered something a learner cannot go on from; already counted as an error."""


@dataclasses.dataclass(frozen=True)
class Response:
    status: int
    text: str
    location: str | None   # where the answer sends the browser: a redirect's Location, or HTMX's HX-Redirect


class Browser:
    """One learner's browser: its own connections and cookies, and the headers a page behind the proxy sends."""

    def __init__(self, base_url: str, recorder: Recorder, bots: str | None = None) -> None:
        self.recorder = recorder
        self.bots = bots   # the learner's bots, under which its requests are recorded too (None: not apart)
        self.origin = "https://" + base_url.split("://", 1)[1]
        self.session = aiohttp.ClientSession(base_url, cookie_jar=aiohttp.DummyCookieJar(),
                                             timeout=aiohttp.ClientTimeout(total=REQUEST_TIMEOUT))
        self.cookies: dict[str, str] = {}
        # What HTMX adds to its requests, from the last whole page's <body hx-headers>: the CSRF token, which
        # the tables pushed over the WebSocket (rendered without a request) cannot carry in their forms.
        self.htmx_headers: dict[str, str] = {}

    async def close(self) -> None:
        await self.session.close()

    def _headers(self, htmx: bool) -> dict[str, str]:
        headers = {"X-Forwarded-Proto": "https", "Origin": self.origin, "Accept-Language": "ru"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        if htmx:
            headers.update(self.htmx_headers, **{"HX-Request": "true"})
        return headers

    def _keep_cookies(self, response: aiohttp.ClientResponse) -> None:
        for name, morsel in response.cookies.items():
            if morsel.value and morsel["max-age"] != "0":
                self.cookies[name] = morsel.value
            else:   # the site deleted it (an emptied session)
                self.cookies.pop(name, None)

    async def request(self, endpoint: str, method: str, path: str, *, data: dict | None = None,
                      htmx: bool = False) -> Response:
        """One request, not following redirects (each hop is a request of its own), timed under `endpoint`.

        A connection error or a status other than 2xx/3xx is counted as an error and ends the learner's task.
        """
        started = time.perf_counter()
        try:
            async with self.session.request(method, path, data=data, headers=self._headers(htmx),
                                            allow_redirects=False) as response:
                text = await response.text()
                elapsed = time.perf_counter() - started
                self._keep_cookies(response)
        except (aiohttp.ClientError, TimeoutError) as error:
            self.fail(endpoint, f"{method} {path}: {type(error).__name__}: {error}")
        if response.status >= 400:
            self.fail(endpoint, f"{method} {path}: HTTP {response.status}: {_excerpt(text)}")
        self.recorder.record(endpoint, elapsed, bots=self.bots)
        return Response(response.status, text,
                        response.headers.get("Location") or response.headers.get("HX-Redirect"))

    async def get_page(self, endpoint: str, path: str, *, htmx: bool = False) -> Page:
        response = await self.request(endpoint, "GET", path, htmx=htmx)
        if response.status != 200:
            self.fail(endpoint, f"GET {path}: expected a page, got HTTP {response.status}")
        page = parse_page(response.text)
        if page.htmx_headers:
            self.htmx_headers = page.htmx_headers
        return page

    async def websocket(self, path: str, endpoint: str = "ws connect") -> aiohttp.ClientWebSocketResponse:
        started = time.perf_counter()
        try:
            socket = await self.session.ws_connect(path, headers=self._headers(htmx=False))
        except (aiohttp.ClientError, TimeoutError) as error:
            self.fail(endpoint, f"{path}: {type(error).__name__}: {error}")
        self.recorder.record(endpoint, time.perf_counter() - started, bots=self.bots)
        return socket

    def fail(self, endpoint: str, message: str) -> NoReturn:
        self.recorder.error(endpoint, message)
        raise LearnerFailed(message)


@dataclasses.dataclass(frozen=True)
class LearnerPlan:
    """What one learner does: a lesson or not, how many games (None: until stopped), how long it thinks, and the
    levels of the two bots of its games."""

    number: int
    seed: str
    think: tuple[float, float]
    games: int | None
    lesson: bool
    bot_levels: tuple[str, str] = BOT_LEVELS

    @property
    def bots(self) -> str:
        """The bots' levels as the report names them, e.g. "easy+medium"."""
        return "+".join(self.bot_levels)


class Learner:
    # Whether the wait for the turn starts its patience again with each newer push (wait_for_turn).
    patience_restarts_with_each_push = False

    def __init__(self, plan: LearnerPlan, base_url: str, recorder: Recorder) -> None:
        self.plan = plan
        self.rng = random.Random(plan.seed)
        self.recorder = recorder
        self.browser = Browser(base_url, recorder, bots=plan.bots)

    async def run(self) -> None:
        """The whole visit. A failure was counted where it happened; the learner then leaves."""
        try:
            if self.plan.lesson:
                await self.step_through_a_lesson()
            played = 0
            while self.plan.games is None or played < self.plan.games:
                await self.play_a_game()
                played += 1
        except LearnerFailed:
            pass
        except Exception as error:   # a page the learner could not read: the site's fault or the bench's, shown
            self.recorder.error("learner", f"learner {self.plan.number}: {type(error).__name__}: {error}")
        finally:
            await self.browser.close()

    async def think(self) -> None:
        low, high = self.plan.think
        if high > 0:
            await asyncio.sleep(self.rng.uniform(low, high))

    # The lesson.

    async def step_through_a_lesson(self) -> None:
        index = await self.browser.get_page("lesson index", "/learn/")
        lessons = index.hrefs_matching(LESSON_PATH)
        if not lessons:
            self.browser.fail("lesson index", f"no {GAME_KEY} lesson on /learn/")
        lesson_url = self.rng.choice(lessons)
        # The lesson's address redirects to its first step's, which names the step shown.
        response = await self.browser.request("lesson page", "GET", lesson_url)
        if response.status != 302 or not response.location:
            self.browser.fail("lesson page", f"{lesson_url} did not redirect to its first step")
        page = await self.browser.get_page("lesson page", response.location)
        for _ in range(MAX_LESSON_PAGES):
            if page.lesson_step == "done":
                self.recorder.lessons_finished += 1
                return
            if page.lesson_step is None:
                self.browser.fail("lesson page", "a lesson page without its step")
            await self.think()
            answered = await self.answer_question(page) if page.answer_form is not None else None
            if answered is not None:
                page = answered
                continue
            following = page.link_to_next()
            if following is None:
                self.browser.fail("lesson page", f"step {page.lesson_step} has no link to the next one")
            page = await self.browser.get_page("lesson page", following, htmx=True)
        self.browser.fail("lesson page", f"{lesson_url} did not end after {MAX_LESSON_PAGES} pages")

    async def answer_question(self, page: Page) -> Page | None:
        """Try the question's form up to ANSWER_ATTEMPTS times; the step after a right answer, or None to skip."""
        form = page.answer_form
        options = form.options()
        self.rng.shuffle(options)
        for fields in options[:ANSWER_ATTEMPTS]:
            response = await self.browser.request("lesson answer", "POST", form.action, data=fields, htmx=True)
            answer = parse_page(response.text)
            if not answer.answer_was_wrong:
                return answer
            await self.think()
        return None

    # The game.

    async def play_a_game(self) -> None:
        await self.play(*await self.start_a_game())

    async def play(self, game_id: str, page: Page) -> None:
        """Play the game of this play page to its end."""
        if page.websocket_path is None:
            await self.play_until_over(game_id, page, pushes=None)
            return
        # As the page's script does: an id of its own on its socket and its requests (games/live.py), so that a
        # move's own state is not pushed again to the page its answer showed it to.
        page_id = f"{self.rng.getrandbits(96):024x}"
        self.browser.htmx_headers[TABLE_PAGE_HEADER] = page_id
        socket = await self.browser.websocket(f"{page.websocket_path}?page={page_id}")
        # Read the socket all the time, as a browser does: that also answers the server's pings at once,
        # which daphne wants within 30 s even while the learner is busy with a long run of its own moves.
        pushes: asyncio.Queue[dict | None] = asyncio.Queue()
        reader = asyncio.create_task(read_pushes(socket, pushes))
        heartbeat = asyncio.create_task(self.say_here(page.here_path)) if page.here_path else None
        try:
            await self.play_until_over(game_id, page, pushes)
        finally:
            reader.cancel()
            if heartbeat is not None:
                heartbeat.cancel()
                # A failed heartbeat was counted where it failed; the game went on without it.
                await asyncio.gather(heartbeat, return_exceptions=True)
            await socket.close()

    async def say_here(self, path: str) -> None:
        """At a table of several people, the page says now and then that its person is there (static/js/table.js),
        so that no bot plays for them; at once, then every HERE_EVERY seconds, until cancelled."""
        while True:
            await self.browser.request("here", "POST", path, htmx=True)
            await asyncio.sleep(HERE_EVERY)

    async def start_a_game(self) -> tuple[str, Page]:
        """The new-game form, the game dealt, its play page: the game's id and the page."""
        form_page = await self.browser.get_page("new game form", NEW_GAME_PATH)
        fields = {"csrfmiddlewaretoken": form_page.csrf_token or "", "preset": "standard", "players": "3",
                  "seed": str(self.rng.randrange(2**31)),
                  **{f"bot_{seat}": level for seat, level in enumerate(self.plan.bot_levels, start=1)}}
        response = await self.browser.request("new game", "POST", NEW_GAME_PATH, data=fields)
        started = GAME_PATH.fullmatch(response.location or "")
        if response.status != 302 or started is None:
            self.browser.fail("new game", f"the new-game form did not lead to a game: HTTP {response.status}")
        game_id = started["game_id"]
        self.recorder.games_started.append(game_id)
        page = await self.browser.get_page("play page", response.location)
        if page.table_step is None:
            self.browser.fail("play page", "no table on the play page")
        return game_id, page

    async def keep_starting_games(self) -> None:
        """Start game after game without playing them, until cancelled: the pages that start a game, timed."""
        try:
            while True:
                await self.start_a_game()
        except LearnerFailed:
            pass
        finally:
            await self.browser.close()

    async def play_until_over(self, game_id: str, page: Page, pushes: asyncio.Queue[dict | None] | None) -> None:
        """Move whenever the table gives the turn, until the game ends. `pushes`: the WebSocket's, at a table of
        people; None against bots alone, whose moves' answers carry the bots' replies, shown one by one."""
        while not page.game_over:
            if not page.move_forms:   # another person's turn at a table of several people: theirs is no round trip
                if pushes is None:
                    self.browser.fail("move", f"game {game_id}: a table against bots alone that gives no move")
                page = await self.wait_for_turn(game_id, page, pushes)
                continue
            await self.think()
            action, fields = page.pick_move(self.rng)
            posted = time.perf_counter()
            response = await self.browser.request("move", "POST", action, data=fields, htmx=True)
            page = parse_answer(response.text)
            if page.table_step is None:
                self.browser.fail("move", f"game {game_id}: the move's answer holds no table")
            if page.following_waits_ms:   # the page shows the bots' replies it carries before the learner moves
                await asyncio.sleep(page.playout_seconds)
            elif not (page.game_over or page.move_forms) and pushes is not None:
                page = await self.wait_for_turn(game_id, page, pushes)
            else:
                continue
            self.recorder.turn_round_trips.append(time.perf_counter() - posted)
        self.recorder.games_finished.append(game_id)

    def patience(self, shown: Page) -> float:
        """Seconds to wait for a push giving the turn back after the table `shown`: twice the delay after which
        the table would reload itself (the bots' replies still to come), and PUSH_GRACE."""
        return (shown.reload_delay or 0) * 2 + PUSH_GRACE

    async def wait_for_turn(self, game_id: str, shown: Page, pushes: asyncio.Queue[dict | None]) -> Page:
        """The first pushed table that gives the player the turn or ends the game, newer than the one shown.

        As the page's script does, a push no newer than the table shown is ignored (the move's own answer
        and its push carry the same step). If none comes within the player's patience (from the table shown, or
        from the newest push where patience_restarts_with_each_push), the table is reloaded as the page does:
        newer than the pushes, it counts as a missed push. A reload that neither ends the game nor
        gives the turn means another person is still to move, and the wait goes on, unless the table has not
        moved for longer than a request may take.
        """
        loop = asyncio.get_running_loop()
        waited_from = still_since = loop.time()
        shown_step = shown.table_step
        while True:
            moved_from = shown_step
            pushed, shown_step = await self._turn_pushed(game_id, shown_step, pushes, self.patience(shown))
            if pushed is not None:
                return pushed
            page = await self.browser.get_page("table reload", f"/play/{game_id}/table/", htmx=True)
            if page.table_step > shown_step:
                self.missed_push(f"game {game_id}: after {loop.time() - waited_from:.1f} s the pushes had reached "
                                 f"step {shown_step} of {page.table_step} (the table shown was step "
                                 f"{shown.table_step})")
            if page.game_over or page.move_forms:
                return page
            if page.table_step > moved_from:
                still_since = loop.time()
            elif loop.time() - still_since > REQUEST_TIMEOUT:
                self.browser.fail("table reload", f"game {game_id}: the table stood still at step {moved_from} for "
                                                  f"over {REQUEST_TIMEOUT:.0f} s without giving the turn")
            shown, shown_step = page, page.table_step

    def missed_push(self, note: str) -> None:
        """Count a push that did not come in time (not an error: the page reloads), and describe the first few."""
        self.recorder.missed_pushes += 1
        if len(self.recorder.missed_push_notes) < MAX_NOTES:
            self.recorder.missed_push_notes.append(note)

    async def _turn_pushed(self, game_id: str, shown_step: int, pushes: asyncio.Queue[dict | None],
                           patience: float) -> tuple[Page | None, int]:
        """The first push newer than `shown_step` that gives the turn or ends the game, if one came within
        `patience` seconds (None if not), and the newest step pushed meanwhile."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + patience
        while (remaining := deadline - loop.time()) > 0:
            try:
                # asyncio.timeout, not wait_for: Python 3.11's wait_for can swallow a cancellation that comes as
                # the push arrives, and the saturation phase ends its learners by cancelling them.
                async with asyncio.timeout(remaining):
                    push = await pushes.get()
            except TimeoutError:
                break
            if push is None:
                self.browser.fail("websocket", f"game {game_id}: closed unexpectedly")
            self.recorder.pushes += 1
            if push.get("step", -1) <= shown_step:
                continue
            shown_step = push["step"]
            if self.patience_restarts_with_each_push:
                deadline = loop.time() + patience
            # Most pushes are the bots' moves, which neither give the turn back nor end the game: the page is read
            # only where it may (the client's one loop spent most of its time parsing every pushed table).
            if not _may_give_the_turn(push["html"]):
                continue
            pushed = parse_page(push["html"])
            if pushed.game_over or pushed.move_forms:
                return pushed, shown_step
        return None, shown_step


async def read_pushes(socket: aiohttp.ClientWebSocketResponse, pushes: asyncio.Queue[dict | None]) -> None:
    """Every message of the live table, decoded, into `pushes`; None once the server closed the socket."""
    async for message in socket:
        if message.type is aiohttp.WSMsgType.TEXT:
            pushes.put_nowait(json.loads(message.data))
    pushes.put_nowait(None)


def _may_give_the_turn(html: str) -> bool:
    """Whether a pushed table can hold a move form (posting to .../act/) or the end screen."""
    return '/act/"' in html or "end-screen" in html


def _excerpt(text: str, length: int = 200) -> str:
    return " ".join(text.split())[:length]
