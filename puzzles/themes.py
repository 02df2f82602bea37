"""What decides a puzzle's position, named for the learner: each game's themes and the rule that picks one.

A theme is read from the decision itself (its kind, the seat's view, the best action and the other candidates),
never from hidden cards, so a learner choosing "the suits" gets suit questions, whoever mined them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext_lazy as _

THEMES: dict[str, dict[str, Any]] = {
    "sunduchok": {
        "reading-answers": _("Reading the answers"),
        "whom-to-ask": _("Whom to ask"),
        "the-count": _("The count"),
        "the-suits": _("The suits"),
    },
    "hearts": {
        "the-pass": _("The pass"),
        "dumping-the-queen": _("Dumping the queen"),
        "blocking-the-moon": _("Blocking the moon"),
        "ducking": _("Ducking"),
        "the-lead": _("The lead"),
    },
    "rooster": {
        "what-to-lead": _("What to lead"),
        "beat-or-take": _("Beat or take"),
        "throwing-in": _("Throwing in"),
    },
    "yashchiki": {
        "naming-the-suit": _("Naming the suit"),
        "answering-the-chain": _("Answering the chain"),
        "one-card-pairs": _("One-card pairs"),
        "what-to-play": _("What to play"),
    },
}

QUEEN_OF_SPADES = "QS"
MOON_ALERT = 10   # points: an opponent holding every point so far, and this many, may be shooting the moon


def theme_of(game_key: str, view: dict[str, Any], best: dict, runner_up: dict) -> str:
    """The theme of the decision `view` shows, whose best action is `best` and next best `runner_up`."""
    return _RULES[game_key](view, best, runner_up)


def _sunduchok(view: dict[str, Any], best: dict, runner_up: dict) -> str:
    if best["type"] == "count":
        return "the-count"
    if best["type"] == "suits":
        return "the-suits"
    # An ask: about whom, where the nearest miss asks for the same rank of someone else; else about which rank,
    # which the answers so far tell.
    return "whom-to-ask" if runner_up["rank"] == best["rank"] else "reading-answers"


def _hearts(view: dict[str, Any], best: dict, runner_up: dict) -> str:
    if best["type"] == "pass":
        return "the-pass"
    if best["card"] == QUEEN_OF_SPADES and view["trick"]:
        return "dumping-the-queen"
    points = view["points_taken"]
    others = [seat for seat in range(view["players"]) if seat != view["seat"]]
    if sum(points) >= MOON_ALERT and any(points[seat] == sum(points) for seat in others):
        return "blocking-the-moon"
    return "ducking" if view["trick"] else "the-lead"


def _rooster(view: dict[str, Any], best: dict, runner_up: dict) -> str:
    if best["type"] in ("beat", "take"):
        return "beat-or-take"
    if best["type"] in ("throw", "pass"):
        return "throwing-in"
    return "what-to-lead"


def _yashchiki(view: dict[str, Any], best: dict, runner_up: dict) -> str:
    if view["chain"]:
        return "answering-the-chain"
    if "suit" in best:
        return "naming-the-suit"
    if len(best.get("cards", ())) == 2:
        return "one-card-pairs"
    return "what-to-play"


_RULES: dict[str, Callable[[dict[str, Any], dict, list[dict]], str]] = {
    "sunduchok": _sunduchok, "hearts": _hearts, "rooster": _rooster, "yashchiki": _yashchiki}
