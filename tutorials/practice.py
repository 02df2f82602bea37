"""A lesson's practice step as a game's goal (games.practice_goals judges it, for the lesson and the play page)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.history import game_history
from games.models import Game
from games.practice_goals import GoalOutcome, PracticeGoal, goal_outcome


def practice_goal(payload: Mapping[str, Any]) -> PracticeGoal:
    """The goal of a practice step's (valid) payload."""
    return PracticeGoal(goal=dict(payload["goal"]), seat=payload.get("seat", 0),
                        opening_moves=len(payload.get("actions", [])), max_moves=payload.get("max_moves"))


def practice_outcome(*, step, game: Game) -> GoalOutcome:
    """Whether the learner reached the goal of the practice step `step` (a LessonStep) in `game`."""
    return goal_outcome(practice_goal(step.payload), game_history(game))
