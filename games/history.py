"""Rebuilding a game from its log: every state from the deal to the last action.

The log is append-only, so the history of a game at `move_count` never changes and the history at
an earlier count is a prefix of it. Each process keeps the longest history it knows of its recent
games: a request at that count reuses it, an earlier count takes a prefix, and a later one (a move
another worker applied) replays only the new actions. A stale entry cannot exist. The cache holds
settings.HISTORY_CACHE_SIZE games; each process counts how its lookups went (`lookup_counts`), which bench_web
reads from its workers.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from typing import Any

from django.conf import settings

from games.models import Game
from games.rules import get_game

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


@dataclasses.dataclass(frozen=True)
class GameHistory:
    states: tuple[Any, ...]             # states[k] is the state after k actions
    actions: tuple[LoggedAction, ...]

    @property
    def current(self):
        return self.states[-1]

    @property
    def move_count(self) -> int:
        return len(self.actions)

    def reason_by_event(self) -> dict[int, dict[str, Any]]:
        """The index of the first log event each bot action caused, mapped to the bot's reason."""
        return {len(self.states[number].events): logged.reason
                for number, logged in enumerate(self.actions) if logged.reason}

    def extended(self, state, logged: LoggedAction) -> GameHistory:
        return GameHistory(states=(*self.states, state), actions=(*self.actions, logged))

    def prefix(self, move_count: int) -> GameHistory:
        """The history as it stood after `move_count` actions."""
        return GameHistory(states=self.states[:move_count + 1], actions=self.actions[:move_count])


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
