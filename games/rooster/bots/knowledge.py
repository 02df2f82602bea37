"""What one seat knows in Chuvash Rooster, read from its view's public log, and deals that fit it.

Every card the log names is seen: attacks, beatings and throw-ins go to the table; a beaten-off
bout's cards leave the game; a player who takes holds the cards taken until the log shows them
played again. The first-attacker event tells more: its card was the lowest dealt, so every lower
card lay in the stock at the deal and can be in a hand only if that hand has drawn since.
`sample` deals the unseen cards to the hidden parts of the hands and to the stock, uniformly among
the deals that fit all this.
"""

from __future__ import annotations

import random
from typing import Any

from games.rooster.rules import DECK, RoosterVariant

TO_TABLE = {"attack", "throw"}


class RoosterKnowledge:
    def __init__(self, view: dict[str, Any]) -> None:
        self.seat = view["seat"]
        self.hand = list(view["hand"])
        self.hand_sizes = list(view["hand_sizes"])
        self.stock_size = view["stock_size"]
        players = view["players"]
        self.known: list[set[str]] = [set() for _ in range(players)]   # cards each seat is seen to hold
        self.discard: set[str] = set()
        self.drawn = [False] * players                                  # drew from the stock since the deal
        self.below_first: set[str] = set()                              # lay in the stock at the deal
        for event in view["log"]:
            kind, seat = event["type"], event.get("seat")
            if kind == "first-attacker":
                self.known[seat].add(event["card"])
                order = RoosterVariant(**view["variant"]).lowest_first()
                self.below_first = set(order[:order.index(event["card"])])
            elif kind in TO_TABLE:
                self.known[seat].difference_update(event["cards"])
            elif kind == "beat":
                self.known[seat].discard(event["card"])
            elif kind == "take":
                self.known[seat].update(event["cards"])
            elif kind == "beaten-off":
                self.discard.update(event["cards"])
            elif kind == "draw":
                self.drawn[seat] = True
        self.known[self.seat] = set(self.hand)
        self.table = {card for pair in view["table"] for card in pair.values() if card is not None}
        seen = self.discard | self.table | set().union(*self.known)
        self.unseen = [card for card in DECK if card not in seen]
        # A position set up late in a game (a lesson's) starts with cards beaten off that no event names.
        self.unnamed_discard = view["discard_size"] - len(self.discard)

    def hidden_count(self, seat: int) -> int:
        return self.hand_sizes[seat] - len(self.known[seat])

    def all_known(self) -> bool:
        """Whether every card's place is certain: the unseen cards all lie in one place."""
        places = [seat for seat in range(len(self.hand_sizes)) if self.hidden_count(seat) > 0]
        return len(places) + (self.stock_size > 0) + (self.unnamed_discard > 0) <= 1

    def sample(self, rng: random.Random) -> tuple[list[list[str]], list[str]]:
        """Every hand and the stock (top first), the unseen cards placed at random where they fit."""
        slots: list[int] = []                      # a seat per hidden card of a hand; -1 for the stock
        for seat in range(len(self.hand_sizes)):
            if seat != self.seat:
                slots.extend([seat] * self.hidden_count(seat))
        slots.extend([-1] * self.stock_size)
        rng.shuffle(slots)
        restricted = [card for card in self.unseen if card in self.below_first]
        free = [card for card in self.unseen if card not in self.below_first]
        rng.shuffle(restricted)
        rng.shuffle(free)
        # Cards below the first attacker's card go to the stock, to hands that drew or to the discard
        # pile no event names; the other cards fill the places left (their surplus is that pile).
        spots: list[int | None] = [index for index, seat in enumerate(slots) if seat == -1 or self.drawn[seat]]
        spots += [None] * self.unnamed_discard
        rng.shuffle(spots)
        chosen = spots[:len(restricted)]
        places: dict[int, list[str]] = {seat: [] for seat in range(-1, len(self.hand_sizes))}
        for spot, card in zip(chosen, restricted[:len(chosen)], strict=True):
            if spot is not None:
                places[slots[spot]].append(card)
        taken = {spot for spot in chosen if spot is not None}
        cards = iter(free)
        for index, seat in enumerate(slots):
            if index not in taken:
                places[seat].append(next(cards))
        hands = [sorted(self.known[seat]) + places[seat] for seat in range(len(self.hand_sizes))]
        stock = places[-1]
        rng.shuffle(stock)
        return hands, stock

