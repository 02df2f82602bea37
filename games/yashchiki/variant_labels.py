"""What the variant fields of Yashchiki and their values mean, in words, for the rules pages' preset comparison
(games.declaration.Game.variant_field_labels, variant_value_labels).
"""

from django.utils.translation import gettext_lazy as _

FIELD_LABELS = {
    "hand_sizes": _("Cards per player, deal by deal"),
    "ace_points": _("Points for an ace left in hand"),
    "upcard_effect": _("The turned-up card acts as if played"),
    "nine_same_colour": _("A nine names only a suit of its colour"),
    "draw_when_able": _("You may draw though you can play"),
    "two_penalty": _("Cards drawn at the end of a chain of twos"),
}

VALUE_LABELS = {
    "two_penalty": {"chain-plus-one": _("one more than the twos played"), "two-per-two": _("two for each two")},
}
