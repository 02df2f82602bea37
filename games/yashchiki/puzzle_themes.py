"""Yashchiki's puzzle themes, named for the learner, and the rule that reads a decision's theme
(games.declaration.Game.puzzle_themes, puzzle_theme_of; puzzles.themes).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

THEMES = {
    "naming-the-suit": _("Naming the suit"),
    "answering-the-chain": _("Answering the chain"),
    "one-card-pairs": _("One-card pairs"),
    "what-to-play": _("What to play"),
}


def theme_of(view: dict[str, Any], best: dict, runner_up: dict) -> str:
    """The theme of the decision `view` shows, whose best action is `best` and next best `runner_up`."""
    if view["chain"]:
        return "answering-the-chain"
    if "suit" in best:
        return "naming-the-suit"
    if len(best.get("cards", ())) == 2:
        return "one-card-pairs"
    return "what-to-play"
