"""What each game's table shows one seat, beyond what every table shares (games.selectors).

One module per game: `context(view, legal_actions, narrator, *, seat)` adds the game's own parts of
the table from `view(seat)` (and the legal actions when the seat is to move), `opponent_facts(view,
other)` what it shows of each other seat, and `replay_seat(state, narrator, seat, cards_at)` the facts
a replay shows beside each open hand, and `rules_link(view, legal_actions, narrator)` the rules question the
seat's decision raises, as the anchor on the game's rules page that answers it and the question's
text (or None). A game with a long log may add `first_logged(view)`, the index
of the first log event its table shows; a game may add `held_cards(view)`, the cards a seat still holds
when its hand also lists cards already given away (Hearts' pass, until it is made), and
`holdings(view, narrator, *, seat)`, a sentence on what else is the seat's (Sunduchok's chests).
Every game has `knowledge(view, narrator, *, seat)`, the play page's "What your seat knows" panel: what the
seat's view proves about the other hands, read with the hard bot's knowledge model (the coach's), worded
and shaped as games.tables.knowledge describes.
Every game also reads its own move form: `action_from_post(data)`, the action a POST of its move form holds
(None for a type it does not know; a missing part raises KeyError, a malformed one ValueError — games.forms
turns both into messages), and `action_form_fields(action)`, the inverse (what a hint marks on the form).
Templates live in templates/games/<game>/.
"""

from games.tables import hearts, rooster, sunduchok, yashchiki

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
    return {"hand": held(view) if held else list(view["hand"] or []),
            "holdings": holdings(view, narrator, seat=seat) if holdings else ""}


__all__ = ["TABLES", "hand_summary", "templates_for"]
