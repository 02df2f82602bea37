"""The medium Yashchiki policy: shed the costly cards, keep a suit to follow, aim 2, 4 and 7 at the opponents.

Partners sit opposite, so the next player in either direction is always an opponent: a 2, 4 or 7
always hits one. Every play is rated by the points it takes out of the hand (score_hand before and
after, so a second three counts its +50), a bonus for the effect of its upper card and a bonus per
card left in the suit the next player will have to follow (for an 8 or 9, the suit it names). The
policy reads only a Situation (the seat's own hand and public facts), so the hard bot's rollouts use
it in every seat.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from games.bots.base import Decision, Reason
from games.rules.cards import rank_of
from games.yashchiki.rules import (
    CARD_POINTS,
    PLAYERS,
    RANK_OF,
    SUIT_OF,
    THREES_BONUS,
    YashchikiVariant,
    partner_of,
)

# What an effect on the next player (an opponent) is worth, in points of one's own hand.
EFFECT_BONUS = {"2": 15, "4": 10, "7": 15}
AGAIN_BONUS = 10        # a 6 with a card of its suit left to play at once
AGAIN_STUCK = -10       # a 6 and nothing to follow it: a card drawn instead
REVERSE_BONUS = 8       # a 10 that turns play away from the opponent with fewer cards
SUIT_KEPT = 4           # per card left of the suit the next player has to follow
URGENT = 2              # an opponent with this many cards may go out at their next turn: effects count double
COSTLY = 20             # a card worth this many points or more is shed for its points


@dataclasses.dataclass(frozen=True)
class Situation:
    """What a decision depends on: the seat's own hand and the public state of the deal."""

    seat: int
    hand: Sequence[str]
    suit: str
    chain: int
    direction: int          # 1 clockwise, -1 anticlockwise
    hand_sizes: Sequence[int]
    variant: YashchikiVariant

    @classmethod
    def of_view(cls, view: dict[str, Any]) -> Situation:
        return cls(view["seat"], view["hand"], view["suit"], view["chain"],
                   1 if view["direction"] == "clockwise" else -1, view["hand_sizes"],
                   YashchikiVariant(**view["variant"]))

    def next_seat(self, steps: int = 1) -> int:
        return (self.seat + self.direction * steps) % PLAYERS


def upper_card(cards: Sequence[str], suit: str) -> str:
    """The card that goes down last and whose effect applies: of a pair, the one not of the suit to follow."""
    return cards[-1] if len(cards) == 1 or SUIT_OF[cards[0]] == suit else cards[0]


def rate(action: dict, situation: Situation) -> float:
    """How good a play is for the seat; a draw or an undeclared pair rates below every declared play.
    Every step of the hard bot's rollouts rates each legal action, so this reads the cards through the
    engine's lookup tables rather than slicing their names."""
    if action["type"] == "draw" or action.get("declared") is False:
        return float("-inf")
    cards, hand = action["cards"], situation.hand
    if len(cards) == len(hand):
        return float("inf")         # the play empties the hand
    value = float(shed_points(hand, cards, situation.variant))
    upper = upper_card(cards, situation.suit)
    rank = RANK_OF[upper]
    following, behind = situation.next_seat(), situation.next_seat(-1)
    urgency = 2 if situation.hand_sizes[following] <= URGENT else 1
    value += EFFECT_BONUS.get(rank, 0) * urgency
    new_suit = action.get("suit", SUIT_OF[upper])
    kept = [card for card in hand if SUIT_OF[card] == new_suit and card not in cards]
    if rank == "6":
        value += AGAIN_BONUS if kept else AGAIN_STUCK
    elif rank == "10":
        fewer = situation.hand_sizes[behind] - situation.hand_sizes[following]
        value += REVERSE_BONUS * urgency * ((fewer > 0) - (fewer < 0))
    # The cards kept in the new suit: the more, the likelier a card to follow with; the costlier, the
    # more the next turn can shed (a small tie-break).
    return value + SUIT_KEPT * len(kept) + 0.01 * sum(CARD_POINTS.get(RANK_OF[card], 0) for card in kept)


def shed_points(hand: Sequence[str], cards: Sequence[str], variant: YashchikiVariant) -> int:
    """The points `cards` take out of the hand's score (games.yashchiki.rules.score_hand): their own,
    and the +50 of the threes if they leave at most one."""
    points = sum(variant.card_points(card) for card in cards)
    if any(RANK_OF[card] == "3" for card in cards):
        threes = sum(RANK_OF[card] == "3" for card in hand)
        if threes > 1 and threes - sum(RANK_OF[card] == "3" for card in cards) <= 1:
            points += THREES_BONUS
    return points


def habitual_action(situation: Situation, legal_actions: list[dict]) -> dict:
    """The best rated legal action (the first of equals, in the engine's stable order)."""
    return max(legal_actions, key=lambda action: rate(action, situation))


def habitual_decision(view: dict[str, Any], legal_actions: list[dict]) -> Decision:
    situation = Situation.of_view(view)
    action = habitual_action(situation, legal_actions)
    return Decision(action, explain_play(action, situation))


def explain_play(action: dict, situation: Situation) -> Reason:
    """Why the policy makes this move, citing the move's cards and public facts only."""
    cards = list(action["cards"])
    following, behind = situation.next_seat(), situation.next_seat(-1)
    if len(cards) == len(situation.hand):
        return Reason("go-out", {"cards": cards})
    if situation.chain:
        return Reason("answer-chain", {"card": cards[0], "target": following,
                                       "draw": situation.variant.chain_draw(situation.chain + 1)})
    if len(cards) == 2:
        return Reason("pair", {"cards": cards})
    card = cards[0]
    rank = rank_of(card)
    if rank == "2":
        return Reason("two", {"card": card, "target": following, "draw": situation.variant.chain_draw(1)})
    if rank in ("4", "7"):
        return Reason("skip" if rank == "4" else "seven", {"card": card, "target": following,
                                                           "partner": partner_of(situation.seat)})
    if rank == "10" and situation.hand_sizes[following] < situation.hand_sizes[behind]:
        return Reason("reverse", {"card": card, "target": behind, "away": following,
                                  "count": situation.hand_sizes[following]})
    if rank == "6":
        return Reason("again", {"card": card})
    if "suit" in action:
        return Reason("name-suit", {"card": card, "suit": action["suit"]})
    points = situation.variant.card_points(card)
    return Reason("shed" if points >= COSTLY else "follow", {"card": card, "points": points})
