"""The whole of a Duel deal as a seat's view shows it (the other hand is every card of the deck not yet seen), and
the tricks a seat takes from there with best play on both sides."""

from __future__ import annotations

from typing import Any

from tests.fifth_game.rules import DUEL, DuelState


def position(view: dict[str, Any]) -> DuelState:
    """The state the view shows: the hidden hand is the deck less the cards the seat holds or has seen played."""
    variant = DUEL.variant(**view["variant"])
    seen = {event["card"] for event in view["log"] if event["type"] == "play"} | set(view["hand"])
    seat = view["seat"]
    hands = [(), ()]
    hands[seat] = tuple(view["hand"])
    hands[1 - seat] = tuple(card for card in variant.deck if card not in seen)
    return DuelState(variant=variant, seed=0, dealer=0, hands=tuple(hands),
                     trick=tuple((played["seat"], played["card"]) for played in view["trick"]),
                     tricks=tuple(view["tricks"]), turn=view["current_player"], events=())


def best_tricks(state: DuelState, seat: int) -> int:
    """The tricks `seat` ends with when both sides play their best from `state`."""
    if state.is_over:
        return state.tricks[seat]
    results = [best_tricks(state.apply(action), seat) for action in state.legal_actions()]
    return max(results) if state.current_player == seat else min(results)


def tricks_after(view: dict[str, Any], action: dict) -> int:
    return best_tricks(position(view).apply(action), view["seat"])
