"""How many moves a worker plays at once.

Every request runs its view in a thread of its own, and a worker's threads share one interpreter lock. With a
crowd of moves in flight (each runs bots and renders tables for several milliseconds of CPU), a cheap page such
as the new-game form got a sliver of the CPU and waited seconds (bench_web's saturation phase). A move first
takes one of the worker's MOVES_AT_ONCE slots; the others wait for one blocked on a lock, which costs no CPU,
so the cheap pages pass them by.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

from django.conf import settings

_slots: threading.BoundedSemaphore | None = None
_slots_size = 0
_slots_lock = threading.Lock()


def _worker_slots() -> threading.BoundedSemaphore:
    global _slots, _slots_size
    with _slots_lock:
        if _slots is None or _slots_size != settings.MOVES_AT_ONCE:   # a test may change the setting
            _slots, _slots_size = threading.BoundedSemaphore(settings.MOVES_AT_ONCE), settings.MOVES_AT_ONCE
        return _slots


@contextlib.contextmanager
def move_slot() -> Iterator[None]:
    """Hold one of the worker's move slots for the block, waiting for one first if all are taken."""
    slots = _worker_slots()
    with slots:
        yield
