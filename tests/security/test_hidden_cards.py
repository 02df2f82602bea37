"""Whole games of all four games through the real endpoints, every response the human seat gets scanned for
cards hidden from it: each full page, each HTMX fragment (the move's answer, with each later state it carries, and
the table), and the replay, which stays locked (403, no card shown) while the game runs and opens once it is over.

The games' own web tests (tests/web/test_play_*.py) check pages one at a time; here one game of each gets every
channel at once, the moves alternating between plain and HTMX posts. (The WebSocket pushes of tables of several
people are scanned in tests/web/test_live.py and tests/together.)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from games import services
from games.history import game_history
from games.models import Game
from games.sessions import session_remember_game
from tests.security.world import browser
from tests.web import test_play_hearts, test_play_rooster, test_play_yashchiki
from tests.web.helpers import (
    assert_no_hidden_cards,
    assert_the_answer_carries_each_state_for_the_seat,
    move_data,
    page_at,
    start_game,
)

pytestmark = pytest.mark.django_db
HTMX = {"hx-request": "true"}


@dataclasses.dataclass(frozen=True)
class Table:
    start: Callable[[Client], Game]
    form: Callable[[Game, dict], dict]                 # the fields a click posts for an action
    choose: Callable[[object, random.Random], dict]    # the human's pick among the legal actions


def any_legal(state, rng: random.Random) -> dict:
    return rng.choice(state.legal_actions())


TABLES = {
    "sunduchok": Table(lambda client: start_game(client, players=3, seed=9, levels=("easy", "medium")),
                       move_data, any_legal),
    "hearts": Table(lambda client: test_play_hearts.start_hearts(client, preset="short-50", seed=4,
                                                                 levels=("easy", "medium", "easy")),
                    test_play_hearts.post_data, any_legal),
    "rooster": Table(lambda client: test_play_rooster.start_rooster(client, players=3, seed=21,
                                                                    levels=("medium", "easy")),
                     test_play_rooster.post_data, test_play_rooster.human_choice),
    "yashchiki": Table(lambda client: three_deal_yashchiki(client, seed=8, levels=["medium", "easy", "easy"]),
                       test_play_yashchiki.post_data, test_play_yashchiki.human_choice),
}


def three_deal_yashchiki(client: Client, *, seed: int, levels: list[str]) -> Game:
    """A whole Yashchiki match of three small deals (the presets' matches run to thousands of moves, the
    web tests play one): started as the new-game page would, then given to this visitor's session."""
    game = services.game_create(game_key="yashchiki", preset="short", variant={"hand_sizes": [4, 3, 2]}, players=4,
                                bot_levels=levels, human_name="Guest", seed=seed)
    session = client.session
    session_remember_game(session, game)
    session.save()
    client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
    return game



def assert_hides_the_hidden(text: str, state) -> None:
    assert_no_hidden_cards(text, state, 0)   # the player's seat


def move_checking_every_page(client: Client, game: Game, table: Table, rng: random.Random, number: int) -> None:
    """One move of the human, as a plain post (then the page it leads to) or an HTMX post (then its fragment, each
    state it carries scanned against its own step), with the locked replay and now and then the table fragment."""
    game.refresh_from_db()
    history = game_history(game)
    state = history.current
    if number % 5 == 0:
        assert_hides_the_hidden(page_at(client, game, htmx=True), state)
    replay = client.get(reverse("replay", args=[game.pk]), {"step": rng.randrange(history.move_count + 1)},
                        headers=HTMX if number % 2 else {})
    assert replay.status_code == 403
    assert_hides_the_hidden(replay.content.decode(), state)
    before = game.move_count
    htmx = number % 2 == 1
    response = client.post(reverse("act", args=[game.pk]), table.form(game, table.choose(state, rng)),
                           headers=HTMX if htmx else {})
    game.refresh_from_db()
    if htmx:
        assert response.status_code == 200
        assert_the_answer_carries_each_state_for_the_seat(response.content.decode(), game, before=before)
    else:
        assert response.status_code == 302 and response.url == reverse("play", args=[game.pk])
        assert_hides_the_hidden(page_at(client, game), game_history(game).current)


@pytest.mark.parametrize("game_key", TABLES)
def test_no_response_of_a_whole_game_names_a_card_hidden_from_the_player(game_key):
    table = TABLES[game_key]
    client = browser()
    game = table.start(client)
    rng = random.Random(game_key)
    for number in range(3000):
        if game.is_over:
            break
        move_checking_every_page(client, game, table, rng, number)
    assert game.is_over
    state = game_history(game).current
    assert "Game over" in page_at(client, game)
    assert_hides_the_hidden(page_at(client, game), state)
    assert_hides_the_hidden(page_at(client, game, htmx=True), state)
    for step in (0, game.move_count):   # once the game is over its replay opens every hand
        replay = client.get(reverse("replay", args=[game.pk]), {"step": step})
        assert replay.status_code == 200 and f"Move {step} of {game.move_count}" in replay.content.decode()
