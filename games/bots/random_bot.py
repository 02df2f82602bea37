"""The easy level of every game: a uniformly random legal action."""

from __future__ import annotations

import random
from typing import Any

from games.bots.base import Bot, Decision, Reason


class RandomBot(Bot):
    level = "easy"

    def decide(self, view: dict[str, Any], legal_actions: list[dict], rng: random.Random) -> Decision:
        action = rng.choice(legal_actions)
        return Decision(action, Reason("random", {"action": action["type"]}))
