"""Games told in plain language, English or Russian: log events, bots' reasons, refused moves and
card names. Free of Django: callers pass the language in (games.selectors takes it from the active
translation). `narrator_for` gives the game's narrator for one viewer; each game's narrator lives in its
package (games/<key>/narration.py), the shared words here.
"""

from games.narration.seats import SeatNarrator
from games.narration.words import card_name, language_of
from games.registry import Keyed, engines

NARRATORS = Keyed(lambda: {key: engine.narrator for key, engine in engines().items()})


def narrator_for(game_key: str, names: list[str], viewer: int | None, language: str = "en"):
    """The narrator of `game_key`'s table as seen from `viewer` (None: a spectator)."""
    return NARRATORS[game_key](names, viewer, language)


__all__ = ["NARRATORS", "SeatNarrator", "card_name", "language_of", "narrator_for"]
