"""What every bot shares: a decision is an action plus a one-sentence reason a person can read."""

from __future__ import annotations

import dataclasses
import random
from typing import Any


@dataclasses.dataclass(frozen=True)
class Decision:
    action: dict
    # Shown to the other players during the game: it may cite only public information and what the
    # action itself reveals. Players are named "Player N" (seat + 1) for the web layer to substitute.
    reason: str


class Bot:
    """A bot decides from a seat's view and the legal actions only, never from the state."""

    level: str

    def decide(self, view: dict[str, Any], legal_actions: list[dict], rng: random.Random) -> Decision:
        raise NotImplementedError

    def choose(self, view: dict[str, Any], legal_actions: list[dict], rng: random.Random) -> dict:
        return self.decide(view, legal_actions, rng).action
