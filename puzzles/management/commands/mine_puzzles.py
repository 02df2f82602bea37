"""`manage.py mine_puzzles <game> --count N --seed S`: puzzles from bot games, written as the game's content file."""

from __future__ import annotations

import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.rules import GAMES
from puzzles.builtin import PUZZLES_DIR
from puzzles.documents import write_puzzles
from puzzles.mining import mine


class Command(BaseCommand):
    help = ("Find puzzles in bot games (one action clearly best from the seat's view, confirmed by a second "
            "evaluation) and write them to content/puzzles/<game>.json.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("game", help=f"the game: {', '.join(GAMES)}")
        parser.add_argument("--count", type=int, default=150, help="puzzles to find (default 150)")
        parser.add_argument("--seed", type=int, default=1, help="the seed of the games played (default 1)")
        parser.add_argument("--preset", default="standard", help="the rules preset (default standard)")
        parser.add_argument("--output", help="the file to write (default content/puzzles/<game>.json)")

    def handle(self, *args, game: str, count: int, seed: int, preset: str, output: str | None, **options) -> None:
        if game not in GAMES:
            raise CommandError(f"Unknown game {game!r}: choose one of {', '.join(GAMES)}.")
        if count < 1:
            raise CommandError("--count must be at least 1.")
        try:
            GAMES[game].variant(preset=preset)
        except ValueError as error:
            raise CommandError(f"Unknown preset {preset!r} for {game}: {error}") from None
        started = time.perf_counter()
        puzzles = mine(game, count=count, seed=seed, preset=preset)
        path = PUZZLES_DIR / f"{game}.json" if output is None else settings.BASE_DIR / output
        write_puzzles(path, puzzles, command=f"manage.py mine_puzzles {game} --count {count} --seed {seed}"
                                              + (f" --preset {preset}" if preset != "standard" else ""))
        themes = {}
        for puzzle in puzzles:
            themes[puzzle.theme] = themes.get(puzzle.theme, 0) + 1
        self.stdout.write(f"{len(puzzles)} {game} puzzles in {time.perf_counter() - started:.0f} s, written to "
                          f"{path}: " + ", ".join(f"{theme} {number}" for theme, number in sorted(themes.items())))
