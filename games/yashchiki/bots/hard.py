"""The hard Yashchiki bot: it plays for its partnership, counting what the log shows and playing moves out.

From its view it knows (see knowledge) the cards played, the cards each player showed in an undeclared
pair and the suits (and twos) each player was shown to lack when they had to draw. For a decision with
a real choice it draws deals of the unseen cards that fit all this and, on each, plays every candidate
followed by the rest of the deal with the medium policy in every seat, scoring its partnership's points
at the end of the deal minus the opponents'. The same deals rate every candidate, so their differences
are not the noise of the deals; it makes the best move if that beats the habitual (medium) move by more
than chance would, and otherwise keeps to the habit. Rollouts score the team, not the seat: a move that
lets the partner go out counts as much as going out oneself, and a 2, 4 or 7 that saves the partner's
turn is worth what the partner sheds with it.

Its habit is the medium rating plus the suit count: a play that leaves the next opponent a suit to
follow (the card's own, or the one an 8 or 9 names) rates higher the fewer cards of that suit the log
lets that opponent hold; and a play that leaves a single card (a declared pair) rates higher.
The candidates: the few best rated cards or declared pairs it may play, if rated close to the habitual
one (an 8 or 9 with its best rated suit). Early in a deal, with many cards in the hands, rollouts would
cost too much and the habit decides alone.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

from games.bots.base import Bot, Deadline, Decision, Reason
from games.rules.cards import suit_of
from games.yashchiki.bots.knowledge import YashchikiKnowledge
from games.yashchiki.bots.tactics import Situation, explain_play, habitual_action, rate, upper_card
from games.yashchiki.rules import (
    DECK_INDEX,
    PLAYERS,
    YASHCHIKI,
    YashchikiState,
    YashchikiVariant,
    score_hand,
    team_of,
)

# Engine actions per decision. One costs about 100–170 µs with the policy (the engine re-checks every
# action and lists the legal ones at every step): the budget keeps a decision's mean well under 50 ms.
STEP_BUDGET = 300
MIN_SAMPLES = 5             # a decision the budget cannot rate on this many deals is left to the habit
MAX_SAMPLES = 40
MAX_CANDIDATES = 3          # the best rated plays worth playing out
CLOSE_CALL = 30             # ... if rated within this many points of the habitual one
STEPS_PER_CARD = 1.6        # a rollout lasts about this many actions per card in the hands
CAP_PER_CARD = 12           # a rollout still going after this many actions per card is scored as it stands
GAIN_Z = 1.0                # a candidate must beat the habit by this many standard errors of the difference
MIN_GAIN = 2.0              # and by at least this many points a deal
SCARCE_BONUS = 20           # leaving the next opponent a suit they cannot hold at all, in points
ONE_LEFT = 40               # a play that leaves a single card in the hand, in points


class HardBot(Bot):
    level = "hard"

    def decide(self, view: dict[str, Any], legal_actions: list[dict], rng: random.Random) -> Decision:
        # Stopped by its deadline before MIN_SAMPLES deals, a decision is left to the habit: no minimum
        # of samples needs to outlast the deadline.
        deadline = self.deadline(min_samples=0)
        habit = self.habit(view, legal_actions)
        if len(legal_actions) == 1 or len(habit.action["cards"]) == len(view["hand"]):
            return habit                                                     # forced, or going out
        situation, knowledge, habitual = Situation.of_view(view), YashchikiKnowledge(view), habit.action
        candidates = self.candidates(situation, knowledge, legal_actions, habitual)
        in_hands = sum(view["hand_sizes"])
        if len(candidates) == 1 or len(candidates) * MIN_SAMPLES * STEPS_PER_CARD * in_hands > STEP_BUDGET:
            return habit
        outcomes = play_outs(view, situation, knowledge, candidates, CAP_PER_CARD * in_hands, rng, deadline)
        samples = len(outcomes[0])
        if samples < MIN_SAMPLES:
            return habit
        means = [sum(column) / samples for column in outcomes]
        best = min(range(len(candidates)), key=lambda index: (means[index], index))
        if best == 0 or not clearly_better(outcomes[best], outcomes[0]):
            return habit
        action = candidates[best]
        params = {"cards": list(action["cards"]), "samples": samples, "gain": round(means[0] - means[best])}
        if "suit" in action:
            params["suit"] = action["suit"]
        return Decision(action, Reason("sampled", params))

    def habit(self, view: dict[str, Any], legal_actions: list[dict]) -> Decision:
        """The move the bot makes without playing anything out, and why: the only legal move, going out, or
        the best rated one (rate_knowing), which `decide` keeps unless a rollout finds a clearly better one."""
        situation = Situation.of_view(view)
        if len(legal_actions) == 1:
            return Decision(legal_actions[0], explain_play(legal_actions[0], situation))
        knowledge = YashchikiKnowledge(view)
        habitual = max(legal_actions, key=lambda action: rate_knowing(action, situation, knowledge))
        if len(habitual["cards"]) == len(situation.hand):
            return Decision(habitual, explain_play(habitual, situation))     # going out
        return Decision(habitual, self.explain(habitual, situation, knowledge))

    @staticmethod
    def candidates(situation: Situation, knowledge: YashchikiKnowledge, legal_actions: list[dict],
                   habitual: dict) -> list[dict]:
        """The moves worth playing out, the habitual one first."""
        wanted: dict[tuple[str, ...], dict] = {}
        best = rate_knowing(habitual, situation, knowledge)
        for action in sorted(legal_actions, key=lambda action: -rate_knowing(action, situation, knowledge)):
            if (action["type"] == "play" and action.get("declared") is not False
                    and rate_knowing(action, situation, knowledge) >= best - CLOSE_CALL):
                wanted.setdefault(tuple(action["cards"]), action)   # for an 8 or 9, its best rated suit
        chosen = list(wanted.values())[:MAX_CANDIDATES]
        return [habitual] + [action for action in chosen if action != habitual]

    @staticmethod
    def explain(action: dict, situation: Situation, knowledge: YashchikiKnowledge) -> Reason:
        following = situation.next_seat()
        if "suit" in action:
            most, held = knowledge.most_of_suit(following, action["suit"]), situation.hand_sizes[following]
            if most < held:
                return Reason("name-scarce", {"card": action["cards"][-1], "suit": action["suit"],
                                              "target": following, "most": most, "count": held})
        return explain_play(action, situation)


def rate_knowing(action: dict, situation: Situation, knowledge: YashchikiKnowledge) -> float:
    """The medium rating, plus a bonus for leaving the next opponent a suit to follow that the log shows
    they hold few cards of (they may have to draw instead of playing): the suit an 8 or 9 names, or
    the suit of the card played; and ONE_LEFT for a play that leaves a single card.

    The medium rating counts a pair's points only, so a pair of aces (0 points) rated no better than one
    ace, where three cards down to one leaves a hand that goes out at its next turn if it can follow
    (played out to the deal's end, 4S AC AH with clubs to follow: the aces declared are worth about 87
    team points more than the ace alone). A bonus for every card shed (60 / the cards left) suited the
    coach better still but lost about 27 points a match in the arena."""
    value = rate(action, situation)
    if action["type"] == "play" and len(action["cards"]) < len(situation.hand):
        value += ONE_LEFT if len(situation.hand) - len(action["cards"]) == 1 else 0
        following = situation.next_seat()
        suit = action.get("suit", suit_of(upper_card(action["cards"], situation.suit)))
        held = situation.hand_sizes[following]
        value += SCARCE_BONUS * (held - knowledge.most_of_suit(following, suit)) / held
    return value


def play_outs(view: dict[str, Any], situation: Situation, knowledge: YashchikiKnowledge, candidates: list[dict],
              cap: int, rng: random.Random, deadline: Deadline) -> list[list[int]]:
    """Per candidate, on each sampled deal, the partnership's points at the end of the deal minus the
    opponents' (fewer is better). Deals are drawn while the step budget lasts and the deadline is not
    reached."""
    outcomes: list[list[int]] = [[] for _ in candidates]
    samples = steps = 0
    while samples < MAX_SAMPLES and steps < STEP_BUDGET:
        hands, stock, discard = knowledge.sample(rng)
        start = sampled_deal(view, hands, stock, discard, rng.getrandbits(32))
        points = []
        # The deadline is checked before each rollout, not each deal: on a busy machine a deal's
        # rollouts together may take longer than the margin left under the time limit.
        for action in candidates:
            if deadline.reached(samples):
                return outcomes     # a deal not played by every candidate compares nothing
            state, played = play_out(start.apply(action), cap, deadline)
            if deadline.reached(samples):
                return outcomes     # the rollout may have been cut short
            points.append(partnership_points(state, situation.seat))
            steps += played + 1
        for column, value in zip(outcomes, points, strict=True):
            column.append(value)
        samples += 1
    return outcomes


def sampled_deal(view: dict[str, Any], hands: list[list[str]], stock: list[str], discard: list[str],
                 seed: int) -> YashchikiState:
    """The deal of `view` from here on as an engine state, with the hidden cards as sampled
    (YashchikiKnowledge.sample) and `seed` for its reshuffles. It is the last deal of a one-deal match,
    so the engine stops at its end."""
    variant = dataclasses.replace(YashchikiVariant(**view["variant"]), hand_sizes=(view["hand_size"],))
    return YASHCHIKI.state_from_dict({
        "game": "yashchiki", "variant": variant, "seed": seed, "dealer": view["dealer"],
        "deal_number": 1, "hands": [sorted(hand, key=DECK_INDEX.__getitem__) for hand in hands],
        "stock": stock, "discard": discard, "suit": view["suit"],
        "direction": 1 if view["direction"] == "clockwise" else -1, "chain": view["chain"], "reshuffles": 0,
        "totals": [0] * PLAYERS, "turn": view["seat"], "winners": [], "events": []})


def partnership_points(state: YashchikiState, seat: int) -> int:
    """The points of `seat`'s partnership minus the opponents' in a sampled deal (sampled_deal) played on:
    its score if it has ended, else the hands as they stand."""
    points = state.totals if state.is_over else [score_hand(hand, state.variant) for hand in state.hands]
    team = team_of(seat)
    return sum(points[other] if team_of(other) == team else -points[other] for other in range(PLAYERS))


def play_out(state: YashchikiState, cap: int, deadline: Deadline | None = None) -> tuple[YashchikiState, int]:
    """The deal played on by the medium policy in every seat, up to `cap` actions or the `deadline`: one
    rollout of a long deal can take a busy machine past a decision's time limit."""
    played = 0
    while not state.is_over and played < cap and not (deadline is not None and deadline.passed()):
        seat = state.turn
        situation = Situation(seat, state.hands[seat], state.suit, state.chain, state.direction,
                              [len(hand) for hand in state.hands], state.variant)
        state = state.apply(habitual_action(situation, state.legal_actions()))
        played += 1
    return state, played


def clearly_better(candidate: list[int], habitual: list[int]) -> bool:
    """Whether a candidate leaves the partnership clearly fewer points than the habitual move on the
    same deals: by more than MIN_GAIN a deal and more than GAIN_Z standard errors of the difference."""
    gains = [old - new for new, old in zip(candidate, habitual, strict=True)]
    count = len(gains)
    mean = sum(gains) / count
    spread = math.sqrt(sum((gain - mean) ** 2 for gain in gains) / (count - 1)) if count > 1 else 0.0
    return mean >= max(MIN_GAIN, GAIN_Z * spread / math.sqrt(count))
