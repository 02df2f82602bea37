"""The rule engines' entry points (docs/engine.md): pure Python, no Django and no I/O. Each engine lives in its
game's package (games/<key>/rules.py); `GAMES` maps every installed game's key to its engine (games.registry).
"""

from games.registry import Keyed, engines
from games.rules.base import IllegalAction

GAMES = Keyed(lambda: {key: engine.rules for key, engine in engines().items()})


def get_game(key: str):
    try:
        return GAMES[key]
    except KeyError:
        raise ValueError(f"Unknown game '{key}'.") from None


__all__ = ["GAMES", "IllegalAction", "get_game"]
