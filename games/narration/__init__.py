"""Games told in plain language, English or Russian: log events, bots' reasons, refused moves and
card names. Free of Django: callers pass the language in (games.selectors takes it from the active
translation).
"""

from games.narration.sunduchok import Narrator
from games.narration.words import card_name, language_of

__all__ = ["Narrator", "card_name", "language_of"]
