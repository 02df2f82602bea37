"""The Yashchiki coach: every card, pair and named suit valued in team points of the current deal.

The unit, "team-points", is the expected difference of the deal's points: the opponents' points minus those
of the seat's own partnership (fewer points is better in Yashchiki, so more is better for the seat). Only
the current deal counts: the next one is a fresh shuffle, whatever is played now.

**Worlds.** The hard bot's knowledge model (games.yashchiki.bots.knowledge) reads the public log of the
deal: the cards played, the pairs shown undeclared (they went back to the hand in plain view), the suits
and twos a player was shown to lack when they had to draw, the cards a reshuffle turned back into unseen
ones. Its sampler deals the unseen cards to every other hand and the stock consistently with all of it, and
`hard.sampled_deal` (shared with the bot's rollouts) makes each sample an engine state.

**Playing out.** Whole deals are no measure of one move here: a deal goes on while players who cannot
follow draw, hands shrink and grow again, and who goes out first is mostly luck. From decision states of
habit-played deals the final team points are hardly predictable at all (R² about 0.03), and playing every
candidate to the end on 24 worlds leaves a spread of about 130 points per world, where most moves differ
by a few. So each candidate is played by the engine in the world, followed by `HORIZON` more moves with
the medium policy in every seat (the policy of the hard bot's rollouts, `hard.play_out`): the next
opponent's answer to the move (follow, draw, or be skipped, hit by a 2, 5 or 7) and the partner's turn. A
player left to move with a single card goes out at once, so that move is played too. If the deal ends,
the seat gets its real score; else the state is valued by `expected_points`.

**Valuing the end.** `expected_points` is each hand's expected score at the end of the deal, linear in
the hand's points (score_hand), its number of cards, whether it is to move, and how few cards the other
hands have (a hand's points count for more when another player is about to go out). It was fitted by
least squares on the team difference of 425,000 decision states of 530 standard matches played by the
medium policy in every seat, each labelled with the points the seats scored when that deal ended, and
checked on the 212,000 states of 270 other matches (R² 0.025 overall, 0.07 with under 8 cards in hands:
luck rules, but the state's share of it is what a move changes). A hand's points count from 0.07
(everyone else holds three cards or more) to 0.24 of their face value (someone else holds one): most
cards held now are shed before the end and replaced by cards drawn.

**Budget.** The engine costs about 0.1 ms an action with the policy, so a decision plays at most
`PLAYOUTS` candidate playouts: 24 worlds for up to six candidates, fewer (never fewer than `MIN_WORLDS`)
for more (an 8 or 9 names four suits; pairs add more). No time limit: deterministic for a seed.
Undeclared pairs all lead to the same state (the cards go back, one penalty card), so one is played out
per world and shared.

**Reason.** Running the hard bot itself (its rollouts) costs about 130 ms a decision (p95 190 ms) — more
than a whole evaluation may — so the reason is the hard bot's habit (HardBot.habit: the move and reason it
keeps unless its rollouts overturn it) when that is the best move; otherwise there is none and the
narration words the coach's figures.

**Thresholds**, in team points of the deal: a move that loses more than 12 against the best is a mistake,
more than 5 an inaccuracy (both only when the loss is also clear of the noise of the worlds). Below 5 most
differences are the horizon's guesses between near-equal cards; an undeclared pair in mid-deal (a penalty
card, two cards not shed, the turn lost) costs about 6; 12 and more is a suit named that lets the next
opponent shed a pair of eights, a chain of twos taken instead of passed on, a pair not declared when it
would have gone out. Measured like `manage.py bench_coach yashchiki` (first deals of the standard preset,
random and hard seats alternating) over 60 deals, 9,570 decisions: mean 23 ms, p95 38 ms, max 139 ms; the
random player's moves are mistakes in 24% of its decisions (inaccuracies 21%; without its undeclared
pairs, 17%), the hard bot's in 5.3% (inaccuracies 7.9%), 4.6x (4.0x at a threshold of 8, 4.1x at 20).
The hard bot's "mistakes" are where its habit and the coach's horizon disagree; played by the coach's best
moves, a partnership beat two medium bots by 17 ± 7 team points a deal over 200 first deals played both
ways round, where the hard bot beat them by 7 ± 7: its disagreements are not mostly the coach's errors.
A horizon of four moves judged alike (4.3x) at 1.5 times the cost, with noisier hand-built positions.
"""

from __future__ import annotations

import random
from typing import Any

from games.bots.base import Reason
from games.coach.base import Budget, Coach, Thresholds
from games.yashchiki.bots.hard import HardBot, play_out, sampled_deal
from games.yashchiki.bots.knowledge import YashchikiKnowledge
from games.yashchiki.rules import PLAYERS, YashchikiState, score_hand, team_of

HORIZON = 2             # policy moves after the candidate: the next opponent's answer and the partner's turn
PLAYOUTS = 150          # candidate playouts per decision, at most (about 0.3 ms each)
MIN_WORLDS = 8          # ... but never fewer worlds than this

# expected_points: the expected score at the end of the deal of a hand (fitted, see the module docstring).
# By how many cards the fewest of the other hands hold (1, 2, 3 or more): the share of the hand's points
# that stays to the end, and a constant.
POINTS_KEPT = {1: 0.243, 2: 0.154, 3: 0.065}
OTHER_FEWEST = {1: -7.7, 2: -6.4, 3: 0.0}
PER_CARD = 1.35         # per card held
FEW_CARDS = {1: -6.3, 2: -5.6}    # a hand of one or two cards may go out soon
TO_MOVE = -6.0          # the player to move sheds a card first


class YashchikiCoach(Coach):
    game_key = "yashchiki"
    unit = "team-points"
    thresholds = Thresholds(inaccuracy=5.0, mistake=12.0)
    budget = Budget(worlds=24)

    def worlds(self, view: dict[str, Any], rng: random.Random, count: int) -> list[YashchikiState]:
        knowledge = YashchikiKnowledge(view)
        worlds: list[YashchikiState] = []
        while len(worlds) < count:
            hands, stock, discard = knowledge.sample(rng)
            worlds.append(sampled_deal(view, hands, stock, discard, rng.getrandbits(32)))
            if len(worlds) == 1:
                # The seat's legal actions are the same in every world: they bound the worlds worth playing.
                count = min(count, max(MIN_WORLDS, PLAYOUTS // len(worlds[0].legal_actions())))
        return worlds

    def outcome(self, world: YashchikiState, view: dict[str, Any], action: dict, rng: random.Random) -> float:
        undeclared = action.get("declared") is False
        if undeclared:
            shared = getattr(self, "_undeclared", None)
            if shared is not None and shared[0] is world:
                return shared[1]
        state, _ = play_out(world.apply(action), HORIZON)
        if not state.is_over and len(state.hands[state.turn]) == 1:
            state, _ = play_out(state, 1)           # a single card to move with is played: the deal ends
        points = [float(points) for points in state.totals] if state.is_over else expected_points(state)
        seat = view["seat"]
        value = sum(-points[other] if team_of(other) == team_of(seat) else points[other] for other in range(PLAYERS))
        if undeclared:
            self._undeclared = (world, value)
        return value

    def reason(self, view: dict[str, Any], legal_actions: list[dict], best: dict, rng: random.Random) -> Reason | None:
        habit = HardBot().habit(view, legal_actions)
        return habit.reason if habit.action == best else None


def expected_points(state: YashchikiState) -> list[float]:
    """Per seat, the points its hand is expected to score when the deal ends (a deal still going on)."""
    sizes = [len(hand) for hand in state.hands]
    expected = []
    for seat, hand in enumerate(state.hands):
        fewest = min(3, *(size for other, size in enumerate(sizes) if other != seat))
        points = (POINTS_KEPT[fewest] * score_hand(hand, state.variant) + OTHER_FEWEST[fewest]
                  + PER_CARD * len(hand) + FEW_CARDS.get(len(hand), 0.0))
        expected.append(points + TO_MOVE if seat == state.turn else points)
    return expected
