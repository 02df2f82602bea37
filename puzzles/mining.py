"""Finding puzzles in bot games: decisions where one action is clearly best from what the seat could know.

Bots of mixed levels play whole games from seeded deals. At some of the decisions along the way (a share
drawn from the seed) the game's coach values every candidate action from the seat's view alone
(games.coach): the decision is a puzzle when its best action beats every other by more than the game's
mistake threshold and outside the sampling noise (each other action judged a mistake), and a second
evaluation, with twice the worlds and another seed, agrees. A puzzle keeps what replays it (the seed, the
dealer, the rules and the actions before the decision), the seat, the best action, what every other action
loses, a theme (puzzles.themes) and the coach's reason. The same view found twice is kept once.

Mined for one theme, only the decisions that could be of it are looked at, every one of them (the theme thins
them out already, and for a rare theme the games played cost more than the evaluations); a puzzle whose best
action and runner-up make it another theme is left out.

Everything here is deterministic for a seed: the bots play without a wall-clock deadline and the coach's
budgets count worlds, not seconds.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from games import registry
from games.bots import BOTS, LEVELS
from games.coach import Budget, Coach, Evaluation, get_coach
from games.rules import get_game
from puzzles.themes import could_be_of_theme, theme_of

# The share of decisions the coach looks at: a game's neighbouring decisions are much alike, and each look
# costs an evaluation.
LOOK_SHARE = 0.3


@dataclasses.dataclass(frozen=True)
class MinedPuzzle:
    game_key: str
    preset: str
    players: int
    seed: int
    dealer: int
    actions: tuple[dict, ...]     # every action from the deal up to the decision
    seat: int
    best: dict
    losses: tuple[tuple[dict, float], ...]   # every other candidate and what it loses against the best
    unit: str
    theme: str
    reason: dict | None
    view_key: str                 # the seat's view at the decision, hashed: the same view is one puzzle

    @property
    def gap(self) -> float:
        """The least any other action loses: how clearly the best one is best."""
        return min(loss for _, loss in self.losses)


def view_key(view: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(view, sort_keys=True).encode()).hexdigest()


def mine(game_key: str, *, count: int, seed: int, preset: str = "standard", budget: Budget | None = None,
         max_games: int | None = None, theme: str | None = None, known: frozenset[str] = frozenset(),
         tally: Counter[str] | None = None) -> list[MinedPuzzle]:
    """Up to `count` puzzles of `game_key` under `preset`, from bot games drawn from `seed` (at most `max_games`
    games, by default as many as it takes): of `theme` only, when given, and none whose view key is `known`.
    `tally`, when given, counts the games played and the decisions looked at."""
    found: list[MinedPuzzle] = []
    seen: set[str] = set(known)
    rng = random.Random(f"mine-{game_key}-{seed}")
    tally = Counter() if tally is None else tally
    games = 0
    while len(found) < count and (max_games is None or games < max_games):
        games += 1
        tally["games"] += 1
        for puzzle in _puzzles_of_one_game(game_key, preset, rng, budget, theme, tally):
            if puzzle.view_key not in seen:
                seen.add(puzzle.view_key)
                found.append(puzzle)
                if len(found) == count:
                    break
    return found


def _puzzles_of_one_game(game_key: str, preset: str, rng: random.Random, budget: Budget | None, theme: str | None,
                         tally: Counter[str]) -> Iterator[MinedPuzzle]:
    engine, coach = get_game(game_key), get_coach(game_key)
    budget = budget or Budget(worlds=coach.budget.worlds)
    players = registry.engine(game_key).table_size   # each game's usual table
    game_seed = rng.randrange(2**31)
    dealer = rng.randrange(players)
    bots = [BOTS[game_key][rng.choice(LEVELS)](decision_seconds=math.inf) for _ in range(players)]
    state = engine.new_game(players=players, seed=game_seed, variant=engine.variant(preset=preset), dealer=dealer)
    actions: list[dict] = []
    while not state.is_over:
        seat, legal = state.current_player, state.legal_actions()
        view = state.view(seat)
        if len(legal) > 1 and (rng.random() < LOOK_SHARE if theme is None
                               else could_be_of_theme(game_key, view, coach.candidates(view, legal), theme)):
            tally["looked"] += 1
            solution = _clear_solution(coach, view, legal, f"{game_seed}-{len(actions)}", budget)
            if solution is not None:
                best, evaluation = solution
                puzzle = MinedPuzzle(
                    game_key=game_key, preset=preset, players=players, seed=game_seed, dealer=dealer,
                    actions=tuple(actions), seat=seat, best=best.action,
                    losses=tuple((other.action, round(evaluation.loss(other.action)[0], 3))
                                 for other in evaluation.values[1:]),
                    unit=evaluation.unit, theme=theme_of(game_key, view, best.action, evaluation.values[1].action),
                    reason=evaluation.reason.to_dict() if evaluation.reason else None, view_key=view_key(view))
                if theme is None or puzzle.theme == theme:
                    yield puzzle
        decision = bots[seat].decide(view, legal, random.Random(f"{game_seed}-{len(actions)}"))
        state = state.apply(decision.action)
        actions.append(decision.action)


def _clear_solution(coach: Coach, view: dict[str, Any], legal: list[dict], seed: str, budget: Budget):
    """(the best action's value, the confirming evaluation) where one action is clearly best, else None."""
    first = coach.evaluate(view, legal, seed=seed, budget=budget)
    if not _clearly_best(coach, first):
        return None
    confirming = coach.evaluate(view, legal, seed=f"{seed}-confirm", budget=Budget(worlds=2 * budget.worlds))
    if not _clearly_best(coach, confirming) or confirming.best.action != first.best.action:
        return None
    return confirming.best, confirming


def _clearly_best(coach: Coach, evaluation: Evaluation) -> bool:
    others = evaluation.values[1:]
    return bool(others) and all(coach.judge(evaluation, other.action).kind == "mistake" for other in others)
