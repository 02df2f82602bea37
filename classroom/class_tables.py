"""The tables a class's pages list (tables to play together, opened for the class), as one line each.

Tables belong to the together app, which knows classes; this app must not know it back (no import cycle between
apps, tests/test_app_imports.py), so together adds its lister here from TogetherConfig.ready. Each lister is
called as lister(classroom, waiting_only=…) and returns the lines of together.selectors.table_summary.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

CLASS_TABLE_LISTERS: list[Callable[..., list[dict[str, Any]]]] = []


def class_table_lines(classroom, *, waiting_only: bool = False) -> list[dict[str, Any]]:
    """The class's tables waiting to start, and unless `waiting_only` those being played."""
    return [line for lister in CLASS_TABLE_LISTERS for line in lister(classroom, waiting_only=waiting_only)]
