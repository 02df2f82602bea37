"""What every game's evaluator shares: valuing every legal action of one decision from the seat's view only,
by playing each candidate out on the same sampled deals, and judging a played move against the best.

A game's coach (`games/coach/<game>.py`) says how to sample the hidden cards consistently with everything
public (`worlds`: its hard bot's knowledge model and sampler, not a copy), how to play an action out in such a
world (`outcome`, in the game's own unit, oriented so that more is better for the seat) and why the best move
is best, from public facts (`reason`, a games.bots.base.Reason that games.narration says in words).

Every candidate meets the same worlds, so two actions are compared sample by sample (a paired comparison):
the noise of the deals themselves cancels out, and what is left is the difference the move makes. A move is
a *mistake* when it loses more than the game's `mistake` threshold against the best move *and* that loss is
outside the sampling noise (more than `NOISE_Z` standard errors of the paired differences); an
*inaccuracy* when it loses more than `inaccuracy`, also clearly; *good* otherwise.

Deterministic for a seed; the budget bounds the number of worlds (and, optionally, the time spent).
"""

from __future__ import annotations

import dataclasses
import random
import time
from typing import Any

from games.bots import get_bot
from games.bots.base import Reason
from games.bots.paired import paired_difference

# How many standard errors of the paired differences a loss must exceed to count as a real loss.
NOISE_Z = 2.0


@dataclasses.dataclass(frozen=True)
class Budget:
    """How much a decision may cost: at most `worlds` sampled deals. `seconds`, when given, also stops
    starting new worlds after that long (at least `min_worlds` are always played) — for callers that prefer
    a bounded wait to a result that is the same on every machine; without it the evaluation is deterministic
    for its seed, and each game's `worlds` is chosen so that a decision stays within its time goal."""

    worlds: int = 24
    seconds: float | None = None
    min_worlds: int = 4


@dataclasses.dataclass(frozen=True)
class Thresholds:
    """The losses, in the game's unit, above which a move is an inaccuracy or a mistake."""

    inaccuracy: float
    mistake: float


@dataclasses.dataclass(frozen=True)
class ActionValue:
    action: dict
    value: float               # the mean outcome over the worlds, in the game's unit (more is better)
    outcomes: tuple[float, ...]


@dataclasses.dataclass(frozen=True)
class Evaluation:
    """Every legal action of one decision valued on the same worlds, the best first."""

    values: tuple[ActionValue, ...]
    reason: Reason | None      # the public facts behind the best move, where a bot's reason says them
    worlds: int
    unit: str                  # what `value` counts, e.g. "chests" (games.narration words it)

    @property
    def best(self) -> ActionValue:
        return self.values[0]

    def value_of(self, action: dict) -> ActionValue:
        return next(value for value in self.values if same_action(value.action, action))

    def reason_for(self, action: dict) -> Reason | None:
        """The public facts behind `action`, when it is this evaluation's best move (the reason says why the best
        is best, with this evaluation's figures); None otherwise or without a reason."""
        return self.reason if self.reason is not None and same_action(self.best.action, action) else None

    def loss(self, action: dict) -> tuple[float, float]:
        """How much `action` loses against the best action, and the standard error of that loss."""
        return paired_difference(self.best.outcomes, self.value_of(action).outcomes)

    @property
    def sureness(self) -> float:
        """How sure the best move is best: 1 when it beats the runner-up clearly (by NOISE_Z standard errors
        or more), less as the two come closer; 1 with a single legal action."""
        if len(self.values) < 2:
            return 1.0
        mean, error = paired_difference(self.best.outcomes, self.values[1].outcomes)
        if error == 0:
            return 1.0 if mean > 0 else 0.5
        return min(1.0, 0.5 + 0.5 * mean / (NOISE_Z * error))


@dataclasses.dataclass(frozen=True)
class Verdict:
    kind: str                  # "good", "inaccuracy" or "mistake"
    loss: float                # the value lost against the best move (0 for the best move itself)
    better: dict | None        # the best action, when the played one was not good


class Coach:
    """One game's evaluator. Subclasses set `game_key`, `unit`, `thresholds` (and `budget`) and implement
    `worlds` and `outcome`; `evaluate` and `judge` are shared."""

    game_key: str
    unit: str
    thresholds: Thresholds
    budget: Budget = Budget()   # a game's default: as many worlds as keep a decision within its time goal

    def worlds(self, view: dict[str, Any], rng: random.Random, count: int) -> list[Any]:
        """Up to `count` complete deals consistent with everything `view` shows (its seat's own cards as
        they are, the hidden ones sampled)."""
        raise NotImplementedError

    def outcome(self, world: Any, view: dict[str, Any], action: dict, rng: random.Random) -> float:
        """The seat's result, in `unit` (more is better), of playing `action` now in `world` and the rest out."""
        raise NotImplementedError

    def reason(self, view: dict[str, Any], legal_actions: list[dict], best: dict, rng: random.Random) -> Reason | None:
        """Why the best action is best, from public facts only: the game's hard bot's reason when the bot
        would play the same move here, else None (games.narration.coach then words the figures)."""
        decision = get_bot(self.game_key, "hard").decide(view, legal_actions, rng)
        return decision.reason if same_action(decision.action, best) else None

    def candidates(self, view: dict[str, Any], legal_actions: list[dict]) -> list[dict]:
        """The actions to value: every legal one. A game whose decisions can have very many legal actions
        (Hearts' 286 passes) may narrow them to the ones worth considering, deterministically."""
        return legal_actions

    # -- shared ----------------------------------------------------------------------------------
    def evaluate(self, view: dict[str, Any], legal_actions: list[dict], *, seed: int | str,
                 budget: Budget | None = None, include: dict | None = None) -> Evaluation:
        """Value the candidate actions of the seat's decision (`candidates`, and `include` — the move played,
        for a review — if it is not among them) on the same sampled worlds."""
        if not legal_actions:
            raise ValueError("There is no decision to evaluate: the seat has no legal action.")
        legal_actions = self.candidates(view, legal_actions)
        if include is not None and not any(same_action(include, action) for action in legal_actions):
            legal_actions = [*legal_actions, include]
        budget = budget or self.budget
        rng = random.Random(f"coach-{self.game_key}-{seed}")
        worlds = self.worlds(view, rng, budget.worlds)
        started = time.perf_counter()
        outcomes: list[list[float]] = [[] for _ in legal_actions]
        played = 0
        for index, world in enumerate(worlds):
            if (budget.seconds is not None and played >= budget.min_worlds
                    and time.perf_counter() - started > budget.seconds):
                break
            for number, action in enumerate(legal_actions):
                # Each action meets the same world and the same random stream: a paired comparison.
                outcomes[number].append(self.outcome(world, view, action, random.Random(f"{seed}-{index}")))
            played += 1
        if len(legal_actions) == 1 or not played:
            values = [ActionValue(action, 0.0, ()) for action in legal_actions]
        else:
            values = [ActionValue(action, sum(results) / len(results), tuple(results))
                      for action, results in zip(legal_actions, outcomes, strict=True)]
        # Best first; among equals the engine's order, so that the result does not depend on chance.
        order = sorted(range(len(values)), key=lambda number: (-round(values[number].value, 9), number))
        ranked = tuple(values[number] for number in order)
        reason = self.reason(view, legal_actions, ranked[0].action, random.Random(f"coach-reason-{seed}"))
        return Evaluation(values=ranked, reason=reason, worlds=played, unit=self.unit)

    def judge(self, evaluation: Evaluation, action: dict) -> Verdict:
        """The verdict on playing `action` in the evaluated decision."""
        mean, error = evaluation.loss(action)
        if same_action(action, evaluation.best.action) or mean <= 0:
            return Verdict("good", max(0.0, mean), None)
        clear = mean > NOISE_Z * error
        if clear and mean > self.thresholds.mistake:
            return Verdict("mistake", mean, evaluation.best.action)
        if clear and mean > self.thresholds.inaccuracy:
            return Verdict("inaccuracy", mean, evaluation.best.action)
        return Verdict("good", mean, None)


def same_action(first: dict, second: dict) -> bool:
    """Whether two actions are the same move: a set of cards named in another order is."""
    def normal(action: dict) -> dict:
        return {key: sorted(value) if isinstance(value, list) else value for key, value in action.items()}
    return normal(first) == normal(second)
