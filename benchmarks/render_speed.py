"""What one table costs to draw: the seat's view, the table's context and its templates, early and late in a match.

For each installed game, a game of easy bots is played from a fixed seed (seat 0 stands for the learner). Two
of its states where seat 0 is to move are measured: an early one (after about `EARLY_ACTIONS` actions) and a
late one (the last before the end, or before `late` actions in a long match). At each, warm and `repeat` times:

- `state.view(seat)` alone, which every table and every bot decision starts from;
- `games.selectors.table_context`, the table's whole context as the play page, its answers and its pushes build
  it (the game's history sits in games.history's cache, as it does for a game a worker has seen: no database),
  drawn again at the same step (a reload, a push to several pages), and drawn once at each of the `repeat` steps
  up to this one, in order (`context/step`), as a game in progress draws each new step: what the game's caches
  (games.history.LogReadings) keep from the steps before is reused, the rest is read anew;
- the table partial as the site renders it (`games.views.TABLE_PARTIAL`: the game's table, the knowledge panel,
  the move form and the log), and the game's `_table.html` alone.

(Issue 30 compared these templates with Jinja2 ports of two games' tables, since removed: docs/load.md.)
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation

from games import registry
from games.bots import get_bot
from games.history import GameHistory, LoggedAction, remember
from games.models import Game
from games.selectors import table_context
from games.views import TABLE_PARTIAL

EARLY_ACTIONS = 10
LEARNER = 0                       # the seat measured, as the learner's
BOT_LEVEL = "easy"                # the fastest bots: the benchmark measures drawing, not deciding
LANGUAGE = "ru"                   # the bench's learners' language (benchmarks.loadtest)
CSRF_TOKEN = "x" * 64             # what the request's context would hold: the forms draw their token


@dataclasses.dataclass(frozen=True)
class Timing:
    """Milliseconds of one piece of work over the repetitions."""
    median_ms: float
    p95_ms: float

    def __str__(self) -> str:
        return f"{self.median_ms:6.2f} / {self.p95_ms:6.2f}"


@dataclasses.dataclass(frozen=True)
class StateCost:
    game_key: str
    label: str                    # "early" or "late"
    actions: int                  # the actions played to reach the state
    log_events: int               # the events of the seat's view's log
    view: Timing
    context: Timing
    context_per_step: Timing      # each step drawn once, as a game in progress draws it
    partial: Timing               # the table partial, as the site renders it
    table: Timing                 # the game's _table.html alone

    def line(self) -> str:
        return (f"{self.game_key:<10} {self.label:<5} {self.actions:>5} {self.log_events:>6}  {self.view}  "
                f"{self.context}  {self.context_per_step}  {self.partial}  {self.table}")


HEADER = ("game       state  acts events  view             context          context/step     partial          "
          "_table",
          "                                 ms median / p95 (each column)")


def measure_all(*, repeat: int, late: int, seed: int, game_keys: Sequence[str] | None = None) -> list[StateCost]:
    """Every installed game's early and late state (or those of `game_keys`), in the registry's order."""
    keys = list(game_keys) if game_keys else list(registry.games())
    unknown = [key for key in keys if key not in registry.games()]
    if unknown:
        raise ValueError(f"Unknown game {', '.join(map(repr, unknown))} (installed: {', '.join(registry.games())}).")
    costs = []
    with translation.override(LANGUAGE):
        for key in keys:
            history = played(key, late=late, seed=seed)
            for label, step in measured_steps(history, late=late):
                costs.append(_measure(key, label, history.prefix(step), repeat=repeat))
    return costs


def played(game_key: str, *, late: int, seed: int) -> GameHistory:
    """A game of easy bots at the game's usual table, to its end or to `late` actions, with the bots' reasons."""
    engine = registry.engine(game_key)
    rules = engine.rules
    players = engine.table_size
    bots = [get_bot(game_key, BOT_LEVEL) for _ in range(players)]
    rng = random.Random(seed)
    history = GameHistory(states=(rules.new_game(players, seed=seed, variant=rules.variant("standard")),), actions=())
    while not history.current.is_over and history.move_count < late:
        state = history.current
        seat = state.current_player
        decision = bots[seat].decide(state.view(seat), state.legal_actions(), rng)
        reason = None if seat == LEARNER else decision.reason.to_dict()
        history = history.extended(state.apply(decision.action), LoggedAction(seat, decision.action, reason))
    return history


def measured_steps(history: GameHistory, *, late: int) -> list[tuple[str, int]]:
    """The early and the late step where the learner is to move (the table with its move form)."""
    to_move = [step for step, state in enumerate(history.states)
               if not state.is_over and state.current_player == LEARNER and step < late]
    if not to_move:
        raise RuntimeError("The learner's seat never moved in the benchmark's game.")
    early = next((step for step in to_move if step >= EARLY_ACTIONS), to_move[-1])
    return [("early", early), ("late", to_move[-1])]


def _measure(game_key: str, label: str, history: GameHistory, *, repeat: int) -> StateCost:
    game = stored_game(game_key, history)
    state = history.current

    def context() -> dict[str, Any]:
        return table_context(game, seat=LEARNER, preset_name="standard")

    built = {**context(), "csrf_token": CSRF_TOKEN}
    table_template = registry.game(game_key).templates["table_template"]
    per_step = _context_per_step(game_key, history, repeat)     # before the step's own context is kept
    return StateCost(
        game_key=game_key, label=label, actions=history.move_count, log_events=len(state.view(LEARNER)["log"]),
        view=_timed(lambda: state.view(LEARNER), repeat),
        context=_timed(context, repeat), context_per_step=per_step,
        partial=_timed(lambda: render_to_string(TABLE_PARTIAL, built), repeat),
        table=_timed(lambda: render_to_string(table_template, built), repeat),
    )


def _context_per_step(game_key: str, history: GameHistory, repeat: int) -> Timing:
    """The table's context at each of the last `repeat` steps up to the history's, each drawn once, in order, after
    the game so far was drawn: the cost of a new step of a game in progress."""
    last = history.move_count
    first = max(0, last - repeat + 1)
    if first:
        table_context(stored_game(game_key, history.prefix(first - 1)), seat=LEARNER, preset_name="standard")
    samples = []
    for step in range(first, last + 1):
        game = stored_game(game_key, history.prefix(step))
        started = time.perf_counter()
        table_context(game, seat=LEARNER, preset_name="standard")
        samples.append(1000 * (time.perf_counter() - started))
    return _timing(samples)


def stored_game(game_key: str, history: GameHistory) -> Game:
    """The game as the site would hold it at this state: an unsaved row whose history games.history's cache knows,
    so that table_context reads no database."""
    players = registry.engine(game_key).table_size
    seats = [{"kind": "human", "name": "Learner"} if seat == LEARNER
             else {"kind": "bot", "level": BOT_LEVEL, "name": f"Bot-{seat}"} for seat in range(players)]
    game = Game(id=uuid.uuid4(), game_key=game_key, preset="standard", variant={}, seed=0, seats=seats,
                move_count=history.move_count)
    remember(game, history)
    return game


def _timed(work: Callable[[], Any], repeat: int) -> Timing:
    work()   # warm: caches filled, templates compiled
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        samples.append(1000 * (time.perf_counter() - started))
    return _timing(samples)


def _timing(samples: list[float]) -> Timing:
    samples = sorted(samples)
    return Timing(median_ms=statistics.median(samples), p95_ms=samples[min(len(samples) - 1, int(0.95 * len(samples)))])

