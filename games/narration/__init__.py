"""Games told in plain language, English or Russian: log events, bots' reasons, refused moves and
card names. Free of Django: callers pass the language in (games.selectors takes it from the active
translation). `narrator_for` gives the game's narrator for one viewer.
"""

from games.narration.hearts import HeartsNarrator
from games.narration.rooster import RoosterNarrator
from games.narration.seats import SeatNarrator
from games.narration.sunduchok import SunduchokNarrator
from games.narration.words import card_name, language_of
from games.narration.yashchiki import YashchikiNarrator

NARRATORS: dict[str, type[SeatNarrator]] = {"sunduchok": SunduchokNarrator, "hearts": HeartsNarrator,
                                             "rooster": RoosterNarrator, "yashchiki": YashchikiNarrator}


def narrator_for(game_key: str, names: list[str], viewer: int | None, language: str = "en"):
    """The narrator of `game_key`'s table as seen from `viewer` (None: a spectator)."""
    return NARRATORS[game_key](names, viewer, language)


__all__ = ["NARRATORS", "HeartsNarrator", "RoosterNarrator", "SeatNarrator", "SunduchokNarrator", "YashchikiNarrator",
           "card_name", "language_of", "narrator_for"]
