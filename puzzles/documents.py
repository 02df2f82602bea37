"""The built-in puzzles as content files: content/puzzles/<game>.json, written by `manage.py mine_puzzles` and
loaded by `manage.py load_builtin_data`, like the lessons."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from games.rules import GAMES
from puzzles.mining import MinedPuzzle

FIELDS = ("game_key", "preset", "players", "seed", "dealer", "actions", "seat", "best", "losses", "unit", "theme",
          "reason", "view_key")


class PuzzleFileError(ValueError):
    pass


def puzzle_document(puzzle: MinedPuzzle) -> dict[str, Any]:
    document = dataclasses.asdict(puzzle)
    document["actions"] = list(puzzle.actions)
    document["losses"] = [{"action": action, "loss": loss} for action, loss in puzzle.losses]
    return {field: document[field] for field in FIELDS}


def write_puzzles(path: Path, puzzles: list[MinedPuzzle], *, command: str,
                  kept: Sequence[dict[str, Any]] = ()) -> None:
    """`puzzles` as one game's content file, after the puzzle documents `kept` (of the file it adds to), with the
    commands that mined them all."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # A puzzle a line: the files stay small, and a new mining shows in a diff puzzle by puzzle.
    documents = [*kept, *map(puzzle_document, puzzles)]
    lines = ",\n".join(json.dumps(document, ensure_ascii=False) for document in documents)
    path.write_text(f'{{"mined_by": {json.dumps(command)},\n"puzzles": [\n{lines}\n]}}\n', encoding="utf-8")


def read_puzzle_files(directory: Path) -> list[dict[str, Any]]:
    """Every puzzle of the directory's files, each checked for its fields; PuzzleFileError names the first fault."""
    documents = []
    for path in sorted(directory.glob("*.json")):
        try:
            content = json.loads(path.read_text(encoding="utf-8"))
            puzzles = content["puzzles"]
        except (ValueError, KeyError, TypeError) as error:
            raise PuzzleFileError(f"{path.name}: not a puzzle file ({error}).") from None
        for number, document in enumerate(puzzles, start=1):
            missing = [field for field in FIELDS if field not in document]
            if missing:
                raise PuzzleFileError(f"{path.name}, puzzle {number}: no {', '.join(missing)}.")
            if document["game_key"] not in GAMES:
                raise PuzzleFileError(f"{path.name}, puzzle {number}: unknown game {document['game_key']!r}.")
            documents.append(document)
    return documents
