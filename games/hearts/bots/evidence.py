"""The reasons the Hearts bots give, as JSON for games.hearts.reasons to say.

A reason cites the card played, cards already on the table or in the log, seats, suits and counts —
never a card still hidden in a hand, our own included (a pass cites only the cards passed).
"""

from __future__ import annotations

from games.bots.base import Reason
from games.hearts.bots.knowledge import DealKnowledge
from games.hearts.bots.playout import SUIT_LETTERS, card_code


def play_reason(motive: str, card: int, knowledge: DealKnowledge, forced: bool = False) -> Reason:
    """Why the heuristic player's card: the motive `choose` gave, with the public facts behind it."""
    code = card_code(card)
    placed, led, win_rank, win_seat, trick_points = knowledge.trick_state()
    if forced:
        return Reason("two-of-clubs" if motive == "two-of-clubs" else "forced", {"card": code})
    params: dict = {"card": code}
    if placed:
        params["suit"] = SUIT_LETTERS[led]
        params["winner"] = win_seat
        params["winning"] = card_code(led * 13 + win_rank)
        params["points"] = trick_points
    if motive in ("shoot-moon", "stop-moon"):
        hopeful = knowledge.moon_hopeful()
        params["seat"] = hopeful if hopeful >= 0 else knowledge.seat
        params["taken"] = knowledge.points[params["seat"]]
    return Reason(motive, params)


def pass_reason(cards: list[str], motive: str, receiver: int) -> Reason:
    """Why these three cards: the motive (passing.pass_motive) and whom they go to."""
    return Reason("pass", {"cards": cards, "to": receiver, "motive": motive})
