"""What decides a puzzle's position, named for the learner: each game's themes and the rule that picks one.

Each game declares its themes and its rule in its own package (games.declaration.Game.puzzle_themes,
puzzle_theme_of). A theme is read from the decision itself (its kind, the seat's view, the best action and the
other candidates), never from hidden cards, so a learner choosing "the suits" gets suit questions, whoever mined
them.
"""

from __future__ import annotations

import itertools
from typing import Any

from games import registry

# Each installed game's themes, labelled by slug ({} for a game without puzzles).
THEMES = registry.Keyed(lambda: {key: game.puzzle_themes for key, game in registry.games().items()})


def theme_of(game_key: str, view: dict[str, Any], best: dict, runner_up: dict) -> str:
    """The theme of the decision `view` shows, whose best action is `best` and next best `runner_up`."""
    rule = registry.game(game_key).puzzle_theme_of
    if rule is None:
        raise ValueError(f"The game '{game_key}' has no puzzle themes.")
    return rule(view, best, runner_up)


def could_be_of_theme(game_key: str, view: dict[str, Any], candidates: list[dict], theme: str) -> bool:
    """Whether the decision `view` shows, among `candidates`, can be of `theme` whichever candidate turns out best
    and which next best: the game's own rule over every ordered pair, so that mining for a theme skips, before any
    evaluation, a decision that cannot be of it (a few hundred cheap calls at most, against an evaluation's
    thousands of playouts)."""
    return any(theme_of(game_key, view, best, runner_up) == theme
               for best, runner_up in itertools.permutations(candidates, 2))
