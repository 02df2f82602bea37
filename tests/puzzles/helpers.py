"""Puzzles for the tests: mined once per process for each (game, count, seed), small budget, then loaded."""

from __future__ import annotations

import functools

from games.coach import Budget
from puzzles.documents import puzzle_document
from puzzles.mining import mine
from puzzles.models import Puzzle
from puzzles.services import puzzles_import

SMALL = Budget(worlds=8)


@functools.cache
def mined_documents(game_key: str, count: int, seed: int) -> tuple[dict, ...]:
    return tuple(puzzle_document(puzzle) for puzzle in mine(game_key, count=count, seed=seed, budget=SMALL))


def load_mined(game_key: str, count: int, seed: int) -> list[Puzzle]:
    """The mined puzzles as rows, in mining order."""
    puzzles_import(documents=list(mined_documents(game_key, count, seed)))
    return list(Puzzle.objects.filter(game_key=game_key).order_by("pk"))
