"""How fast a rule engine plays: complete random games per second (no Django)."""

from __future__ import annotations

import dataclasses
import random
import time

from games.rules import get_game


@dataclasses.dataclass(frozen=True)
class PlayoutRate:
    players: int
    games: int
    moves: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def moves_per_game(self) -> float:
        return self.moves / self.games


def measure_playouts(game_key: str, players: int, seconds: float, preset: str = "standard") -> PlayoutRate:
    """Play complete games from `new_game`, each move a random legal action, for about `seconds`
    (at least one game)."""
    game = get_game(game_key)
    variant = game.variant(preset)
    games = moves = 0
    started = time.perf_counter()
    while True:
        rng = random.Random(games)
        state = game.new_game(players, seed=games, variant=variant)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            moves += 1
        games += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return PlayoutRate(players=players, games=games, moves=moves, seconds=elapsed)
