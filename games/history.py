"""Rebuilding a game from its log: every state from the deal to the last action.

The log is append-only, so the history of a game at `move_count` never changes; histories are
kept in a small per-process cache keyed by (game id, move count). Several workers each keep
their own, and a stale entry cannot exist.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from typing import Any

from games.models import Game
from games.rules import get_game

CACHE_SIZE = 256
_cache: OrderedDict[tuple[str, int], GameHistory] = OrderedDict()
_cache_lock = threading.Lock()


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
    key = (str(game.pk), game.move_count)
    with _cache_lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    history = GameHistory(states=(start_state(game),), actions=())
    for seat, action, reason in game.actions.order_by("number").values_list("seat", "action", "reason"):
        history = history.extended(history.current.apply(action), LoggedAction(seat, action, reason))
    remember(game, history)
    return history


def remember(game: Game, history: GameHistory) -> None:
    with _cache_lock:
        _cache[(str(game.pk), history.move_count)] = history
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
