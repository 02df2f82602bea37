"""What the variant fields of Hearts and their values mean, in words, for the rules pages' preset comparison
(games.declaration.Game.variant_field_labels, variant_value_labels).
"""

from django.utils.translation import gettext_lazy as _

FIELD_LABELS = {
    "pass_cycle": _("Passing, deal by deal"),
    "qs_breaks_hearts": _("The queen of spades breaks hearts"),
    "hearts_broken_by": _("Hearts are broken by"),
    "points_on_first_trick": _("Hearts or Q♠ on the first trick"),
    "moon": _("Shooting the moon"),
    "end_at": _("The match ends at"),
    "tie": _("A tie for the lowest total"),
}

VALUE_LABELS = {
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
}
