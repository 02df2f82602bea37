"""What each game's table shows one seat, beyond what every table shares (games.selectors).

One module per game: `hand_order(cards, variant)` lays out a hand as every page draws it (the trick games
by suit, Sunduchok by rank), `context(view, legal_actions, narrator, *, seat)` adds the game's own parts of
the table from `view(seat)` (and the legal actions when the seat is to move), `opponent_facts(view,
other)` what it shows of each other seat, and `replay_seat(state, narrator, seat, cards_at)` the facts
a replay shows beside each open hand, and `rules_link(view, legal_actions, narrator)` the rules question the
seat's decision raises, as the anchor on the game's rules page that answers it and the question's
text (or None). A game with a long log may add `first_logged(view)`, the index
of the first log event its table shows; a game may add `held_cards(view)`, the cards a seat still holds
when its hand also lists cards already given away (Hearts' pass, until it is made), and
`holdings(view, narrator, *, seat)`, a sentence on what else is the seat's (Sunduchok's chests), and
`sure_moves(view, legal_actions)`, the moves whose whole outcome the seat's view settles (Sunduchok's sure requests:
a lesson's question may not call one wrong without saying why).
Every game has `knowledge(view, narrator, *, seat)`, the play page's "What your seat knows" panel: what the
seat's view proves about the other hands, read with the hard bot's knowledge model (the coach's), worded
and shaped as games.tables.knowledge describes.
Every game also reads its own move form: `action_from_post(data)`, the action a POST of its move form holds
(None for a type it does not know; a missing part raises KeyError, a malformed one ValueError — games.forms
turns both into messages), and `action_form_fields(action)`, the inverse (what a hint marks on the form).
Every game also says what a class may ask of it (games.tables.goals): `CLASS_GOALS`, the goal kinds a teacher
may set for its rounds, `round_outcome(game, seat)` and `round_text(outcome)`, a finished round's result in
figures and in words, and optionally `CLASS_PRESET`, the preset a new assignment offers first.
Templates live in templates/games/<game>/.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache

from games.tables import hearts, rooster, sunduchok, yashchiki
from games.tables.goals import NO_GOAL, Goal, Outcome

TABLES = {"sunduchok": sunduchok, "hearts": hearts, "rooster": rooster, "yashchiki": yashchiki}


def templates_for(game_key: str) -> dict[str, str]:
    return {"table_template": f"games/{game_key}/_table.html",
            "move_form_template": f"games/{game_key}/_move_form.html",
            "standings_template": f"games/{game_key}/_standings.html"}


def hand_summary(game_key: str, view: dict, narrator, *, seat: int) -> dict:
    """The seat's hand as a lesson's feedback shows it: {"hand": the cards still held, "holdings": a
    sentence on what else is the seat's, or ""}."""
    table = TABLES[game_key]
    held = getattr(table, "held_cards", None)
    holdings = getattr(table, "holdings", None)
    return {"hand": table.hand_order(held(view) if held else view["hand"] or [], view["variant"]),
            "holdings": holdings(view, narrator, seat=seat) if holdings else ""}


def sure_moves(game_key: str, view: dict, legal_actions: list[dict]) -> list[dict]:
    """The moves among `legal_actions` whose whole outcome everything the seat can see settles (a Sunduchok
    request the log proves will get three yeses); none for a game without such moves."""
    sure = getattr(TABLES[game_key], "sure_moves", None)
    return sure(view, legal_actions) if sure else []


def class_goals(game_key: str) -> tuple[Goal, ...]:
    """The goals a teacher may set for the game's rounds: "just play the rounds" first, then the game's own."""
    return (NO_GOAL, *TABLES[game_key].CLASS_GOALS)


def class_goal(game_key: str, key: str) -> Goal | None:
    return next((goal for goal in class_goals(game_key) if goal.key == key), None)


def class_preset(game_key: str) -> str:
    """The preset a new assignment of the game offers first."""
    return getattr(TABLES[game_key], "CLASS_PRESET", "standard")


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
            outcome = missing[key] = TABLES[game.game_key].round_outcome(game, seat)
        outcomes.append(outcome)
    if missing:
        cache.set_many(missing, OUTCOME_SECONDS)
    return outcomes


def round_outcome(game, seat: int) -> Outcome:
    """One finished game's result for `seat` (round_outcomes)."""
    return round_outcomes([(game, seat)])[0]


def round_text(game_key: str, outcome: Outcome) -> str:
    """A finished round's result in words: "won, 3 chests", "12 points, place 2", "not the rooster"."""
    return TABLES[game_key].round_text(outcome)


__all__ = ["TABLES", "class_goal", "class_goals", "class_preset", "hand_summary", "round_outcome", "round_outcomes",
           "round_text",
           "templates_for"]
