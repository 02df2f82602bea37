"""What the coach costs and how it judges: whole games between random (easy) and hard bots, every decision of every seat
evaluated from that seat's view and the move played judged. Pure Python; `manage.py bench_coach` prints it.

The line-up alternates easy and hard seats, so that both kinds of player meet the same deals. A fair coach marks the
random player's moves as mistakes far more often than the hard bot's (the goal: at least 4x, with at least 20% of the
random player's decisions mistakes). The bots play without the decision deadline (as `arena --no-deadline`): the hard
bots spend their whole work budgets however busy the machine is, so the games, and the coach's verdicts on them,
depend on the seed alone; the times printed are the coach's own.
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
import time

from games import registry
from games.bots import get_bot
from games.coach import get_coach
from games.coach.review import deal_of, decision_seed, decision_steps, review_decision
from games.rules import get_game

MAX_DECISIONS = 4000   # a safety stop for a game that would go on and on (Rooster's players who always take)


@dataclasses.dataclass
class CoachFigures:
    decisions: int = 0
    seconds: float = 0.0
    milliseconds: list[float] = dataclasses.field(default_factory=list)
    judged: dict[str, dict[str, int]] = dataclasses.field(
        default_factory=lambda: {"easy": {"good": 0, "inaccuracy": 0, "mistake": 0},
                                 "hard": {"good": 0, "inaccuracy": 0, "mistake": 0}})

    @property
    def per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0

    @property
    def mean_ms(self) -> float:
        return statistics.fmean(self.milliseconds) if self.milliseconds else 0.0

    @property
    def p95_ms(self) -> float:
        if len(self.milliseconds) < 2:
            return self.mean_ms
        return statistics.quantiles(self.milliseconds, n=20)[-1]

    def mistake_share(self, level: str) -> float:
        counts = self.judged[level]
        total = sum(counts.values())
        return counts["mistake"] / total if total else 0.0


def measure_coach(game_key: str, *, games: int, seed: int, preset: str = "standard") -> CoachFigures:
    """Play `games` whole games (a match's first deal for Hearts and Yashchiki is enough to judge moves) and
    evaluate every decision."""
    engine = get_game(game_key)
    coach = get_coach(game_key)
    players = registry.engine(game_key).table_size
    figures = CoachFigures()
    started = time.perf_counter()
    for number in range(games):
        levels = ["easy" if (seat + number) % 2 == 0 else "hard" for seat in range(players)]
        bots = {level: get_bot(game_key, level, math.inf) for level in set(levels)}
        rng = random.Random(f"bench-coach-{seed}-{number}")
        state = engine.new_game(players=players, seed=rng.randrange(2**32), variant=engine.variant(preset))
        deal = _deal_number(state)
        for _ in range(MAX_DECISIONS):
            if state.is_over or _deal_number(state) != deal:
                break
            seat = state.current_player
            view, legal = state.view(seat), state.legal_actions()
            action = bots[levels[seat]].choose(view, legal, rng)
            if len(legal) > 1:
                clock = time.perf_counter()
                evaluation = coach.evaluate(view, legal, seed=f"{seed}-{number}-{figures.decisions}", include=action)
                figures.milliseconds.append((time.perf_counter() - clock) * 1000)
                figures.decisions += 1
                figures.judged[levels[seat]][coach.judge(evaluation, action).kind] += 1
            state = state.apply(action)
    figures.seconds = time.perf_counter() - started
    return figures


def _deal_number(state) -> int:
    return state.view(None).get("deal_number", 1)


@dataclasses.dataclass
class ReviewFigures:
    """Seconds to review one seat's decisions: per whole game, and per deal (a match is reviewed deal by deal)."""

    game_seconds: list[float] = dataclasses.field(default_factory=list)
    deal_seconds: list[float] = dataclasses.field(default_factory=list)
    decisions: int = 0


def measure_review(game_key: str, *, games: int, seed: int, preset: str = "standard",
                   max_deals: int = 3) -> ReviewFigures:
    """Review seat 0 — a medium bot standing in for a learner, against hard bots — over `games` whole games (a
    match's first `max_deals` deals) as the review page does (games.coach.review), timing each game and deal."""
    engine = get_game(game_key)
    coach = get_coach(game_key)
    players = registry.engine(game_key).table_size
    figures = ReviewFigures()
    for number in range(games):
        levels = ["medium"] + ["hard"] * (players - 1)
        rng = random.Random(f"bench-review-{seed}-{number}")
        states = [engine.new_game(players=players, seed=rng.randrange(2**32), variant=engine.variant(preset))]
        actions: list[dict] = []
        movers: list[int] = []
        while not states[-1].is_over and deal_of(states[-1]) <= max_deals and len(actions) < MAX_DECISIONS:
            state = states[-1]
            seat = state.current_player
            action = get_bot(game_key, levels[seat], math.inf).choose(state.view(seat), state.legal_actions(), rng)
            actions.append(action)
            movers.append(seat)
            states.append(state.apply(action))
        per_deal: dict[int, float] = {}
        for step in decision_steps(states, movers, 0):
            if deal_of(states[step]) > max_deals:
                break
            clock = time.perf_counter()
            review_decision(coach, states[step], actions[step], step=step, seed=decision_seed(number, step))
            per_deal[deal_of(states[step])] = per_deal.get(deal_of(states[step]), 0.0) + time.perf_counter() - clock
            figures.decisions += 1
        figures.game_seconds.append(sum(per_deal.values()))
        figures.deal_seconds.extend(per_deal.values())
    return figures
