"""Tables to play together (together/) under load: people at tables of two to four, bots in the other seats.

Each person is a browser of its own. One opens the table with the new-table form; then each person of the table,
the opener too, opens its link, listens to its seats over the lobby's WebSocket and takes the seat planned for
them. The game starts by itself once every people's seat is taken: the last person's seat answer, and for the
others the seats they refresh on the lobby's push, send them to the play page (HTMX's HX-Redirect), as the
table's page does. There each person plays their seat as a learner plays against bots (learner.py): its pushed
tables tell it when its turn comes, it thinks, and it sends one of its move forms' options; its page says now
and then that its person is there. When one person of a table fails, the others leave the table with them.
"""

from __future__ import annotations

import asyncio
import dataclasses
import re

from benchmarks.loadtest.learner import GAME_PATH, PUSH_GRACE, Learner, LearnerFailed, LearnerPlan, read_pushes
from benchmarks.loadtest.pages import Page
from benchmarks.loadtest.report import Recorder
from games import registry
from games.rules import get_game

PERSON = "person"            # a seat of the new-table form for a person; the others name a bot's level
BOT_LEVEL = "medium"
STAND_IN_LEVEL = "easy"      # for a person away: none is, each page says it is there every HERE_EVERY seconds
AWAY_AFTER = "180"           # seconds; the new-table form's default
TABLE_PATH = re.compile(r"/tables/[A-Z0-9]+/")


@dataclasses.dataclass(frozen=True)
class TableMix:
    """One kind of table: a game, its preset, and who sits where."""

    game_key: str
    preset: str
    seats: tuple[str, ...]   # PERSON or a bot's level, one per seat

    @property
    def people_seats(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.seats) if kind == PERSON]

    def __str__(self) -> str:
        bots = len(self.seats) - len(self.people_seats)
        return (f"{get_game(self.game_key).title} ({self.preset}), {len(self.people_seats)} people"
                + (f" + {bots} bot{'s' if bots > 1 else ''}" if bots else ""))


def _declared_mixes() -> tuple[TableMix, ...]:
    """The phase's tables take these in turn: every game's tables (games.declaration.GameEngine.load_test_tables),
    people alone or with bots, in the turns the games declare. A table lasts as long as its game's decisions take its
    people to think (2 s each on average with the default think) and its bots' replies their pacing. Measured at 40
    tables (README): Sunduchok 2–7 minutes, Chuvash Rooster 2–7, Hearts to 50 points (not 100) 8–14 at four
    people, and Yashchiki's short match 8–27 at two people and two bots; more people would make it longer still
    (played at random, some 60% longer with three, two and a half times as long with four), and its standard match
    is longer than the short one."""
    declared = [(turn, TableMix(key, preset, (PERSON,) * people + (BOT_LEVEL,) * bots))
                for key, engine in registry.engines().items()
                for turn, preset, people, bots in engine.load_test_tables]
    return tuple(mix for _, mix in sorted(declared, key=lambda turn_and_mix: turn_and_mix[0]))


TABLE_MIXES = _declared_mixes()


def table_mixes(tables: int) -> list[TableMix]:
    """The mix of each of `tables` tables, in the order they open."""
    return [TABLE_MIXES[number % len(TABLE_MIXES)] for number in range(tables)]


def tables_described(tables: int) -> str:
    """How many tables, how many people at them, and how many tables of each mix."""
    mixes = table_mixes(tables)
    counts = {mix: mixes.count(mix) for mix in dict.fromkeys(mixes)}
    return (f"{tables} tables, {sum(len(mix.people_seats) for mix in mixes)} people: "
            + "; ".join(f"{count} × {mix}" for mix, count in counts.items()))


class Person(Learner):
    """A person at a table: a learner (its browser, its thinking, its way of playing) that sits down with others
    rather than dealing itself a game against bots."""

    # The turn comes back after a chain of the other people's moves and the bots' replies to each, which no table
    # shown foresees; a table that moves is alive.
    patience_restarts_with_each_push = True

    def patience(self, shown: Page) -> float:
        # Between two pushes, one of the other people may be thinking.
        return super().patience(shown) + self.plan.think[1]

    async def open_table(self, mix: TableMix) -> str:
        """The new-table form filled in and sent; the table's address."""
        form_path = f"/tables/new/{mix.game_key}/"
        form_page = await self.browser.get_page("new table form", f"{form_path}?players={len(mix.seats)}")
        await self.think()
        fields = {"csrfmiddlewaretoken": form_page.csrf_token or "", "preset": mix.preset,
                  "players": str(len(mix.seats)), "stand_in_level": STAND_IN_LEVEL, "away_after": AWAY_AFTER,
                  **{f"seat_{seat}": kind for seat, kind in enumerate(mix.seats)}}
        response = await self.browser.request("open table", "POST", form_path, data=fields)
        if response.status != 302 or not TABLE_PATH.fullmatch(response.location or ""):
            self.browser.fail("open table", f"the new-table form did not lead to a table: HTTP {response.status}")
        return response.location

    async def sit_and_play(self, table_path: str, seat: int) -> None:
        game_id, page = await self.take_a_seat(table_path, seat)
        if game_id not in self.recorder.games_started:   # the first of the table's people to get there
            self.recorder.games_started.append(game_id)
        await self.play(game_id, page)

    async def take_a_seat(self, table_path: str, seat: int) -> tuple[str, Page]:
        """Open the table's link, listen to its seats, take `seat`, and follow the table to its game once every
        people's seat is taken: the game's id and its play page."""
        lobby = await self.browser.get_page("table page", table_path)
        sit_form = lobby.form_posting_to("/sit/")
        if sit_form is None or str(seat) not in sit_form.radios.get("seat", []):
            self.browser.fail("table page", f"{table_path}: seat {seat} is not offered to sit at")
        socket = await self.browser.websocket(lobby.sections["lobby"]["data-ws"], "table ws connect")
        changes: asyncio.Queue[dict | None] = asyncio.Queue()
        reader = asyncio.create_task(read_pushes(socket, changes))
        try:
            await self.think()
            response = await self.browser.request(
                "sit", "POST", sit_form.action, htmx=True,
                data={**sit_form.hidden, "seat": str(seat), "name": f"Person {self.plan.number + 1}"})
            while response.location is None:
                told = await self.seats_changed(table_path, changes)
                response = await self.browser.request("table refresh", "GET", table_path, htmx=True)
                if not told:   # a last look, which the table's page itself would not take
                    if response.location is None:
                        self.browser.fail("table refresh", f"{table_path}: the game did not start while its people "
                                                           "sat down")
                    self.missed_push(f"{table_path}: the game started, but the lobby's socket did not say so")
        finally:
            reader.cancel()
            await socket.close()
        started = GAME_PATH.fullmatch(response.location)
        if started is None:
            self.browser.fail("table refresh", f"{table_path} sent its person to {response.location}, not a game")
        return started["game_id"], await self.browser.get_page("play page", response.location)

    async def seats_changed(self, table_path: str, changes: asyncio.Queue[dict | None]) -> bool:
        """Whether the lobby's socket said that the seats changed (somebody sat down, or the game started) while
        the others may still arrive and think (all at once); it is then time to refresh the seats, as the table's
        page does."""
        try:
            async with asyncio.timeout(PUSH_GRACE + self.plan.think[1]):
                change = await changes.get()
        except TimeoutError:
            return False
        if change is None:
            self.browser.fail("websocket", f"{table_path}: the lobby's socket closed unexpectedly")
        return True


async def play_a_table(number: int, mix: TableMix, *, seed: str, think: tuple[float, float], base_url: str,
                       recorder: Recorder) -> None:
    """Table `number`: its opener opens it, then all its people sit and play until the game ends. A failure was
    counted where it happened; the table's other people then leave."""
    people = [Person(LearnerPlan(number=index, seed=f"{seed}-table-{number}-{index}", think=think, games=1,
                                 lesson=False), base_url, recorder)
              for index in range(len(mix.people_seats))]
    try:
        table_path = await people[0].open_table(mix)
        async with asyncio.TaskGroup() as table:
            for person, seat in zip(people, mix.people_seats, strict=True):
                table.create_task(person.sit_and_play(table_path, seat))
    except* LearnerFailed:
        pass
    except* Exception as failures:   # a page a person could not read: the site's fault or the bench's, shown
        for error in failures.exceptions:
            recorder.error("person", f"table {number}: {type(error).__name__}: {error}")
    finally:
        for person in people:
            await person.browser.close()
