"""Bots against bots: play a match, then report how each bot did and its decision times.

Pure Python (no Django): `manage.py arena` and the tests call `play_match` and `format_result`.

Seats are fair by construction (`seatings`, for every game). Games come in blocks of one deal each
(seeded from `seed`, with the dealer moving on from block to block), and within a block the line-up
is rotated through every seat: each bot plays each hand of the deal once, from every position
relative to the dealer.

Each game's engine names how its matches are scored (games.declaration.GameEngine.arena_scoring, SCORINGS).
Most games are reported as win shares (WinShares). Games scored in points per deal (Hearts) are
reported per deal instead (PointsPerDeal): each game is a single deal and each bot's mean points per
deal come with a 95% interval. Games with one loser (Chuvash Rooster) report each bot's loser share
(LoserShares), games stalled past an action cap counting as having no loser. Partnership games
(Yashchiki) report each partnership's mean match points, its partners' totals added (TeamPoints):
line-up positions 0 and 2 are one partnership, 1 and 3 the other, and as the rotation moves the
line-up by one seat the partnerships swap seat pairs on the same deals.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import multiprocessing
import random
import time
from collections.abc import Sequence

from games import registry
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


@dataclasses.dataclass(frozen=True)
class BotLosses:
    label: str
    level: str
    roosters: int           # games this bot ended as the loser (the Chuvash rooster)
    games: int
    interval: tuple[float, float]   # 95% Wilson score interval of the loser share
    decisions: int
    mean_ms: float
    worst_ms: float

    @property
    def share(self) -> float:
        return self.roosters / self.games


@dataclasses.dataclass(frozen=True)
class LoserResult:
    game_key: str
    preset: str
    players: int
    games: int
    seed: int
    capped: int             # games stopped at the action cap (counted as having no loser)
    no_loser: int           # games that ended with nobody left holding cards
    bots: tuple[BotLosses, ...]


@dataclasses.dataclass(frozen=True)
class Seating:
    """One game of a match: its deal (a block's deal, dealt by the block's dealer) and where the
    line-up sits. Line-up position p sits in seat (p + rotation) % players."""

    number: int
    block: int
    rotation: int
    deal_seed: int
    rng_seed: int           # the bots' choices

    def position(self, seat: int, players: int) -> int:
        return (seat - self.rotation) % players


def seatings(games: int, players: int, seed: int) -> list[Seating]:
    """The fair plan of a match: blocks of `players` games share a deal, the line-up rotated by one
    seat from game to game, so each bot plays each hand of the deal from every position."""
    seeds = random.Random(seed)
    plan = []
    for number in range(games):
        block, rotation = divmod(number, players)
        if rotation == 0:
            deal_seed = seeds.getrandbits(64)
        plan.append(Seating(number, block, rotation, deal_seed, seeds.getrandbits(64)))
    return plan


class WinShares:
    """Most games: each game is played to its end and its winners share one win."""

    cap: int | None = None          # a game longer than MAX_DECISIONS_PER_GAME is a bug

    def variant(self, variant, block: int):
        return variant

    def finished(self, state, start) -> bool:
        return state.is_over

    def outcome(self, state, seating: Seating, players: int, capped: bool):
        return tuple(seating.position(seat, players) for seat in state.winners)


class PointsPerDeal(WinShares):
    """Hearts: each game is a single deal, played from the start of a match to its first "deal-end"
    event. The pass direction follows the preset's cycle from block to block, so every direction
    gets its share of deals."""

    def variant(self, variant, block: int):
        cycle = variant.pass_cycle
        return dataclasses.replace(variant, pass_cycle=(cycle[block % len(cycle)],))

    def finished(self, state, start) -> bool:
        return state.is_over or state.scores != start.scores

    def outcome(self, state, seating: Seating, players: int, capped: bool):
        deal_end = next(event for event in state.log if event["type"] == "deal-end")
        points = [0] * players
        for seat in range(players):
            points[seating.position(seat, players)] = deal_end["points"][seat]
        moon = seating.position(deal_end["moon"], players) if deal_end.get("moon") is not None else None
        return points, moon


class LoserShares(WinShares):
    """Chuvash Rooster: one loser per game, the rooster. Players who always take can stall a game,
    so a game still going after `cap` actions stops and counts as having no rooster."""

    cap = 5000

    def outcome(self, state, seating: Seating, players: int, capped: bool):
        if capped or state.rooster is None:
            return None, capped
        return seating.position(state.rooster, players), False


class TeamPoints(WinShares):
    """Yashchiki: each game is a whole match; each partnership (line-up positions p and p + 2) scores
    its team total at the end, fewer being better, and the winners' side is noted."""

    def outcome(self, state, seating: Seating, players: int, capped: bool):
        teams = players // 2
        points = [state.team_totals[(side + seating.rotation) % teams] for side in range(teams)]
        winners = {seating.position(seat, players) % teams for seat in state.winners}
        return points, winners, seating.rotation % teams


@dataclasses.dataclass(frozen=True)
class PartnershipPoints:
    label: str                      # the partners' labels: "hard#1+hard#3"
    levels: tuple[str, ...]
    games: int                      # matches played
    mean: float                     # team points at the end of the match, fewer is better
    interval: tuple[float, float]   # 95% interval of the mean (normal approximation)
    deviation: float
    wins: float                     # matches won; a tie counts 1/2
    seat_pair_means: tuple[float, float]   # mean points on seats 0+2 and on seats 1+3
    decisions: int
    mean_ms: float
    worst_ms: float


@dataclasses.dataclass(frozen=True)
class TeamResult:
    game_key: str
    preset: str
    players: int
    games: int
    seed: int
    partnerships: tuple[PartnershipPoints, ...]
    difference: tuple[float, tuple[float, float]]   # mean of the first minus the second, with its 95% interval


# Each game's engine names how its matches are scored (games.declaration.GameEngine.arena_scoring).
SCORINGS = {"wins": WinShares(), "points-per-deal": PointsPerDeal(), "loser-shares": LoserShares(),
            "team-points": TeamPoints()}


def scoring_of(game_key: str) -> WinShares:
    """How the arena scores a match of the game, as its engine says."""
    return SCORINGS[registry.engine(game_key).arena_scoring]


def play_match(game_key: str, players: int, levels: Sequence[str], games: int, seed: int,
               preset: str = "standard", workers: int = 1, deadline: bool = True
               ) -> MatchResult | PointsResult | LoserResult | TeamResult:
    """Play `games` games between bots of the given levels, one per seat; ValueError for a bad set-up.

    The games may be shared out among `workers` processes: each is seeded in advance, so the results
    do not depend on how many. Without the `deadline` (games.bots.base.DECISION_SECONDS) the hard bots spend
    their whole work budgets however busy the machine is: the results then depend on the seed alone, which is
    what a comparison of strengths on a shared machine needs (the times printed are still the real ones).
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
    for level in set(levels):
        get_bot(game_key, level)            # no bots for this game: a ValueError before any game
    scoring = scoring_of(game_key)
    play = functools.partial(_play_game, game_key, variant, tuple(levels), scoring,
                             None if deadline else math.inf)
    plan = seatings(games, players, seed)
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            played = pool.map(play, plan, chunksize=players)
    else:
        played = [play(seating) for seating in plan]
    times: list[list[float]] = [[] for _ in range(players)]
    for _, game_times in played:
        for position in range(players):
            times[position].extend(game_times[position])
    outcomes = [outcome for outcome, _ in played]
    header = {"game_key": game_key, "preset": preset, "players": players, "games": games, "seed": seed}
    if isinstance(scoring, PointsPerDeal):
        return _points_result(header, levels, outcomes, times)
    if isinstance(scoring, LoserShares):
        return _loser_result(header, levels, outcomes, times)
    if isinstance(scoring, TeamPoints):
        return _team_result(header, levels, outcomes, times)
    wins = [0.0] * players
    for winners in outcomes:
        for position in winners:
            wins[position] += 1 / len(winners)
    return MatchResult(**header, bots=tuple(
        BotResult(label=f"{level}#{position + 1}", level=level, wins=wins[position], games=games,
                  interval=wilson_interval(wins[position], games), **_timing(times[position]))
        for position, level in enumerate(levels)))


def _timing(times: list[float]) -> dict:
    return {"decisions": len(times), "mean_ms": sum(times) / len(times) if times else 0.0,
            "worst_ms": max(times, default=0.0)}


def _play_game(game_key: str, variant, levels: tuple[str, ...], scoring: WinShares, decision_seconds: float | None,
               seating: Seating) -> tuple[object, list[list[float]]]:
    """One game of the plan: its outcome (by line-up position) and the decision times per position."""
    game = get_game(game_key)
    players = len(levels)
    bots = [get_bot(game_key, level, decision_seconds) for level in levels]
    rng = random.Random(seating.rng_seed)
    state = start = game.new_game(players, seed=seating.deal_seed, variant=scoring.variant(variant, seating.block),
                                  dealer=seating.block % players)
    times: list[list[float]] = [[] for _ in range(players)]
    decisions, capped = 0, False
    while not scoring.finished(state, start):
        if scoring.cap is not None and decisions >= scoring.cap:
            capped = True
            break
        seat = state.current_player
        position = seating.position(seat, players)
        view, legal_actions = state.view(seat), state.legal_actions()
        started = time.perf_counter()
        decision = bots[position].decide(view, legal_actions, rng)
        times[position].append((time.perf_counter() - started) * 1000)
        state = state.apply(decision.action)
        decisions += 1
        if decisions > MAX_DECISIONS_PER_GAME:
            raise RuntimeError(f"Game {seating.number + 1} (deal seed {seating.deal_seed}) did not end "
                               f"after {MAX_DECISIONS_PER_GAME} decisions.")
    return scoring.outcome(state, seating, players, capped), times


def _points_result(header: dict, levels: list[str], outcomes: list, times: list[list[float]]) -> PointsResult:
    points: list[list[int]] = [[] for _ in levels]
    moons = [0] * len(levels)
    for deal_points, moon in outcomes:
        for position, value in enumerate(deal_points):
            points[position].append(value)
        if moon is not None:
            moons[moon] += 1
    results = []
    for position, level in enumerate(levels):
        mean, deviation, interval = mean_interval(points[position])
        results.append(BotPoints(label=f"{level}#{position + 1}", level=level, deals=header["games"], mean=mean,
                                 interval=interval, deviation=deviation, moons=moons[position],
                                 **_timing(times[position])))
    return PointsResult(**header, bots=tuple(results))


def _loser_result(header: dict, levels: list[str], outcomes: list, times: list[list[float]]) -> LoserResult:
    games = header["games"]
    losses = [0] * len(levels)
    for loser, _ in outcomes:
        if loser is not None:
            losses[loser] += 1
    capped = sum(1 for _, was_capped in outcomes if was_capped)
    no_loser = sum(1 for loser, was_capped in outcomes if loser is None and not was_capped)
    return LoserResult(**header, capped=capped, no_loser=no_loser, bots=tuple(
        BotLosses(label=f"{level}#{position + 1}", level=level, roosters=losses[position], games=games,
                  interval=wilson_interval(losses[position], games), **_timing(times[position]))
        for position, level in enumerate(levels)))


def _team_result(header: dict, levels: list[str], outcomes: list, times: list[list[float]]) -> TeamResult:
    teams = header["players"] // 2
    points: list[list[int]] = [[] for _ in range(teams)]
    by_seat_pair: list[list[list[int]]] = [[[], []] for _ in range(teams)]
    wins = [0.0] * teams
    for match_points, winners, first_pair in outcomes:
        for side, value in enumerate(match_points):
            points[side].append(value)
            by_seat_pair[side][(side + first_pair) % teams].append(value)
        for side in winners:
            wins[side] += 1 / len(winners)
    partnerships = []
    for side in range(teams):
        positions = range(side, header["players"], teams)
        mean, deviation, interval = mean_interval(points[side])
        partnerships.append(PartnershipPoints(
            label="+".join(f"{levels[position]}#{position + 1}" for position in positions),
            levels=tuple(levels[position] for position in positions), games=header["games"], mean=mean,
            interval=interval, deviation=deviation, wins=wins[side],
            seat_pair_means=tuple(sum(values) / len(values) if values else math.nan
                                  for values in by_seat_pair[side]),
            **_timing([time for position in positions for time in times[position]])))
    difference, _, difference_interval = mean_interval([first - second for first, second in zip(*points, strict=True)])
    return TeamResult(**header, partnerships=tuple(partnerships), difference=(difference, difference_interval))


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


def format_result(result: MatchResult | PointsResult | LoserResult | TeamResult) -> str:
    """A plain-text table of the match, then a bar plot of the win shares (or of the points per deal,
    the loser shares or the partnerships' match points)."""
    if isinstance(result, TeamResult):
        return format_teams(result)
    if isinstance(result, PointsResult):
        return format_points(result)
    if isinstance(result, LoserResult):
        return format_losses(result)
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


def format_losses(result: LoserResult) -> str:
    """The table of a match scored by its loser (the Chuvash rooster), then a bar plot of the loser shares."""
    title = get_game(result.game_key).title
    lines = [
        f"{title}, {result.players} players, preset {result.preset}, {result.games} games, seed {result.seed}",
        "Rooster share: the games a bot ended as the rooster, the loser (fewer is better); 95% Wilson score interval.",
        f"Games capped at {LoserShares.cap:,} actions: {result.capped}; games without a rooster (capped ones "
        f"included): {result.capped + result.no_loser}.",
        "",
        f"{'bot':<10} {'games':>6}  rooster {'share':>7} {'95% interval':>15} {'decisions':>10} "
        f"{'mean ms':>8} {'worst ms':>9}",
    ]
    for bot in result.bots:
        low, high = bot.interval
        lines.append(f"{bot.label:<10} {bot.games:>6} {bot.roosters:>8} {bot.share:>7.1%} "
                     f"{f'{low:.1%}–{high:.1%}':>15} {bot.decisions:>10} {bot.mean_ms:>8.2f} {bot.worst_ms:>9.1f}")
    lines.append("")
    for bot in result.bots:
        bar = "#" * round(bot.share * BAR_WIDTH)
        lines.append(f"{bot.label:<10} |{bar:<{BAR_WIDTH}}| {bot.share:.1%}")
    return "\n".join(lines)


def format_teams(result: TeamResult) -> str:
    """The table of a partnership match: each partnership's match points, then a bar plot of the means."""
    title = get_game(result.game_key).title
    difference, (low, high) = result.difference
    first, second = (partnership.label for partnership in result.partnerships)
    lines = [
        f"{title}, {result.players} players, preset {result.preset}, {result.games} matches, seed {result.seed}",
        "Team points at the end of a match, fewer is better: mean and 95% interval of the mean (normal "
        "approximation).",
        "The line-up moves one seat from match to match, so each partnership plays the same deals on seats 0+2 "
        "and on seats 1+3.",
        "",
        f"{'partnership':<18} {'matches':>7} {'mean':>7} {'95% interval':>15} {'sd':>6} {'wins':>6} "
        f"{'seats 0+2':>9} {'seats 1+3':>9} {'decisions':>10} {'mean ms':>8} {'worst ms':>9}",
    ]
    for team in result.partnerships:
        team_low, team_high = team.interval
        on_even, on_odd = team.seat_pair_means
        lines.append(f"{team.label:<18} {team.games:>7} {team.mean:>7.1f} {f'{team_low:.1f}–{team_high:.1f}':>15} "
                     f"{team.deviation:>6.1f} {team.wins:>6.1f} {on_even:>9.1f} {on_odd:>9.1f} "
                     f"{team.decisions:>10} {team.mean_ms:>8.2f} {team.worst_ms:>9.1f}")
    lines += ["", f"{first} minus {second}, per match: {difference:.1f} (95% interval {low:.1f}–{high:.1f})", ""]
    scale = max((team.mean for team in result.partnerships), default=0.0) or 1.0
    for team in result.partnerships:
        bar = "#" * max(0, round(team.mean / scale * BAR_WIDTH))
        lines.append(f"{team.label:<18} |{bar:<{BAR_WIDTH}}| {team.mean:.1f}")
    return "\n".join(lines)
