"""How the history cache's lookups went in bench_web's workers (games.history.lookup_counts), read from outside.

The bench names a directory in BENCH_HISTORY_COUNTS_DIR (benchmarks.apps); each worker process started with it
keeps its counts in a file of its own there, mapped into its memory: a lookup still only adds one in memory, no
endpoint shows the counts, and the bench reads the files when it likes, after the workers stopped too.
"""

from __future__ import annotations

import dataclasses
import mmap
import os
import struct
from pathlib import Path

from games import history

COUNT_FORMAT = "q"   # one signed 64-bit int per kind of lookup, in the order of history.LOOKUP_KINDS
FILE_SIZE = struct.calcsize(COUNT_FORMAT) * len(history.LOOKUP_KINDS)


def count_into(directory: Path) -> None:
    """From now on, count this process's lookups in its own file of `directory`."""
    with (directory / f"{os.getpid()}.counts").open("w+b") as file:
        file.truncate(FILE_SIZE)
        mapped = mmap.mmap(file.fileno(), FILE_SIZE)   # the map keeps its own handle on the file
    history.lookup_counts = memoryview(mapped).cast(COUNT_FORMAT)


@dataclasses.dataclass(frozen=True)
class HistoryLookups:
    """The lookups of all the processes that counted into one directory, by kind."""

    hits: int = 0
    partial_replays: int = 0
    full_replays: int = 0   # games past their deal replayed from their first action: the cache was too small
    new_games: int = 0

    @classmethod
    def read(cls, directory: Path) -> HistoryLookups:
        totals = [0] * len(history.LOOKUP_KINDS)
        for path in directory.glob("*.counts"):
            for kind, count in enumerate(struct.unpack(COUNT_FORMAT * len(totals), path.read_bytes())):
                totals[kind] += count
        return cls(*totals)

    @property
    def described(self) -> str:
        return (f"{self.hits} hits, {self.partial_replays} partial replays, {self.full_replays} full replays, "
                f"{self.new_games} new games")

    @property
    def column(self) -> str:
        """Hits, partial and full replays, for the capacity curve."""
        return f"{self.hits}/{self.partial_replays}/{self.full_replays}"
