"""The Hearts coach: every legal card (or pass, or moon choice) valued in points of the current deal.

A decision is valued from the seat's view only, with the hard bot's own parts: `DealKnowledge` reads
the public log (voids, cards played, where our own pass went), `HandSampler` deals the hidden cards
consistently with it, and `playout.play_out` plays the rest of the deal with the heuristic player
(the medium bot's play) in every seat. Unlike the hard bot's rollouts, no seat is played out as
playing at random, however it has played so far: a move is judged against sound play around the
table, not by what other players' blunders would forgive. Random cards in the playouts blur what a
move changes (a queen of spades that a random player may or may not take later); played out so,
the random player's moves were marked mistakes in 16% of its decisions only (see the figures below).
The unit is "points": minus
the seat's penalty points for the deal (`playout.cost`: a moon of our own counts -26, another's +26,
or a third of that under moon-subtract), so more is better and the narration says "costs N points".
Only the current deal is played out: the points of a deal are what a card changes, and later deals
start from a fresh shuffle.

- **Card play.** Every legal card is played on the same sampled deals. Cards that cannot make a
  difference (of one suit with nothing between them but our own cards and cards of earlier tricks,
  the hard bot's `distinct_cards`) are played out once and share the result, so they get equal
  values and playing one for another is never judged. As in the hard bot, when another seat holds
  every point so far (and at least `MOON_ALERT`) half the worlds let it play for the moon with us
  alone blocking; when every point so far is ours, each card is also played out with ourselves
  going for the moon and the others stopping us, and a card is worth the better of the two plans
  (the moon plan only when it gains `MOON_MARGIN` on average: a plan is chosen on the average over
  the worlds, never world by world, which would be hindsight).
- **Pass.** The 286 passes of a hand are too many to play out (about 14 ms a world for all of them).
  `candidates` keeps the ones worth valuing: the hard bot's own candidates (every three of its six
  most passable cards, and the habitual pass), among which is always the hard bot's choice; the pass
  actually played comes in through evaluate's `include`. In each world the other seats pass by habit
  (`passing.heuristic_pass`, as in the hard bot), the cards change hands and the whole deal is played
  out. A pass has its own budget (`pass_budget`), as its some 21 candidates each play a whole deal.
- **Moon choice** (moon-choice preset). Both choices move the shooter 26 points ahead of everyone,
  so both are worth the same +26; they differ only when one of them ends the match: ending it as
  the only lowest total adds `MATCH_STAKE` points, ending it without winning takes `MATCH_STAKE`
  away (a shared win counts as playing on). Nothing is hidden any more, so every world agrees.

The reason is the hard bot's own reason for the best move, with the coach's figures (the expected
points and the number of worlds: the coach is the hard bot's method on deals of its own). It is built
from the evaluation rather than by running the hard bot again, which would sample other deals on top
of the evaluation's (some 15–20 ms a card play and 30–40 ms a pass, within the bot's own budget). Where
the hard bot does not sample (one card, cards that are all alike, the moon choice) its reason is asked for.

Budget and figures (`manage.py bench_coach`'s line-up: random and hard seats alternating, every decision
with more than one legal action evaluated; this 2-core machine shared with other work, load 4):
64 worlds for a card play, 32 for a pass, which keeps the evaluation deterministic for its seed (no
time limit) and within its time goal — over 1,330 decisions of 30 first deals, 38 decisions a second,
mean 26 ms, p95 86 ms, max 121 ms (passes: mean 80 ms, p95 98 ms; card plays: mean 21 ms, p95 53 ms);
over 1,075 decisions of 3 whole matches, mean 25 ms, p95 70 ms.

Thresholds, in points of the deal, from the same runs: the hard bot's own moves lose more than 1 point
against the coach's best in 5% of its decisions and more than 3 points in 0.6% (sampling noise on
near-equal cards and passes: its deals and the coach's disagree), while the random player's moves lose
more than 1 point in 38% and more than 3 points in 17% (the queen of spades kept or taken, a high card
taking the trick with the points on it). An inaccuracy loses more than 1 point (a heart, on average); a
mistake more than 3 (three hearts, or about a quarter of the queen of spades). Both must also clear the
sampling noise. Judged so, with the random-looking seats played out at random, 15.5% of the random
player's moves were mistakes (11.7% inaccuracies) against 0.15% of the hard bot's (0.5% inaccuracies),
and 256 worlds instead of 64 changed that by half a point: the playouts, not the noise, hid the losses.
With habits in every seat (`manage.py bench_coach hearts --games 30 --reviews 0`, seeds 1 and 2, 1,309
and 1,334 decisions): 20.5% and 20.3% of the random player's moves are mistakes (12% and 16%
inaccuracies), 1.3% and 1.1% of the hard bot's (its rollouts still expect random players to blunder):
16x and 19x. Mean 40 ms, p95 115 ms a decision with the machine's load at 8 (the whole run's CPU time:
20 ms a decision). Against the hard bot that then kept to its habit unless another card was clearly better, the
random player meets other positions: 15.1% and 17.5% (docs/coach.md), in which most random moves cost little: at
seed 1, 42% of them lose nothing against the best move and 64% under a point, and with 256 worlds instead of 64 the
share is 15.8% against 15.2% (only 3 of 683 random moves lose more than 3 points without clearing the noise).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from typing import Any

from games.bots.base import Reason
from games.coach.base import ActionValue, Budget, Coach, Evaluation, Thresholds
from games.hearts.bots.evidence import pass_reason
from games.hearts.bots.hard import MOON_ALERT, MOON_MARGIN, PASS_POOL, HardBot, distinct_cards, representative
from games.hearts.bots.knowledge import PASS_OFFSETS, DealKnowledge
from games.hearts.bots.passing import heuristic_pass, pass_motive, pass_pool
from games.hearts.bots.playout import ALL_POINTS, Hand, card_code, card_number, cost, hand_of, play_out
from games.hearts.bots.sampler import HandSampler
from games.rules.cards import card_sort_key

ALL_SEATS = 0b1111
# What ending the match by the moon choice is worth, won or lost, against playing on: a deal's points.
MATCH_STAKE = ALL_POINTS
MOON_PLAN = "moon"          # marks a card played out with ourselves going for the moon (see evaluate)


@dataclasses.dataclass
class Deal:
    """What every world of one decision shares: the seat's knowledge of the deal, read once."""

    knowledge: DealKnowledge
    classes: dict[str, int]         # each card of the hand -> the card number played out for it


@dataclasses.dataclass
class World:
    """One sampled deal of the hidden cards. `results` keeps each rollout already played in it: a playout
    by habit is fixed by its world, so a card alike to one already played out (or the same card under
    the same plan) has the same result."""

    deal: Deal
    hands: list[Hand]               # the four hands now (in the pass phase: before the pass)
    shooter: int = -1               # another seat playing for the moon in this world's rollouts
    passes: list[list[int]] | None = None     # the other seats' passes (pass phase)
    results: dict[tuple, float] = dataclasses.field(default_factory=dict)


class HeartsCoach(Coach):
    game_key = "hearts"
    unit = "points"
    thresholds = Thresholds(inaccuracy=1.0, mistake=3.0)
    budget = Budget(worlds=64)          # a card play (see the figures above)
    pass_budget = Budget(worlds=32)     # a pass, when no budget is given: its candidates play whole deals

    # -- which actions to value ----------------------------------------------------------------------
    def candidates(self, view: dict[str, Any], legal_actions: list[dict]) -> list[dict]:
        """The legal actions worth valuing, in the engine's order: all of them, except for the pass, where
        they are the hard bot's candidate passes (evaluate's `include` adds the pass played)."""
        if not legal_actions or legal_actions[0]["type"] != "pass":
            return legal_actions
        hand = hand_of(view["hand"])
        wanted = [sorted(map(card_code, combination)) for combination in itertools.combinations(
            pass_pool(hand, PASS_POOL), 3)]
        wanted.append(sorted(map(card_code, heuristic_pass(hand)[0])))
        return [action for action in legal_actions if sorted(action["cards"]) in wanted]

    # -- the hooks -----------------------------------------------------------------------------------
    def worlds(self, view: dict[str, Any], rng: random.Random, count: int) -> list[Any]:
        if view["phase"] == "moon":
            return [None] * min(count, 2)       # the deal is over: nothing hidden matters, every world agrees
        knowledge = DealKnowledge(view)
        deal = Deal(knowledge, self._classes(view, knowledge))
        sampler = HandSampler(knowledge)
        me = knowledge.seat
        hopeful = knowledge.moon_hopeful()
        threat = hopeful if hopeful >= 0 and hopeful != me and knowledge.points[hopeful] >= MOON_ALERT else -1
        worlds = []
        for index in range(count):
            hands = sampler.draw(rng)
            world = World(deal, hands, shooter=threat if index % 2 == 0 else -1)
            if view["phase"] == "pass":
                world.passes = [heuristic_pass(hand)[0] if seat != me else [] for seat, hand in enumerate(hands)]
            worlds.append(world)
        return worlds

    def outcome(self, world: Any, view: dict[str, Any], action: dict, rng: random.Random) -> float:
        kind = action["type"]
        if kind == "moon":
            return moon_value(view, action["choice"])
        if kind == "pass":
            return self._pass_outcome(world, action)
        plan = action.get("plan", "")
        key = (world.deal.classes[action["card"]], plan)
        if key not in world.results:
            world.results[key] = self._play_outcome(world, key[0], plan == MOON_PLAN)
        return world.results[key]

    def reason(self, view: dict[str, Any], legal_actions: list[dict], best: dict, rng: random.Random) -> Reason | None:
        if best["type"] == "moon" or len(legal_actions) == 1 or (
                best["type"] == "play" and len(distinct_cards(_numbers(legal_actions), DealKnowledge(view))) == 1):
            return super().reason(view, legal_actions, best, rng)       # cheap: here the bot does not sample
        return None         # built from the evaluation's own figures, see evaluate

    # -- evaluate: the moon plan and the reason ------------------------------------------------------
    def evaluate(self, view: dict[str, Any], legal_actions: list[dict], *, seed: int | str,
                 budget: Budget | None = None, include: dict | None = None) -> Evaluation:
        """As Coach.evaluate; when every point of the deal so far is ours, each card is played out twice,
        normally and going for the moon, and is worth the better plan on average."""
        if not legal_actions:
            raise ValueError("There is no decision to evaluate: the seat has no legal action.")
        if budget is None and legal_actions[0]["type"] == "pass":
            budget = self.pass_budget
        knowledge = DealKnowledge(view)
        shooting = (legal_actions[0]["type"] == "play" and knowledge.moon_hopeful() == view["seat"]
                    and len(distinct_cards(_numbers(legal_actions), knowledge)) > 1)
        for_moon: set[str] = set()          # the cards worth more played for the moon
        if not shooting:
            evaluation = super().evaluate(view, legal_actions, seed=seed, budget=budget, include=include)
        else:
            # Every card given is a candidate (`candidates` keeps them all): `include` joins them here.
            if include is not None and include not in legal_actions:
                legal_actions = [*legal_actions, include]
            plans = [{**action, "plan": plan} for action in legal_actions for plan in ("", MOON_PLAN)]
            evaluation = super().evaluate(view, plans, seed=seed, budget=budget)
            evaluation = self._best_plans(evaluation, legal_actions, for_moon)
        if evaluation.reason is None and evaluation.worlds and legal_actions[0]["type"] != "moon":
            moon = evaluation.best.action["type"] == "play" and evaluation.best.action["card"] in for_moon
            evaluation = dataclasses.replace(evaluation, reason=self._sampled_reason(view, evaluation, moon))
        return evaluation

    @staticmethod
    def _best_plans(evaluation: Evaluation, legal_actions: list[dict], for_moon: set[str]) -> Evaluation:
        """Each card at the better of its two plans (adding to `for_moon` the cards played for the moon),
        ranked as Coach.evaluate ranks them."""
        by_plan = {(value.action["card"], value.action["plan"]): value for value in evaluation.values}
        values = []
        for action in legal_actions:
            normal, moon = by_plan[(action["card"], "")], by_plan[(action["card"], MOON_PLAN)]
            chosen = normal
            if moon.value > normal.value + MOON_MARGIN:
                chosen = moon
                for_moon.add(action["card"])
            values.append(ActionValue(action, chosen.value, chosen.outcomes))
        order = sorted(range(len(values)), key=lambda number: (-round(values[number].value, 9), number))
        return dataclasses.replace(evaluation, values=tuple(values[number] for number in order))

    @staticmethod
    def _sampled_reason(view: dict[str, Any], evaluation: Evaluation, for_moon: bool) -> Reason:
        """The hard bot's reason for the best move, with the coach's expectation and number of worlds."""
        best = evaluation.best
        expected = -best.value
        knowledge = DealKnowledge(view)
        if best.action["type"] == "pass":
            cards = sorted(best.action["cards"], key=card_sort_key)
            receiver = (knowledge.seat + PASS_OFFSETS[view["pass_direction"]]) % 4
            reason = pass_reason(cards, pass_motive(list(map(card_number, cards)), knowledge.hand), receiver)
            return Reason("pass", {**reason.params, "expected": round(expected, 1), "samples": evaluation.worlds})
        me = knowledge.seat
        hopeful = knowledge.moon_hopeful()
        threat = hopeful if hopeful >= 0 and hopeful != me and knowledge.points[hopeful] >= MOON_ALERT else -1
        return HardBot._reason(knowledge, card_number(best.action["card"]), expected, evaluation.worlds, for_moon,
                               threat)

    # -- playing out ---------------------------------------------------------------------------------
    @staticmethod
    def _play_outcome(world: World, card: int, for_moon: bool) -> float:
        knowledge = world.deal.knowledge
        me, rules = knowledge.seat, knowledge.rules
        hands = [[list(ranks) for ranks in hand] for hand in world.hands]
        if for_moon:
            shooter, blockers = me, ALL_SEATS & ~(1 << me)
        else:
            shooter, blockers = world.shooter, 1 << me
        points = play_out(hands, knowledge.leader, list(knowledge.trick), list(knowledge.points), knowledge.broken,
                          knowledge.first, knowledge.queen_out, shooter, rules, card, blockers)
        return -cost(points, me, rules.moon)

    @staticmethod
    def _pass_outcome(world: World, action: dict) -> float:
        knowledge = world.deal.knowledge
        me = knowledge.seat
        offset = PASS_OFFSETS[knowledge.view["pass_direction"]]
        passes = list(world.passes)
        passes[me] = [card_number(card) for card in action["cards"]]
        hands: list[Hand] = []
        for seat in range(4):
            giver = (seat - offset) % 4
            kept = [suit * 13 + rank for suit in range(4) for rank in world.hands[seat][suit]
                    if suit * 13 + rank not in passes[seat]]
            hands.append(hand_of(kept + passes[giver]))
        leader = next(seat for seat in range(4) if hands[seat][0] and hands[seat][0][0] == 0)
        points = play_out(hands, leader, [], [0, 0, 0, 0], False, True, True, -1, knowledge.rules)
        return -cost(points, me, knowledge.rules.moon)

    @staticmethod
    def _classes(view: dict[str, Any], knowledge: DealKnowledge) -> dict[str, int]:
        """Each card of the hand with its stand-in, the lowest card it cannot differ from (hard.distinct_cards
        over the whole hand: within a suit every card is legal or none is, and the queen of spades, the
        one exception, stands for herself)."""
        if view["phase"] != "play":
            return {}
        numbers = sorted(knowledge.hand_cards)
        distinct = distinct_cards(numbers, knowledge)
        return {card_code(number): representative(number, distinct) for number in numbers}


def _numbers(legal_actions: list[dict]) -> list[int]:
    return sorted(card_number(action["card"]) for action in legal_actions)


def moon_value(view: dict[str, Any], choice: str) -> float:
    """The moon choice's worth to the shooter: +26 either way, and MATCH_STAKE more or less when the
    choice ends the match with the shooter the only lowest total or not winning."""
    me = view["seat"]
    variant = view["variant"]
    if choice == "add":
        totals = [total + (0 if seat == me else ALL_POINTS) for seat, total in enumerate(view["scores"])]
    else:
        totals = [total - (ALL_POINTS if seat == me else 0) for seat, total in enumerate(view["scores"])]
    value = float(ALL_POINTS)
    if max(totals) >= variant["end_at"]:
        lowest = min(totals)
        tied = [seat for seat, total in enumerate(totals) if total == lowest]
        if len(tied) == 1 or variant["tie"] == "shared":
            if tied == [me]:
                value += MATCH_STAKE
            elif me not in tied:
                value -= MATCH_STAKE
    return value
