"""Puzzles for the tests: mined once per process for each (game, count, seed), small budget, then loaded."""

from __future__ import annotations

import functools

from games.coach import Budget
from puzzles.documents import puzzle_document
from puzzles.mining import mine
from puzzles.models import Puzzle
from puzzles.selectors import puzzle_state
from puzzles.services import AttemptResult, puzzle_attempt, puzzles_import

SMALL = Budget(worlds=8)


@functools.cache
def mined_documents(game_key: str, count: int, seed: int) -> tuple[dict, ...]:
    return tuple(puzzle_document(puzzle) for puzzle in mine(game_key, count=count, seed=seed, budget=SMALL))


def load_mined(game_key: str, count: int, seed: int) -> list[Puzzle]:
    """The mined puzzles as rows, in mining order."""
    puzzles_import(documents=list(mined_documents(game_key, count, seed)))
    return list(Puzzle.objects.filter(game_key=game_key).order_by("pk"))


def attempt(puzzle: Puzzle, action: dict, **learner) -> AttemptResult:
    """A learner's answer recorded as the answer page records it: in the puzzle's position, replayed."""
    return puzzle_attempt(puzzle=puzzle, position=puzzle_state(puzzle), action=action, **learner)
