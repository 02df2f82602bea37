"""A fast model of a Chuvash Rooster game for the hard bot's rollouts.

The engine copies its whole immutable state and log on every action; a rollout plays a game to its
end hundreds of times per decision, so `Model` keeps plain mutable lists and no log. It mirrors
games.rooster.rules rule for rule (the offer of throw-ins in turn, taking at once or after beating,
the refill order, players going out, the rooster); tests/bots/test_rooster_playout.py plays both
side by side. Every seat of a rollout plays by the habits (games.rooster.bots.habits).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.bots.base import Deadline
from games.rooster.bots.habits import habitual_defence, habitual_lead, habitual_throw, tables
from games.rules.cards import rank_of


class Model:
    def __init__(self, hands: Sequence[Sequence[str]], stock: Sequence[str], attacker: int | None,
                 defender: int | None, table: Sequence[Sequence[str | None]], phase: str | None, turn: int | None,
                 offer: Sequence[int], thrown: bool, variant: dict) -> None:
        self.hands = [list(hand) for hand in hands]
        self.stock = list(stock)
        self.attacker, self.defender = attacker, defender
        self.table = [list(pair) for pair in table]
        self.phase, self.turn, self.offer, self.thrown = phase or "over", turn, list(offer), thrown
        self.hand_size, self.rule = variant["hand_size"], variant["multi_lead"]
        self.strength, self.beaters = tables(tuple(variant["suit_order"]))
        self.rooster: int | None = None

    def copy(self) -> Model:
        model = Model.__new__(Model)
        model.hands = [list(hand) for hand in self.hands]
        model.stock = list(self.stock)
        model.attacker, model.defender = self.attacker, self.defender
        model.table = [list(pair) for pair in self.table]
        model.phase, model.turn, model.offer, model.thrown = self.phase, self.turn, list(self.offer), self.thrown
        model.hand_size, model.rule, model.strength, model.beaters = (self.hand_size, self.rule, self.strength,
                                                                      self.beaters)
        model.rooster = self.rooster
        return model

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def unbeaten(self) -> list[str]:
        return [attack for attack, beating in self.table if beating is None]

    @property
    def throw_limit(self) -> int:
        return len(self.hands[self.defender]) - len(self.unbeaten)

    def table_ranks(self) -> set[str]:
        return {rank_of(card) for pair in self.table for card in pair if card is not None}

    # -- actions, as the engine's dicts -----------------------------------------------------
    def apply(self, action: dict) -> None:
        kind = action["type"]
        if kind == "attack":
            self.attack(action["cards"])
        elif kind == "beat":
            self.beat(action["attack"], action["card"])
        elif kind == "take":
            self.take()
        elif kind == "throw":
            self.throw(action["cards"][0])
        else:
            self.pass_offer()

    def attack(self, cards: Sequence[str]) -> None:
        hand = self.hands[self.attacker]
        for card in cards:
            hand.remove(card)
        self.table = [[card, None] for card in cards]
        self.phase, self.turn = "defend", self.defender

    def beat(self, attack: str, card: str) -> None:
        self.hands[self.defender].remove(card)
        for pair in self.table:
            if pair[0] == attack:
                pair[1] = card
        if all(beating is not None for _, beating in self.table):
            self.all_beaten()

    def all_beaten(self) -> None:
        if not self.hands[self.defender]:
            self.end_bout(taken=False)
            return
        askable = [seat for seat in ((self.attacker + offset) % self.players for offset in range(self.players))
                   if seat != self.defender and self.hands[seat]]
        if not askable:
            self.end_bout(taken=False)
            return
        self.phase, self.turn, self.offer, self.thrown = "throw", askable[0], askable[1:], False

    def throw(self, card: str) -> None:
        self.hands[self.turn].remove(card)
        self.table.append([card, None])
        self.thrown = True

    def pass_offer(self) -> None:
        if self.thrown:
            self.phase, self.turn, self.offer, self.thrown = "defend", self.defender, [], False
        elif self.offer:
            self.turn, self.offer = self.offer[0], self.offer[1:]
        else:
            self.end_bout(taken=False)

    def take(self) -> None:
        self.hands[self.defender].extend(card for pair in self.table for card in pair if card is not None)
        self.end_bout(taken=True)

    def end_bout(self, taken: bool) -> None:
        self.table, self.offer, self.thrown = [], [], False
        for offset in range(self.players):
            seat = (self.attacker + offset) % self.players
            count = min(self.hand_size - len(self.hands[seat]), len(self.stock))
            if count > 0:
                self.hands[seat].extend(self.stock[:count])
                del self.stock[:count]
        holders = [seat for seat, hand in enumerate(self.hands) if hand]
        if len(holders) <= 1:
            self.rooster = holders[0] if holders else None
            self.phase, self.turn, self.attacker, self.defender = "over", None, None, None
            return
        attacker = self.holder_from(self.defender + (1 if taken else 0))
        self.attacker, self.defender = attacker, self.holder_from(attacker + 1)
        self.phase, self.turn = "attack", attacker

    def holder_from(self, seat: int) -> int:
        for offset in range(self.players):
            candidate = (seat + offset) % self.players
            if self.hands[candidate]:
                return candidate
        raise AssertionError("nobody holds cards")

    # -- the habits ---------------------------------------------------------------------------
    def habitual_step(self) -> None:
        """The seat to move plays by habit."""
        hand, stock = self.hands[self.turn], len(self.stock)
        if self.phase == "attack":
            cards, _ = habitual_lead(hand, len(self.hands[self.defender]), stock, self.rule, self.strength)
            self.attack(cards)
        elif self.phase == "defend":
            on_table = sum(1 for pair in self.table for card in pair if card is not None)
            pair, _ = habitual_defence(hand, self.unbeaten, on_table, stock, self.strength, self.beaters)
            if pair is None:
                self.take()
            else:
                self.beat(*pair)
        else:
            card, _ = habitual_throw(hand, self.table_ranks(), self.throw_limit, stock, self.strength)
            if card is None:
                self.pass_offer()
            else:
                self.throw(card)

    def play_out(self, cap: int, deadline: Deadline | None = None) -> tuple[int | None, int]:
        """Play on by habit to the end: the rooster (None for none, or if the game is still going
        after `cap` actions or past the `deadline`) and the number of actions played. A stalling
        game with swollen hands can take a busy machine far past a decision's time limit in one rollout."""
        for steps in range(cap):
            if self.phase == "over":
                return self.rooster, steps
            if deadline is not None and deadline.passed():
                return None, steps
            self.habitual_step()
        return (self.rooster if self.phase == "over" else None), cap
