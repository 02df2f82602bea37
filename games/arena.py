"""Bots against bots: play a match, then report how each bot did and its decision times.

Pure Python (no Django): `manage.py arena` and the tests call `play_match` and `format_result`.

Seats are fair by construction. Games come in blocks of one deal each (seeded from `seed`, with the
dealer moving on from block to block), and within a block the line-up is rotated through every seat:
each bot plays each hand of the deal once, from every position relative to the dealer.

Most games are reported as win shares. Games scored in points per deal (Hearts) are reported per
deal instead: each game is a single deal, played from the start of a match to its first
"deal-end" event, and each bot's mean points per deal come with a 95% interval. The pass direction
follows the preset's cycle from block to block, so every direction gets its share of deals.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import multiprocessing
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


@dataclasses.dataclass(frozen=True)
class BotPoints:
    label: str
    level: str
    deals: int
    mean: float                     # points per deal, fewer is better
    interval: tuple[float, float]   # 95% interval of the mean (normal approximation)
    deviation: float                # standard deviation of the points of one deal
    moons: int                      # deals in which this bot shot the moon
    decisions: int
    mean_ms: float
    worst_ms: float


@dataclasses.dataclass(frozen=True)
class PointsResult:
    game_key: str
    preset: str
    players: int
    games: int                      # deals played
    seed: int
    bots: tuple[BotPoints, ...]


def _one_direction(variant, block: int):
    """The Hearts variant of one block: the pass direction its deal would have in the preset's cycle."""
    cycle = variant.pass_cycle
    return dataclasses.replace(variant, pass_cycle=(cycle[block % len(cycle)],))


# Games reported in points per deal, with the variant each block's single deal is played under.
POINTS_PER_DEAL = {"hearts": _one_direction}


def play_match(game_key: str, players: int, levels: Sequence[str], games: int, seed: int,
               preset: str = "standard", workers: int = 1) -> MatchResult | PointsResult:
    """Play `games` games between bots of the given levels, one per seat; ValueError for a bad set-up.

    For a game scored in points per deal, each game is one deal and the result a PointsResult; its
    deals may be shared out among `workers` processes (the results do not depend on how many).
    """
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
    if workers < 1:
        raise ValueError("Use at least one worker.")
    variant = game.variant(preset)
    bots = [get_bot(game_key, level) for level in levels]
    if game_key in POINTS_PER_DEAL:
        return _play_deals(game_key, variant, levels, games, seed, preset, workers)
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


def _play_deals(game_key: str, variant, levels: list[str], games: int, seed: int, preset: str,
                workers: int) -> PointsResult:
    players = len(levels)
    seeds = random.Random(seed)
    plan = []
    for number in range(games):
        block, rotation = divmod(number, players)
        if rotation == 0:
            deal_seed = seeds.getrandbits(64)
        plan.append((number, block, rotation, deal_seed, seeds.getrandbits(64)))
    play = functools.partial(_play_deal, game_key, variant, tuple(levels))
    if workers > 1:
        # The deals are independent and seeded in advance: the same results in any number of processes.
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            outcomes = pool.map(play, plan, chunksize=players)
    else:
        outcomes = [play(deal) for deal in plan]
    points: list[list[int]] = [[] for _ in range(players)]
    moons = [0] * players
    times: list[list[float]] = [[] for _ in range(players)]
    for deal_points, moon, deal_times in outcomes:
        for position in range(players):
            points[position].append(deal_points[position])
            times[position].extend(deal_times[position])
        if moon is not None:
            moons[moon] += 1
    results = []
    for position, level in enumerate(levels):
        mean, deviation, interval = mean_interval(points[position])
        results.append(BotPoints(label=f"{level}#{position + 1}", level=level, deals=games, mean=mean,
                                 interval=interval, deviation=deviation, moons=moons[position],
                                 decisions=len(times[position]),
                                 mean_ms=sum(times[position]) / len(times[position]) if times[position] else 0.0,
                                 worst_ms=max(times[position], default=0.0)))
    return PointsResult(game_key=game_key, preset=preset, players=players, games=games, seed=seed,
                        bots=tuple(results))


def _play_deal(game_key: str, variant, levels: tuple[str, ...],
               deal: tuple[int, int, int, int, int]) -> tuple[list[int], int | None, list[list[float]]]:
    """One deal with the line-up rotated: the points, the moon's shooter (if any) and the decision
    times, by position in the line-up."""
    number, block, rotation, deal_seed, rng_seed = deal
    game = get_game(game_key)
    players = len(levels)
    bots = [get_bot(game_key, level) for level in levels]
    rng = random.Random(rng_seed)
    # Line-up position `position` sits in seat (position + rotation) % players.
    seat_to_position = [(seat - rotation) % players for seat in range(players)]
    state = game.new_game(players, seed=deal_seed, variant=POINTS_PER_DEAL[game_key](variant, block),
                          dealer=block % players)
    start_scores = state.scores
    times: list[list[float]] = [[] for _ in range(players)]
    decisions = 0
    while not state.is_over and state.scores == start_scores:
        seat = state.current_player
        position = seat_to_position[seat]
        view, legal_actions = state.view(seat), state.legal_actions()
        started = time.perf_counter()
        decision = bots[position].decide(view, legal_actions, rng)
        times[position].append((time.perf_counter() - started) * 1000)
        state = state.apply(decision.action)
        decisions += 1
        if decisions > MAX_DECISIONS_PER_GAME:
            raise RuntimeError(f"Deal {number + 1} (deal seed {deal_seed}) did not end "
                               f"after {MAX_DECISIONS_PER_GAME} decisions.")
    deal_end = next(event for event in state.log if event["type"] == "deal-end")
    points = [0] * players
    for seat in range(players):
        points[seat_to_position[seat]] = deal_end["points"][seat]
    moon = seat_to_position[deal_end["moon"]] if deal_end.get("moon") is not None else None
    return points, moon, times


def mean_interval(values: Sequence[float]) -> tuple[float, float, tuple[float, float]]:
    """The mean, the sample standard deviation and the 95% interval of the mean (normal approximation)."""
    count = len(values)
    mean = sum(values) / count
    deviation = math.sqrt(sum((value - mean) ** 2 for value in values) / (count - 1)) if count > 1 else 0.0
    half = Z_95 * deviation / math.sqrt(count)
    return mean, deviation, (mean - half, mean + half)


def wilson_interval(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval for a win share; fractional wins (shared games) count as such."""
    share = wins / games
    spread = Z_95 * Z_95 / games
    centre = (share + spread / 2) / (1 + spread)
    half = Z_95 / (1 + spread) * math.sqrt(share * (1 - share) / games + spread / (4 * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def format_result(result: MatchResult | PointsResult) -> str:
    """A plain-text table of the match, then a bar plot of the win shares (or of the points per deal)."""
    if isinstance(result, PointsResult):
        return format_points(result)
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


def format_points(result: PointsResult) -> str:
    """The table of a match scored in points per deal, then a bar plot of the means."""
    title = get_game(result.game_key).title
    lines = [
        f"{title}, {result.players} players, preset {result.preset}, {result.games} deals, seed {result.seed}",
        "Points per deal, fewer is better: mean and 95% interval of the mean (normal approximation).",
        "",
        f"{'bot':<10} {'deals':>6} {'mean':>6} {'95% interval':>13} {'sd':>5} {'moons':>6} {'decisions':>10} "
        f"{'mean ms':>8} {'worst ms':>9}",
    ]
    for bot in result.bots:
        low, high = bot.interval
        lines.append(f"{bot.label:<10} {bot.deals:>6} {bot.mean:>6.2f} {f'{low:.2f}–{high:.2f}':>13} "
                     f"{bot.deviation:>5.2f} {bot.moons:>6} {bot.decisions:>10} {bot.mean_ms:>8.2f} "
                     f"{bot.worst_ms:>9.1f}")
    lines.append("")
    scale = max((bot.mean for bot in result.bots), default=0.0) or 1.0
    for bot in result.bots:
        bar = "#" * max(0, round(bot.mean / scale * BAR_WIDTH))
        lines.append(f"{bot.label:<10} |{bar:<{BAR_WIDTH}}| {bot.mean:.2f}")
    return "\n".join(lines)
