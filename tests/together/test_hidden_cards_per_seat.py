"""Whole games of each of the four games played by several people at one table, through the web: each person
posts when it is their turn (plain and HTMX posts in turn), and every person's play page, table fragment and
socket pushes are scanned for the cards hidden from that person's own seat.

Every push of every move is scanned; the pages after every move at one table of each game (`pages_every=1`), and
after every few moves at the others, where the pages of every person are a dozen requests per move. Each table is
dealt from a known seed, so that its game, and the test's time, do not vary from run to run.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.urls import reverse

from games.bots import get_bot
from games.history import game_history
from games.models import Game, Preset
from tests.together.helpers import person_to_move, seated_people
from tests.web import test_play_rooster
from tests.web.helpers import assert_no_hidden_cards, move_data, page_at, play_socket

pytestmark = pytest.mark.django_db(transaction=True)
HTMX = {"hx-request": "true"}


def any_legal(state, rng: random.Random) -> dict:
    return rng.choice(state.legal_actions())


def like_a_bot(game_key: str, level: str) -> Callable[[object, random.Random], dict]:
    """A person who plays as the bot of `level` would, from their own seat's view: a match of Yashchiki played at
    random drags on for hundreds of moves."""
    def choose(state, rng: random.Random) -> dict:
        return get_bot(game_key, level).decide(state.view(state.current_player), state.legal_actions(), rng).action

    return choose


@dataclasses.dataclass(frozen=True)
class PeoplesTable:
    game_key: str
    seats: tuple[str, ...]           # "person" or a bot's level, one per seat
    preset: str
    seed: int                        # the deal, chosen for a game of a hundred moves or fewer
    pages_every: int                 # the pages are scanned after every n-th move (the pushes after each)
    choose: Callable[[object, random.Random], dict] = any_legal   # a person's pick among the legal actions
    preset_fields: dict | None = None   # a preset of the test's own (an editor's), made before the table opens


PEOPLE = "person"
THREE_SMALL_DEALS = {"hand_sizes": [4, 3, 2]}   # Yashchiki's presets are matches of 8 or 15 deals
TABLES = {
    "sunduchok, 2 people and a bot": PeoplesTable("sunduchok", (PEOPLE, PEOPLE, "easy"), "standard", seed=10,
                                                  pages_every=1),
    "sunduchok, 3 people": PeoplesTable("sunduchok", (PEOPLE,) * 3, "standard", seed=8, pages_every=3),
    # A match of one deal: the first to take a point ends it.
    "hearts, 4 people": PeoplesTable("hearts", (PEOPLE,) * 4, "one-deal", seed=1, pages_every=1,
                                     preset_fields={"end_at": 1}),
    "rooster, 3 people": PeoplesTable("rooster", (PEOPLE,) * 3, "short-hands", seed=0, pages_every=1,
                                      choose=test_play_rooster.human_choice),
    "yashchiki, 2 people and 2 bots": PeoplesTable(
        "yashchiki", (PEOPLE, "easy", PEOPLE, "medium"), "three-deals", seed=9, pages_every=1,
        choose=like_a_bot("yashchiki", "medium"), preset_fields=THREE_SMALL_DEALS),
    "yashchiki, 4 people": PeoplesTable(
        "yashchiki", (PEOPLE,) * 4, "three-deals", seed=6, pages_every=3, choose=like_a_bot("yashchiki", "medium"),
        preset_fields=THREE_SMALL_DEALS),
}


def sit_down(table: PeoplesTable) -> tuple[Game, dict[int, Client]]:
    """The table's game, started once every person sat down; the table waits for a person who is away, so that no
    bot stands in for a person while the others' pages are read."""
    if table.preset_fields is not None:
        Preset.objects.get_or_create(game_key=table.game_key, slug=table.preset,
                                     defaults={"name": table.preset, "fields": table.preset_fields})
    return seated_people(table.game_key, table.seats, preset=table.preset, seed=table.seed, away_after="never")


def move_and_read_the_pages(game: Game, people: dict[int, Client], table: PeoplesTable, rng: random.Random,
                            number: int) -> range:
    """The person to move posts a move (plain or HTMX in turn, its answer scanned for the mover), and, after every
    `pages_every` moves, every person's play page and table fragment are scanned for their seat. Returns the
    steps each socket is pushed."""
    turn = person_to_move(game, people)
    assert turn is not None, "the bots play until a person must decide"
    seat, mover = turn
    before = game.move_count
    htmx = number % 2 == 1
    action = table.choose(game_history(game).current, rng)
    response = mover.post(reverse("act", args=[game.pk]), move_data(game, action), headers=HTMX if htmx else {})
    game.refresh_from_db()
    history = game_history(game)
    if htmx:
        assert response.status_code == 200   # the table at the mover's own move
        assert_no_hidden_cards(response.content.decode(), history.states[before + 1], seat)
    else:
        assert response.status_code == 302 and response.url == reverse("play", args=[game.pk])
    if number % table.pages_every == 0 or game.is_over:
        for other, browser in people.items():
            assert_no_hidden_cards(page_at(browser, game), history.current, other)
            assert_no_hidden_cards(page_at(browser, game, htmx=True), history.current, other)
    return range(before + 1, game.move_count + 1)


@pytest.mark.parametrize("name", TABLES)
async def test_no_page_or_push_of_a_whole_game_names_a_card_hidden_from_the_persons_seat(name):
    table = TABLES[name]
    game, people = await sync_to_async(sit_down)(table)
    sockets = {seat: play_socket(game, browser) for seat, browser in people.items()}
    for socket in sockets.values():
        assert (await socket.connect())[0]
    rng = random.Random(name)
    moves = pushes = 0
    while not game.is_over:
        steps = await sync_to_async(move_and_read_the_pages)(game, people, table, rng, moves)
        moves += 1
        history = await sync_to_async(game_history)(game)
        for seat, socket in sockets.items():
            for step in steps:
                push = await socket.receive_json_from(timeout=10)
                assert push["step"] == step
                assert_no_hidden_cards(push["html"], history.states[step], seat)
                pushes += 1
    for socket in sockets.values():
        assert await socket.receive_nothing()
        await socket.disconnect()
    assert pushes >= moves * len(people)   # each move pushed to every person
    assert "Game over" in (await sync_to_async(page_at)(people[min(people)], game))
