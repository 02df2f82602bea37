"""How the shooter scores a moon under `moon-choice`: +26 to each other seat, or -26 for itself.

Both move the shooter 26 points ahead of everyone; they differ in when the match ends. Adding
brings the others towards the end of the match, so the shooter adds only when that ends the match
at once with itself alone lowest, and otherwise subtracts, which leaves more deals to play.
"""

from __future__ import annotations

from typing import Any

from games.bots.base import Decision, Reason
from games.hearts.bots.playout import ALL_POINTS


def moon_decision(view: dict[str, Any], legal_actions: list[dict]) -> Decision:
    me = view["seat"]
    totals = view["scores"]
    added = [total + (0 if seat == me else ALL_POINTS) for seat, total in enumerate(totals)]
    ends = max(added) >= view["variant"]["end_at"]
    wins = ends and all(added[me] < added[seat] for seat in range(len(added)) if seat != me)
    choice = "add" if wins else "subtract"
    action = next(action for action in legal_actions if action["choice"] == choice)
    if wins:
        return Decision(action, Reason("moon-add-wins", {"choice": "add"}))
    return Decision(action, Reason("moon-subtract", {"choice": "subtract", "add_ends": ends}))
