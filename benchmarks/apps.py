import os
from pathlib import Path

from django.apps import AppConfig

# Set by bench_web for its workers alone (benchmarks/loadtest/history_counts.py).
HISTORY_COUNTS_VARIABLE = "BENCH_HISTORY_COUNTS_DIR"


class BenchmarksConfig(AppConfig):
    name = "benchmarks"
    verbose_name = "Benchmarks"

    def ready(self) -> None:
        directory = os.environ.get(HISTORY_COUNTS_VARIABLE)
        if directory:   # a bench_web worker: its history cache's lookups counted where the bench reads them
            from benchmarks.loadtest.history_counts import count_into

            count_into(Path(directory))
