"""The live table of a game played together: each person's socket is pushed the table of their own seat, after a
reconnect and from another browser of their account too; a stranger's socket is refused as the page would be."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from core.consumers import NOT_FOUND
from games.history import game_history
from games.models import Game
from tests.together.helpers import browser, person_to_move, seated_people
from tests.web.helpers import (
    assert_no_hidden_cards,
    card_spellings,
    move_data,
    play_socket,
    refused_or_accepted,
    start_game,
)

pytestmark = pytest.mark.django_db(transaction=True)
PEOPLE = "person"
TWO_PEOPLE_AND_A_BOT = (PEOPLE, PEOPLE, "easy")


def move(game: Game, people: dict[int, Client]) -> range:
    """The person to move plays their first legal move; the steps it and the bots' replies pushed."""
    seat, mover = person_to_move(game, people)
    before = game.move_count
    action = game_history(game).current.legal_actions()[0]
    assert mover.post(reverse("act", args=[game.pk]), move_data(game, action)).status_code == 302
    game.refresh_from_db()
    return range(before + 1, game.move_count + 1)


def assert_the_seats_own_table(html: str, state, seat: int) -> None:
    """`html` is the table as `seat` sees `state`: every card of the seat's own hand, nothing hidden from it."""
    assert_no_hidden_cards(html, state, seat)
    hand = [card for card, place in state.card_locations().items() if place == f"hand:{seat}"]
    assert hand, "a seat with cards to show"
    for card in hand:
        assert any(spelling in html for spelling in card_spellings(card)), f"{card} of seat {seat}'s hand"


async def assert_pushed_the_seats_own_tables(socket, game: Game, steps: range, seat: int) -> None:
    history = await sync_to_async(game_history)(game)
    for step in steps:
        push = await socket.receive_json_from(timeout=10)
        assert push["step"] == step
        assert_the_seats_own_table(push["html"], history.states[step], seat)


async def test_a_persons_socket_after_a_reconnect_is_still_pushed_their_own_seats_table():
    game, people = await sync_to_async(seated_people)("sunduchok", TWO_PEOPLE_AND_A_BOT, seed=3)
    sockets = {seat: play_socket(game, client) for seat, client in people.items()}
    for socket in sockets.values():
        assert (await socket.connect())[0]
    steps = await sync_to_async(move)(game, people)
    for seat, socket in sockets.items():
        await assert_pushed_the_seats_own_tables(socket, game, steps, seat)
        await socket.disconnect()

    reconnected = {seat: play_socket(game, client) for seat, client in people.items()}   # the same sessions
    for socket in reconnected.values():
        assert (await socket.connect())[0]
    steps = await sync_to_async(move)(game, people)
    for seat, socket in reconnected.items():
        await assert_pushed_the_seats_own_tables(socket, game, steps, seat)
        assert await socket.receive_nothing()
        await socket.disconnect()


def signed_in_people() -> tuple[Game, dict[int, Client], dict[int, object]]:
    accounts = {seat: get_user_model().objects.create_user(f"person-{seat}", password="pw-long-enough")
                for seat in (0, 1)}
    browsers = {seat: browser() for seat in accounts}
    for seat, client in browsers.items():
        client.force_login(accounts[seat])
    game, people = seated_people("sunduchok", TWO_PEOPLE_AND_A_BOT, browsers=browsers, seed=4)
    return game, people, accounts


async def test_a_signed_in_person_is_pushed_their_own_seats_table_in_another_browser():
    game, people, accounts = await sync_to_async(signed_in_people)()
    elsewhere = {seat: await sync_to_async(browser)() for seat in accounts}
    for seat, client in elsewhere.items():
        await sync_to_async(client.force_login)(accounts[seat])
    sockets = {seat: play_socket(game, client) for seat, client in elsewhere.items()}
    for socket in sockets.values():
        assert (await socket.connect())[0]
    steps = await sync_to_async(move)(game, people)
    for seat, socket in sockets.items():
        await assert_pushed_the_seats_own_tables(socket, game, steps, seat)
        await socket.disconnect()


def strangers() -> dict[str, Client | None]:
    """Everybody who holds no seat of the game: no session, a session of their own (with a game of its own), a
    signed-in user, and a person of another table's game."""
    with_a_session = browser()
    start_game(with_a_session, players=2, levels=("easy",))
    account = browser()
    account.force_login(get_user_model().objects.create_user("loner", password="pw-long-enough"))
    _other_game, other_people = seated_people("sunduchok", TWO_PEOPLE_AND_A_BOT, seed=5)
    return {"no session": None, "a session": with_a_session, "an account": account,
            "another table's person": other_people[min(other_people)]}


async def test_a_strangers_socket_is_refused_with_4404():
    game, people = await sync_to_async(seated_people)("sunduchok", TWO_PEOPLE_AND_A_BOT, seed=3)
    for who, client in (await sync_to_async(strangers)()).items():
        assert await refused_or_accepted(play_socket(game, client)) == (False, NOT_FOUND), who
    for client in people.values():   # the control: the people themselves are let in
        socket = play_socket(game, client)
        assert (await socket.connect())[0]
        await socket.disconnect()
