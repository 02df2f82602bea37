"""The easy level of every game: a uniformly random legal action."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.bots.base import Bot, Decision


class RandomBot(Bot):
    level = "easy"

    def __init__(self, reasons: Mapping[str, str]) -> None:
        self.reasons = reasons   # the game's wording, by action type

    def decide(self, view: dict[str, Any], legal_actions: list[dict], rng: random.Random) -> Decision:
        action = rng.choice(legal_actions)
        return Decision(action, self.reasons.get(action["type"], "A random legal move."))
