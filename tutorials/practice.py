"""Whether a lesson's practice game reached its step's goal: read from the game's history, never stored."""

from __future__ import annotations

import dataclasses
from typing import Any

from games.history import game_history
from games.models import Game


@dataclasses.dataclass(frozen=True)
class PracticeOutcome:
    status: str           # "playing", "met" (the goal was reached) or "missed"
    learner_moves: int    # the learner's moves so far (after the step's opening actions)
    game: Game


def practice_outcome(*, step, game: Game) -> PracticeOutcome:
    """Whether the learner reached the goal of the practice step `step` (a LessonStep) in `game`.

    The goal counts as soon as it is reached (a chest goal before the game ends); it is missed when
    the game ends without it, or when the learner has used the step's `max_moves` and must move again.
    """
    payload = step.payload
    seat, goal, limit = payload.get("seat", 0), payload["goal"], payload.get("max_moves")
    history = game_history(game)
    opening = len(payload.get("actions", []))
    moves = 0
    for number in range(opening, history.move_count + 1):
        state = history.states[number]
        if number > opening and history.actions[number - 1].seat == seat:
            moves += 1
        if _goal_reached(goal, state, seat):
            return PracticeOutcome("met", moves, game)
        if state.is_over or (limit is not None and moves >= limit and state.current_player == seat):
            return PracticeOutcome("missed", moves, game)
    return PracticeOutcome("playing", moves, game)


def _goal_reached(goal: dict[str, Any], state, seat: int) -> bool:
    if goal["type"] == "chests":
        return state.scores[seat] >= goal["count"]
    return state.is_over and seat in state.winners
