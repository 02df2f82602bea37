"""Bots against bots: play a match, then report each bot's win share and decision times.

Pure Python (no Django): `manage.py arena` and the tests call `play_match` and `format_result`.

Seats are fair by construction. Games come in blocks of one deal each (seeded from `seed`, with the
dealer moving on from block to block), and within a block the line-up is rotated through every seat:
each bot plays each hand of the deal once, from every position relative to the dealer.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Sequence

from games.bots import LEVELS, get_bot
from games.rules import get_game

# A game still running after this many decisions is a bug (a bot or rule that never ends the game).
MAX_DECISIONS_PER_GAME = 20_000
Z_95 = 1.959964     # the normal quantile of a two-sided 95% interval
BAR_WIDTH = 40      # characters for a 100% win share


@dataclasses.dataclass(frozen=True)
class BotResult:
    label: str              # the level and the position in the line-up: "hard#1"
    level: str
    wins: float             # a game won by k tied winners counts 1/k for each
    games: int
    interval: tuple[float, float]   # 95% Wilson score interval of the win share
    decisions: int
    mean_ms: float
    worst_ms: float

    @property
    def share(self) -> float:
        return self.wins / self.games


@dataclasses.dataclass(frozen=True)
class MatchResult:
    game_key: str
    preset: str
    players: int
    games: int
    seed: int
    bots: tuple[BotResult, ...]


def play_match(game_key: str, players: int, levels: Sequence[str], games: int, seed: int,
               preset: str = "standard") -> MatchResult:
    """Play `games` games between bots of the given levels, one per seat; ValueError for a bad set-up."""
    game = get_game(game_key)
    levels = list(levels)
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"{game.title} takes {game.min_players} to {game.max_players} players, not {players}.")
    if len(levels) != players:
        raise ValueError(f"{players} players need {players} bots, but {len(levels)} were given "
                         f"({', '.join(levels)}).")
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        raise ValueError(f"Unknown bot level '{unknown[0]}' (known: {', '.join(LEVELS)}).")
    if games < 1:
        raise ValueError("Play at least one game.")
    variant = game.variant(preset)
    bots = [get_bot(game_key, level) for level in levels]
    wins = [0.0] * players
    times: list[list[float]] = [[] for _ in range(players)]
    seeds = random.Random(seed)
    for number in range(games):
        block, rotation = divmod(number, players)
        if rotation == 0:
            deal_seed = seeds.getrandbits(64)
        rng = random.Random(seeds.getrandbits(64))
        # Line-up position `position` sits in seat (position + rotation) % players.
        seat_to_position = [(seat - rotation) % players for seat in range(players)]
        state = game.new_game(players, seed=deal_seed, variant=variant, dealer=block % players)
        decisions = 0
        while not state.is_over:
            seat = state.current_player
            position = seat_to_position[seat]
            view, legal_actions = state.view(seat), state.legal_actions()
            started = time.perf_counter()
            decision = bots[position].decide(view, legal_actions, rng)
            times[position].append((time.perf_counter() - started) * 1000)
            state = state.apply(decision.action)
            decisions += 1
            if decisions > MAX_DECISIONS_PER_GAME:
                raise RuntimeError(f"Game {number + 1} (deal seed {deal_seed}) did not end "
                                   f"after {MAX_DECISIONS_PER_GAME} decisions.")
        for seat in state.winners:
            wins[seat_to_position[seat]] += 1 / len(state.winners)
    results = tuple(
        BotResult(label=f"{level}#{position + 1}", level=level, wins=wins[position], games=games,
                  interval=wilson_interval(wins[position], games), decisions=len(times[position]),
                  mean_ms=sum(times[position]) / len(times[position]) if times[position] else 0.0,
                  worst_ms=max(times[position], default=0.0))
        for position, level in enumerate(levels))
    return MatchResult(game_key=game_key, preset=preset, players=players, games=games, seed=seed, bots=results)


def wilson_interval(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval for a win share; fractional wins (shared games) count as such."""
    share = wins / games
    spread = Z_95 * Z_95 / games
    centre = (share + spread / 2) / (1 + spread)
    half = Z_95 / (1 + spread) * math.sqrt(share * (1 - share) / games + spread / (4 * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def format_result(result: MatchResult) -> str:
    """A plain-text table of the match, then a bar plot of the win shares."""
    title = get_game(result.game_key).title
    lines = [
        f"{title}, {result.players} players, preset {result.preset}, {result.games} games, seed {result.seed}",
        "Win share: a game won by k tied winners counts 1/k; 95% Wilson score interval.",
        "",
        f"{'bot':<10} {'games':>6} {'wins':>7} {'share':>7} {'95% interval':>15} {'decisions':>10} "
        f"{'mean ms':>8} {'worst ms':>9}",
    ]
    for bot in result.bots:
        low, high = bot.interval
        lines.append(f"{bot.label:<10} {bot.games:>6} {bot.wins:>7.1f} {bot.share:>7.1%} "
                     f"{f'{low:.1%}–{high:.1%}':>15} {bot.decisions:>10} {bot.mean_ms:>8.2f} {bot.worst_ms:>9.1f}")
    lines.append("")
    for bot in result.bots:
        bar = "#" * round(bot.share * BAR_WIDTH)
        lines.append(f"{bot.label:<10} |{bar:<{BAR_WIDTH}}| {bot.share:.1%}")
    return "\n".join(lines)
