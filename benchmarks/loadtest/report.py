"""The bench's figures: latencies per endpoint, errors, and the tables and summary it prints.

Percentiles are nearest-rank (the smallest sample at or above that share of all samples), so a p99 is
always a latency some request really had, and never an interpolation below it.
"""

from __future__ import annotations

import collections
import dataclasses
import math
import time
from collections.abc import Sequence

MAX_ERRORS_KEPT = 20   # the first error messages, printed; all are counted


def percentile(sorted_samples: Sequence[float], share: float) -> float:
    """The nearest-rank percentile of samples sorted in ascending order; `share` from 0 to 1."""
    if not sorted_samples:
        raise ValueError("No samples.")
    if not 0 <= share <= 1:
        raise ValueError("The share must be from 0 to 1.")
    rank = max(1, math.ceil(share * len(sorted_samples)))
    return sorted_samples[rank - 1]


@dataclasses.dataclass(frozen=True)
class EndpointStats:
    endpoint: str
    count: int
    per_second: float
    p50_ms: float
    p95_ms: float
    p99_ms: float
    max_ms: float
    errors: int
    share: float = 0.0   # of the time all the phase's requests took: where the waiting went


class Recorder:
    """What one phase measured: each request's latency under its endpoint's name, errors, and the games."""

    def __init__(self) -> None:
        self.latencies: dict[str, list[float]] = collections.defaultdict(list)
        # The same latencies again by the bots of the learner who made the request ("easy+medium", "hard+hard"),
        # where the learners said theirs: the cost of a move with each mix of bots.
        self.latencies_by_bots: dict[str, dict[str, list[float]]] = collections.defaultdict(
            lambda: collections.defaultdict(list))
        self.errors: collections.Counter[str] = collections.Counter()
        self.error_messages: list[str] = []
        self.turn_round_trips: list[float] = []
        self.missed_pushes = 0
        self.missed_push_notes: list[str] = []   # the first few, to tell a slow push from a lost one
        self.pushes = 0   # tables received over the WebSocket: each one rendered by a worker
        self.busiest_machine_cores = 0.0   # the machine's busy cores in the phase's busiest progress interval
        self.games_started: list[str] = []
        self.games_finished: list[str] = []
        self.lessons_finished = 0
        self.started = self.stopped = None
        self.cpu_line = ""   # the CPU the workers and the client used during the phase, once measured

    def start(self) -> None:
        self.started = time.perf_counter()

    def stop(self) -> None:
        self.stopped = time.perf_counter()

    @property
    def seconds(self) -> float:
        return (self.stopped or time.perf_counter()) - self.started

    def record(self, endpoint: str, seconds: float, *, bots: str | None = None) -> None:
        self.latencies[endpoint].append(seconds)
        if bots is not None:
            self.latencies_by_bots[bots][endpoint].append(seconds)

    def error(self, endpoint: str, message: str) -> None:
        self.errors[endpoint] += 1
        if len(self.error_messages) < MAX_ERRORS_KEPT:
            self.error_messages.append(f"{endpoint}: {message}")

    @property
    def total_errors(self) -> int:
        return sum(self.errors.values())

    @property
    def total_requests(self) -> int:
        return sum(map(len, self.latencies.values()))

    def stats(self, endpoint: str, *, bots: str | None = None) -> EndpointStats:
        """The endpoint's figures, of every request or (`bots`) of the learners with those bots only; the errors
        are every request's."""
        latencies = self.latencies if bots is None else self.latencies_by_bots.get(bots, {})
        samples = sorted(latencies.get(endpoint, ()))
        if not samples:
            return EndpointStats(endpoint, 0, 0.0, 0.0, 0.0, 0.0, 0.0, self.errors[endpoint])
        all_requests = sum(map(sum, latencies.values()))
        return EndpointStats(
            endpoint=endpoint, count=len(samples), per_second=len(samples) / self.seconds,
            p50_ms=percentile(samples, 0.50) * 1000, p95_ms=percentile(samples, 0.95) * 1000,
            p99_ms=percentile(samples, 0.99) * 1000, max_ms=samples[-1] * 1000, errors=self.errors[endpoint],
            share=sum(samples) / all_requests)

    def all_stats(self) -> list[EndpointStats]:
        """Every endpoint that was requested or failed, in the order first seen."""
        return [self.stats(endpoint) for endpoint in dict.fromkeys([*self.latencies, *self.errors])]


TABLE_HEADER = f"{'endpoint':<18} {'count':>7} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} " \
               f"{'max ms':>8} {'errors':>6} {'time %':>6}"


def endpoint_table(recorder: Recorder) -> list[str]:
    """The per-endpoint lines: count, requests per second over the phase, latency percentiles, errors, and the
    endpoint's share of the time all requests took (which endpoint the learners spent their waiting on)."""
    lines = [TABLE_HEADER]
    for row in recorder.all_stats():
        lines.append(f"{row.endpoint:<18} {row.count:>7} {row.per_second:>8.1f} {row.p50_ms:>8.1f} "
                     f"{row.p95_ms:>8.1f} {row.p99_ms:>8.1f} {row.max_ms:>8.1f} {row.errors:>6} {row.share:>6.0%}")
    return lines


def round_trip_line(recorder: Recorder) -> str:
    """The time from a move's POST to the push that gives the turn back (bots' moves and their delays)."""
    samples = sorted(recorder.turn_round_trips)
    if not samples:
        return "turn round trip: no turns waited for"
    return (f"turn round trip (move POST to the turn back: the bots' replies shown at their pace, or the push "
            f"giving it, {len(samples)} turns): "
            f"p50 {percentile(samples, 0.5):.2f} s, p95 {percentile(samples, 0.95):.2f} s, max {samples[-1]:.2f} s")
