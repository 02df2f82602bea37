"""Bots for every game: `get_bot(game_key, level)` (docs/engine.md, "Bots"); each game's bots live in its package
(games/<key>/bots/) and its declaration names them per level (games.registry)."""

from __future__ import annotations

from games.bots.base import Bot, Decision
from games.registry import Keyed, engines

LEVELS = ("easy", "medium", "hard")

BOTS = Keyed(lambda: {key: engine.bots for key, engine in engines().items()})


def get_bot(game_key: str, level: str, decision_seconds: float | None = None) -> Bot:
    if game_key not in BOTS:
        raise ValueError(f"There are no bots for the game '{game_key}' (known: {', '.join(BOTS)}).")
    if level not in BOTS[game_key]:
        raise ValueError(f"Unknown bot level '{level}' (known: {', '.join(LEVELS)}).")
    return BOTS[game_key][level](decision_seconds=decision_seconds)


__all__ = ["BOTS", "LEVELS", "Bot", "Decision", "get_bot"]
