"""The medium Chuvash Rooster bot: the table's habits (see habits) read off its view, one move at a time."""

from __future__ import annotations

import random
from typing import Any

from games.bots.base import Bot, Decision, Reason
from games.rooster.bots.habits import habitual_defence, habitual_lead, habitual_throw, tables


class MediumBot(Bot):
    level = "medium"

    def decide(self, view: dict[str, Any], legal_actions: list[dict], rng: random.Random) -> Decision:
        return habitual_decision(view, legal_actions)


def habitual_decision(view: dict[str, Any], legal_actions: list[dict]) -> Decision:
    if view["first_card"] is not None and view["phase"] == "attack":
        return Decision(legal_actions[0], Reason("first-card", {"card": view["first_card"],
                                                                "target": view["defender"]}))
    strength, beaters = tables(tuple(view["variant"]["suit_order"]))
    hand, stock, phase, defender = view["hand"], view["stock_size"], view["phase"], view["defender"]
    if phase == "attack":
        cards, key = habitual_lead(hand, view["hand_sizes"][defender], stock, view["variant"]["multi_lead"],
                                   strength)
        return Decision(_legal(legal_actions, type="attack", cards=cards), Reason(key, {"cards": cards,
                                                                                       "target": defender}))
    if phase == "defend":
        unbeaten = [pair["attack"] for pair in view["table"] if pair["beat"] is None]
        on_table = sum(1 for pair in view["table"] for card in pair.values() if card is not None)
        pair, key = habitual_defence(hand, unbeaten, on_table, stock, strength, beaters)
        if pair is None:
            return Decision(_legal(legal_actions, type="take"), Reason(key, {"cards": unbeaten}))
        attack, card = pair
        return Decision(_legal(legal_actions, type="beat", attack=attack, card=card),
                        Reason(key, {"attack": attack, "card": card}))
    card, key = habitual_throw(hand, view["throw_ranks"], view["throw_limit"], stock, strength)
    if card is None:
        return Decision(_legal(legal_actions, type="pass"), Reason(key, {"target": defender}))
    return Decision(_legal(legal_actions, type="throw", cards=[card]), Reason(key, {"card": card,
                                                                                   "target": defender}))


def _legal(legal_actions: list[dict], **action: Any) -> dict:
    """The legal action equal to `action` (leads compared as sets of cards)."""
    wanted = {key: sorted(value) if key == "cards" else value for key, value in action.items()}
    return next(option for option in legal_actions
                if {key: sorted(value) if key == "cards" else value for key, value in option.items()} == wanted)
