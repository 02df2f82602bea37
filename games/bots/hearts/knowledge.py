"""What a seat knows about the current deal, replayed from its view alone.

Cards played, the trick on the table, and what the public log proves about the hidden hands:
a seat that did not follow suit holds none of that suit; a heart led before hearts were broken
shows a hand of hearts only; under the clean first trick, a heart or the queen of spades on the
first trick shows a hand of nothing else. On top of that the seat knows its own pass: the cards it
passed are in the receiver's hand until they are played. All cards are numbers (see playout).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from games.bots.hearts.playout import HEARTS, QUEEN_OF_SPADES, Rules, card_number, card_points, hand_of

FULL_MASK = (1 << 52) - 1
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * suit) for suit in range(4))
HEARTS_AND_QUEEN = SUIT_MASKS[HEARTS] | 1 << QUEEN_OF_SPADES
PASS_OFFSETS = {"left": 1, "right": 3, "across": 2}


@dataclasses.dataclass(frozen=True)
class Void:
    """A public fact: `seat` did not follow `suit` (cited by the hard bot's reasons)."""

    seat: int
    suit: int


class DealKnowledge:
    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.seat: int = view["seat"]
        self.rules = Rules.of(view["variant"])
        self.hand_cards = [card_number(card) for card in view["hand"] or []]
        self.hand = hand_of(self.hand_cards)
        self.hand_sizes: list[int] = list(view["hand_sizes"])
        self.points: list[int] = list(view["points_taken"])
        self.broken: bool = view["hearts_broken"]
        self.first: bool = view["first_trick"]
        self.trick = [card_number(entry["card"]) for entry in view["trick"]]
        self.trick_seats = [entry["seat"] for entry in view["trick"]]
        self.leader: int = view["leader"] if view["leader"] is not None else self.seat
        self.played = 0                                 # mask of cards played this deal (the table included)
        self.possible = [FULL_MASK] * 4                 # cards each seat may still hold
        self.voids: list[Void] = []
        self._replay(view["log"])
        for seat in range(4):
            self.possible[seat] &= ~self.played
        # Our own pass: those cards sit in the receiver's hand until played.
        self.known: list[list[int]] = [[], [], [], []]
        offset = PASS_OFFSETS.get(view["pass_direction"])
        if view["my_pass"] and view["received"] is not None and offset:
            receiver = (self.seat + offset) % 4
            self.known[receiver] = [number for number in map(card_number, view["my_pass"])
                                    if not self.played >> number & 1]
        self.queen_out = not self.played >> QUEEN_OF_SPADES & 1

    def _replay(self, log: list[dict]) -> None:
        start = max((index for index, event in enumerate(log) if event["type"] == "deal"), default=-1) + 1
        led = -1
        broken = False
        first = True
        clean_first = self.rules.clean_first_trick
        for event in log[start:]:
            kind = event["type"]
            if kind == "play":
                number = card_number(event["card"])
                seat, suit = event["seat"], number // 13
                self.played |= 1 << number
                if led < 0:
                    led = suit
                    if suit == HEARTS and not broken:
                        self._limit(seat, SUIT_MASKS[HEARTS])
                elif suit != led:
                    self._void(seat, led)
                    if first and clean_first and (suit == HEARTS or number == QUEEN_OF_SPADES):
                        self._limit(seat, HEARTS_AND_QUEEN)
            elif kind == "trick":
                led = -1
                first = False
            elif kind == "hearts-broken":
                broken = True

    def _void(self, seat: int, suit: int) -> None:
        if self.possible[seat] & SUIT_MASKS[suit]:
            self.voids.append(Void(seat, suit))
        self.possible[seat] &= ~SUIT_MASKS[suit]

    def _limit(self, seat: int, mask: int) -> None:
        for suit in range(4):
            if not mask & SUIT_MASKS[suit]:
                self._void(seat, suit)
        self.possible[seat] &= mask

    # -- questions ------------------------------------------------------------------------------
    def is_void(self, seat: int, suit: int) -> bool:
        return not self.possible[seat] & SUIT_MASKS[suit] and not any(number // 13 == suit
                                                                      for number in self.known[seat])

    def unseen(self) -> list[int]:
        """Cards in the other hands that we do not know the place of, in deck-number order."""
        taken = self.played
        for number in self.hand_cards:
            taken |= 1 << number
        for cards in self.known:
            for number in cards:
                taken |= 1 << number
        return [number for number in range(52) if not taken >> number & 1]

    def moon_hopeful(self) -> int:
        """The seat that took every point of the deal so far, if any points were taken, else -1."""
        holders = [seat for seat in range(4) if self.points[seat]]
        return holders[0] if len(holders) == 1 else -1

    def trick_state(self) -> tuple[int, int, int, int, int]:
        """The trick on the table: (cards placed, led suit, highest rank of it, its seat, points in it)."""
        if not self.trick:
            return 0, -1, -1, self.leader, 0
        led = self.trick[0] // 13
        win_rank, win_seat, points = -1, self.leader, 0
        for seat, number in zip(self.trick_seats, self.trick, strict=True):
            if number // 13 == led and number % 13 > win_rank:
                win_rank, win_seat = number % 13, seat
            points += card_points(number)
        return len(self.trick), led, win_rank, win_seat, points
