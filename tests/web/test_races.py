"""Two tabs racing the same move: exactly one applies, the other is told the table moved on."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from games.history import game_history
from games.models import GameAction
from tests.web.helpers import move_data, start_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("tabs", [2, 4])
def test_the_same_move_posted_at_once_from_several_tabs_applies_once(tabs):
    client = Client()
    game = start_game(client, seed=77, levels=("easy", "easy"))
    before = game.move_count
    action = game_history(game).current.legal_actions()[0]
    data = move_data(game, action)
    start = threading.Barrier(tabs)
    statuses = []

    def tab() -> None:
        start.wait()
        try:
            statuses.append(client.post(reverse("act", args=[game.pk]), data).status_code)
        finally:
            connection.close()   # each thread has its own connection

    threads = [threading.Thread(target=tab) for _ in range(tabs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(statuses) == [302] + [409] * (tabs - 1)
    game.refresh_from_db()
    numbers = list(GameAction.objects.filter(game=game).values_list("number", flat=True))
    assert numbers == list(range(game.move_count))          # no gap, no duplicate
    assert GameAction.objects.get(game=game, number=before).action == action
