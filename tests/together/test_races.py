"""People racing at one table, each request in a thread of its own and all released at once: the same move of the
person to move, from several tabs or browsers, applies once; when everybody at the table posts a move at once, only
the person to move is heard and the others are told it is not their turn (the next to move may be told the table
moved on and it is their turn now). The log never has a gap or a duplicate.

On SQLite in `make test`, on PostgreSQL (row locks) in CI's second pass.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from games.history import game_history
from games.models import GameAction
from tests.together.helpers import browser, person_to_move, seated_people
from tests.web.helpers import assert_the_log_is_whole, move_data, post_at_once

pytestmark = pytest.mark.django_db(transaction=True)
PEOPLE = "person"
ALREADY_MADE = "That move was already made"
NOT_YOUR_TURN = "It is not your turn:"
YOUR_TURN_NOW = "It is your turn now."


def assert_moved_once(game, *, before: int, seat: int, action: dict) -> None:
    assert_the_log_is_whole(game)
    logged = GameAction.objects.get(game=game, number=before)
    assert (logged.seat, logged.action) == (seat, action)


@pytest.mark.parametrize("tabs", [2, 4])
def test_the_same_move_from_several_tabs_of_the_person_to_move_applies_once(tabs):
    game, people = seated_people("sunduchok", (PEOPLE, PEOPLE, "easy"))
    seat, mover = person_to_move(game, people)
    before = game.move_count
    action = game_history(game).current.legal_actions()[0]

    responses = post_at_once(reverse("act", args=[game.pk]), [(mover, move_data(game, action))] * tabs)

    assert sorted(response.status_code for response in responses) == [302] + [409] * (tabs - 1)
    assert all(ALREADY_MADE in response.content.decode() for response in responses if response.status_code == 409)
    assert_moved_once(game, before=before, seat=seat, action=action)


def test_the_same_move_from_two_browsers_of_one_account_applies_once():
    """A signed-in person plays their seat from any browser: two of them, two tabs each, post the same move."""
    accounts = {seat: get_user_model().objects.create_user(f"person-{seat}", password="pw-long-enough")
                for seat in (0, 1)}
    signed_in = {seat: browser() for seat in accounts}
    for seat, client in signed_in.items():
        client.force_login(accounts[seat])
    game, people = seated_people("sunduchok", (PEOPLE, PEOPLE, "easy"), browsers=signed_in)
    seat, mover = person_to_move(game, people)
    other_browser = browser()
    other_browser.force_login(accounts[seat])
    before = game.move_count
    action = game_history(game).current.legal_actions()[0]
    data = move_data(game, action)

    responses = post_at_once(reverse("act", args=[game.pk]), [(mover, data), (other_browser, data)] * 2)

    assert sorted(response.status_code for response in responses) == [302, 409, 409, 409]
    assert_moved_once(game, before=before, seat=seat, action=action)


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
@pytest.mark.parametrize(("game_key", "seats"), [
    ("sunduchok", (PEOPLE, PEOPLE, "easy")),
    ("hearts", (PEOPLE,) * 4),
], ids=["2 people", "4 people"])
def test_everybody_posting_at_once_only_the_person_to_move_is_heard(game_key, seats, htmx):
    game, people = seated_people(game_key, seats)
    seat, _mover = person_to_move(game, people)
    before = game.move_count
    action = game_history(game).current.legal_actions()[0]
    data = move_data(game, action)   # everybody's click sends the form the mover's page shows
    seats_posting = list(people)

    responses = post_at_once(reverse("act", args=[game.pk]), [(people[other], data) for other in seats_posting],
                             **({"HTTP_HX_REQUEST": "true"} if htmx else {}))

    by_seat = dict(zip(seats_posting, responses, strict=True))
    assert by_seat.pop(seat).status_code == (200 if htmx else 302)
    game.refresh_from_db()
    next_to_move = game_history(game).current.current_player
    for other, response in by_seat.items():
        assert response.status_code == 409, other
        # Whoever is to move after the mover was told, truly, either that it was not their turn (their post came
        # first) or that the table moved on and it is their turn now (it came after).
        told = response.content.decode()
        assert NOT_YOUR_TURN in told or (other == next_to_move and YOUR_TURN_NOW in told), other
    assert_moved_once(game, before=before, seat=seat, action=action)
