"""What the variant fields of Rooster and their values mean, in words, for the rules pages' preset comparison
(games.declaration.Game.variant_field_labels, variant_value_labels).
"""

from django.utils.translation import gettext_lazy as _

SUIT_NAMES = {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}

FIELD_LABELS = {
    "hand_size": _("Cards in hand"),
    "suit_order": _("Suits from highest to lowest"),
    "multi_lead": _("An attack of several cards"),
}

VALUE_LABELS = {
    "suit_order": SUIT_NAMES,
    "multi_lead": {"same-suit": _("several cards of one suit"), "same-rank": _("several cards of one rank"),
                   "single": _("not allowed: one card only")},
}
