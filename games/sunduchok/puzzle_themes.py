"""Sunduchok's puzzle themes, named for the learner, and the rule that reads a decision's theme
(games.declaration.Game.puzzle_themes, puzzle_theme_of; puzzles.themes).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

THEMES = {
    "reading-answers": _("Reading the answers"),
    "whom-to-ask": _("Whom to ask"),
    "the-count": _("The count"),
    "the-suits": _("The suits"),
}


def theme_of(view: dict[str, Any], best: dict, runner_up: dict) -> str:
    """The theme of the decision `view` shows, whose best action is `best` and next best `runner_up`."""
    if best["type"] == "count":
        return "the-count"
    if best["type"] == "suits":
        return "the-suits"
    # An ask: about whom, where the nearest miss asks for the same rank of someone else; else about which rank,
    # which the answers so far tell.
    return "whom-to-ask" if runner_up["rank"] == best["rank"] else "reading-answers"
