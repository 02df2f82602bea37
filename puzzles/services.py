"""Writing puzzles: the built-in set loaded from its content files."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from puzzles.documents import FIELDS
from puzzles.models import Puzzle
from puzzles.selectors import puzzle_state


class PuzzleImportError(ValueError):
    pass


def puzzles_import(*, documents: list[dict[str, Any]]) -> int:
    """Create the puzzles of `documents` not kept yet (one per game and view); editors' puzzles are left as they
    are. Every new puzzle must replay to its position with its solution legal there, else nothing is created."""
    known = set(Puzzle.objects.values_list("game_key", "view_key"))
    new = []
    for document in documents:
        if (document["game_key"], document["view_key"]) in known:
            continue
        puzzle = Puzzle(**{field: document[field] for field in FIELDS})
        try:
            state = puzzle_state(puzzle)
        except ValueError as error:
            raise PuzzleImportError(f"A {puzzle.game_key} puzzle does not replay: {error}") from None
        if puzzle.best not in state.legal_actions():
            raise PuzzleImportError(f"A {puzzle.game_key} puzzle's solution is not legal in its position.")
        known.add((puzzle.game_key, puzzle.view_key))
        new.append(puzzle)
    with transaction.atomic():
        Puzzle.objects.bulk_create(new)
    return len(new)
