"""Addresses of other apps' pages that the play pages link to, written out without the URL configuration, so that
models and the play tables need none (and this app imports no app that serves them)."""

from __future__ import annotations


def rules_page_url(game_key: str) -> str:
    """A game's rules page (the rulebook app's)."""
    return f"/rules/{game_key}/"
