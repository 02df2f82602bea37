"""Bots for every game: `get_bot(game_key, level)` (see ENGINE.md, "Bots")."""

from __future__ import annotations

from collections.abc import Callable

from games.bots.base import Bot, Decision
from games.bots.hearts import HEARTS_BOTS
from games.bots.rooster import ROOSTER_BOTS
from games.bots.sunduchok import SUNDUCHOK_BOTS
from games.bots.yashchiki import YASHCHIKI_BOTS

LEVELS = ("easy", "medium", "hard")

BOTS: dict[str, dict[str, Callable[[], Bot]]] = {"sunduchok": SUNDUCHOK_BOTS, "hearts": HEARTS_BOTS,
                                                  "rooster": ROOSTER_BOTS, "yashchiki": YASHCHIKI_BOTS}


def get_bot(game_key: str, level: str) -> Bot:
    if game_key not in BOTS:
        raise ValueError(f"There are no bots for the game '{game_key}' (known: {', '.join(BOTS)}).")
    if level not in BOTS[game_key]:
        raise ValueError(f"Unknown bot level '{level}' (known: {', '.join(LEVELS)}).")
    return BOTS[game_key][level]()


__all__ = ["BOTS", "LEVELS", "Bot", "Decision", "get_bot"]
