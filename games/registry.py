"""The one registry of games, built from the list of installed games (games.installed, or the
`INSTALLED_GAMES` setting when Django's settings set it).

`engines()` gives each installed game's pure half (its package's engine.py, `ENGINE`) and needs no Django;
`games()` the whole declaration (game.py, `GAME`) for the site. Both are keyed by the game's key, in the
list's order, and built once per list: a test that overrides the setting gets its own registry.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from games.installed import INSTALLED_GAMES

if TYPE_CHECKING:
    from games.declaration import Game, GameEngine


def installed_packages() -> tuple[str, ...]:
    """The installed games' packages: the setting when Django is set up and sets it, else the default list.
    Asked through sys.modules so that the engines alone never import Django."""
    conf = sys.modules.get("django.conf")
    if conf is not None and conf.settings.configured:
        return tuple(getattr(conf.settings, "INSTALLED_GAMES", INSTALLED_GAMES))
    return INSTALLED_GAMES


@cache
def _engines(packages: tuple[str, ...]) -> dict[str, GameEngine]:
    engines = [importlib.import_module(f"{package}.engine").ENGINE for package in packages]
    return _by_key(engines, packages)


@cache
def _games(packages: tuple[str, ...]) -> dict[str, Game]:
    declared = [importlib.import_module(f"{package}.game").GAME for package in packages]
    return _by_key(declared, packages)


def _by_key(declared: list, packages: tuple[str, ...]) -> dict:
    keyed = {item.key: item for item in declared}
    if len(keyed) != len(declared):
        raise ValueError(f"Two installed games share a key: {', '.join(packages)}.")
    return keyed


def engines() -> dict[str, GameEngine]:
    """Each installed game's pure half, by key."""
    return _engines(installed_packages())


def games() -> dict[str, Game]:
    """Each installed game's declaration, by key."""
    return _games(installed_packages())


def game(key: str) -> Game:
    """The installed game `key`; ValueError for a game that is not installed."""
    try:
        return games()[key]
    except KeyError:
        raise ValueError(f"Unknown game '{key}'.") from None


def engine(key: str) -> GameEngine:
    """The installed game `key`'s pure half; ValueError for a game that is not installed."""
    try:
        return engines()[key]
    except KeyError:
        raise ValueError(f"Unknown game '{key}'.") from None


class Keyed(Mapping):
    """A read-only mapping from each installed game's key to one of its parts, read from the registry on each
    use, so that a module-level mapping (games.rules.GAMES) follows the installed list."""

    def __init__(self, part: Callable[[], dict[str, Any]]) -> None:
        self._part = part

    def __getitem__(self, key: str) -> Any:
        return self._part()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._part())

    def __len__(self) -> int:
        return len(self._part())

    def __repr__(self) -> str:
        return f"Keyed({list(self)})"
