"""Random deals of the cards a seat cannot see, consistent with everything public and its own hand.

A sample says, for every opponent with cards and every rank still in play, which suits of that rank
the opponent holds (a suit-set bitmask); whatever no opponent holds is in the stock or, under
hidden chests, in the opponents' face-down chests. Deals are built rank by rank: where the public
knowledge constrains an opponent's holding we draw it from its family, weighted by how likely a
random hand of that size is to hold it (and how unlikely the draws since the evidence were to
bring more); every other card goes to an unconstrained opponent or the stock in proportion to the
room left. A choice that leaves no way to finish the deal is undone and another one tried.
"""

from __future__ import annotations

import random
from typing import Any

from games.bots.base import Deadline
from games.rules.cards import rank_of, suit_of
from games.sunduchok.bots.knowledge import (
    FULL_RANK,
    NO_CARDS,
    SET_SIZE,
    SUBSETS_OF,
    SUIT_BITS,
    UNKNOWN,
    PublicKnowledge,
    holdings,
)

Sample = list[list[int]]    # [opponent index][rank index] -> suit-set held

# A deal that needs more steps than this is given up for a fresh one: its early choices were poor.
STEPS_PER_DEAL = 400

# The suits of each suit-set, one bit each, in the order the search gives them out.
SUITS_OF = tuple(tuple(bit for bit in (1, 2, 4, 8) if suits & bit) for suits in range(16))


class HandSampler:
    def __init__(self, knowledge: PublicKnowledge, view: dict[str, Any]) -> None:
        me = view["seat"]
        self.opponents = [seat for seat in range(view["players"])
                          if seat != me and view["hand_sizes"][seat] > 0]
        visible_laid = {rank for ranks in view["chests"] for rank in ranks if rank is not None}
        self.ranks = [rank for rank in knowledge.ranks if rank not in knowledge.laid_ranks | visible_laid]
        self.rank_index = {rank: index for index, rank in enumerate(self.ranks)}
        mine = dict.fromkeys(self.ranks, 0)
        for card in view["hand"]:
            mine[rank_of(card)] |= SUIT_BITS[suit_of(card)]
        # The suits of each rank that may be with the opponents or in the stock.
        self.unseen_suits = [FULL_RANK & ~mine[rank] for rank in self.ranks]
        self.room = [view["hand_sizes"][seat] for seat in self.opponents] + [view["stock_size"]]
        self.hidden_chests = sum(knowledge.unknown_chests[seat] for seat in range(view["players"]) if seat != me)
        self.families = [[knowledge.families[seat][rank] & SUBSETS_OF[suits] & UNKNOWN
                          for rank, suits in zip(self.ranks, self.unseen_suits, strict=True)]
                         for seat in self.opponents]
        unseen_cards = sum(SET_SIZE[suits] for suits in self.unseen_suits) - 4 * self.hidden_chests
        # Sound evidence always leaves the true deal possible; the check guards the sampler itself.
        self.consistent = unseen_cards == sum(self.room) and all(all(family) for family in self.families)
        if not self.consistent:
            return
        # Per rank: opponents whose holding is constrained (with their possible holdings and the
        # prior weight of each), and the others.
        self.constrained: list[list[tuple[int, list[int], list[float]]]] = []
        self.unconstrained: list[list[int]] = []
        unseen_total = sum(self.room)
        for index, (rank, suits) in enumerate(zip(self.ranks, self.unseen_suits, strict=True)):
            anything = SUBSETS_OF[suits] & UNKNOWN
            tied, free = [], []
            for opponent, seat in enumerate(self.opponents):
                settled = knowledge.settled[seat][rank] & SUBSETS_OF[suits] & UNKNOWN
                if settled == anything:
                    free.append(opponent)
                    continue
                possible = holdings(self.families[opponent][index])
                # Kept inside (0, 1): every holding the family allows must stay possible.
                share = min(max(self.room[opponent] / unseen_total, 0.02), 0.98)
                draw_odds = min(knowledge.draws_since_settled[seat][rank] / unseen_total, 0.98)
                weights = [_prior(holding, settled, SET_SIZE[suits], share, draw_odds,
                                  knowledge.draws_since_settled[seat][rank]) for holding in possible]
                tied.append((opponent, possible, weights))
            # The tightest holding first, so that the looser ones take what it leaves.
            self.constrained.append(sorted(tied, key=lambda entry: len(entry[1])))
            self.unconstrained.append(free)
        # Who may take the cards of each rank left after the constrained holdings: the stock is the last holder.
        self.takers = [free + [len(self.room) - 1] for free in self.unconstrained]
        # The most and fewest cards of each rank each holder (the stock last) can take.
        self.most: list[list[int]] = []
        self.fewest: list[list[int]] = []
        for index, suits in enumerate(self.unseen_suits):
            sizes = [[SET_SIZE[holding] for holding in holdings(family[index])] for family in self.families]
            self.most.append([max(options) for options in sizes] + [SET_SIZE[suits]])
            self.fewest.append([min(options) for options in sizes] + [0])
        # Constrained ranks first, while every hand still has room to take what the evidence demands.
        self.order = sorted(range(len(self.ranks)), key=lambda index: -len(self.constrained[index]))
        self._bounds: dict[tuple[int, ...], tuple[list[list[int]], list[list[int]]]] = {}
        self.chest_candidates = [index for index, suits in enumerate(self.unseen_suits)
                                 if suits == FULL_RANK and all(family[index] & NO_CARDS for family in self.families)]

    def bounds_after(self, order: tuple[int, ...]) -> tuple[list[list[int]], list[list[int]]]:
        """The most and fewest cards each holder can still take from the ranks after each position of
        `order`, so that no choice leaves a hand that later ranks cannot fill (or must overfill). Every
        deal searches the same order unless face-down chests take ranks out of it: computed once per order."""
        if order not in self._bounds:
            holders, positions = len(self.room), len(order)
            most_after = [[0] * positions for _ in range(holders)]
            fewest_after = [[0] * positions for _ in range(holders)]
            for position in range(positions - 2, -1, -1):
                later = order[position + 1]
                for holder in range(holders):
                    most_after[holder][position] = most_after[holder][position + 1] + self.most[later][holder]
                    fewest_after[holder][position] = fewest_after[holder][position + 1] + self.fewest[later][holder]
            self._bounds[order] = most_after, fewest_after
        return self._bounds[order]

    def draw(self, rng: random.Random, wanted: int, budget: int, deadline: Deadline | None = None) -> list[Sample]:
        """Up to `wanted` samples for at most `budget` search steps (fewer when the evidence is tight, or
        when the deadline is reached)."""
        return [sample for sample, _ in self.deals(rng, wanted, budget, deadline)]

    def deals(self, rng: random.Random, wanted: int, budget: int,
              deadline: Deadline | None = None) -> list[tuple[Sample, list[str]]]:
        """As `draw`, each sample with the ranks it puts in the opponents' face-down chests (under hidden
        chests; none otherwise): what a complete deal needs to tell those ranks from the stock's."""
        if not self.consistent or len(self.chest_candidates) < self.hidden_chests:
            return []
        deals: list[tuple[Sample, list[str]]] = []
        while len(deals) < wanted and budget > 0 and not (deadline is not None and deadline.reached(len(deals))):
            deal = _Deal(self, rng, min(budget, STEPS_PER_DEAL))
            sample = deal.run()
            budget -= max(deal.steps, 1)
            if sample is not None:
                deals.append((sample, [self.ranks[index] for index in sorted(deal.in_chests)]))
        return deals


class _Deal:
    """One sample, searched depth first: each choice is drawn at random by weight, and a choice
    that leads nowhere is undone and the next one tried, within a limited number of steps."""

    def __init__(self, sampler: HandSampler, rng: random.Random, step_limit: int) -> None:
        self.sampler, self.rng, self.step_limit = sampler, rng, step_limit
        self.steps = 0
        self.room = list(sampler.room)
        self.stock = len(self.room) - 1
        self.held = [[0] * len(sampler.ranks) for _ in sampler.opponents]
        self.order = sampler.order
        self.in_chests: set[int] = set()
        if sampler.hidden_chests:
            self.in_chests = set(rng.sample(sampler.chest_candidates, sampler.hidden_chests))
            self.order = [index for index in self.order if index not in self.in_chests]
        self.most_after, self.fewest_after = sampler.bounds_after(tuple(self.order))

    def run(self) -> Sample | None:
        return self.held if self._rank(0) else None

    def _rank(self, position: int) -> bool:
        if position == len(self.order):
            return True
        index = self.order[position]
        return self._constrained(position, index, 0, self.sampler.unseen_suits[index])

    def _constrained(self, position: int, index: int, tie: int, left: int) -> bool:
        """Choose the holdings of the constrained opponents of this rank, tightest first."""
        tied = self.sampler.constrained[index]
        if tie == len(tied):
            return self._free(position, index, SUITS_OF[left], 0)
        opponent, possible, priors = tied[tie]
        room = self.room
        options, weights = [], []
        for holding, prior in zip(possible, priors, strict=True):
            if not holding & ~left and (self.fewest_after[opponent][position] <= room[opponent] - SET_SIZE[holding]
                                        <= self.most_after[opponent][position]):
                options.append(holding)
                weights.append(prior)
        while options:
            total = sum(weights)
            if total <= 0:
                break
            holding = options.pop(_drawn(self.rng.random() * total, weights))
            self.steps += 1
            if self.steps > self.step_limit:
                return False
            self.held[opponent][index] = holding
            room[opponent] -= SET_SIZE[holding]
            if self._constrained(position, index, tie + 1, left & ~holding):
                return True
            room[opponent] += SET_SIZE[holding]
        self.held[opponent][index] = 0
        return False

    def _free(self, position: int, index: int, suits: tuple[int, ...], given: int) -> bool:
        """Give the rest of this rank (`suits` from `given` on) to unconstrained opponents and the stock,
        by room left. The hot loop of the search: plain loops instead of helpers."""
        room, stock, held, most_after = self.room, self.stock, self.held, self.most_after
        takers = self.sampler.takers[index]
        # Holders that later ranks cannot fill must take the rest of their share from this rank.
        short = 0
        for taker in takers:
            left = room[taker] - most_after[taker][position]
            if left > 0:
                short += left
        if short > len(suits) - given:
            return False
        if given == len(suits):
            return self._rank(position + 1)
        bit = suits[given]
        # An opponent never holds all four suits of a rank: it would have laid them down.
        eligible, weights, total = [], [], 0
        for taker in takers:
            if room[taker] and (taker == stock or held[taker][index] | bit != FULL_RANK):
                eligible.append(taker)
                weights.append(room[taker])
                total += room[taker]
        while eligible:
            taker = eligible.pop(_drawn(self.rng.random() * total, weights))
            total -= room[taker]
            self.steps += 1
            if self.steps > self.step_limit:
                return False
            room[taker] -= 1
            if taker != stock:
                held[taker][index] |= bit
            if self._free(position, index, suits, given + 1):
                return True
            room[taker] += 1
            if taker != stock:
                held[taker][index] &= ~bit
        return False


def _prior(holding: int, settled: int, unseen: int, share: float, draw_odds: float, draws: int) -> float:
    """How likely the holding is before the other hands are dealt: the part present when the
    evidence settled is a random hand's (each unseen card in it with probability `share`), and
    each card beyond it came with one of the draws since (probability `draw_odds` each)."""
    weight = 0.0
    for base in holdings(settled):
        extra = SET_SIZE[holding] - SET_SIZE[base]
        if not base & ~holding and extra <= draws:
            size = SET_SIZE[base]
            weight += share ** size * (1 - share) ** (unseen - size) * draw_odds ** extra
    return weight


def _drawn(point: float, weights: list[float]) -> int:
    """The position `point` (uniform in [0, sum of the weights)) falls in, the weights laid end to end;
    that weight is taken out. Drawing again from what is left gives the options in random order, each
    next one with probability proportional to its weight."""
    chosen = len(weights) - 1
    for position in range(chosen):
        point -= weights[position]
        if point < 0:
            chosen = position
            break
    weights.pop(chosen)
    return chosen


def settled_holdings(view: dict[str, Any], *, deals: int = 128, seed: int = 0) -> dict[tuple[int, str], set[int]]:
    """{(opponent, rank): every suit-set that opponent holds of that rank in `deals` deals consistent with the view}
    ({} when none is found: the evidence is too tight for the search). A holding with a single suit-set is settled
    by what the seat can see — for certain when the search is exhaustive, and beyond reasonable doubt otherwise."""
    sampler = HandSampler(PublicKnowledge(view), view)
    seen: dict[tuple[int, str], set[int]] = {}
    for sample, _chest_ranks in sampler.deals(random.Random(seed), deals, deals * STEPS_PER_DEAL):
        for number, seat in enumerate(sampler.opponents):
            for index, rank in enumerate(sampler.ranks):
                seen.setdefault((seat, rank), set()).add(sample[number][index])
    return seen
