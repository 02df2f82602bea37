"""JSON written for people to read and diff: indent 2, short lists and objects on one line.

Used for lesson files (export_lessons) and the payload box of the admin, where a deal's hands stay one
line each and every action is one line, instead of one card or one key per line.
"""

from __future__ import annotations

import json
from typing import Any

INLINE_WIDTH = 100


def dumps(value: Any, *, sort_keys: bool = True) -> str:
    """`value` as indented JSON; keys sorted, or with `sort_keys=False` in the dicts' own order."""
    return _render(value, 0, sort_keys)


def _scalar(value: Any) -> bool:
    return not isinstance(value, (dict, list))


def _flat(value: Any) -> bool:
    """A scalar, a list of scalars, or an object of such: written on one line when short enough."""
    if isinstance(value, list):
        return all(_scalar(item) for item in value)
    if isinstance(value, dict):
        return all(_scalar(item) or (isinstance(item, list) and all(map(_scalar, item))) for item in value.values())
    return True


def _one_line(value: Any, sort_keys: bool) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=sort_keys)


def _render(value: Any, level: int, sort_keys: bool) -> str:
    one_line = _one_line(value, sort_keys)
    if _scalar(value) or not value:
        return one_line
    if isinstance(value, list) and _flat(value):
        return one_line   # a hand or the stock: one line, however long
    if isinstance(value, dict) and _flat(value) and level > 0 and len(one_line) <= INLINE_WIDTH:
        return one_line   # an action
    inner = "  " * (level + 1)
    if isinstance(value, dict):
        pairs = sorted(value.items()) if sort_keys else value.items()
        items = [f"{inner}{json.dumps(key, ensure_ascii=False)}: {_render(item, level + 1, sort_keys)}"
                 for key, item in pairs]
        return "{\n" + ",\n".join(items) + "\n" + "  " * level + "}"
    items = [f"{inner}{_render(item, level + 1, sort_keys)}" for item in value]
    return "[\n" + ",\n".join(items) + "\n" + "  " * level + "]"
