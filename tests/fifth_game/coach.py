"""Duel's coach: every card valued by the tricks it leaves the seat with best play; the one world is the deal
itself, which the view shows whole."""

from __future__ import annotations

import random
from typing import Any

from games.coach.base import Coach, Thresholds
from tests.fifth_game.search import position, tricks_after


class DuelCoach(Coach):
    game_key = "duel"
    unit = "tricks"
    thresholds = Thresholds(inaccuracy=0.4, mistake=0.9)

    def worlds(self, view: dict[str, Any], rng: random.Random, count: int) -> list[Any]:
        return [position(view)] * count

    def outcome(self, world: Any, view: dict[str, Any], action: dict, rng: random.Random) -> float:
        return float(tricks_after(view, action))
