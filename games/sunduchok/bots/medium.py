"""The medium Sunduchok bot: sound habits and a short memory of the public log.

It asks a player the recent log shows holding a rank it can ask for (preferring the ranks it holds
most of, nearest a chest), or else the opponent with the most cards; it names the fewest cards the
evidence allows (one without evidence) and the suits seen passing to that player.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.bots.base import Bot, Decision, Reason
from games.rules.cards import rank_of
from games.sunduchok.bots.evidence import cited, strongest
from games.sunduchok.bots.knowledge import PublicKnowledge, suit_set

# Only this many of the latest log events are remembered (about two rounds at a table of three).
MEMORY_EVENTS = 30


class MediumBot(Bot):
    level = "medium"

    def decide(self, view: dict[str, Any], legal_actions: list[dict], rng: random.Random) -> Decision:
        knowledge = PublicKnowledge(view, memory=MEMORY_EVENTS)
        phase = legal_actions[0]["type"]
        if phase == "ask":
            return self._ask(view, knowledge, legal_actions, rng)
        request = view["request"]
        if phase == "count":
            return self._count(knowledge, request["target"], request["rank"], legal_actions)
        return self._suits(knowledge, request["target"], request["rank"], legal_actions, rng)

    @staticmethod
    def _ask(view: dict[str, Any], knowledge: PublicKnowledge, legal_actions: list[dict],
             rng: random.Random) -> Decision:
        mine = Counter(rank_of(card) for card in view["hand"])
        sizes = view["hand_sizes"]

        def preference(action: dict) -> tuple:
            target, rank = action["target"], action["rank"]
            return knowledge.holds_some(target, rank), mine[rank], sizes[target], rng.random()

        action = max(legal_actions, key=preference)
        target, rank = action["target"], action["rank"]
        fact = strongest(knowledge.positive_facts(target, rank))
        if fact is not None:
            return Decision(action, Reason("known-holder", {"fact": cited(target, rank, fact)}))
        most = max(sizes[other] for other in range(view["players"]) if other != view["seat"])
        return Decision(action, Reason("nobody-known", {"target": target, "rank": rank,
                                                        "most_cards": sizes[target] == most}))

    @staticmethod
    def _count(knowledge: PublicKnowledge, target: int, rank: str, legal_actions: list[dict]) -> Decision:
        counts = [action["count"] for action in legal_actions]
        count = min(max(1, knowledge.least_count(target, rank)), counts[-1])
        action = legal_actions[counts.index(count)]
        if count == 1:
            return Decision(action, Reason("safest-count"))
        return Decision(action, Reason("fewest-count", {"count": count, "target": target, "rank": rank}))

    @staticmethod
    def _suits(knowledge: PublicKnowledge, target: int, rank: str, legal_actions: list[dict],
               rng: random.Random) -> Decision:
        proven = knowledge.known_suits(target, rank)
        covering = [action for action in legal_actions if suit_set(action["suits"]) & proven == proven]
        action = rng.choice(covering or legal_actions)
        if not proven or not covering:
            return Decision(action, Reason("random-suits"))
        received = knowledge.received_cards(target, rank)
        if received:
            return Decision(action, Reason("seen-passing", {"target": target, "cards": list(received)}))
        return Decision(action, Reason("proven-suits", {"target": target}))
