"""How fast a rule engine plays: complete random games per second (no Django)."""

from __future__ import annotations

import dataclasses
import random
import time

from games import registry
from games.rules import get_game


@dataclasses.dataclass(frozen=True)
class PlayoutRate:
    players: int
    games: int
    moves: int
    seconds: float
    deals: int = 0  # deals completed in those games (the log's "deal-end" events; Hearts plays several per match)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def moves_per_game(self) -> float:
        return self.moves / self.games

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds

    @property
    def moves_per_deal(self) -> float:
        return self.moves / self.deals if self.deals else 0.0


def measure_playouts(game_key: str, players: int, seconds: float, preset: str = "standard") -> PlayoutRate:
    """Play complete games from `new_game`, each move a random legal action, for about `seconds`
    (at least one game). `deals` counts the "deal-end" events of their logs (Hearts: deals of the matches)."""
    game = get_game(game_key)
    variant = game.variant(preset)
    games = moves = deals = 0
    uncounted = 0.0  # time spent counting the deals in the log (a copy of it), kept out of the rate
    started = time.perf_counter()
    while True:
        rng = random.Random(games)
        state = game.new_game(players, seed=games, variant=variant)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            moves += 1
        games += 1
        counting = time.perf_counter()
        deals += sum(event["type"] == "deal-end" for event in state.log)
        uncounted += time.perf_counter() - counting
        elapsed = time.perf_counter() - started - uncounted
        if elapsed >= seconds:
            return PlayoutRate(players=players, games=games, moves=moves, seconds=elapsed, deals=deals)


def measure_first_deals(game_key: str, seconds: float, preset: str = "standard") -> PlayoutRate:
    """Random playouts of one deal of a game played in deals (Hearts: the unit OpenSpiel's `hearts` game plays),
    at its usual table: from `new_game` (a new seed each time) until the first deal has been scored, each move a
    random legal action, for about `seconds` (at least one deal). `moves` counts the decisions (Hearts: 4 passes,
    when the deal has one, and 52 cards)."""
    game = get_game(game_key)
    players = registry.engine(game_key).table_size
    variant = game.variant(preset)
    deals = moves = 0
    started = time.perf_counter()
    while True:
        rng = random.Random(deals)
        state = game.new_game(players, seed=deals, variant=variant)
        # `deal_number` moves on as the first deal is scored (or the match ends with it, if end_at is tiny);
        # the state's own field, because counting "deal-end" events would copy the log after every move.
        while state.deal_number == 1 and not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            moves += 1
        deals += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return PlayoutRate(players=players, games=deals, moves=moves, seconds=elapsed, deals=deals)


def measure_openspiel(name: str, seconds: float) -> PlayoutRate:
    """OpenSpiel's compiled game `name` (`hearts`: one deal per game, its default rules) driven from Python the
    same way: every chance outcome and every decision a random legal action, for about `seconds` (at least
    one deal). Its pass direction is a chance outcome (none, left, across, right), its passes are one
    card per move; `moves` counts the decisions, not the chance outcomes.

    Raises ImportError when OpenSpiel (the `pyspiel` module of the `open-spiel` package) is missing.
    """
    import pyspiel

    game = pyspiel.load_game(name)
    deals = moves = 0
    started = time.perf_counter()
    while True:
        rng = random.Random(deals)
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                moves += 1
            state.apply_action(rng.choice(state.legal_actions()))
        deals += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return PlayoutRate(players=4, games=deals, moves=moves, seconds=elapsed, deals=deals)
