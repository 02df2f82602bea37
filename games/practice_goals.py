"""The goal of a practice game started from a lesson: what it asks, and whether the game reached it.

A lesson's practice step sets the goal; the lesson's page and the game's play page both judge it from the
game's history, never from a stored result. It lives here, in games/, so that the play page needs nothing of
tutorials/: the lesson hands the goal over with the game's link back to it (games.sessions).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.history import GameHistory


@dataclasses.dataclass(frozen=True)
class PracticeGoal:
    goal: dict[str, Any]          # {"type": "win"}, or {"type": "chests", "count": 1} (tutorials.payloads)
    seat: int = 0                 # the learner's seat
    opening_moves: int = 0        # the moves the game started with (the step's "actions"): not the learner's
    max_moves: int | None = None  # the learner's moves allowed to reach it, if limited

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> PracticeGoal | None:
        """The goal `to_dict` wrote (kept in a session); None for anything else."""
        if not isinstance(data, Mapping) or not isinstance(data.get("goal"), Mapping):
            return None
        try:
            return cls(goal=dict(data["goal"]), seat=int(data.get("seat", 0)),
                       opening_moves=int(data.get("opening_moves", 0)),
                       max_moves=None if data.get("max_moves") is None else int(data["max_moves"]))
        except (TypeError, ValueError):
            return None


@dataclasses.dataclass(frozen=True)
class GoalOutcome:
    status: str          # "playing", "met" (the goal was reached) or "missed"
    learner_moves: int   # the learner's moves so far (after the opening moves)


def goal_outcome(goal: PracticeGoal, history: GameHistory, *, step: int | None = None) -> GoalOutcome:
    """Whether the learner reached `goal` in the game of `history`, as it stood after `step` moves (all of them
    by default).

    The goal counts as soon as it is reached (a chest goal before the game ends); it is missed when the game
    ends without it — a lost game misses "win" — or when the learner has used the goal's `max_moves` and must
    move again.
    """
    last = history.move_count if step is None else min(step, history.move_count)
    moves = 0
    for number in range(goal.opening_moves, last + 1):
        state = history.states[number]
        if number > goal.opening_moves and history.actions[number - 1].seat == goal.seat:
            moves += 1
        if _reached(goal.goal, state, goal.seat):
            return GoalOutcome("met", moves)
        if state.is_over or (goal.max_moves is not None and moves >= goal.max_moves
                             and state.current_player == goal.seat):
            return GoalOutcome("missed", moves)
    return GoalOutcome("playing", moves)


def _reached(goal: Mapping[str, Any], state, seat: int) -> bool:
    if goal["type"] == "chests":
        return state.scores[seat] >= goal["count"]
    return state.is_over and seat in state.winners


def goal_text(goal: PracticeGoal) -> str:
    """The goal in words, in the active language: "Win the game.", "Collect 1 chest within 3 moves."."""
    if goal.goal["type"] == "chests":
        count = goal.goal["count"]
        text = ngettext("Collect %(count)s chest", "Collect %(count)s chests", count) % {"count": count}
    else:
        text = _("Win the game")
    if goal.max_moves:
        return ngettext("%(goal)s within %(moves)s move.", "%(goal)s within %(moves)s moves.", goal.max_moves) % {
            "goal": text, "moves": goal.max_moves}
    return f"{text}."


def goal_context(goal: PracticeGoal, history: GameHistory, *, step: int | None = None) -> dict[str, Any]:
    """What a page says of the goal: its words, and the outcome after `step` moves (goal_outcome)."""
    outcome = goal_outcome(goal, history, step=step)
    return {"text": goal_text(goal), "status": outcome.status, "learner_moves": outcome.learner_moves}
