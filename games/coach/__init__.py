"""The coach: one evaluator per game, judging every decision from the seat's view only (docs/coach.md).

`get_coach(game_key)` gives the game's evaluator (games/<key>/coach.py, on games.coach.base.Coach, named by the
game's declaration); the hint at the table and `manage.py bench_coach` rest on it.
"""

from __future__ import annotations

from games.coach.base import ActionValue, Budget, Coach, Evaluation, Thresholds, Verdict
from games.registry import Keyed, engines

COACHES = Keyed(lambda: {key: engine.coach for key, engine in engines().items()})


def get_coach(game_key: str) -> Coach:
    if game_key not in COACHES:
        raise ValueError(f"There is no coach for the game '{game_key}' (known: {', '.join(COACHES)}).")
    return COACHES[game_key]()


__all__ = ["COACHES", "ActionValue", "Budget", "Coach", "Evaluation", "Thresholds", "Verdict", "get_coach"]
