"""The hard Chuvash Rooster bot: it remembers every card seen, samples the hidden cards, plays each move out.

From its view it knows (see knowledge) the cards beaten off, the cards on the table, the cards each
player took and still holds, and where the cards below the first attacker's card can be. For a
decision with a real choice it draws deals of the unseen cards that fit all this and, on each deal,
plays every candidate move followed by the rest of the game with the table's habits in every seat
(playout.Model). The same deals rate every candidate, so their differences are not the noise of the
deals; it makes the move that leaves it the rooster least often if that beats the habitual move by
more than chance would (a sign test over the deals), and otherwise keeps to the habit.

The candidates: to attack, each single card and each suit's weakest two, three, ... cards together
(the multi-card attacks); to defend, taking and the two cheapest cards that beat each unbeaten card;
to throw in, each card that may go and passing. Rollouts make the plans: a lead whose cards the
defender cannot beat, a defence that keeps the ace a later bout needs, a throw-in that forces a take.
"""

from __future__ import annotations

import math
import random
from typing import Any

from games.bots.base import Bot, Deadline, Decision, Reason
from games.rooster.bots.habits import leads, tables
from games.rooster.bots.knowledge import RoosterKnowledge
from games.rooster.bots.medium import habitual_decision
from games.rooster.bots.playout import Model

# Rollout actions per decision. One costs about 10–25 µs (the habits of every seat at every step): the
# budget keeps a decision's mean well under 50 ms.
STEP_BUDGET = 2_500
STEPS_PER_CARD = 3.5        # a rollout lasts about this many actions per card in the hands and the stock
MIN_SAMPLES = 4             # a decision the budget cannot rate on this many deals is left to the habit
MAX_SAMPLES = 200
# Players who always take can stall a game; a rollout still going after this many actions per card
# in play counts as having no rooster, as the arena counts such a game.
CAP_PER_CARD = 8
BEATERS_PER_CARD = 2
SIGN_TEST_Z = 1.65          # a one-sided 5% sign test on the deals where the two moves differ


class HardBot(Bot):
    level = "hard"

    def decide(self, view: dict[str, Any], legal_actions: list[dict], rng: random.Random) -> Decision:
        # Few deals rated before the deadline cannot overturn the habit (the sign test): no minimum of
        # samples needs to outlast the deadline.
        deadline = self.deadline(min_samples=0)
        habitual = habitual_decision(view, legal_actions)
        candidates = self.candidates(view, legal_actions, habitual.action)
        if len(candidates) == 1:
            return habitual
        in_play = sum(view["hand_sizes"]) + view["stock_size"]
        if len(candidates) * MIN_SAMPLES * STEPS_PER_CARD * in_play > STEP_BUDGET:
            return habitual             # too early in the game to rate so many moves in time
        knowledge = RoosterKnowledge(view)
        exact = knowledge.all_known() and view["stock_size"] == 0
        outcomes = rate(view, knowledge, candidates, CAP_PER_CARD * in_play, 1 if exact else MAX_SAMPLES, rng,
                        deadline)
        samples = len(outcomes[0])
        roosters = [sum(column) for column in outcomes]
        best = min(range(len(candidates)), key=lambda index: (roosters[index], index))
        # With every card's place known, the one deal played out is certain; otherwise the habit stands
        # unless a candidate beats it by more than the deals' noise.
        if not (exact and roosters[best] < roosters[0]) and not clearly_better(outcomes[best], outcomes[0]):
            return habitual             # the habitual move is candidate 0: it keeps its own reason
        action = candidates[best]
        params = {"move": action["type"], "samples": samples, "share": round(100 * roosters[best] / samples),
                  "habitual": round(100 * roosters[0] / samples), "exact": exact}
        if action["type"] in ("attack", "throw", "pass"):
            params["target"] = view["defender"]
        if action["type"] in ("attack", "throw"):
            params["cards"] = list(action["cards"])
        elif action["type"] == "beat":
            params.update(attack=action["attack"], card=action["card"])
        elif action["type"] == "take":
            params["cards"] = [pair["attack"] for pair in view["table"] if pair["beat"] is None]
        return Decision(action, Reason("sampled", params))

    @staticmethod
    def candidates(view: dict[str, Any], legal_actions: list[dict], habitual: dict) -> list[dict]:
        """The moves worth rating, the habitual one first."""
        if len(legal_actions) == 1:
            return legal_actions
        strength, beaters = tables(tuple(view["variant"]["suit_order"]))
        phase, hand = view["phase"], view["hand"]
        if phase == "attack":
            wanted = [sorted(cards) for cards in leads(hand, view["hand_sizes"][view["defender"]],
                                                        view["variant"]["multi_lead"], strength)]
            chosen = [action for action in legal_actions if sorted(action["cards"]) in wanted]
        elif phase == "defend":
            cheapest = {pair["attack"]: [card for card in beaters[pair["attack"]] if card in hand][:BEATERS_PER_CARD]
                        for pair in view["table"] if pair["beat"] is None}
            chosen = [action for action in legal_actions
                      if action["type"] == "take" or action["card"] in cheapest[action["attack"]]]
        else:
            chosen = legal_actions
        return [habitual] + [action for action in chosen if action != habitual]


def rate(view: dict[str, Any], knowledge: RoosterKnowledge, candidates: list[dict], cap: int, most: int,
         rng: random.Random, deadline: Deadline) -> list[list[bool]]:
    """Per candidate, on each sampled deal, whether it leaves this seat the rooster. Up to `most` deals
    are drawn while the step budget lasts and the deadline is not reached; stalled rollouts spend
    them faster, and then the sign test sees too few deals to overturn the habit."""
    seat = view["seat"]
    outcomes: list[list[bool]] = [[] for _ in candidates]
    samples = steps = 0
    while samples < most and steps < STEP_BUDGET:
        hands, stock = knowledge.sample(rng)
        start = world_model(view, hands, stock)
        roosters = []
        # The deadline is checked before each rollout, not each deal: on a busy machine a deal's
        # rollouts together may take longer than the margin left under the time limit.
        for action in candidates:
            if deadline.reached(samples):
                return outcomes     # a deal not played by every candidate compares nothing
            model = start.copy()
            model.apply(action)
            rooster, played = model.play_out(cap, deadline)
            if deadline.reached(samples):
                return outcomes     # the rollout may have been cut short
            roosters.append(rooster == seat)
            steps += played
        for column, rooster in zip(outcomes, roosters, strict=True):
            column.append(rooster)
        samples += 1
    return outcomes


def world_model(view: dict[str, Any], hands: list[list[str]], stock: list[str]) -> Model:
    """The position `view` shows, with every hand and the stock as sampled (knowledge.sample): the fast
    model a rollout starts from. The coach (games.rooster.coach) starts its playouts from it too."""
    table = [(pair["attack"], pair["beat"]) for pair in view["table"]]
    return Model(hands, stock, view["attacker"], view["defender"], table, view["phase"], view["current_player"],
                 view["offer"], has_thrown_in(view), view["variant"])


def clearly_better(candidate: list[bool], habitual: list[bool]) -> bool:
    """Whether a candidate leaves the bot the rooster on clearly fewer of the same deals than the
    habitual move: the deals where only one of them does lean its way by more than chance would
    (a sign test), so the noise of a few deals does not overturn a sound habit."""
    gains = sum(1 for new, old in zip(candidate, habitual, strict=True) if old and not new)
    losses = sum(1 for new, old in zip(candidate, habitual, strict=True) if new and not old)
    return gains - losses >= max(1.0, SIGN_TEST_Z * math.sqrt(gains + losses))


def has_thrown_in(view: dict[str, Any]) -> bool:
    """Whether the seat asked to throw in has thrown in this turn: its last action was a throw-in."""
    if view["phase"] != "throw":
        return False
    for event in reversed(view["log"]):
        if event["type"] in ("throw", "pass", "beat", "attack"):
            return event["type"] == "throw" and event["seat"] == view["current_player"]
    return False
