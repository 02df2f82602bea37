"""Rebuilding a game from its log: every state from the deal to the last action.

The log is append-only, so the history of a game at `move_count` never changes and the history at
an earlier count is a prefix of it. Each process keeps the longest history it knows of its recent
games: a request at that count reuses it, an earlier count takes a prefix, and a later one (a move
another worker applied) replays only the new actions. A stale entry cannot exist. The cache holds
settings.HISTORY_CACHE_SIZE games; each process counts how its lookups went (`lookup_counts`), which bench_web
reads from its workers.

For the same reason what the site reads off the log event by event (a seat's narrated log lines) only
grows with the game, and what it reads off one step (a seat's "What your seat knows" panel) never changes:
the histories of one line of play share both (`LogReadings`), so that a table late in a long match narrates
only the events it has not narrated before, and a step drawn again (a push to several pages, a reload) reads
its panel once.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from django.conf import settings

from games.models import Game
from games.rules import get_game

STEPS_KEPT = 8     # steps of a game whose readings (LogReadings.at_step) are kept, per reading
_cache: OrderedDict[str, GameHistory] = OrderedDict()
_cache_lock = threading.Lock()

# How this process's lookups went, counted by kind (index in LOOKUP_KINDS): the history known at that count or
# beyond; only the actions it lacked replayed; the game, past its deal, replayed from its first action (it was
# never seen here or it left the cache); a game at its deal, not yet seen. Any sequence of int that takes `+= 1`:
# bench_web swaps in one its workers share with it (benchmarks/loadtest/history_counts.py).
LOOKUP_KINDS = ("hit", "partial replay", "full replay", "new game")
HIT, PARTIAL_REPLAY, FULL_REPLAY, NEW_GAME = range(len(LOOKUP_KINDS))
lookup_counts = [0] * len(LOOKUP_KINDS)


@dataclasses.dataclass(frozen=True)
class LoggedAction:
    seat: int
    action: dict[str, Any]
    reason: dict[str, Any] | None   # a bot's Reason.to_dict(); None for a person's move


class LogReadings:
    """What the site reads off a game's log, by a key naming the reading, for every history of the game's line of
    play: lists of one item per event, each made once (`items`: a seat's narrated lines in a language), and what
    it reads off one step, kept for the latest steps read (`at_step`: a seat's knowledge panel).

    A history extended from the line's newest passes them on; one extended from an older step (another line of
    play) starts afresh, so that a reading never stands for an event or a step of another line."""

    def __init__(self, moves: int = 0) -> None:
        self._moves = moves                  # the actions of the line's newest history
        self._lists: dict[Any, list] = {}
        self._steps: dict[Any, dict[int, Any]] = {}
        self._lock = threading.Lock()

    def passed_on(self, moves: int) -> LogReadings:
        """These readings for a history extended from one of `moves` actions, or new ones for another line."""
        with self._lock:
            if moves == self._moves:
                self._moves += 1
                return self
        return LogReadings(moves + 1)

    def items(self, key: Any, start: int, end: int, read: Callable[[int, int], list]) -> list:
        """Items `start` to `end` of the reading `key`, reading events from the first unread to `end` with
        `read(first, end)` (a list of their items)."""
        with self._lock:
            items = self._lists.setdefault(key, [])
            if len(items) < end:
                items.extend(read(len(items), end))
            return items[start:end]

    def at_step(self, key: Any, step: int, read: Callable[[], Any]) -> Any:
        """The reading `key` of the position at `step`: `read()` once while the step is among the latest read."""
        with self._lock:
            known = self._steps.setdefault(key, {})
            if step in known:
                return known[step]
        value = read()
        with self._lock:
            known[step] = value
            while len(known) > STEPS_KEPT:
                del known[next(iter(known))]
        return value


@dataclasses.dataclass(frozen=True)
class GameHistory:
    states: tuple[Any, ...]             # states[k] is the state after k actions
    actions: tuple[LoggedAction, ...]
    readings: LogReadings = dataclasses.field(default_factory=LogReadings, compare=False, repr=False)

    @property
    def current(self):
        return self.states[-1]

    @property
    def move_count(self) -> int:
        return len(self.actions)

    def reason_by_event(self, first_event: int = 0) -> dict[int, dict[str, Any]]:
        """The index of the first log event each bot action caused, mapped to the bot's reason: for the actions
        whose events start at `first_event` or later (read from the newest back)."""
        reasons: dict[int, dict[str, Any]] = {}
        for number in range(self.move_count - 1, -1, -1):
            event = len(self.states[number].events)
            if event < first_event:
                break
            if self.actions[number].reason:
                reasons.setdefault(event, self.actions[number].reason)   # of two at one event, the later
        return reasons

    def extended(self, state, logged: LoggedAction) -> GameHistory:
        return GameHistory(states=(*self.states, state), actions=(*self.actions, logged),
                           readings=self.readings.passed_on(self.move_count))

    def prefix(self, move_count: int) -> GameHistory:
        """The history as it stood after `move_count` actions."""
        return GameHistory(states=self.states[:move_count + 1], actions=self.actions[:move_count],
                           readings=self.readings)


def start_state(game: Game):
    """The state right after the deal, from the seed or from the explicit deal."""
    engine = get_game(game.game_key)
    # Only the engines of games played in series take the previous loser.
    series = {"previous_loser": game.previous_loser} if game.previous_loser is not None else {}
    if game.deal:
        return engine.from_deal(hands=game.deal["hands"], stock=game.deal["stock"], variant=game.variant,
                                dealer=game.dealer, seed=game.seed, **series)
    return engine.new_game(players=game.players, seed=game.seed, variant=game.variant, dealer=game.dealer, **series)


def game_history(game: Game) -> GameHistory:
    """The game's history at `game.move_count`, replaying only what this process has not seen yet."""
    with _cache_lock:
        known = _cache.get(str(game.pk))
        if known is not None:
            _cache.move_to_end(str(game.pk))
        lookup_counts[_lookup_kind(known, game.move_count)] += 1
    if known is not None and known.move_count >= game.move_count:
        return known if known.move_count == game.move_count else known.prefix(game.move_count)
    history = known or GameHistory(states=(start_state(game),), actions=())
    if history.move_count < game.move_count:   # a new game's log is empty: nothing to ask the database for
        new_actions = game.actions.filter(number__gte=history.move_count, number__lt=game.move_count).order_by("number")
        for seat, action, reason in new_actions.values_list("seat", "action", "reason"):
            history = history.extended(history.current.apply(action), LoggedAction(seat, action, reason))
    remember(game, history)
    return history


def _lookup_kind(known: GameHistory | None, move_count: int) -> int:
    if known is None:
        return FULL_REPLAY if move_count else NEW_GAME
    return HIT if known.move_count >= move_count else PARTIAL_REPLAY


def remember(game: Game, history: GameHistory) -> None:
    """Keep `history` as the game's longest known one (a shorter one never replaces it)."""
    key = str(game.pk)
    with _cache_lock:
        known = _cache.get(key)
        if known is None or known.move_count < history.move_count:
            _cache[key] = history
        _cache.move_to_end(key)
        while len(_cache) > settings.HISTORY_CACHE_SIZE:
            _cache.popitem(last=False)
