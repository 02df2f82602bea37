"""What the variant fields of Sunduchok and their values mean, in words, for the rules pages' preset comparison
(games.declaration.Game.variant_field_labels, variant_value_labels).
"""

from django.utils.translation import gettext_lazy as _

FIELD_LABELS = {
    "deck": _("Deck"),
    "hand_size": _("Cards dealt to each player"),
    "target": _("Whom you may ask"),
    "questions": _("Questions per request"),
    "must_hold_rank": _("Ask only for a rank you hold"),
    "deal_all": _("Deal the whole deck"),
    "show_chests": _("Chests laid down face up"),
}

VALUE_LABELS = {
    "deck": {36: _("36 cards (6 to ace)"), 52: _("52 cards (2 to ace)")},
    "target": {"any": _("any opponent with cards"), "next": _("the next player with cards"),
               "same-after-success": _("after a success, the same opponent again")},
    "questions": {"three": _("three: rank, how many, which suits"),
                  "rank-only": _("one: the rank; all such cards are handed over")},
}
