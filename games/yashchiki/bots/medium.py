"""The medium Yashchiki bot: the policy of games.yashchiki.bots.tactics, one move at a time."""

from __future__ import annotations

import random
from typing import Any

from games.bots.base import Bot, Decision
from games.yashchiki.bots.tactics import habitual_decision


class MediumBot(Bot):
    level = "medium"

    def decide(self, view: dict[str, Any], legal_actions: list[dict], rng: random.Random) -> Decision:
        return habitual_decision(view, legal_actions)
