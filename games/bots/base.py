"""What every bot shares: a decision is an action plus a one-sentence reason a person can read."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from typing import Any


@dataclasses.dataclass(frozen=True)
class Reason:
    """Why a bot chose its move: a sentence shape (`key`) and the facts it cites (`params`).

    Shown to the other players during the game, so it may cite only public information and what
    the action itself reveals. It holds no words: games.narration says it in the reader's
    language, naming seats as the reader knows them. `params` are JSON values (seats as numbers,
    ranks, suits and cards as the engine writes them).
    """

    key: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


@dataclasses.dataclass(frozen=True)
class Decision:
    action: dict
    reason: Reason


class Bot:
    """A bot decides from a seat's view and the legal actions only, never from the state."""

    level: str

    def decide(self, view: dict[str, Any], legal_actions: list[dict], rng: random.Random) -> Decision:
        raise NotImplementedError

    def choose(self, view: dict[str, Any], legal_actions: list[dict], rng: random.Random) -> dict:
        return self.decide(view, legal_actions, rng).action
