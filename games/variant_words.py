"""What each variant field of a game means, in words: the rules pages' preset comparison and the presets' admin
(its form and list) say them alike.

The engines name their fields and values in code (docs/engine.md); a learner reads the labels each game declares
(games.declaration.Game.variant_field_labels, variant_value_labels) instead. A field or value without a label is
shown as the engine names it, so a new engine field never breaks the page — but tests ask for a label for every
field and value of every built-in preset.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from games import registry


def field_label(game_key: str, field: str) -> str:
    return str(registry.game(game_key).variant_field_labels.get(field, field))


def value_label(game_key: str, field: str, value: Any) -> str:
    """`value` of `field` in words: labelled values, yes/no, a list's items joined, else as it is."""
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    labels = registry.game(game_key).variant_value_labels.get(field, {})
    if isinstance(value, list):
        return ", ".join(str(labels.get(item, item)) for item in value)
    return str(labels.get(value, value))
