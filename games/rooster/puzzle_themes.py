"""Rooster's puzzle themes, named for the learner, and the rule that reads a decision's theme
(games.declaration.Game.puzzle_themes, puzzle_theme_of; puzzles.themes).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

THEMES = {
    "what-to-lead": _("What to lead"),
    "beat-or-take": _("Beat or take"),
    "throwing-in": _("Throwing in"),
}


def theme_of(view: dict[str, Any], best: dict, runner_up: dict) -> str:
    """The theme of the decision `view` shows, whose best action is `best` and next best `runner_up`."""
    if best["type"] in ("beat", "take"):
        return "beat-or-take"
    if best["type"] in ("throw", "pass"):
        return "throwing-in"
    return "what-to-lead"
