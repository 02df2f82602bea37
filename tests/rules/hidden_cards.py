"""What a seat has seen, and states that differ only in cards hidden from it: for the property tests
of games with a stock and private draws (Rooster, Yashchiki). Each game says which cards its log and
table show to everyone (`public_cards`)."""

from __future__ import annotations

import itertools
from collections.abc import Callable


def seen_by(data: dict, seat, public_cards: Callable[[dict], set[str]]) -> set[str]:
    """The cards `seat` has seen in the state `data` (to_dict): the public ones, its hand, its draws."""
    seen = public_cards(data)
    if seat is not None:
        seen.update(data["hands"][seat])
        for event in data["events"]:
            if event["type"] == "draw" and event["seat"] == seat:
                seen.update(event["private"]["cards"])
    return seen


def swap_hidden_cards(game, deck, state, seat, rng, public_cards: Callable[[dict], set[str]]):
    """A state of `game` (cards in the order of `deck`) differing from `state` only in two cards
    hidden from `seat`, or None.

    Two cards never shown at the table, neither in `seat`'s hand nor drawn by it, change places
    between two other hands, or a hand and the stock, or two places in the stock; their names
    follow the swap in the other seats' private draws.
    """
    data = state.to_dict()
    hidden = set(deck) - seen_by(data, seat, public_cards)
    spots = [(card, f"hand:{owner}") for owner, hand in enumerate(data["hands"]) for card in hand if card in hidden]
    spots += [(card, f"stock:{index}") for index, card in enumerate(data["stock"]) if card in hidden]
    pairs = [(first, second) for first, second in itertools.combinations(spots, 2) if first[1] != second[1]]
    if not pairs:
        return None
    (card_a, _), (card_b, _) = rng.choice(pairs)
    swapped = {card_a: card_b, card_b: card_a}

    def rename(cards):
        return [swapped.get(card, card) for card in cards]

    data["hands"] = [sorted(rename(hand), key=deck.index) for hand in data["hands"]]
    data["stock"] = rename(data["stock"])
    for event in data["events"]:
        if "private" in event:
            event["private"]["cards"] = rename(event["private"]["cards"])
    other = game.state_from_dict(data)
    return None if other == state else other
