"""The bench's phases, one after the other, and the summary at the end.

1. The class, once per learner count of the capacity curve (workers restarted for each, with the given
   BOT_MOVE_DELAY): N learners start within the ramp, each steps through a lesson and plays its games with a
   think time before every click, against an easy and a medium bot or, a share of the class drawn from the seed
   (--hard-share), two hard bots, whose moves are reported apart too; afterwards every game they started is
   checked in the bench database (verify.py), and the workers' history cache's lookups are read
   (history_counts.py). The largest count whose moves, other pages, errors and games all meet the goals is the
   site's capacity.
2. Tables to play together (workers restarted, the same BOT_MOVE_DELAY): --tables tables open within the ramp,
   each of two to four people (tables.py), of the four games in turn; each person sits down and plays their
   seat with a think time before every click, until the game ends. Every table's game is then checked as the
   class's are.
3. Saturation (workers restarted with BOT_MOVE_DELAY=0, so the bots' pacing for people does not cap the
   rate): clients without think time, first GET /health/ in a closed loop, then learners playing game after
   game, each for the same number of seconds. It says what a move costs in the workers' CPU and whether the
   pages that start a game stay quick while moves saturate the workers. With a --hard-share, the learners
   saturate the workers once more, all with hard bots: what a move with hard bots costs.

All clients share one asyncio event loop in this process, so the client's own CPU stays small beside the
workers'; each phase prints both.
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import os
import random
import time
from collections.abc import Callable, Coroutine
from typing import Any

from benchmarks.loadtest.history_counts import HistoryLookups
from benchmarks.loadtest.learner import BOT_LEVELS, HARD_BOT_LEVELS, Browser, Learner, LearnerFailed, LearnerPlan
from benchmarks.loadtest.report import Recorder, endpoint_table, round_trip_line
from benchmarks.loadtest.server import BenchSite, SiteConfig, Workers, machine_busy_seconds
from benchmarks.loadtest.tables import play_a_table, table_mixes, tables_described
from benchmarks.loadtest.verify import GameCheck

PHASES = ("class", "tables", "saturation")
# Tables is asked for by name: its phase lasts as long as its longest game (Yashchiki's short match, played by
# people thinking 1-3 s a move: up to half an hour).
DEFAULT_PHASES = ("class", "saturation")
GOAL_MOVE_P99_MS = 150.0
GOAL_OTHER_P99_MS = 300.0     # every other endpoint of the class phase
GOAL_CAPACITY = 400           # learners on this 2-core machine, the client included
GOAL_STARTING_P99_MS = 300.0  # the new-game form and the play page while moves saturate the workers
STARTING_PAGES = ("new game form", "play page")
PROGRESS_EVERY = 15.0   # seconds between two progress lines of the class phase
SATURATION_RAMP = 2.0   # seconds within which the saturating learners arrive (not all in one burst)
STARTERS = 5            # clients that keep starting games while the others saturate the workers
DEFAULT_HARD_SHARE = 1 / 3   # of a class playing hard bots: the default run reports both mixes

Out = Callable[[str], None]


@dataclasses.dataclass(frozen=True)
class BenchOptions:
    learners: tuple[int, ...]   # one class phase per count: the capacity curve
    workers: int
    ramp: float
    think: tuple[float, float]
    games_per_learner: int
    saturation_seconds: float
    saturation_clients: int
    tables: int   # tables of the tables phase
    phases: tuple[str, ...]
    seed: int
    bot_move_delay: float
    conn_max_age: int
    pool_size: int
    database_url: str
    redis_url: str
    servers: tuple[str, ...] = ("daphne",)   # each one runs every phase on a fresh database, one after the other
    hard_share: float = DEFAULT_HARD_SHARE   # of each class's learners, playing hard bots


@dataclasses.dataclass
class ClassRun:
    """One class phase of the curve: its learners, what they measured, and the checks of their games."""

    learners: int
    recorder: Recorder
    checks: list[GameCheck]
    workers_cpu: float   # seconds of CPU the workers used during the phase
    machine_cpu: float = 0.0   # seconds the whole machine's cores were busy during the phase
    learners_by_bots: dict[str, int] = dataclasses.field(default_factory=dict)   # e.g. {"easy+medium": 67, ...}
    history: HistoryLookups | None = None   # the workers' history cache's lookups during the phase

    @property
    def games_ok(self) -> bool:
        return all(check.finished and check.consistent for check in self.checks)

    @property
    def move_p99_ms(self) -> float | None:
        return self.recorder.stats("move").p99_ms if self.recorder.latencies.get("move") else None

    @property
    def slowest_other(self) -> tuple[str, float]:
        """The endpoint other than the move with the highest p99, and that p99 in ms."""
        others = [row for row in self.recorder.all_stats() if row.endpoint != "move" and row.count]
        if not others:
            return "none", 0.0
        slowest = max(others, key=lambda row: row.p99_ms)
        return slowest.endpoint, slowest.p99_ms

    @property
    def meets_goals(self) -> bool:
        return (self.recorder.total_errors == 0 and self.games_ok and self.move_p99_ms is not None
                and self.move_p99_ms < GOAL_MOVE_P99_MS and self.slowest_other[1] < GOAL_OTHER_P99_MS)


@dataclasses.dataclass
class TablesRun:
    """The tables phase: what its people measured, and the checks of its tables' games."""

    tables: int
    recorder: Recorder
    checks: list[GameCheck]

    @property
    def games_ok(self) -> bool:
        """Every table's game started, finished and has a consistent log."""
        return len(self.checks) == self.tables and all(check.finished and check.consistent for check in self.checks)


@dataclasses.dataclass
class Outcome:
    """What the summary reports; empty or None where a phase did not run."""

    server: str = "daphne"
    load_before: tuple[float, float, float] = (0.0, 0.0, 0.0)   # the machine's load average at the start
    classes: list[ClassRun] = dataclasses.field(default_factory=list)
    health: Recorder | None = None
    saturated: Recorder | None = None
    starting: Recorder | None = None   # the starters' requests during the saturation
    saturated_cpu: float = 0.0   # the workers' CPU seconds while the learners saturated them
    saturated_hard: Recorder | None = None   # learners saturating the workers again, with hard bots
    saturated_hard_cpu: float = 0.0
    tables: TablesRun | None = None

    @property
    def errors(self) -> int:
        recorders = [run.recorder for run in self.classes] + [self.health, self.saturated, self.starting,
                                                               self.saturated_hard]
        recorders.append(self.tables.recorder if self.tables else None)
        return sum(recorder.total_errors for recorder in recorders if recorder)

    @property
    def games_ok(self) -> bool:
        return all(run.games_ok for run in self.classes) and (self.tables is None or self.tables.games_ok)

    @property
    def capacity(self) -> int | None:
        """The largest learner count whose class phase met every goal; None if none did or none ran."""
        met = [run.learners for run in self.classes if run.meets_goals]
        return max(met) if met else None


def run_bench(options: BenchOptions, out: Out) -> bool:
    """Run the chosen phases on each server and print their figures (and, for several servers, how they
    compare); True if there was no error and every game checked out."""
    outcomes = [_run_on(server, options, out) for server in options.servers]
    for outcome in outcomes:
        for line in summary(options, outcome):
            out(line)
    if len(outcomes) > 1:
        for line in server_comparison(outcomes):
            out(line)
    return all(outcome.errors == 0 and outcome.games_ok for outcome in outcomes)


def _run_on(server: str, options: BenchOptions, out: Out) -> Outcome:
    site = BenchSite(SiteConfig(database_url=options.database_url, redis_url=options.redis_url,
                                conn_max_age=options.conn_max_age, workers=options.workers,
                                pool_size=options.pool_size, server=server), out)
    outcome = Outcome(server=server, load_before=os.getloadavg())
    try:
        started = time.perf_counter()
        out(f"[{server}] Preparing the bench database ({options.database_url}) and Redis ({options.redis_url}): "
            "recreate, migrate, load the lessons, collect static files…")
        site.prepare()
        out(f"  ready in {time.perf_counter() - started:.1f} s")
        if "class" in options.phases:
            for learners in options.learners:
                with site.serving(bot_move_delay=options.bot_move_delay) as workers:
                    recorder, (cpu, machine_cpu) = _measured(workers, lambda count=learners: class_phase(
                        options, count, workers, out))
                    history = workers.history_lookups()
                _print_phase(f"[{server}] Class phase, {learners} learners", recorder, out)
                checks = _checked_games(site, recorder, out)
                learners_by_bots = collections.Counter(plan.bots for plan in class_plans(options, learners))
                outcome.classes.append(ClassRun(learners, recorder, checks, cpu, machine_cpu,
                                                learners_by_bots=dict(learners_by_bots), history=history))
        if "tables" in options.phases:
            with site.serving(bot_move_delay=options.bot_move_delay) as workers:
                recorder, _cpu = _measured(workers, lambda: tables_phase(options, workers, out))
            _print_phase(f"[{server}] Tables phase, {options.tables} tables", recorder, out)
            outcome.tables = TablesRun(options.tables, recorder, _checked_games(site, recorder, out))
        if "saturation" in options.phases:
            with site.serving(bot_move_delay=0) as workers:
                outcome.health, _ = _measured(workers, lambda: saturate_health(options, workers.base_url))
                (outcome.saturated, outcome.starting), (outcome.saturated_cpu, _) = _measured(
                    workers, lambda: saturate_play(options, workers.base_url))
                if options.hard_share:
                    (outcome.saturated_hard, _), (outcome.saturated_hard_cpu, _) = _measured(
                        workers, lambda: saturate_play(options, workers.base_url, bot_levels=HARD_BOT_LEVELS))
            _print_phase(f"[{server}] Saturation: GET /health/ in a closed loop", outcome.health, out)
            _print_phase(f"[{server}] Saturation: learners playing without think time", outcome.saturated, out)
            _print_phase(f"[{server}] Saturation: meanwhile, {STARTERS} clients starting games", outcome.starting,
                         out)
            if outcome.saturated_hard is not None:
                _print_phase(f"[{server}] Saturation: learners playing hard bots without think time",
                             outcome.saturated_hard, out)
    finally:
        site.cleanup()
    return outcome


def _checked_games(site: BenchSite, recorder: Recorder, out: Out) -> list[GameCheck]:
    """The checks of the games the phase started, printed: the tally, and each game that failed its check."""
    checks = site.verify(recorder.games_started)
    out(_games_line(checks))
    for check in checks:
        if not (check.finished and check.consistent):
            out(f"  game {check.game_id}: {'finished' if check.finished else 'unfinished'}; {check.problem}")
    return checks


def _measured(workers: Workers, phase: Callable[[], Coroutine]) -> tuple[Any, tuple[float, float]]:
    """Run one phase on its own event loop, noting the CPU the workers, this client and the whole machine used
    meanwhile (on the phase's recorder, the first where it returns several); what the phase returned, and the
    CPU seconds of the workers and of the whole machine."""
    workers_cpu, client_cpu, machine_cpu = workers.cpu_seconds(), time.process_time(), machine_busy_seconds()
    result = asyncio.run(phase())
    recorder = result[0] if isinstance(result, tuple) else result
    workers_cpu = workers.cpu_seconds() - workers_cpu
    client_cpu = time.process_time() - client_cpu
    machine_cpu = machine_busy_seconds() - machine_cpu
    recorder.cpu_line = (f"CPU: workers {workers_cpu:.1f} s ({workers_cpu / recorder.seconds:.0%} of one core), "
                         f"this client {client_cpu:.1f} s ({client_cpu / recorder.seconds:.0%}), the whole machine "
                         f"{machine_cpu / recorder.seconds:.2f} of {os.cpu_count()} cores busy (the database, Redis "
                         "and everything else included)")
    return result, (workers_cpu, machine_cpu)


async def class_phase(options: BenchOptions, learners: int, workers: Workers, out: Out) -> Recorder:
    base_url = workers.base_url
    recorder = Recorder()
    out(f"Class phase: {learners} learners within {options.ramp:g} s, think {_think(options)}, "
        f"{options.games_per_learner} game(s) each, bot move delay {options.bot_move_delay:g} s, "
        f"{options.workers} {workers.server.name} worker(s) at {base_url}")
    recorder.start()
    plans = class_plans(options, learners)

    async def arrive(plan: LearnerPlan) -> None:
        await asyncio.sleep(plan.number * options.ramp / learners)
        await Learner(plan, base_url, recorder).run()

    progress = asyncio.create_task(_report_progress(recorder, learners * options.games_per_learner, out))
    await asyncio.gather(*(arrive(plan) for plan in plans))
    recorder.stop()
    progress.cancel()
    return recorder


def class_plans(options: BenchOptions, learners: int) -> list[LearnerPlan]:
    """The class's learners: each steps through a lesson and plays its games, against two hard bots for
    round(hard_share × learners) of them, drawn from the seed, and against an easy and a medium bot for the rest."""
    hard = set(random.Random(f"{options.seed}-hard-bots").sample(range(learners),
                                                                 round(options.hard_share * learners)))
    return [LearnerPlan(number=number, seed=f"{options.seed}-class-{number}", think=options.think,
                        games=options.games_per_learner, lesson=True,
                        bot_levels=HARD_BOT_LEVELS if number in hard else BOT_LEVELS) for number in range(learners)]


async def tables_phase(options: BenchOptions, workers: Workers, out: Out) -> Recorder:
    recorder = Recorder()
    mixes = table_mixes(options.tables)
    out(f"Tables phase: {tables_described(options.tables)}; opened within {options.ramp:g} s, think "
        f"{_think(options)}, bot move delay {options.bot_move_delay:g} s, {options.workers} {workers.server.name} "
        f"worker(s) at {workers.base_url}")
    recorder.start()

    async def arrive(number: int) -> None:
        await asyncio.sleep(number * options.ramp / options.tables)
        await play_a_table(number, mixes[number], seed=f"{options.seed}-tables", think=options.think,
                           base_url=workers.base_url, recorder=recorder)

    progress = asyncio.create_task(_report_progress(recorder, options.tables, out))
    await asyncio.gather(*(arrive(number) for number in range(options.tables)))
    recorder.stop()
    progress.cancel()
    return recorder


async def saturate_health(options: BenchOptions, base_url: str) -> Recorder:
    recorder = Recorder()

    async def client() -> None:
        browser = Browser(base_url, recorder)
        try:
            while True:
                await browser.request("health", "GET", "/health/")
        except LearnerFailed:
            pass
        finally:
            await browser.close()

    await _for_seconds(recorder, [client() for _ in range(options.saturation_clients)], options.saturation_seconds)
    return recorder


async def saturate_play(options: BenchOptions, base_url: str,
                        bot_levels: tuple[str, str] = BOT_LEVELS) -> tuple[Recorder, Recorder]:
    """Learners playing without think time against bots of `bot_levels`, arriving within SATURATION_RAMP; once
    they saturate the workers, a few more clients keep starting games (form, deal, play page) without playing
    them. What the players and what the starters measured."""
    players, starters = Recorder(), Recorder()
    plans = [LearnerPlan(number=number, seed=f"{options.seed}-saturation-{number}", think=(0.0, 0.0), games=None,
                         lesson=False, bot_levels=bot_levels) for number in range(options.saturation_clients)]
    ramp = min(SATURATION_RAMP, options.saturation_seconds / 4)

    async def arrive(plan: LearnerPlan) -> None:
        await asyncio.sleep(plan.number * ramp / len(plans))
        await Learner(plan, base_url, players).run()

    async def start_games(number: int) -> None:
        await asyncio.sleep(ramp)
        starters.start()
        plan = LearnerPlan(number=number, seed=f"{options.seed}-starter-{number}", think=(0.0, 0.0), games=None,
                           lesson=False, bot_levels=bot_levels)
        await Learner(plan, base_url, starters).keep_starting_games()

    await _for_seconds(players, [*(arrive(plan) for plan in plans), *(start_games(number)
                                                                         for number in range(STARTERS))],
                       options.saturation_seconds)
    starters.stop()
    return players, starters


async def _for_seconds(recorder: Recorder, clients: list[Coroutine], seconds: float) -> None:
    """Run the clients for `seconds`, then stop counting and cancel them, requests in flight included."""
    recorder.start()
    tasks = [asyncio.create_task(client) for client in clients]
    await asyncio.wait(tasks, timeout=seconds)
    recorder.stop()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def _report_progress(recorder: Recorder, games: int, out: Out) -> None:
    """A line every PROGRESS_EVERY seconds, with the cores the whole machine kept busy meanwhile: the phase's
    average hides its peak, when every learner plays at once (the busiest interval goes on the recorder)."""
    loop = asyncio.get_running_loop()
    busy, since = machine_busy_seconds(), loop.time()
    while True:
        await asyncio.sleep(PROGRESS_EVERY)
        cores = (machine_busy_seconds() - busy) / (loop.time() - since)
        busy, since = machine_busy_seconds(), loop.time()
        recorder.busiest_machine_cores = max(recorder.busiest_machine_cores, cores)
        # At a table, each of its people sees its game finish: a game is counted once.
        out(f"  {recorder.seconds:5.0f} s: {recorder.total_requests} requests, {recorder.lessons_finished} lessons "
            f"and {len(set(recorder.games_finished))} of {games} games finished, {recorder.total_errors} errors; "
            f"the machine {cores:.2f} cores busy")


def _print_phase(title: str, recorder: Recorder, out: Out) -> None:
    out(f"{title}: {recorder.seconds:.1f} s, {recorder.total_requests} requests "
        f"({recorder.total_requests / recorder.seconds:.1f} req/s), {recorder.total_errors} errors")
    out(f"  {recorder.cpu_line}")
    for line in endpoint_table(recorder):
        out(f"  {line}")
    for message in recorder.error_messages:
        out(f"  error: {message}")
    for note in recorder.missed_push_notes:
        out(f"  missed push: {note}")


def _games_line(checks: list[GameCheck]) -> str:
    finished = sum(check.finished for check in checks)
    consistent = sum(check.consistent for check in checks)
    return f"games: {finished} finished of {len(checks)}, logs consistent: {consistent}"


def _think(options: BenchOptions) -> str:
    low, high = options.think
    return f"{low:g}–{high:g} s" if high else "none"


def _goal(name: str, met: bool | None, figure: str) -> str:
    verdict = "not measured" if met is None else ("met" if met else "not met")
    return f"goal: {name}: {verdict}{f' ({figure})' if figure else ''}"


CURVE_HEADER = (f"{'learners':>8} {'move p50':>9} {'move p99':>9} {'slowest other p99':>32} {'ws p99':>8} "
                f"{'errors':>6} {'games ok':>9} {'workers':>7} {'machine':>7} {'busiest':>7} {'moves/s':>7} "
                f"{'per move':>8} "
                f"{'turn p50':>9} {'history hit/partial/full':>24}  goals")


def capacity_curve(classes: list[ClassRun]) -> list[str]:
    """One line per learner count: the move's latency, the slowest other endpoint's p99, the WebSocket
    connect's, errors, games, the CPU (in cores) of the workers and of the whole machine, the machine's in its
    busiest progress interval, the moves per second,
    the machine's CPU per move (everything the class cost, lessons and database included, over its moves),
    the median wait for the turn to come back and the workers' history lookups: hits, partial replays (only
    the new actions) and full replays (a game past its deal replayed from its first action)."""
    lines = [CURVE_HEADER]
    for run in classes:
        recorder = run.recorder
        move = recorder.stats("move")
        other, other_p99 = run.slowest_other
        turns = sorted(recorder.turn_round_trips)
        turn = f"{turns[len(turns) // 2]:.2f} s" if turns else "-"
        connect = recorder.stats("ws connect")   # none against bots alone; a table of people's pages connect
        connect_p99 = f"{connect.p99_ms:.1f} ms" if connect.count else "-"
        finished = sum(check.finished and check.consistent for check in run.checks)
        lines.append(f"{run.learners:>8} {move.p50_ms:>6.1f} ms {move.p99_ms:>6.1f} ms "
                     f"{f'{other} {other_p99:.1f} ms':>32} {connect_p99:>8} "
                     f"{recorder.total_errors:>6} {f'{finished}/{len(run.checks)}':>9} "
                     f"{run.workers_cpu / recorder.seconds:>7.2f} {run.machine_cpu / recorder.seconds:>7.2f} "
                     f"{recorder.busiest_machine_cores:>7.2f} "
                     f"{move.count / recorder.seconds:>7.1f} "
                     f"{f'{1000 * run.machine_cpu / move.count:.1f} ms' if move.count else '-':>8} {turn:>9} "
                     f"{run.history.column if run.history else '-':>24}  "
                     f"{'met' if run.meets_goals else 'not met'}")
    return lines


BOTS_HEADER = f"{'learners':>8} {'bots':<12} {'of them':>7} {'moves':>7} {'move p50':>9} {'move p99':>9} {'moves/s':>7}"


def moves_by_bots(classes: list[ClassRun]) -> list[str]:
    """Per learner count, the moves of the learners with each mix of bots apart: how many learners, their moves,
    the moves' p50 and p99 (the bots' replies are played within the move's request) and rate."""
    lines = [BOTS_HEADER]
    for run in classes:
        for bots, learners in sorted(run.learners_by_bots.items()):
            move = run.recorder.stats("move", bots=bots)
            lines.append(f"{run.learners:>8} {bots:<12} {learners:>7} {move.count:>7} {move.p50_ms:>6.1f} ms "
                         f"{move.p99_ms:>6.1f} ms {move.count / run.recorder.seconds:>7.1f}")
    return lines


def summary(options: BenchOptions, outcome: Outcome) -> list[str]:
    """The block to paste into the README: the setting, the figures, and each goal met or not."""
    lines = ["", "=== bench_web summary ===",
             f"server: {outcome.server}, {options.workers} workers; think: {_think(options)}, "
             f"ramp: {options.ramp:g} s, games per learner: {options.games_per_learner}, "
             f"bot move delay: {options.bot_move_delay:g} s, "
             f"DATABASE_CONN_MAX_AGE: {options.conn_max_age}, DATABASE_POOL_MAX_SIZE: {options.pool_size}, "
             f"seed: {options.seed}, hard bots: {options.hard_share:.0%} of each class",
             f"machine: {os.cpu_count()} cores, load average at the start "
             f"{' / '.join(f'{load:.1f}' for load in outcome.load_before)} (1 / 5 / 15 min)"]
    for run in outcome.classes:
        recorder = run.recorder
        lines.append(f"class phase, {run.learners} learners: {recorder.seconds:.0f} s, {recorder.total_requests} "
                     f"requests, {recorder.pushes} tables pushed over WebSockets, {recorder.lessons_finished} "
                     f"lessons finished, missed pushes: {recorder.missed_pushes}; {recorder.cpu_line}")
        lines += endpoint_table(recorder)
        lines.append(round_trip_line(recorder))
        lines.append(_games_line(run.checks))
        if run.history is not None:
            # Each worker replays a game from its first action when it first sees it past its deal: beyond that,
            # a full replay is a game the cache had dropped.
            lines.append(f"history lookups in the workers: {run.history.described} (first sights included: up to "
                         f"{len(recorder.games_started) * options.workers} full replays for "
                         f"{len(recorder.games_started)} games on {options.workers} workers)")
    if outcome.tables is not None:
        lines += tables_summary(outcome.tables)
    if outcome.classes:
        lines.append("capacity curve (CPU in cores; goals: move p99 < "
                     f"{GOAL_MOVE_P99_MS:g} ms, every other endpoint p99 < {GOAL_OTHER_P99_MS:g} ms, no error, "
                     "every game finished and consistent):")
        lines += capacity_curve(outcome.classes)
        lines.append("moves by the learners' bots (the CPU above is the whole class's: the workers serve both at "
                     "once; the saturation phase measures each apart):")
        lines += moves_by_bots(outcome.classes)
        lines.append(f"capacity: {outcome.capacity} learners (the largest count that met every goal)"
                     if outcome.capacity is not None else "capacity: none (no count met every goal)")
    move_cpu_ms = starting_p99 = None
    if outcome.saturated is not None:
        health = outcome.health.stats("health")
        moves = outcome.saturated.stats("move")
        move_cpu_ms = 1000 * outcome.saturated_cpu / moves.count if moves.count else None
        starting_p99 = max((outcome.starting.stats(page).p99_ms for page in STARTING_PAGES
                            if outcome.starting.latencies.get(page)), default=None)
        lines += [f"saturation ({options.saturation_clients} clients, {options.saturation_seconds:g} s each, "
                  "no think time, bot move delay 0):",
                  f"health rps: {health.per_second:.1f} (p99 {health.p99_ms:.1f} ms); {outcome.health.cpu_line}",
                  f"move rps: {moves.per_second:.1f} (p99 {moves.p99_ms:.1f} ms), "
                  f"{len(outcome.saturated.games_finished)} games finished, {outcome.saturated.pushes} tables "
                  f"pushed; {outcome.saturated.cpu_line}"]
        lines += endpoint_table(outcome.saturated)
        lines.append(f"meanwhile, {STARTERS} clients starting games (form, deal, play page) without playing them:")
        lines += endpoint_table(outcome.starting)
        if move_cpu_ms is not None:
            lines.append(f"worker CPU per move: {move_cpu_ms:.1f} ms (everything the learners' games cost the "
                         "workers, pushes and new games included, over their moves)")
    if outcome.saturated_hard is not None:
        moves = outcome.saturated_hard.stats("move")
        hard_cpu = f"{1000 * outcome.saturated_hard_cpu / moves.count:.1f} ms" if moves.count else "-"
        lines += [f"saturation again, every learner and starter against two hard bots: move rps "
                  f"{moves.per_second:.1f} (p50 {moves.p50_ms:.1f} ms, p99 {moves.p99_ms:.1f} ms); "
                  f"{outcome.saturated_hard.cpu_line}",
                  f"worker CPU per move with hard bots: {hard_cpu}"]
    lines.append(f"errors: {outcome.errors}")
    run_all = bool(outcome.classes)
    games_checked = [f"{run.learners} learners: {_games_line(run.checks)}" for run in outcome.classes]
    if outcome.tables is not None:
        games_checked.append(f"{outcome.tables.tables} tables: {_games_line(outcome.tables.checks)}")
    worst_move = max((run.move_p99_ms or 0.0 for run in outcome.classes), default=None)
    lines += [
        _goal("zero errors", outcome.errors == 0, f"{outcome.errors} errors"),
        _goal("every game finished with a consistent action log", outcome.games_ok if games_checked else None,
              "; ".join(games_checked)),
        _goal(f"capacity at least {GOAL_CAPACITY} learners", None if not run_all else
              (outcome.capacity or 0) >= GOAL_CAPACITY,
              f"{outcome.capacity or 0} learners" if run_all else ""),
        _goal(f"move p99 under {GOAL_MOVE_P99_MS:g} ms at every count", None if worst_move is None
              else worst_move < GOAL_MOVE_P99_MS, f"worst {worst_move:.1f} ms" if worst_move is not None else ""),
        _goal(f"new-game form and play page p99 under {GOAL_STARTING_P99_MS:g} ms while moves saturate",
              None if starting_p99 is None else starting_p99 < GOAL_STARTING_P99_MS,
              f"{starting_p99:.1f} ms" if starting_p99 is not None else ""),
    ]
    return lines


def tables_summary(run: TablesRun) -> list[str]:
    """The tables phase's block of the summary: its tables, their requests and pushes, and their games."""
    recorder = run.recorder
    return [f"tables phase, {tables_described(run.tables)}",
            f"  {recorder.seconds:.0f} s, {recorder.stats('open table').count} tables opened, "
            f"{len(recorder.games_started)} games started, {recorder.total_requests} requests, {recorder.pushes} "
            f"tables pushed over WebSockets, missed pushes: {recorder.missed_pushes}; {recorder.cpu_line}",
            *endpoint_table(recorder),
            # At a table the turn comes back once the other people have moved too, their thinking included.
            f"{round_trip_line(recorder)}; the other people's think time included",
            _games_line(run.checks)]


def server_comparison(outcomes: list[Outcome]) -> list[str]:
    """The servers side by side: /health/'s rate, each class count's move p99 and WebSocket connect p99, the
    capacity and the workers' CPU per move."""
    counts = [run.learners for run in outcomes[0].classes]
    header = f"{'server':<8} {'health rps':>10} " + " ".join(f"{f'move p99 @{count}':>15}" for count in counts) \
        + f" {'ws p99 (worst)':>15} {'capacity':>9} {'CPU/move':>9}"
    lines = ["", "=== servers compared (same machine, one after the other) ===", header]
    for outcome in outcomes:
        health = f"{outcome.health.stats('health').per_second:.0f}" if outcome.health else "-"
        moves = " ".join(f"{f'{run.move_p99_ms:.1f} ms' if run.move_p99_ms is not None else '-':>15}"
                         for run in outcome.classes)
        connects = [run.recorder.stats("ws connect").p99_ms for run in outcome.classes
                    if run.recorder.latencies.get("ws connect")]
        moves_saturated = outcome.saturated.stats("move").count if outcome.saturated else 0
        cpu = f"{1000 * outcome.saturated_cpu / moves_saturated:.1f} ms" if moves_saturated else "-"
        lines.append(f"{outcome.server:<8} {health:>10} {moves} "
                     f"{f'{max(connects):.1f} ms' if connects else '-':>15} "
                     f"{outcome.capacity if outcome.capacity is not None else 'none':>9} {cpu:>9}")
    return lines
