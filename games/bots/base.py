"""What every bot shares: a decision is an action plus a one-sentence reason a person can read, and a
decision's time limit."""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Mapping
from typing import Any

# Bots decide inside the web request of the move before theirs, so each decision must stay quick: at most
# 50 ms on average and 150 ms at worst. The sampling bots size their work budgets (deals, rollout
# steps) to stay well within that on the project's 2-core machine; this limit is only the safety net
# for what a work budget cannot foresee — a loaded machine, a rollout that stalls. A decision past it
# stops sampling, and the overshoot is at most one more sample.
DECISION_SECONDS = 0.1


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


class Deadline:
    """When a sampling bot stops early: once `seconds` have passed since the decision began, and only
    after `min_samples` samples, so a decision always rests on some evidence. While the deadline is
    not reached, a decision depends on its seed alone."""

    def __init__(self, seconds: float, min_samples: int) -> None:
        self.ends = time.perf_counter() + seconds
        self.min_samples = min_samples

    def reached(self, samples: int) -> bool:
        return samples >= self.min_samples and self.passed()

    def passed(self) -> bool:
        return time.perf_counter() >= self.ends


class Bot:
    """A bot decides from a seat's view and the legal actions only, never from the state.

    `decision_seconds` is the wall-clock limit of a decision, DECISION_SECONDS unless given; bots that
    decide without sampling never come near it.
    """

    level: str

    def __init__(self, decision_seconds: float | None = None) -> None:
        self.decision_seconds = decision_seconds

    def deadline(self, min_samples: int) -> Deadline:
        """The deadline of a decision that begins now."""
        seconds = DECISION_SECONDS if self.decision_seconds is None else self.decision_seconds
        return Deadline(seconds, min_samples)

    def decide(self, view: dict[str, Any], legal_actions: list[dict], rng: random.Random) -> Decision:
        raise NotImplementedError

    def choose(self, view: dict[str, Any], legal_actions: list[dict], rng: random.Random) -> dict:
        return self.decide(view, legal_actions, rng).action
