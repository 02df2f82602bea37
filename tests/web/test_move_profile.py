"""`manage.py profile_move`: a learner's moves played through the whole stack, each part of the work timed."""

from __future__ import annotations

import pytest

from benchmarks.loadtest.move_profile import ANSWER, BOTS, LOG_WRITE, REST, profile_moves
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
    # Each move's answer carries its own table and one per bot reply up to the learner's next decision: every state
    # after the learner's first move once (the learner moves first in this deal).
    assert game.actions.order_by("number").first().reason is None
    assert split.tables == game.move_count
    for label in (BOTS, LOG_WRITE, ANSWER):
        assert split.parts[label] > 0, label
    assert split.parts[REST] > 0 and split.request_seconds > sum(split.parts[label] for label in (BOTS, LOG_WRITE,
                                                                                                   ANSWER))
    lines = split.lines()
    assert lines[0].startswith(f"{human_moves} moves, {game.move_count} tables in their answers")
    assert len(lines) == 5 and all(line.strip().endswith("%") for line in lines[1:])
