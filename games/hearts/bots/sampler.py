"""Random deals of the hidden cards consistent with everything a seat knows (see knowledge).

Every unseen card goes to an opponent that may hold it (no shown void, no proven limit), every
opponent gets exactly its hand size, and the cards of our own pass stay with their receiver.
Cards are dealt one at a time in random order, each to one of the opponents allowed to hold it,
chosen in proportion to the room left in their hands. Before each choice Hall's condition is kept
true — for every set of opponents, the cards that only they may hold fit into their room — so a
deal never runs into a dead end. (Hall's condition is exact here: it is a matching of cards to
places in hands.)
"""

from __future__ import annotations

import random

from games.hearts.bots.knowledge import DealKnowledge
from games.hearts.bots.playout import Hand, hand_of

SUBSETS = range(1, 8)       # sets of the three opponents as bitmasks
SUPERSETS = [[subset for subset in SUBSETS if kind & ~subset == 0] for kind in range(8)]   # the sets holding each


class HandSampler:
    def __init__(self, knowledge: DealKnowledge) -> None:
        self.knowledge = knowledge
        me = knowledge.seat
        self.opponents = [(me + offset) % 4 for offset in (1, 2, 3)]
        self.unseen = knowledge.unseen()
        self.room = [knowledge.hand_sizes[seat] - len(knowledge.known[seat]) for seat in self.opponents]
        # Which opponents may hold each unseen card (a bitmask over the three).
        self.holders = []
        for number in self.unseen:
            holders = sum(1 << index for index, seat in enumerate(self.opponents)
                          if knowledge.possible[seat] >> number & 1)
            self.holders.append(holders)
        self.consistent = (sum(self.room) == len(self.unseen) and min(self.room, default=0) >= 0
                           and self._hall_holds(self._demand(self.holders), self._capacity(self.room)))
        if not self.consistent:
            # Never expected from a sound view; rather than fail, deal ignoring what was inferred.
            self.holders = [7] * len(self.unseen)

    @staticmethod
    def _demand(holders: list[int]) -> list[int]:
        """For each set of opponents, how many cards only they may hold."""
        by_kind = [0] * 8
        for kind in holders:
            by_kind[kind] += 1
        return [sum(by_kind[kind] for kind in SUBSETS if kind & ~subset == 0) for subset in range(8)]

    @staticmethod
    def _capacity(room: list[int]) -> list[int]:
        return [sum(room[index] for index in range(3) if subset >> index & 1) for subset in range(8)]

    @staticmethod
    def _hall_holds(demand: list[int], capacity: list[int]) -> bool:
        return all(demand[subset] <= capacity[subset] for subset in SUBSETS)

    def draw(self, rng: random.Random) -> list[Hand]:
        """The four hands of one consistent deal (ours as it is)."""
        knowledge = self.knowledge
        cards: list[list[int]] = [list(knowledge.known[seat]) for seat in range(4)]
        cards[knowledge.seat] = list(knowledge.hand_cards)
        order = list(range(len(self.unseen)))
        rng.shuffle(order)
        room = list(self.room)
        if all(kind == 7 for kind in self.holders):
            # Nothing is known of anyone: deal the shuffled cards out by hand size.
            start = 0
            for index, seat in enumerate(self.opponents):
                cards[seat].extend(self.unseen[position] for position in order[start:start + room[index]])
                start += room[index]
            return [hand_of(hand) for hand in cards]
        demand = self._demand(self.holders)
        capacity = self._capacity(room)
        for position in order:
            kind = self.holders[position]
            # Taking this card away lowers the demand of every set that contains its holders.
            for subset in SUPERSETS[kind]:
                demand[subset] -= 1
            choices = [index for index in range(3) if kind >> index & 1 and room[index]]
            if len(choices) == 1:
                index = choices[0]      # Hall's condition held before this card: it fits where it must go
            else:
                weights = [room[index] for index in choices]
                while True:
                    index = _pick(rng, choices, weights)
                    # Giving it to `index` lowers the capacity of the sets containing that opponent; the
                    # other sets keep theirs, and their demand did not grow.
                    if all(demand[subset] < capacity[subset] for subset in SUPERSETS[1 << index]):
                        break
                    at = choices.index(index)
                    choices.pop(at)
                    weights.pop(at)
            room[index] -= 1
            for subset in SUPERSETS[1 << index]:
                capacity[subset] -= 1
            cards[self.opponents[index]].append(self.unseen[position])
        return [hand_of(hand) for hand in cards]


def _pick(rng: random.Random, choices: list[int], weights: list[int]) -> int:
    if len(choices) == 1:
        return choices[0]
    point = rng.random() * sum(weights)
    for choice, weight in zip(choices, weights, strict=True):
        point -= weight
        if point < 0:
            return choice
    return choices[-1]
