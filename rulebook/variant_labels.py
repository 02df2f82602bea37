"""What each variant field of each game means, in words, for the rules pages' preset comparison.

The engines name their fields and values in code (ENGINE.md); a learner reads these labels instead.
A field or value missing here is shown as the engine names it, so a new engine field never breaks
the page — but tests ask for a label for every field and value of every built-in preset.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

SUIT_NAMES = {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}

FIELD_LABELS: dict[str, dict[str, Any]] = {
    "sunduchok": {
        "deck": _("Deck"),
        "hand_size": _("Cards dealt to each player"),
        "target": _("Whom you may ask"),
        "questions": _("Questions per request"),
        "must_hold_rank": _("Ask only for a rank you hold"),
        "deal_all": _("Deal the whole deck"),
        "show_chests": _("Chests laid down face up"),
    },
    "hearts": {
        "pass_cycle": _("Passing, deal by deal"),
        "qs_breaks_hearts": _("The queen of spades breaks hearts"),
        "hearts_broken_by": _("Hearts are broken by"),
        "points_on_first_trick": _("Hearts or Q♠ on the first trick"),
        "moon": _("Shooting the moon"),
        "end_at": _("The match ends at"),
        "tie": _("A tie for the lowest total"),
    },
    "rooster": {
        "hand_size": _("Cards in hand"),
        "suit_order": _("Suits from highest to lowest"),
        "multi_lead": _("An attack of several cards"),
    },
    "yashchiki": {
        "hand_sizes": _("Cards per player, deal by deal"),
        "ace_points": _("Points for an ace left in hand"),
        "upcard_effect": _("The turned-up card acts as if played"),
        "nine_same_colour": _("A nine names only a suit of its colour"),
        "draw_when_able": _("You may draw though you can play"),
        "two_penalty": _("Cards drawn at the end of a chain of twos"),
    },
}

VALUE_LABELS: dict[str, dict[str, dict[Any, Any]]] = {
    "sunduchok": {
        "deck": {36: _("36 cards (6 to ace)"), 52: _("52 cards (2 to ace)")},
        "target": {"any": _("any opponent with cards"), "next": _("the next player with cards"),
                   "same-after-success": _("after a success, the same opponent again")},
        "questions": {"three": _("three: rank, how many, which suits"),
                      "rank-only": _("one: the rank; all such cards are handed over")},
    },
    "hearts": {
        "pass_cycle": {"left": _("left"), "right": _("right"), "across": _("across"), "none": _("no passing")},
        "qs_breaks_hearts": {"never": _("never"), "when-discarded": _("when discarded on another suit"),
                             "when-played": _("whenever it is played")},
        "hearts_broken_by": {"discard": _("a heart discarded on another suit"),
                             "any-heart": _("any heart played")},
        "points_on_first_trick": {"never-unless-forced": _("not allowed unless the hand holds nothing else"),
                                  "allowed": _("allowed")},
        "moon": {"add-to-others": _("26 to each other player"), "subtract": _("26 off the shooter's total"),
                 "choice": _("the shooter chooses")},
        "tie": {"shared": _("a shared win"), "play-on": _("more deals until one is lowest")},
    },
    "rooster": {
        "suit_order": SUIT_NAMES,
        "multi_lead": {"same-suit": _("several cards of one suit"), "same-rank": _("several cards of one rank"),
                       "single": _("not allowed: one card only")},
    },
    "yashchiki": {
        "two_penalty": {"chain-plus-one": _("one more than the twos played"), "two-per-two": _("two for each two")},
    },
}


def field_label(game_key: str, field: str) -> str:
    return str(FIELD_LABELS.get(game_key, {}).get(field, field))


def value_label(game_key: str, field: str, value: Any) -> str:
    """`value` of `field` in words: labelled values, yes/no, a list's items joined, else as it is."""
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    labels = VALUE_LABELS.get(game_key, {}).get(field, {})
    if isinstance(value, list):
        return ", ".join(str(labels.get(item, item)) for item in value)
    return str(labels.get(value, value))
