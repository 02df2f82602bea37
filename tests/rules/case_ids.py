"""Test ids for the illegal-action tables: the same on every run, so that parallel workers collect alike."""

from __future__ import annotations

from typing import Any


def case_id(name: str, action: Any) -> str:
    return f"{name}:{stable_repr(action)}"


def stable_repr(value: Any) -> str:
    """repr(), except that a set's items come sorted (a set's own order changes with the hash seed)."""
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(stable_repr(item) for item in value)) + "}"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{stable_repr(key)}: {stable_repr(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(stable_repr(item) for item in value) + "]"
    if isinstance(value, tuple):
        return "(" + ", ".join(stable_repr(item) for item in value) + ("," if len(value) == 1 else "") + ")"
    return repr(value)
