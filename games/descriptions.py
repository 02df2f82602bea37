"""Each game in one sentence, for the pages that offer the games (the home page and /play/): what you do, how
you win. One entry per game key, like the other per-game registries (games.tables.TABLES); a test checks that
every game in games.rules.GAMES has one, so a fifth game cannot appear on those pages without its sentence.
"""

from django.utils.translation import gettext_lazy as _

DESCRIPTIONS = {
    "sunduchok": _("Ask the other players for the cards you need — rank, how many, which suits — and collect all "
                   "four of a rank: whoever lays down the most of these chests wins."),
    "hearts": _("Four players, thirteen tricks a deal: avoid the hearts and the queen of spades — or take them "
                "all."),
    "rooster": _("A relative of Durak with ranked suits and no trumps: beat the cards led at you or take them, and "
                 "don't be the last one left holding cards, the rooster."),
    "yashchiki": _("Two partnerships follow suit while special cards make others draw, miss a turn or change the "
                   "suit; get rid of your cards first — the pair with fewer points at the end wins."),
}
