"""A worker plays at most MOVES_AT_ONCE moves at once; the others wait for a slot (games/move_slots.py)."""

from __future__ import annotations

import random
import threading

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from games import move_slots, services
from tests.web.helpers import a_legal_action, move_data, start_game


def _free_slots() -> int:
    # How many more moves could start now: a BoundedSemaphore's counter.
    return move_slots._worker_slots()._value


@override_settings(MOVES_AT_ONCE=2)
def test_a_slot_is_taken_for_the_block_and_given_back_even_after_an_error():
    assert _free_slots() == 2
    with move_slots.move_slot():
        assert _free_slots() == 1
        with move_slots.move_slot():
            assert _free_slots() == 0
            # A third move would wait: the slots are all taken.
            assert not move_slots._worker_slots().acquire(blocking=False)
    assert _free_slots() == 2
    with pytest.raises(RuntimeError), move_slots.move_slot():
        raise RuntimeError("the move failed")
    assert _free_slots() == 2


@override_settings(MOVES_AT_ONCE=1)
def test_a_waiting_move_starts_once_the_slot_is_given_back():
    started, finished = threading.Event(), threading.Event()

    def move() -> None:
        started.set()
        with move_slots.move_slot():
            finished.set()

    with move_slots.move_slot():
        waiting = threading.Thread(target=move)
        waiting.start()
        assert started.wait(10)
        assert not finished.is_set()   # it cannot have passed: the only slot is held here
    waiting.join(10)
    assert finished.is_set()


@pytest.mark.django_db
@override_settings(MOVES_AT_ONCE=3)
def test_a_move_is_played_holding_a_slot(monkeypatch):
    client = Client()
    game = start_game(client, players=2, seed=5, levels=("easy",))
    seen = []
    original = services.game_apply_action

    def counting(**kwargs):
        seen.append(_free_slots())
        return original(**kwargs)

    monkeypatch.setattr(services, "game_apply_action", counting)
    action = a_legal_action(game, random.Random(5))
    response = client.post(reverse("act", args=[game.pk]), move_data(game, action), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert seen == [2] and _free_slots() == 3
