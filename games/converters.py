"""The `<game:…>` path converter: an installed game's key, so that an address naming no game is a 404 before any
view runs, and the views need no guard of their own."""

from __future__ import annotations

from games import registry


class GameConverter:
    regex = "[-a-zA-Z0-9_]+"

    def to_python(self, value: str) -> str:
        # Read at each match, not at import: a test that installs or removes a game (INSTALLED_GAMES) is followed.
        if value not in registry.games():
            raise ValueError(f"No installed game '{value}'.")
        return value

    def to_url(self, value: str) -> str:
        return value
