"""The review of a played game, from one seat: each of its decisions judged by the game's coach from what the
seat could see then (games.coach.base). Pure Python; the site keeps the results (games.review_services).

A *decision* is a point where the seat had more than one legal action; a forced move is not judged. Each
decision is evaluated with the seed the table's hint uses for that position (`decision_seed`), so the review
and a hint asked for there agree. Long matches (Hearts, Yashchiki) are reviewed deal by deal: `deal_of` names
the deal a state belongs to.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from games.coach.base import Coach

VERDICTS = ("good", "inaccuracy", "mistake")


@dataclasses.dataclass(frozen=True)
class ReviewedDecision:
    """One decision of the seat and the coach's judgement of the move played there."""

    step: int                   # the action's place in the log: the position is the state after `step` actions
    deal: int                   # the deal of the match it belongs to (1 for one-deal games)
    action: dict                # the move played
    verdict: str                # "good", "inaccuracy" or "mistake"
    loss: float                 # the value it lost against the best move, in the game's unit
    better: dict | None         # the best move, for an inaccuracy or a mistake
    played_value: float
    best_value: float
    reason: dict | None         # the public facts behind the best move (games.bots.base.Reason.to_dict())
    unit: str
    worlds: int

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ReviewedDecision:
        return cls(**data)


@dataclasses.dataclass(frozen=True)
class ReviewSummary:
    decisions: int
    inaccuracies: int
    mistakes: int

    @property
    def good(self) -> int:
        return self.decisions - self.inaccuracies - self.mistakes

    @property
    def accuracy(self) -> float | None:
        """The share of decisions judged good (None without decisions)."""
        return self.good / self.decisions if self.decisions else None


def deal_of(state) -> int:
    """The number of the deal `state` belongs to: the view's `deal_number` in matches of several deals."""
    return state.view(None).get("deal_number", 1)


def decision_steps(states: Sequence[Any], movers: Sequence[int], seat: int) -> list[int]:
    """The log places of `seat`'s decisions: its actions taken where it had a choice.

    `states[k]` is the state after k actions and `movers[k]` the seat that played the action after it.
    """
    return [step for step, mover in enumerate(movers) if mover == seat and len(states[step].legal_actions()) > 1]


def decision_seed(deal_seed: int, step: int) -> str:
    """The coach's seed for the position after `step` actions of a game dealt from `deal_seed`: the hint's and
    the review's. Two games of the same deal that reach the same position by the same moves (the students of a
    same-deals assignment, a game tried again from a review) get the same judgement there."""
    return f"{deal_seed}-{step}"


def review_decision(coach: Coach, state, action: dict, *, step: int, seed: str) -> ReviewedDecision:
    """Judge `action`, played by the seat to move in `state`, from that seat's view."""
    seat = state.current_player
    evaluation = coach.evaluate(state.view(seat), state.legal_actions(), seed=seed, include=action)
    verdict = coach.judge(evaluation, action)
    return ReviewedDecision(
        step=step, deal=deal_of(state), action=action, verdict=verdict.kind, loss=round(verdict.loss, 6),
        better=verdict.better, played_value=round(evaluation.value_of(action).value, 6),
        best_value=round(evaluation.best.value, 6),
        reason=evaluation.reason.to_dict() if evaluation.reason is not None else None,
        unit=evaluation.unit, worlds=evaluation.worlds)


def summarise(decisions: Iterable[ReviewedDecision]) -> ReviewSummary:
    verdicts = [decision.verdict for decision in decisions]
    return ReviewSummary(decisions=len(verdicts), inaccuracies=verdicts.count("inaccuracy"),
                         mistakes=verdicts.count("mistake"))
