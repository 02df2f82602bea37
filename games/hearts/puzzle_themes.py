"""Hearts' puzzle themes, named for the learner, and the rule that reads a decision's theme
(games.declaration.Game.puzzle_themes, puzzle_theme_of; puzzles.themes).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

THEMES = {
    "the-pass": _("The pass"),
    "dumping-the-queen": _("Dumping the queen"),
    "blocking-the-moon": _("Blocking the moon"),
    "ducking": _("Ducking"),
    "the-lead": _("The lead"),
}

QUEEN_OF_SPADES = "QS"
MOON_ALERT = 10   # points: an opponent holding every point so far, and this many, may be shooting the moon


def theme_of(view: dict[str, Any], best: dict, runner_up: dict) -> str:
    """The theme of the decision `view` shows, whose best action is `best` and next best `runner_up`."""
    if best["type"] == "pass":
        return "the-pass"
    if best["card"] == QUEEN_OF_SPADES and view["trick"]:
        return "dumping-the-queen"
    points = view["points_taken"]
    others = [seat for seat in range(view["players"]) if seat != view["seat"]]
    if sum(points) >= MOON_ALERT and any(points[seat] == sum(points) for seat in others):
        return "blocking-the-moon"
    return "ducking" if view["trick"] else "the-lead"
