"""What one seat knows in a Yashchiki deal, read from its view's public log, and deals that fit it.

Every card played is seen; a reshuffle turns the discard pile but its top back into unseen cards.
Each other hand is a row of slots, one per card: a slot holds a card dealt or drawn, and remembers
the cards it cannot be. A player who draws because they cannot follow holds no card of the suit to
follow, so every slot they hold then loses that suit (the cards drawn afterwards may be anything);
a player who takes a chain's penalty held no two (unless drawing was their free choice). An
undeclared pair goes back to its hand in plain view. When a card leaves a hand, the most
constrained slot it fits goes with it: that keeps every deal still possible. `sample` deals the
unseen cards to the slots and the stock at random among the deals that fit.
"""

from __future__ import annotations

import random
from typing import Any

from games.rules.base import last_event_index
from games.rules.cards import SUITS, rank_of, suit_of
from games.yashchiki.rules import DECK, PLAYERS

SUIT_CARDS = {suit: frozenset(card for card in DECK if suit_of(card) == suit) for suit in SUITS}
TWOS = frozenset(card for card in DECK if rank_of(card) == "2")
SAMPLE_ATTEMPTS = 5


class YashchikiKnowledge:
    def __init__(self, view: dict[str, Any]) -> None:
        self.seat = view["seat"]
        self.hand = list(view["hand"])
        self.hand_sizes = list(view["hand_sizes"])
        self.stock_size = view["stock_size"]
        free_draw = view["variant"]["draw_when_able"]
        start = last_event_index(view["log"], "deal") or 0
        self.discard: list[str] = []
        self.known: list[set[str]] = [set() for _ in range(PLAYERS)]       # cards seen to be in a hand
        self.slots: list[list[frozenset[str]]] = [[] for _ in range(PLAYERS)]  # per hidden card: what it cannot be
        suit = None
        for event in view["log"][start:]:
            kind, seat = event["type"], event.get("seat")
            if kind == "deal":
                self.discard = [event["upcard"]]
                suit = suit_of(event["upcard"])
                self.slots = [[frozenset()] * size for size in event["hand_sizes"]]
            elif kind == "play":
                self.discard.extend(event["cards"])
                suit = event["suit"]
                for card in event["cards"]:
                    self._leaves(seat, card)
            elif kind == "undeclared-pair":
                for card in event["cards"]:
                    self._leaves(seat, card)
                self.known[seat].update(event["cards"])
            elif kind == "reshuffle":
                self.discard = self.discard[-1:]
            elif kind == "draw":
                if event["reason"] == "no-card":
                    self._lacks(seat, SUIT_CARDS[suit])
                elif event["reason"] == "chain" and not free_draw:
                    self._lacks(seat, TWOS)
                self.slots[seat].extend([frozenset()] * event["count"])
        self.known[self.seat] = set(self.hand)
        self.slots[self.seat] = []
        for other in range(PLAYERS):
            self._fit(other)
        seen = set(self.discard).union(*self.known)
        self.unseen = [card for card in DECK if card not in seen]

    def _leaves(self, seat: int, card: str) -> None:
        if card in self.known[seat]:
            self.known[seat].discard(card)
            return
        fitting = [index for index, banned in enumerate(self.slots[seat]) if card not in banned]
        if fitting:
            del self.slots[seat][max(fitting, key=lambda index: len(self.slots[seat][index]))]
        elif self.slots[seat]:
            del self.slots[seat][0]     # a position set up without its history: nothing to learn

    def _lacks(self, seat: int, cards: frozenset[str]) -> None:
        self.slots[seat] = [banned | cards for banned in self.slots[seat]]

    def _fit(self, seat: int) -> None:
        """As many slots as the seat's hidden cards (a lesson position may start without a history)."""
        if seat == self.seat:
            return
        hidden = self.hand_sizes[seat] - len(self.known[seat])
        slots = sorted(self.slots[seat], key=len)
        self.slots[seat] = slots[:hidden] + [frozenset()] * (hidden - len(slots))

    def most_of_suit(self, seat: int, suit: str) -> int:
        """How many cards of `suit` `seat` can hold at most, by the log: its cards seen of that suit and
        its hidden cards that may be of it."""
        return (sum(suit_of(card) == suit for card in self.known[seat])
                + sum(not SUIT_CARDS[suit] <= banned for banned in self.slots[seat]))

    def void(self, seat: int, suit: str) -> bool:
        """Proven by the log: `seat` holds no card of `suit` (and holds some card: an empty hand says nothing)."""
        return self.hand_sizes[seat] > 0 and self.most_of_suit(seat, suit) == 0

    def still_out(self) -> list[str]:
        """Cards in play that the seat does not see: neither in its hand nor in the discard pile (as the log
        shows it since the last reshuffle), in deck order — in the other hands or the stock."""
        shown = set(self.discard) | set(self.hand)
        return [card for card in DECK if card not in shown]

    def sample(self, rng: random.Random) -> tuple[list[list[str]], list[str], list[str]]:
        """Every hand, the stock (top first) and the discard pile (top last): the unseen cards placed at
        random where they fit; unseen cards beyond the hands and the stock lie under the discard pile."""
        for attempt in range(SAMPLE_ATTEMPTS):
            dealt = self._try_sample(rng, strict=attempt < SAMPLE_ATTEMPTS - 1)
            if dealt is not None:
                return dealt
        raise AssertionError("a relaxed sample always succeeds")

    def _try_sample(self, rng: random.Random, strict: bool):
        pool = list(self.unseen)
        rng.shuffle(pool)
        hands = [sorted(self.known[seat]) for seat in range(PLAYERS)]
        slots = [(banned, seat) for seat in range(PLAYERS) for banned in self.slots[seat]]
        slots.sort(key=lambda slot: -len(slot[0]))
        for banned, seat in slots:
            card = next((card for card in pool if card not in banned), None)
            if card is None:
                if strict:
                    return None
                card = pool[0]
            pool.remove(card)
            hands[seat].append(card)
        stock, under = pool[:self.stock_size], pool[self.stock_size:]
        return hands, stock, under + self.discard
