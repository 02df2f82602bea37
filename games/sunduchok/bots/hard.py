"""The hard Sunduchok bot: it reads everything the public log proves about the hidden hands,
samples deals consistent with it, and asks where a full yes is worth most.

Worth is counted in cards: the cards a full yes brings, a bonus for completing a chest and for
keeping the turn, and, for a rank the table knows it holds, the safety of its own cards of that
rank once the chest is down (until then any holder of the rank may come for them). In the count
and suits phases it names the holding the samples (which already reflect the answers given) make
most worthwhile. Asking for a rank the table does not yet know it holds costs a little, so when
requests are worth about the same it does not show a new rank.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.bots.base import Bot, Deadline, Decision, Reason
from games.rules.cards import rank_of
from games.sunduchok.bots.evidence import cited, strongest
from games.sunduchok.bots.knowledge import SET_SIZE, PublicKnowledge, holdings, suit_set
from games.sunduchok.bots.sampler import HandSampler

# Deals sampled per decision, and the search steps they may take (the sampler's search is nearly all of
# a decision's time): a decision's mean stays well under 50 ms.
SAMPLES = 150
SEARCH_STEPS = 9_000
MIN_SAMPLES = 20            # deals sampled whatever the deadline


class HardBot(Bot):
    level = "hard"
    chest_bonus = 3.0       # a chest is the point of the game: worth three cards on top of its cards
    keep_turn = 1.0         # a full yes lets the asker ask again
    secured_card = 0.5      # each exposed card of ours that a completed chest puts out of reach
    reveal_cost = 0.15      # showing a new rank invites every holder of that rank to come for it

    def decide(self, view: dict[str, Any], legal_actions: list[dict], rng: random.Random) -> Decision:
        deadline = self.deadline(MIN_SAMPLES)
        knowledge = PublicKnowledge(view)
        outlook = Outlook(view, knowledge, rng, deadline)
        phase = legal_actions[0]["type"]
        if phase == "ask":
            return self._ask(view, knowledge, outlook, legal_actions, rng)
        request = view["request"]
        target, rank = request["target"], request["rank"]
        held = sum(1 for card in view["hand"] if rank_of(card) == rank)
        if phase == "count":
            return self._count(view, knowledge, outlook, target, rank, held, legal_actions)
        return self._suits(knowledge, outlook, target, rank, legal_actions)

    # -- the three questions -------------------------------------------------------------------
    def _ask(self, view: dict[str, Any], knowledge: PublicKnowledge, outlook: Outlook,
             legal_actions: list[dict], rng: random.Random) -> Decision:
        me = view["seat"]
        mine = Counter(rank_of(card) for card in view["hand"])
        rank_only = view["variant"]["questions"] == "rank-only"
        reveals = view["variant"]["must_hold_rank"]

        def worth(action: dict) -> float:
            target, rank = action["target"], action["rank"]
            exposed = knowledge.holds_some(me, rank)
            value = self.request_value(outlook.odds(target, rank), mine[rank], exposed, rank_only)[0]
            if reveals and not exposed:
                value -= self.reveal_cost
            return value + rng.random() * 1e-6     # ties broken at random

        action = max(legal_actions, key=worth)
        return Decision(action, self._ask_reason(view, knowledge, action))

    def _count(self, view: dict[str, Any], knowledge: PublicKnowledge, outlook: Outlook, target: int, rank: str,
               held: int, legal_actions: list[dict]) -> Decision:
        exposed = knowledge.holds_some(view["seat"], rank)
        aim = self.request_value(outlook.odds(target, rank), held, exposed, rank_only=False)[1]
        counts = [action["count"] for action in legal_actions]
        count = SET_SIZE[aim] if SET_SIZE[aim] in counts else counts[0]
        action = legal_actions[counts.index(count)]
        # Cards seen going to the target, or an earlier yes to this very count, back the choice up.
        fact = strongest([fact for fact in knowledge.positive_facts(target, rank)
                          if fact.kind == "took" or (fact.kind == "count" and fact.count == count)])
        params = {"count": count, "target": target, "rank": rank}
        if fact is not None:
            params["fact"] = cited(target, rank, fact)
        return Decision(action, Reason("likeliest-count", params))

    @staticmethod
    def _suits(knowledge: PublicKnowledge, outlook: Outlook, target: int, rank: str,
               legal_actions: list[dict]) -> Decision:
        odds = outlook.odds(target, rank)
        action = max(legal_actions, key=lambda action: odds.get(suit_set(action["suits"]), 0.0))
        received = [card for card in knowledge.received_cards(target, rank) if card[-1] in action["suits"]]
        return Decision(action, Reason("likeliest-suits", {"target": target, "rank": rank, "suits": action["suits"],
                                                           "received": list(received)}))

    def request_value(self, odds: dict[int, float], held: int, exposed: bool,
                      rank_only: bool) -> tuple[float, int]:
        """The expected worth of a request for a rank of which we hold `held` cards, and the holding
        to name in the count and suits questions (with the rank alone, the target hands over all)."""

        def worth(holding: int) -> float:
            size = SET_SIZE[holding]
            value = size + self.keep_turn
            if held + size == 4:
                value += self.chest_bonus + (self.secured_card * held if exposed else 0.0)
            return value

        if rank_only:
            return sum(chance * worth(holding) for holding, chance in odds.items() if holding), 0
        return max(((chance * worth(holding), holding) for holding, chance in odds.items() if holding),
                   default=(0.0, 0))

    @staticmethod
    def _ask_reason(view: dict[str, Any], knowledge: PublicKnowledge, action: dict) -> Reason:
        """The public evidence behind the request: only what the log shows and the question reveals."""
        me, target, rank = view["seat"], action["target"], action["rank"]
        fact = strongest(knowledge.positive_facts(target, rank))
        if fact is not None:
            return Reason("known-holder", {"fact": cited(target, rank, fact)})
        deniers = [other for other in range(view["players"])
                   if other not in (me, target) and view["hand_sizes"][other]
                   and knowledge.holds_none(other, rank) and knowledge.denials[other][rank] is not None]
        if deniers:
            denier = deniers[0]
            return Reason("others-denied", {"target": target, "rank": rank,
                                            "fact": cited(denier, rank, knowledge.denials[denier][rank])})
        if view["variant"]["must_hold_rank"] and knowledge.holds_some(me, rank):
            return Reason("rank-already-shown", {"rank": rank})
        return Reason("likeliest-holder", {"target": target, "rank": rank})


class Outlook:
    """How likely each holding of each opponent is, from deals sampled consistently with the evidence."""

    def __init__(self, view: dict[str, Any], knowledge: PublicKnowledge, rng: random.Random,
                 deadline: Deadline | None = None) -> None:
        self.knowledge = knowledge
        self.sampler = HandSampler(knowledge, view)
        self.samples = self.sampler.draw(rng, SAMPLES, SEARCH_STEPS, deadline)
        self._odds: dict[tuple[int, str], dict[int, float]] = {}

    def odds(self, target: int, rank: str) -> dict[int, float]:
        key = (target, rank)
        if key not in self._odds:
            self._odds[key] = self._count(target, rank)
        return self._odds[key]

    def _count(self, target: int, rank: str) -> dict[int, float]:
        if rank not in self.sampler.rank_index or target not in self.sampler.opponents:
            return {0: 1.0}     # laid down, or nothing in that hand
        if not self.samples:
            # The search found no deal in time: every holding the evidence allows, alike.
            possible = holdings(self.knowledge.families[target][rank])
            return dict.fromkeys(possible, 1 / len(possible))
        opponent = self.sampler.opponents.index(target)
        index = self.sampler.rank_index[rank]
        tally = Counter(sample[opponent][index] for sample in self.samples)
        return {holding: count / len(self.samples) for holding, count in tally.items()}
