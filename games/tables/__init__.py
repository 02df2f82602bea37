"""What each game's table shows one seat, beyond what every table shares (games.selectors), asked of the game's
declaration (games.declaration: `Game.table`, a GameTable, and the optional table parts beside it).

Each game's table module is games/<key>/table.py and its templates are in games/<key>/templates/games/<key>/.
The helpers here answer for any installed game, testing the declaration's optional parts for None.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache

from games import registry
from games.registry import Keyed
from games.tables.goals import NO_GOAL, Goal, Outcome

TABLES = Keyed(lambda: {key: declared.table for key, declared in registry.games().items()})


def templates_for(game_key: str) -> dict[str, str]:
    return registry.game(game_key).templates


def hand_summary(game_key: str, view: dict, narrator, *, seat: int) -> dict:
    """The seat's hand as a lesson's feedback shows it: {"hand": the cards still held, "holdings": a
    sentence on what else is the seat's, or ""}."""
    declared = registry.game(game_key)
    held = declared.held_cards(view) if declared.held_cards else view["hand"] or []
    return {"hand": declared.table.hand_order(held, view["variant"]),
            "holdings": declared.holdings(view, narrator, seat=seat) if declared.holdings else ""}


def sure_moves(game_key: str, view: dict, legal_actions: list[dict]) -> list[dict]:
    """The moves among `legal_actions` whose whole outcome everything the seat can see settles (a Sunduchok
    request the log proves will get three yeses); none for a game without such moves."""
    sure = registry.game(game_key).sure_moves
    return sure(view, legal_actions) if sure else []


def class_goals(game_key: str) -> tuple[Goal, ...]:
    """The goals a teacher may set for the game's rounds: "just play the rounds" first, then the game's own."""
    return (NO_GOAL, *registry.game(game_key).class_goals)


def class_goal(game_key: str, key: str) -> Goal | None:
    return next((goal for goal in class_goals(game_key) if goal.key == key), None)


def class_preset(game_key: str) -> str:
    """The preset a new assignment of the game offers first."""
    return registry.game(game_key).class_preset


ROUND_OUTCOME_VERSION = 1   # raise when a game's round_outcome changes what it reads
OUTCOME_SECONDS = 7 * 24 * 3600


def _outcome_key(game, seat: int) -> str:
    return f"round-outcome:{ROUND_OUTCOME_VERSION}:{game.pk}:{seat}"


def round_outcomes(rounds: list[tuple[Any, int]]) -> list[Outcome]:
    """Each finished game's result for its seat, as the game reads it (games.tables.goals.Outcome), in order.

    Read from the game whenever it is needed, never copied; kept in the cache only because a finished game
    never changes and some games replay their log to read it (one round trip for a whole dashboard)."""
    if any(not game.is_over for game, _seat in rounds):
        raise ValueError("A game still being played has no result yet.")
    keys = [_outcome_key(game, seat) for game, seat in rounds]
    known = cache.get_many(keys) if keys else {}
    missing = {}
    outcomes = []
    for key, (game, seat) in zip(keys, rounds, strict=True):
        outcome = known.get(key)
        if outcome is None:
            outcome = missing[key] = registry.game(game.game_key).round_outcome(game, seat)
        outcomes.append(outcome)
    if missing:
        cache.set_many(missing, OUTCOME_SECONDS)
    return outcomes


def round_outcome(game, seat: int) -> Outcome:
    """One finished game's result for `seat` (round_outcomes)."""
    return round_outcomes([(game, seat)])[0]


def round_text(game_key: str, outcome: Outcome) -> str:
    """A finished round's result in words: "won, 3 chests", "12 points, place 2", "not the rooster"."""
    return registry.game(game_key).round_text(outcome)


__all__ = ["TABLES", "class_goal", "class_goals", "class_preset", "hand_summary", "round_outcome", "round_outcomes",
           "round_text",
           "templates_for"]
