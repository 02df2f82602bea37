"""The bench's phases, one after the other, and the summary at the end.

1. The class (workers with the given BOT_MOVE_DELAY): N learners start within the ramp, each steps through a
   lesson and plays its games with a think time before every click; afterwards every game they started is
   checked in the bench database (verify.py).
2. Saturation (workers restarted with BOT_MOVE_DELAY=0, so the bots' pacing for people does not cap the
   rate): the same number of clients without think time, first GET /health/ in a closed loop, then
   learners playing game after game, each for the same number of seconds. The ratio of the two rates says
   what a move costs next to the trivial view on the same stack.

All clients share one asyncio event loop in this process, so the client's own CPU stays small beside the
workers'; each phase prints both.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import time
from collections.abc import Callable, Coroutine

from games.loadtest.learner import Browser, Learner, LearnerFailed, LearnerPlan
from games.loadtest.report import Recorder, endpoint_table, round_trip_line
from games.loadtest.server import BenchSite, SiteConfig, Workers
from games.loadtest.verify import GameCheck

PHASES = ("class", "saturation")
GOAL_MOVE_P99_MS = 150.0
GOAL_MOVE_OVER_HEALTH = 0.5
PROGRESS_EVERY = 15.0   # seconds between two progress lines of the class phase

Out = Callable[[str], None]


@dataclasses.dataclass(frozen=True)
class BenchOptions:
    learners: int
    workers: int
    ramp: float
    think: tuple[float, float]
    games_per_learner: int
    saturation_seconds: float
    phases: tuple[str, ...]
    seed: int
    bot_move_delay: float
    conn_max_age: int
    pool_size: int
    database_url: str
    redis_url: str


@dataclasses.dataclass
class Outcome:
    """What the summary reports; None where a phase did not run."""

    load_before: tuple[float, float, float] = (0.0, 0.0, 0.0)   # the machine's load average at the start
    class_phase: Recorder | None = None
    checks: list[GameCheck] | None = None
    health: Recorder | None = None
    saturated: Recorder | None = None

    @property
    def errors(self) -> int:
        return sum(recorder.total_errors for recorder in (self.class_phase, self.health, self.saturated) if recorder)

    @property
    def games_ok(self) -> bool:
        return self.checks is None or all(check.finished and check.consistent for check in self.checks)


def run_bench(options: BenchOptions, out: Out) -> bool:
    """Run the chosen phases and print their figures; True if there was no error and every game checked out."""
    site = BenchSite(SiteConfig(database_url=options.database_url, redis_url=options.redis_url,
                                conn_max_age=options.conn_max_age, workers=options.workers,
                                pool_size=options.pool_size), out)
    outcome = Outcome(load_before=os.getloadavg())
    try:
        started = time.perf_counter()
        out(f"Preparing the bench database ({options.database_url}) and Redis ({options.redis_url}): "
            "recreate, migrate, load the lessons, collect static files…")
        site.prepare()
        out(f"  ready in {time.perf_counter() - started:.1f} s")
        if "class" in options.phases:
            with site.serving(bot_move_delay=options.bot_move_delay) as workers:
                outcome.class_phase = _measured(workers, out, lambda: class_phase(options, workers.base_url, out))
            _print_phase("Class phase", outcome.class_phase, out)
            outcome.checks = site.verify(outcome.class_phase.games_started)
            out(_games_line(outcome.checks))
            for check in outcome.checks:
                if not (check.finished and check.consistent):
                    out(f"  game {check.game_id}: {'finished' if check.finished else 'unfinished'}; {check.problem}")
        if "saturation" in options.phases:
            with site.serving(bot_move_delay=0) as workers:
                outcome.health = _measured(workers, out, lambda: saturate_health(options, workers.base_url))
                outcome.saturated = _measured(workers, out, lambda: saturate_play(options, workers.base_url))
            _print_phase("Saturation: GET /health/ in a closed loop", outcome.health, out)
            _print_phase("Saturation: learners playing without think time", outcome.saturated, out)
    finally:
        site.cleanup()
    for line in summary(options, outcome):
        out(line)
    return outcome.errors == 0 and outcome.games_ok


def _measured(workers: Workers, out: Out, phase: Callable[[], Coroutine]) -> Recorder:
    """Run one phase on its own event loop, noting the CPU the workers and this client used meanwhile."""
    workers_cpu, client_cpu = workers.cpu_seconds(), time.process_time()
    recorder = asyncio.run(phase())
    workers_cpu = workers.cpu_seconds() - workers_cpu
    client_cpu = time.process_time() - client_cpu
    recorder.cpu_line = (f"CPU: workers {workers_cpu:.1f} s ({workers_cpu / recorder.seconds:.0%} of one core), "
                         f"this client {client_cpu:.1f} s ({client_cpu / recorder.seconds:.0%})")
    return recorder


async def class_phase(options: BenchOptions, base_url: str, out: Out) -> Recorder:
    recorder = Recorder()
    out(f"Class phase: {options.learners} learners within {options.ramp:g} s, think {_think(options)}, "
        f"{options.games_per_learner} game(s) each, bot move delay {options.bot_move_delay:g} s, "
        f"{options.workers} worker(s) at {base_url}")
    recorder.start()
    plans = [LearnerPlan(number=number, seed=f"{options.seed}-class-{number}", think=options.think,
                         games=options.games_per_learner, lesson=True) for number in range(options.learners)]

    async def arrive(plan: LearnerPlan) -> None:
        await asyncio.sleep(plan.number * options.ramp / options.learners)
        await Learner(plan, base_url, recorder).run()

    progress = asyncio.create_task(_report_progress(recorder, options.learners * options.games_per_learner, out))
    await asyncio.gather(*(arrive(plan) for plan in plans))
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

    await _for_seconds(recorder, [client() for _ in range(options.learners)], options.saturation_seconds)
    return recorder


async def saturate_play(options: BenchOptions, base_url: str) -> Recorder:
    recorder = Recorder()
    plans = [LearnerPlan(number=number, seed=f"{options.seed}-saturation-{number}", think=(0.0, 0.0), games=None,
                         lesson=False) for number in range(options.learners)]
    await _for_seconds(recorder, [Learner(plan, base_url, recorder).run() for plan in plans],
                       options.saturation_seconds)
    return recorder


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
    while True:
        await asyncio.sleep(PROGRESS_EVERY)
        out(f"  {recorder.seconds:5.0f} s: {recorder.total_requests} requests, {recorder.lessons_finished} lessons "
            f"and {len(recorder.games_finished)} of {games} games finished, {recorder.total_errors} errors")


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


def summary(options: BenchOptions, outcome: Outcome) -> list[str]:
    """The block to paste into the README: the setting, the figures, and each goal met or not."""
    lines = ["", "=== bench_web summary ===",
             f"learners: {options.learners}, workers: {options.workers} (daphne, one shared socket), "
             f"think: {_think(options)}, ramp: {options.ramp:g} s, games per learner: {options.games_per_learner}, "
             f"bot move delay: {options.bot_move_delay:g} s, DATABASE_CONN_MAX_AGE: {options.conn_max_age}, "
             f"DATABASE_POOL_MAX_SIZE: {options.pool_size}, "
             f"seed: {options.seed}",
             f"machine: {os.cpu_count()} cores, load average at the start "
             f"{' / '.join(f'{load:.1f}' for load in outcome.load_before)} (1 / 5 / 15 min)"]
    move_p99 = None
    if outcome.class_phase is not None:
        recorder = outcome.class_phase
        lines.append(f"class phase: {recorder.seconds:.0f} s, {recorder.total_requests} requests, "
                     f"{recorder.pushes} tables pushed over WebSockets, {recorder.lessons_finished} lessons finished, "
                     f"missed pushes: {recorder.missed_pushes}; {recorder.cpu_line}")
        lines += endpoint_table(recorder)
        lines.append(round_trip_line(recorder))
        move_p99 = recorder.stats("move").p99_ms if recorder.latencies.get("move") else None
        lines.append(f"move p99: {move_p99:.1f} ms" if move_p99 is not None else "move p99: no moves")
        lines.append(_games_line(outcome.checks))
    ratio = None
    if outcome.health is not None:
        health_rps = outcome.health.stats("health").per_second
        move_rps = outcome.saturated.stats("move").per_second
        ratio = move_rps / health_rps if health_rps else 0.0
        lines += [f"saturation ({options.learners} clients, {options.saturation_seconds:g} s each, no think time, "
                  f"bot move delay 0):",
                  f"health rps: {health_rps:.1f} (p99 {outcome.health.stats('health').p99_ms:.1f} ms); "
                  f"{outcome.health.cpu_line}",
                  f"move rps: {move_rps:.1f} (p99 {outcome.saturated.stats('move').p99_ms:.1f} ms), "
                  f"{len(outcome.saturated.games_finished)} games finished, {outcome.saturated.pushes} tables pushed; "
                  f"{outcome.saturated.cpu_line}",
                  f"ratio move/health: {ratio:.2f}"]
    lines.append(f"errors: {outcome.errors}")
    finished_all = None if outcome.checks is None else outcome.games_ok
    lines += [
        _goal("zero errors", outcome.errors == 0, f"{outcome.errors} errors"),
        _goal("every game finished with a consistent action log", finished_all,
              _games_line(outcome.checks) if outcome.checks is not None else ""),
        _goal(f"move p99 under {GOAL_MOVE_P99_MS:g} ms", None if move_p99 is None else move_p99 < GOAL_MOVE_P99_MS,
              f"{move_p99:.1f} ms" if move_p99 is not None else ""),
        _goal(f"move at least {GOAL_MOVE_OVER_HEALTH:g} of the trivial view's throughput",
              None if ratio is None else ratio >= GOAL_MOVE_OVER_HEALTH, f"{ratio:.2f}" if ratio is not None else ""),
    ]
    return lines
