"""`manage.py mine_puzzles <game> --count N --seed S`: puzzles from bot games, written as the game's content file;
with `--theme T`, puzzles of that theme only, added to the file."""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.rules import GAMES
from puzzles.builtin import PUZZLES_DIR
from puzzles.documents import write_puzzles
from puzzles.mining import mine
from puzzles.themes import THEMES


class Command(BaseCommand):
    help = ("Find puzzles in bot games (one action clearly best from the seat's view, confirmed by a second "
            "evaluation) and write them to content/puzzles/<game>.json; with --theme, puzzles of that theme "
            "added to the puzzles the file has.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("game", help=f"the game: {', '.join(GAMES)}")
        parser.add_argument("--count", type=int, default=150, help="puzzles to find (default 150)")
        parser.add_argument("--seed", type=int, default=1, help="the seed of the games played (default 1)")
        parser.add_argument("--preset", default="standard", help="the rules preset (default standard)")
        parser.add_argument("--theme", help="only puzzles of this theme of the game, added to the file's puzzles")
        parser.add_argument("--output", help="the file to write (default content/puzzles/<game>.json)")

    def handle(self, *args, game: str, count: int, seed: int, preset: str, theme: str | None, output: str | None,
               **options) -> None:
        if game not in GAMES:
            raise CommandError(f"Unknown game {game!r}: choose one of {', '.join(GAMES)}.")
        if count < 1:
            raise CommandError("--count must be at least 1.")
        try:
            GAMES[game].variant(preset=preset)
        except ValueError as error:
            raise CommandError(f"Unknown preset {preset!r} for {game}: {error}") from None
        if theme is not None and theme not in THEMES[game]:
            raise CommandError(f"Unknown theme {theme!r} for {game}: choose one of {', '.join(THEMES[game])}.")
        path = PUZZLES_DIR / f"{game}.json" if output is None else settings.BASE_DIR / output
        command = (f"manage.py mine_puzzles {game}" + (f" --theme {theme}" if theme else "")
                   + f" --count {count} --seed {seed}" + (f" --preset {preset}" if preset != "standard" else ""))
        # A theme's puzzles join the file's own, found after them: the view keys it has are not found again.
        kept, mined_by = _puzzles_kept(path) if theme is not None else ([], "")
        started = time.perf_counter()
        tally: Counter[str] = Counter()
        puzzles = mine(game, count=count, seed=seed, preset=preset, theme=theme, tally=tally,
                       known=frozenset(document["view_key"] for document in kept))
        seconds = time.perf_counter() - started
        write_puzzles(path, puzzles, kept=kept, command=f"{mined_by}; {command}" if mined_by else command)
        themes = Counter(puzzle.theme for puzzle in puzzles)
        self.stdout.write(
            f"{len(puzzles)} {game} puzzles {'added' if theme else 'found'} in {seconds:.0f} s "
            f"({tally['games']} games, {tally['looked']} decisions looked at), written to {path}"
            + (f" ({len(kept) + len(puzzles)} puzzles in all)" if theme else "") + ": "
            + ", ".join(f"{name} {number}" for name, number in sorted(themes.items())))


def _puzzles_kept(path: Path) -> tuple[list[dict], str]:
    """The puzzle documents of the file at `path` and the commands that mined them ([] and "" without a file)."""
    if not path.exists():
        return [], ""
    try:
        content = json.loads(path.read_text(encoding="utf-8"))
        return list(content["puzzles"]), content["mined_by"]
    except (ValueError, KeyError, TypeError) as error:
        raise CommandError(f"{path} is not a puzzle file ({error}): nothing was mined.") from None
