"""The medium Hearts bot: the habits of the rule books, one card at a time.

It passes dangerous cards (see passing), then plays by `playout.choose`: lead low (a low spade to
flush the queen while she is out), stay under the trick when it can, shed high cards on tricks
without points, and when it cannot follow suit, dump the queen of spades, then a high spade while
the queen is out, then high hearts and high cards. It neither tracks voids nor plays for the moon.
"""

from __future__ import annotations

import random
from typing import Any

from games.bots.base import Bot, Decision
from games.hearts.bots.evidence import pass_reason, play_reason
from games.hearts.bots.knowledge import PASS_OFFSETS, DealKnowledge
from games.hearts.bots.moon import moon_decision
from games.hearts.bots.passing import heuristic_pass
from games.hearts.bots.playout import card_code, card_number, choose
from games.rules.cards import card_sort_key


class MediumBot(Bot):
    level = "medium"

    def decide(self, view: dict[str, Any], legal_actions: list[dict], rng: random.Random) -> Decision:
        kind = legal_actions[0]["type"]
        if kind == "moon":
            return moon_decision(view, legal_actions)
        knowledge = DealKnowledge(view)
        if kind == "pass":
            numbers, motive = heuristic_pass(knowledge.hand)
            return pass_decision(numbers, motive, knowledge, legal_actions)
        return heuristic_play(knowledge, legal_actions)


def pass_decision(numbers: list[int], motive: str, knowledge: DealKnowledge, legal_actions: list[dict]) -> Decision:
    cards = sorted(map(card_code, numbers), key=card_sort_key)
    wanted = set(cards)
    action = next(action for action in legal_actions if set(action["cards"]) == wanted)
    receiver = (knowledge.seat + PASS_OFFSETS[knowledge.view["pass_direction"]]) % 4
    return Decision(action, pass_reason(cards, motive, receiver))


def heuristic_play(knowledge: DealKnowledge, legal_actions: list[dict]) -> Decision:
    """The heuristic player's card for the deciding seat, with its reason."""
    placed, led, win_rank, win_seat, trick_points = knowledge.trick_state()
    suit, rank, motive = choose(knowledge.hand, knowledge.seat, placed, led, win_rank, win_seat, trick_points,
                                knowledge.broken, knowledge.first, knowledge.queen_out, -1,
                                knowledge.rules.clean_first_trick)
    card = card_code(suit * 13 + rank)
    action = next((action for action in legal_actions if action["card"] == card), None)
    if action is None:      # never expected: the heuristic knows the rules; stay legal regardless
        action = legal_actions[0]
    return Decision(action, play_reason(motive, card_number(action["card"]), knowledge,
                                        forced=len(legal_actions) == 1))
