"""What the public log of a Sunduchok game proves about every hand.

For every seat and rank we keep a *family*: the suit-sets that seat may hold of that rank right now,
as a 16-bit mask over the subsets of the four suits (bit m is set when the seat may hold exactly the
suits of m, with C=1 D=2 H=4 S=8; bit 0 is "none of that rank"). Each public event narrows or widens
families soundly — the true holding always stays in its family — and only public facts are used:
private parts of the log (a seat's own draws, its hidden chest ranks) are ignored, so the same
families say what every player knows about every hand, the reader's own included.

A draw widens every family of the drawer, though only one card came in; so we also keep the family
as it was when last settled by evidence and the number of draws since, which lets the sampler rate
"said no to queens, then drew once" as far less likely to hold a queen than an unknown hand.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from games.rules.cards import rank_of, suit_of
from games.sunduchok.rules import DECK_RANKS

SUIT_BITS = {"C": 1, "D": 2, "H": 4, "S": 8}
FULL_RANK = 15                      # all four suits: never kept in a hand, it is laid down at once
HOLDINGS = range(16)
SET_SIZE = tuple(bin(holding).count("1") for holding in HOLDINGS)

NO_CARDS = 1 << 0                                       # the family {∅}
SOME_CARDS = 0xFFFF & ~NO_CARDS                         # any non-empty holding
UNKNOWN = 0xFFFF & ~(1 << FULL_RANK)                    # anything a hand can hold of a rank
OF_SIZE = tuple(sum(1 << h for h in HOLDINGS if SET_SIZE[h] == size) for size in range(5))
AT_MOST = tuple(sum(1 << h for h in HOLDINGS if SET_SIZE[h] <= size) for size in range(5))
DISJOINT_FROM = tuple(sum(1 << h for h in HOLDINGS if not h & other) for other in HOLDINGS)
SUBSETS_OF = tuple(sum(1 << h for h in HOLDINGS if not h & ~other) for other in HOLDINGS)


def suit_set(suits) -> int:
    return sum(SUIT_BITS[suit] for suit in suits)


def holdings(family: int) -> list[int]:
    return [holding for holding in HOLDINGS if family >> holding & 1]


@functools.cache
def after_draw(family: int) -> int:
    """The family after one unknown card joins the hand: each holding may gain any suit it lacks."""
    widened = family
    for holding in holdings(family):
        for bit in (1, 2, 4, 8):
            if not holding & bit:
                widened |= 1 << (holding | bit)
    return widened


@functools.cache
def after_receiving(family: int, received: int) -> int:
    return sum(1 << (holding | received) for holding in holdings(family) if not holding & received)


@dataclasses.dataclass(frozen=True)
class Fact:
    """A public event that showed a seat's holding of a rank; the bots cite these in their reasons."""

    kind: str                   # "took", "count", "yes", "asked" (positive); "no", "gave" (denials)
    event_index: int
    count: int | None = None    # "count": the number the seat confirmed
    cards: tuple[str, ...] = ()  # "took": the cards received
    other: int | None = None    # "took": the giver; "gave": the receiver


class PublicKnowledge:
    """The families and the facts behind them, replayed from the log of a seat's view.

    `memory` limits the replay to the most recent events, for bots that should forget.
    """

    def __init__(self, view: dict[str, Any], memory: int | None = None) -> None:
        variant = view["variant"]
        self.players = view["players"]
        self.ranks = DECK_RANKS[variant["deck"]]
        self.must_hold_rank = variant["must_hold_rank"]
        self.show_chests = variant["show_chests"]
        self.families = [dict.fromkeys(self.ranks, UNKNOWN) for _ in range(self.players)]
        self.settled = [dict.fromkeys(self.ranks, UNKNOWN) for _ in range(self.players)]
        self.draws_since_settled = [dict.fromkeys(self.ranks, 0) for _ in range(self.players)]
        self.facts: list[dict[str, list[Fact]]] = [{rank: [] for rank in self.ranks} for _ in range(self.players)]
        self.denials: list[dict[str, Fact | None]] = [dict.fromkeys(self.ranks) for _ in range(self.players)]
        self.laid_ranks: set[str] = set()
        self.unknown_chests = [0] * self.players     # chests whose rank the log does not show
        log = view["log"]
        first = 0 if memory is None else max(0, len(log) - memory)
        self._last_transfer_rank: str | None = None
        for index in range(first, len(log)):
            self._replay(index, log[index], log[index + 1] if index + 1 < len(log) else None)

    # -- questions the bots ask --------------------------------------------------------------
    def holds_some(self, seat: int, rank: str) -> bool:
        """Publicly proven: the seat holds at least one card of the rank."""
        return not self.families[seat][rank] & NO_CARDS

    def holds_none(self, seat: int, rank: str) -> bool:
        return self.families[seat][rank] == NO_CARDS

    def known_suits(self, seat: int, rank: str) -> int:
        """Suits of the rank the seat is proven to hold (in every holding its family allows)."""
        common = FULL_RANK
        for holding in holdings(self.families[seat][rank]):
            common &= holding
        return common

    def least_count(self, seat: int, rank: str) -> int:
        """The fewest cards of the rank the seat may hold (0 unless proven otherwise)."""
        return min(SET_SIZE[holding] for holding in holdings(self.families[seat][rank]))

    def most_count(self, seat: int, rank: str) -> int:
        """The most cards of the rank the seat may hold (3 unless proven otherwise: four would be a chest)."""
        return max(SET_SIZE[holding] for holding in holdings(self.families[seat][rank]))

    def positive_facts(self, seat: int, rank: str) -> list[Fact]:
        return self.facts[seat][rank]

    def received_cards(self, seat: int, rank: str) -> list[str]:
        """Cards of the rank the seat took in plain view and still holds."""
        return [card for fact in self.facts[seat][rank] if fact.kind == "took" for card in fact.cards]

    # -- replaying events --------------------------------------------------------------------
    def _replay(self, index: int, event: dict, next_event: dict | None) -> None:
        kind, seat = event["type"], event["seat"]
        if kind == "ask":
            self._ask(index, event)
        elif kind == "count":
            self._narrow(seat, event["rank"], AT_MOST[4 - event["count"]])
            if event["answer"] == "yes":
                self._narrow(event["target"], event["rank"], OF_SIZE[event["count"]])
                self._note(event["target"], event["rank"], Fact("count", index, count=event["count"]))
            else:
                self._narrow(event["target"], event["rank"], ~OF_SIZE[event["count"]])
        elif kind == "suits":
            named = suit_set(event["suits"])
            # The asker names suits from those they lack of the rank.
            self._narrow(seat, event["rank"], DISJOINT_FROM[named])
            self._narrow(event["target"], event["rank"], 1 << named if event["answer"] == "yes" else ~(1 << named))
        elif kind == "transfer":
            self._transfer(index, event)
        elif kind == "draw":
            self._draw(seat, event, next_event)
        elif kind == "chest":
            self._chest(index, event)
        elif kind == "skip" or (kind == "pass" and event["reason"] == "no-cards"):
            self._empty(seat)
        elif kind == "pass":    # opponents-empty: everybody else has no cards
            for other in range(self.players):
                if other != seat:
                    self._empty(other)

    def _ask(self, index: int, event: dict) -> None:
        seat, target, rank = event["seat"], event["target"], event["rank"]
        if self.must_hold_rank:
            self._narrow(seat, rank, SOME_CARDS)
            self._note(seat, rank, Fact("asked", index))
        if event["answer"] == "yes":
            self._narrow(target, rank, SOME_CARDS)
            self._note(target, rank, Fact("yes", index))
        else:
            self._lose(target, rank, Fact("no", index))

    def _transfer(self, index: int, event: dict) -> None:
        seat, giver, cards = event["seat"], event["target"], tuple(event["cards"])
        rank = rank_of(cards[0])
        self._last_transfer_rank = rank
        self._lose(giver, rank, Fact("gave", index, other=seat))   # a transfer hands over every card of the rank
        received = suit_set(suit_of(card) for card in cards)
        # A completed rank is laid down by the chest event that follows; any other hand lacks one suit.
        for families in (self.families, self.settled):
            families[seat][rank] = after_receiving(families[seat][rank], received) & ~(1 << FULL_RANK)
        self._note(seat, rank, Fact("took", index, cards=cards, other=giver))

    def _draw(self, seat: int, event: dict, next_event: dict | None) -> None:
        if event["reason"] == "empty-hand":
            self._empty(seat)
        completes_hidden_chest = (next_event is not None and next_event["type"] == "chest"
                                  and next_event["seat"] == seat and next_event["source"] == "draw"
                                  and not self.show_chests)
        for rank in self.ranks:
            family = after_draw(self.families[seat][rank])
            if completes_hidden_chest and family >> FULL_RANK & 1:
                # This may be the rank that went into the chest.
                self._settle(seat, rank, (family | NO_CARDS) & ~(1 << FULL_RANK))
            else:
                self.families[seat][rank] = family & ~(1 << FULL_RANK)
                self.draws_since_settled[seat][rank] += 1

    def _chest(self, index: int, event: dict) -> None:
        seat = event["seat"]
        if self.show_chests:
            rank = event["rank"]
        elif event["source"] == "ask":
            rank = self._last_transfer_rank     # the cards just received completed it
        else:
            self.unknown_chests[seat] += 1
            return
        self.laid_ranks.add(rank)
        for other in range(self.players):
            self._settle(other, rank, NO_CARDS)
            self.facts[other][rank] = []

    def _empty(self, seat: int) -> None:
        for rank in self.ranks:
            if self.families[seat][rank] != NO_CARDS:
                self._lose(seat, rank, None)

    def _narrow(self, seat: int, rank: str, allowed: int) -> None:
        narrowed = self.families[seat][rank] & allowed
        if narrowed != self.families[seat][rank]:
            self._settle(seat, rank, narrowed)

    def _settle(self, seat: int, rank: str, family: int) -> None:
        self.families[seat][rank] = self.settled[seat][rank] = family
        self.draws_since_settled[seat][rank] = 0

    def _note(self, seat: int, rank: str, fact: Fact) -> None:
        self.facts[seat][rank].append(fact)

    def _lose(self, seat: int, rank: str, denial: Fact | None) -> None:
        self._settle(seat, rank, NO_CARDS)
        self.facts[seat][rank] = []
        self.denials[seat][rank] = denial
