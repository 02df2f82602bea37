"""Two tabs racing the same move: exactly one applies, the other is told the table moved on."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.history import game_history
from games.models import GameAction
from tests.web.helpers import assert_the_log_is_whole, move_data, post_at_once, start_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("tabs", [2, 4])
def test_the_same_move_posted_at_once_from_several_tabs_applies_once(tabs):
    client = Client()
    game = start_game(client, seed=77, levels=("easy", "easy"))
    before = game.move_count
    action = game_history(game).current.legal_actions()[0]
    responses = post_at_once(reverse("act", args=[game.pk]), [(client, move_data(game, action))] * tabs)

    assert sorted(response.status_code for response in responses) == [302] + [409] * (tabs - 1)
    assert_the_log_is_whole(game)
    assert GameAction.objects.get(game=game, number=before).action == action
