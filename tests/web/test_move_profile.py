"""`manage.py profile_move`: a learner's moves played through the whole stack, each part of the work timed."""

from __future__ import annotations

import pytest

from benchmarks.loadtest.move_profile import (
    ANNOUNCE,
    ANSWER,
    BOTS,
    LOG_WRITE,
    PUSH_RENDER,
    PUSH_REST,
    REST,
    profile_moves,
)
from games.models import Game
from games.services import preset_sync_builtin

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_profiled_game_splits_every_move_into_its_parts():
    preset_sync_builtin()
    split = profile_moves(games=1, seed=4)
    game = Game.objects.get()
    assert game.is_over
    human_moves = game.actions.filter(reason__isnull=True).count()
    assert split.moves == human_moves
    # Every bot's state after the deal is pushed to the open page once; the learner's own moves are not, as each
    # move's answer shows it (the learner moves first in this deal).
    assert game.actions.order_by("number").first().reason is None
    assert split.states_pushed == game.move_count - human_moves
    for label in (BOTS, LOG_WRITE, ANNOUNCE, ANSWER, PUSH_RENDER, PUSH_REST):
        assert split.parts[label] > 0, label
    assert split.parts[REST] > 0 and split.request_seconds > sum(
        split.parts[label] for label in (BOTS, LOG_WRITE, ANNOUNCE, ANSWER))
    lines = split.lines()
    assert lines[0].startswith(f"{human_moves} moves, {split.states_pushed} states pushed")
    assert len(lines) == 8 and all(line.strip().endswith("%") for line in lines[1:])
