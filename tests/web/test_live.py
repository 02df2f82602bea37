"""The live table over a WebSocket, at a table of several people (a game against bots alone has none: see
test_move_answers.py): who may listen, and that every push holds only the seat's view."""

from __future__ import annotations

import random

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.urls import reverse

from games.history import game_history
from tests.web.helpers import (
    a_legal_action,
    assert_no_hidden_cards,
    move_data,
    play_socket,
    refused_or_accepted,
    start_game,
    start_table_game,
)

pytestmark = pytest.mark.django_db(transaction=True)


def post_move(client: Client, game, rng: random.Random, page_id: str | None = None) -> tuple[int, int]:
    """Play one legal move (from the page named `page_id`, by HTMX, if one is given); return the first new step
    and the last step of the log."""
    game.refresh_from_db()
    first = game.move_count + 1
    from_page = {"HTTP_HX_REQUEST": "true", "HTTP_X_TABLE_PAGE": page_id} if page_id is not None else {}
    response = client.post(reverse("act", args=[game.pk]), move_data(game, a_legal_action(game, rng)), **from_page)
    assert response.status_code == (200 if page_id is not None else 302)
    game.refresh_from_db()
    return first, game.move_count


async def test_every_message_of_a_whole_game_holds_only_the_players_view():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = await sync_to_async(start_table_game)(client, seed=31)
    socket = play_socket(game, client)
    connected, _ = await socket.connect()
    assert connected
    rng = random.Random(31)
    messages = 0
    while not game.is_over:
        first, last = await sync_to_async(post_move)(client, game, rng)
        history = await sync_to_async(game_history)(game)
        for expected in range(first, last + 1):
            message = await socket.receive_json_from(timeout=10)
            assert message["step"] == expected
            assert f'data-step="{expected}"' in message["html"]
            assert_no_hidden_cards(message["html"], history.states[expected], 0)
            messages += 1
    assert messages > 0
    assert "Game over" in message["html"]
    assert "cards stay in the stock" in message["html"]   # the log narrated in the page's language too
    await socket.disconnect()


async def test_a_stranger_cannot_listen_to_a_game():
    owner = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = await sync_to_async(start_table_game)(owner)
    for client in (None, Client(HTTP_ACCEPT_LANGUAGE="en")):
        if client is not None:
            await sync_to_async(client.get)(reverse("home"))
            client.cookies["sessionid"] = "not-a-session"
        assert await refused_or_accepted(play_socket(game, client)) == (False, 4404)


async def test_a_game_against_bots_alone_has_no_socket_even_for_its_player():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = await sync_to_async(start_game)(client)
    assert await refused_or_accepted(play_socket(game, client)) == (False, 4404)


async def test_the_socket_refuses_moves_sent_over_it():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = await sync_to_async(start_table_game)(client)
    socket = play_socket(game, client)
    await socket.connect()
    before = game.move_count
    await socket.send_json_to({"type": "ask", "target": 1, "rank": "Q"})
    reply = await socket.receive_json_from(timeout=5)
    assert "forms" in reply["error"]
    await sync_to_async(game.refresh_from_db)()
    assert game.move_count == before
    await socket.disconnect()


async def test_a_page_that_left_while_its_pushes_were_paced_out_gets_no_more_and_nothing_raises(monkeypatch):
    from games.consumers import GameTableConsumer

    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = await sync_to_async(start_table_game)(client, seed=31)
    assert game.move_count >= 2   # the bots moved before the player: several steps to push
    consumer = GameTableConsumer()
    consumer.scope = {"session": client.session, "user": None, "url_route": {"kwargs": {"game_id": game.pk}},
                      "headers": [(b"accept-language", b"en")]}
    assert await consumer.listen_to() is not None
    sent = []

    async def send_to_a_closed_socket(content, close=False):
        sent.append(content["step"])
        raise ConnectionError("Attempt to send on a closed protocol")

    monkeypatch.setattr(consumer, "send_json", send_to_a_closed_socket)
    await consumer.game_moves({"first": 1, "last": game.move_count, "hints_used": 0})
    assert sent == [1]


async def test_two_pages_of_one_seat_get_the_same_tables_rendered_once(monkeypatch):
    from games import consumers

    renders = []
    original = consumers.render_to_string

    def counting(*args, **kwargs):
        renders.append(args[0])
        return original(*args, **kwargs)

    monkeypatch.setattr(consumers, "render_to_string", counting)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = await sync_to_async(start_table_game)(client, seed=32)
    pages = [play_socket(game, client), play_socket(game, client)]
    for page in pages:
        assert (await page.connect())[0]
    first, last = await sync_to_async(post_move)(client, game, random.Random(32))
    pushed = [[await page.receive_json_from(timeout=10) for _ in range(first, last + 1)] for page in pages]
    assert [push["step"] for push in pushed[0]] == list(range(first, last + 1))
    assert pushed[0] == pushed[1]
    # Each step rendered once for both pages (the second page may be told first: either renders it).
    assert len(renders) == last - first + 1
    for page in pages:
        await page.disconnect()


async def test_the_page_that_moved_is_not_pushed_the_state_its_answer_shows():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = await sync_to_async(start_table_game)(client, seed=33)
    mover, other_tab, unnamed = "a1b2c3d4e5f6a7b8", "0f1e2d3c4b5a6978", "not a page id!"
    pages = {page_id: play_socket(game, client, page_id) for page_id in (mover, other_tab, unnamed)}
    for page in pages.values():
        assert (await page.connect())[0]
    rng = random.Random(33)
    first, last = await sync_to_async(post_move)(client, game, rng, page_id=mover)
    while last == first:   # a move the bots did not answer pushes nothing to the mover: play until they do
        assert await pages[mover].receive_nothing()
        for page_id in (other_tab, unnamed):
            assert (await pages[page_id].receive_json_from(timeout=10))["step"] == first
        first, last = await sync_to_async(post_move)(client, game, rng, page_id=mover)

    steps = {page_id: [(await page.receive_json_from(timeout=10))["step"]
                       for _ in range(first + (page_id == mover), last + 1)] for page_id, page in pages.items()}
    assert steps[mover] == list(range(first + 1, last + 1))
    # Another page of the same seat, and one whose id is malformed (so names nobody), get every state.
    assert steps[other_tab] == steps[unnamed] == list(range(first, last + 1))
    for page in pages.values():
        assert await page.receive_nothing()
        await page.disconnect()


def test_recent_tables_keep_the_last_ones_and_a_failed_rendering_is_not_kept():
    from games.consumers import _RecentTables

    tables = _RecentTables(size=2)
    assert tables.get_or_render(("a",), lambda: "A") == "A"
    assert tables.get_or_render(("a",), lambda: "not rendered again") == "A"
    tables.get_or_render(("b",), lambda: "B")
    tables.get_or_render(("a",), lambda: "A again")   # "a" is the most recent now
    tables.get_or_render(("c",), lambda: "C")         # so "b" goes
    assert tables.get_or_render(("b",), lambda: "B2") == "B2"
    assert tables.get_or_render(("a",), lambda: "A3") == "A3"   # pushed out by "b" and "c"

    def failing() -> str:
        raise RuntimeError("the template broke")

    with pytest.raises(RuntimeError):
        tables.get_or_render(("d",), failing)
    assert tables.get_or_render(("d",), lambda: "D") == "D"


@pytest.mark.parametrize("consumer_path, handler", [("together.consumers.TableLobbyConsumer", "lobby_changed"),
                                                    ("classroom.consumers.ClassDashboardConsumer",
                                                     "classroom_changed")])
async def test_a_refresh_for_a_page_that_has_just_closed_raises_nothing(monkeypatch, consumer_path, handler):
    # A group's message can arrive after its page closed; daphne then refuses to send ("Attempt to send on a
    # closed protocol"), which must not end the consumer as a server error (it was logged as one in bench_web).
    from django.utils.module_loading import import_string

    consumer = import_string(consumer_path)()
    attempts = []

    async def send_to_a_closed_socket(content, close=False):
        attempts.append(content)
        raise ConnectionError("Attempt to send on a closed protocol")

    monkeypatch.setattr(consumer, "send_json", send_to_a_closed_socket)
    await getattr(consumer, handler)({})
    assert attempts == [{"refresh": True}]
