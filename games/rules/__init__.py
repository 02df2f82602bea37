"""The rule engines: pure Python, one module per game, no Django and no I/O (see ENGINE.md)."""

from games.rules.base import IllegalAction
from games.rules.hearts import HEARTS
from games.rules.rooster import ROOSTER
from games.rules.sunduchok import SUNDUCHOK
from games.rules.yashchiki import YASHCHIKI

GAMES = {game.key: game for game in (SUNDUCHOK, HEARTS, YASHCHIKI, ROOSTER)}


def get_game(key: str):
    try:
        return GAMES[key]
    except KeyError:
        raise ValueError(f"Unknown game '{key}'.") from None


__all__ = ["GAMES", "IllegalAction", "get_game"]
