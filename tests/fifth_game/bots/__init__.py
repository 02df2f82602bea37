"""Duel's bots: easy plays at random, medium its highest card, hard the card that wins the most tricks (the whole
deal is known from the view, so a full search is exact)."""

from __future__ import annotations

import random
from typing import Any

from games.bots.base import Bot, Decision, Reason
from games.bots.random_bot import RandomBot
from games.rules.cards import RANK_INDEX, rank_of
from tests.fifth_game.search import tricks_after


class HighestCardBot(Bot):
    level = "medium"

    def decide(self, view: dict[str, Any], legal_actions: list[dict], rng: random.Random) -> Decision:
        action = max(legal_actions, key=lambda action: RANK_INDEX[rank_of(action["card"])])
        return Decision(action, Reason("highest", {"card": action["card"]}))


class SearchBot(Bot):
    level = "hard"

    def decide(self, view: dict[str, Any], legal_actions: list[dict], rng: random.Random) -> Decision:
        # The most tricks; among equals the first card in the engine's order.
        tricks, index = max((tricks_after(view, action), -index) for index, action in enumerate(legal_actions))
        return Decision(legal_actions[-index], Reason("most-tricks", {"tricks": tricks}))


DUEL_BOTS = {"easy": RandomBot, "medium": HighestCardBot, "hard": SearchBot}
