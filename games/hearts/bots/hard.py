"""The hard Hearts bot: it reads the public log, samples the hidden hands, and plays each card out.

From its view it knows the cards played, the voids shown (see knowledge) and where its own pass
went. For a card decision it draws deals of the hidden cards consistent with all that (see
sampler) and, on each, plays every distinct legal card followed by the rest of the deal with the
heuristic player in every seat (playout.play_out). The same deals rate every card, and each card's
rollouts of a deal replay the same random draws, so their differences are not noise of the deals; a
card that is clearly worse than the best so far (by the paired differences) stops being played, so
the deals left in the budget go to the cards still in contention. It plays the habit's card (the
medium bot's) unless the card that costs the fewest points on average beats it by HABIT_Z standard
errors of the paired differences: the lowest of a few noisy means is often only the luckiest card on
these deals, and without that test the hard bot's card play took more points than the habits. Not
every opponent plays by habit: each play of this match that the cards a seat played later can
check against the habits either fits them or not (see knowledge), and the rollouts let a seat play
a random legal card as often as it seems to play at random.

The moon enters through the rollouts, where a moon of our own counts -26 and another seat's +26.
Once every point so far is ours, it also rates each card with itself playing for the moon (taking
tricks while the others try to keep a point from it) and goes for it when that costs clearly less.
When one opponent holds every point so far and enough of them, half the rollouts have that opponent
playing for the moon with only us to stop it, so cards that take a point trick away from it gain
value. The pass is rated the same way: the passes drawn from its most passable cards (and the
habitual one, see passing), on deals of the hidden hands where every other seat passes by habit. Its
some 21 candidates each play whole deals, so they are raced: all of them on a few deals, then the
best third on more deals, twice, so the finalists are compared on many deals. The habitual pass
races to the end, and the winner is passed only when it beats it as a card must beat the habit's.
"""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

from games.bots.base import Bot, Deadline, Decision, Reason
from games.bots.paired import paired_difference
from games.hearts.bots.knowledge import PASS_OFFSETS, DealKnowledge
from games.hearts.bots.medium import heuristic_play, pass_decision
from games.hearts.bots.moon import moon_decision
from games.hearts.bots.passing import heuristic_pass, pass_motive, pass_pool
from games.hearts.bots.playout import (
    QUEEN_OF_SPADES,
    SUIT_LETTERS,
    card_code,
    card_number,
    cost,
    hand_of,
    play_out,
)
from games.hearts.bots.sampler import HandSampler

# Simulated card plays per decision (1–4 µs each): deals are drawn until the cards still rated have
# spent it, so a decision's mean stays well under 50 ms (about 18 ms of CPU for a card with a choice, 45 ms
# at worst, on the project's 2-core machine). Drawing a deal costs about as much as
# DRAW_COST plays, and setting up a rollout as PLAYOUT_COST: late in a deal, with few cards left,
# that is most of the work.
PLAY_BUDGET = 36_000
DRAW_COST, PLAYOUT_COST = 50, 4
MIN_SAMPLES, MAX_SAMPLES = 12, 240
PRUNE_EVERY = 6             # after every this many deals, the cards clearly worse than the best are dropped:
PRUNE_Z = 3.0               # worse by this many standard errors of the paired differences
PRUNE_GAP = 0.5             # and by at least this many points a deal
PASS_BUDGET = 25_000        # the same for the pass, whose candidates play whole deals (about 32 ms of CPU)
PASS_ROUNDS = 3             # the pass race: each round spends a third of the budget,
PASS_KEPT = 1 / 3           # and the next one plays on this share of the passes
PASS_MIN_DEALS = 2          # deals every pass is played on, whatever the deadline
PASS_POOL = 6               # passes are drawn from this many of the most passable cards
MOON_ALERT = 10             # an opponent with every point so far and at least this many may be shooting
MOON_THREAT_SHARE = 0.5     # the share of rollouts in which such an opponent plays for the moon
ALL_SEATS = 0b1111
MOON_MARGIN = 1.0           # our own moon attempt must save this many points on average
HABIT_Z = 1.5               # a card other than the habit's must beat it by this many standard errors


class HardBot(Bot):
    level = "hard"

    def decide(self, view: dict[str, Any], legal_actions: list[dict], rng: random.Random) -> Decision:
        kind = legal_actions[0]["type"]
        if kind == "moon":
            return moon_decision(view, legal_actions)
        knowledge = DealKnowledge(view)
        if kind == "pass":
            return self._pass(knowledge, legal_actions, rng, self.deadline(PASS_MIN_DEALS))
        return self._play(knowledge, legal_actions, rng, self.deadline(MIN_SAMPLES))

    def _pass(self, knowledge: DealKnowledge, legal_actions: list[dict], rng: random.Random,
              deadline: Deadline) -> Decision:
        hand = knowledge.hand
        habitual, _ = heuristic_pass(hand)
        candidates = [list(combination) for combination in itertools.combinations(pass_pool(hand, PASS_POOL), 3)]
        if habitual not in candidates:
            candidates.append(habitual)
        totals, samples, costs = self.rate_passes(knowledge, candidates, habitual, rng, deadline)
        best = min(range(len(candidates)), key=lambda index: (totals[index], candidates[index] != habitual))
        habit_index = candidates.index(habitual)
        if not clearly_better(costs[best], costs[habit_index], HABIT_Z):
            best = habit_index
        chosen = candidates[best]
        decision = pass_decision(chosen, pass_motive(chosen, hand), knowledge, legal_actions)
        params = {**decision.reason.params, "expected": round(totals[best] / samples, 1), "samples": samples}
        return Decision(decision.action, Reason("pass", params))

    @staticmethod
    def rate_passes(knowledge: DealKnowledge, candidates: list[list[int]], habitual: list[int], rng: random.Random,
                    deadline: Deadline) -> tuple[list[float], int, list[list[float]]]:
        """Each pass's total cost over deals of the hidden hands in which the others pass by habit and
        everyone then plays heuristically, the number of deals the finalists were played on, and each
        pass's cost on each deal it was played on.

        A race (successive halving): each of PASS_ROUNDS rounds spends about the same share of the budget
        on the passes still in it, and the best PASS_KEPT of them go on to the next round, with the habitual
        pass, which races to the end to be compared with the winner on the same deals; a pass dropped on
        the way has an infinite total.
        """
        me = knowledge.seat
        offset = PASS_OFFSETS[knowledge.view["pass_direction"]]
        mine = knowledge.hand_cards
        unseen = [number for number in range(52) if number not in mine]
        rules, moon = knowledge.rules, knowledge.rules.moon
        totals = [0.0] * len(candidates)
        costs: list[list[float]] = [[] for _ in candidates]
        racing = list(range(len(candidates)))
        habit_index = candidates.index(habitual)
        deals = 0
        for round_number in range(PASS_ROUNDS):
            if round_number:
                racing.sort(key=lambda index: (totals[index], index != habit_index))
                racing = sorted({*racing[:math.ceil(len(racing) * PASS_KEPT)], habit_index})
            for _ in range(max(1, PASS_BUDGET // (PASS_ROUNDS * len(racing) * 52))):
                if deadline.reached(deals):
                    break
                rng.shuffle(unseen)
                cards = {me: mine}
                passes = {}
                for step in (1, 2, 3):
                    seat = (me + step) % 4
                    cards[seat] = unseen[(step - 1) * 13:step * 13]
                    passes[seat] = heuristic_pass(hand_of(cards[seat]))[0]
                noise_seed = rng.getrandbits(32)
                for index in racing:
                    passes[me] = candidates[index]
                    hands = []
                    for seat in range(4):
                        giver = (seat - offset) % 4
                        kept = [number for number in cards[seat] if number not in passes[seat]]
                        hands.append(hand_of(kept + passes[giver]))
                    leader = next(seat for seat in range(4) if hands[seat][0] and hands[seat][0][0] == 0)
                    points = play_out(hands, leader, [], [0, 0, 0, 0], False, True, True, -1, rules, -1, 0,
                                      knowledge.randomness, random.Random(noise_seed))
                    deal_cost = cost(points, me, moon)
                    totals[index] += deal_cost
                    costs[index].append(deal_cost)
                deals += 1
        finalists = set(racing)
        return [total if index in finalists else math.inf for index, total in enumerate(totals)], deals, costs

    def _play(self, knowledge: DealKnowledge, legal_actions: list[dict], rng: random.Random,
              deadline: Deadline) -> Decision:
        if len(legal_actions) == 1:
            return heuristic_play(knowledge, legal_actions)
        by_number = {card_number(action["card"]): action for action in legal_actions}
        candidates = distinct_cards(sorted(by_number), knowledge)
        if len(candidates) == 1:
            return heuristic_play(knowledge, legal_actions)     # every legal card does the same
        me = knowledge.seat
        hopeful = knowledge.moon_hopeful()
        threat = hopeful if hopeful >= 0 and hopeful != me and knowledge.points[hopeful] >= MOON_ALERT else -1
        shooting = hopeful == me
        totals, samples, costs = self.rate(knowledge, candidates, rng, threat, shooting, deadline)
        normal = [total[0] / samples for total in totals]
        best = min(range(len(candidates)), key=lambda index: (normal[index], candidates[index] % 13))
        habit = candidates.index(representative(card_number(heuristic_play(knowledge, legal_actions).action["card"]),
                                                candidates))
        if math.isfinite(normal[habit]) and not clearly_better(costs[best], costs[habit], HABIT_Z):
            best = habit
        expected, for_moon = normal[best], False
        if shooting:
            moon_best = min(range(len(candidates)), key=lambda index: (totals[index][1], candidates[index] % 13))
            if totals[moon_best][1] / samples + MOON_MARGIN < expected:
                best, expected, for_moon = moon_best, totals[moon_best][1] / samples, True
        card = candidates[best]
        return Decision(by_number[card], self._reason(knowledge, card, expected, samples, for_moon, threat))

    @staticmethod
    def rate(knowledge: DealKnowledge, candidates: list[int], rng: random.Random, threat: int = -1,
             shooting: bool = False, deadline: Deadline | None = None
             ) -> tuple[list[list[float]], int, list[list[float]]]:
        """Each candidate's total cost over the sampled deals (and, when `shooting`, a second total
        with ourselves playing for the moon), the number of deals sampled, and each candidate's cost on
        each deal it was played on (the first ones: a dropped card is played on no more).

        Deals are drawn until the cards still rated have spent PLAY_BUDGET card plays (at least
        MIN_SAMPLES deals, at most MAX_SAMPLES, fewer if the deadline is reached). Every PRUNE_EVERY deals
        a card clearly worse than the best so far is dropped, with an infinite total; when `shooting`,
        none is, as the two totals of a card may disagree.
        """
        me = knowledge.seat
        modes = 2 if shooting else 1
        plays = sum(knowledge.hand_sizes)
        sampler = HandSampler(knowledge)
        rules, moon = knowledge.rules, knowledge.rules.moon
        totals = [[0.0] * modes for _ in candidates]
        costs: list[list[float]] = [[] for _ in candidates]     # per deal, for the pruning
        rated = list(range(len(candidates)))
        threat_every = round(1 / MOON_THREAT_SHARE)
        # Against a would-be shooter we alone block: the others may not see it coming. Our own shot
        # all the others try to stop.
        blockers = [1 << me, ALL_SEATS & ~(1 << me)]
        samples = spent = 0
        while samples < MAX_SAMPLES and (samples < MIN_SAMPLES or spent < PLAY_BUDGET):
            if deadline is not None and deadline.reached(samples):
                break
            deal = sampler.draw(rng)
            normal_shooter = threat if threat >= 0 and samples % threat_every == 0 else -1
            noise_seed = rng.getrandbits(32)
            for index in rated:
                for mode in range(modes):
                    hands = [[list(ranks) for ranks in hand] for hand in deal]
                    points = play_out(hands, knowledge.leader, list(knowledge.trick), list(knowledge.points),
                                      knowledge.broken, knowledge.first, knowledge.queen_out,
                                      me if mode else normal_shooter, rules, candidates[index], blockers[mode],
                                      knowledge.randomness, random.Random(noise_seed))
                    deal_cost = cost(points, me, moon)
                    totals[index][mode] += deal_cost
                costs[index].append(deal_cost)
            spent += DRAW_COST + len(rated) * modes * (plays + PLAYOUT_COST)
            samples += 1
            if not shooting and len(rated) > 1 and samples % PRUNE_EVERY == 0:
                leader = min(rated, key=lambda index: totals[index][0])
                rated = [index for index in rated if not clearly_worse(costs[index], costs[leader])]
        return ([total if index in rated else [math.inf] * modes for index, total in enumerate(totals)], samples,
                costs)

    @staticmethod
    def _reason(knowledge: DealKnowledge, card: int, expected: float, samples: int, for_moon: bool,
                threat: int) -> Reason:
        placed, led, win_rank, win_seat, trick_points = knowledge.trick_state()
        params: dict[str, Any] = {"card": card_code(card), "expected": round(expected, 1), "samples": samples}
        if placed:
            params.update(suit=SUIT_LETTERS[led], winner=win_seat, winning=card_code(led * 13 + win_rank),
                          points=trick_points)
        if for_moon:
            return Reason("sampled-moon", {**params, "taken": knowledge.points[knowledge.seat]})
        if threat >= 0:
            return Reason("sampled-stop", {**params, "seat": threat, "taken": knowledge.points[threat]})
        voids = [void for void in knowledge.voids if void.seat != knowledge.seat]
        if voids:
            # The latest void shown: the freshest public fact the samples respect.
            void = voids[-1]
            params["void"] = {"seat": void.seat, "suit": SUIT_LETTERS[void.suit]}
        return Reason("sampled", params)


def clearly_worse(costs: list[float], best: list[float]) -> bool:
    """Whether a card costs clearly more than the best one on the same deals: by more than PRUNE_GAP
    points a deal and more than PRUNE_Z standard errors of the paired differences."""
    mean, error = paired_difference(costs, best)
    return mean > max(PRUNE_GAP, PRUNE_Z * error)


def clearly_better(costs: list[float], other: list[float], z: float) -> bool:
    """Whether a card costs less than another on the deals both were played on, by more than `z`
    standard errors of the paired differences."""
    mean, error = paired_difference(costs, other)
    return mean < -z * error


def representative(number: int, candidates: list[int]) -> int:
    """The candidate (see distinct_cards) that stands for the legal card `number`: the highest one of its
    suit not above it."""
    return max(candidate for candidate in candidates if candidate // 13 == number // 13 and candidate <= number)


def distinct_cards(numbers: list[int], knowledge: DealKnowledge) -> list[int]:
    """The legal cards that can make a difference: of cards of one suit with nothing between them
    but our own cards and cards played in earlier tricks, only the lowest (the queen of spades, with
    its points, always counts on her own)."""
    gone = knowledge.played
    for number in knowledge.trick:
        gone &= ~(1 << number)
    for number in knowledge.hand_cards:
        gone |= 1 << number
    distinct: list[int] = []
    previous = -1
    for number in numbers:
        if (previous >= 0 and previous // 13 == number // 13 and QUEEN_OF_SPADES not in (previous, number)
                and all(gone >> between & 1 for between in range(previous + 1, number))):
            previous = number
            continue
        distinct.append(number)
        previous = number
    return distinct
