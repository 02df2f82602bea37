"""A preset's variant fields as form fields, in words: what the presets' admin form (tutorials.forms.PresetForm)
shows instead of a JSON box.

What each field allows comes from the game's own declaration (the engine's `variant_fields`,
games.rules.variant_fields), the words from the game's variant labels (games.variant_words), so the form, the
engine's check and the rules pages say the same. A choice offers its values in words; a number its bounds; a list
of choices one select per place (a blank place ends the list); a list of numbers the numbers in one box.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.rules import get_game
from games.rules.variant_fields import Choice, ChoiceList, Number, NumberList, VariantField
from games.variant_words import field_label, value_label

PREFIX = "variant_"   # a variant field's name on the form: "variant_end_at"
STANDARD_RULES = gettext_lazy("the standard rules")


def form_name(field: str) -> str:
    return f"{PREFIX}{field}"


def variant_fields(game_key: str) -> tuple[VariantField, ...]:
    return tuple(get_game(game_key).variant_fields)


def standard_values(game_key: str) -> dict[str, Any]:
    return get_game(game_key).variant().to_dict()


def _option_key(option: Any) -> str:
    # A word is posted as itself; a number or yes/no as JSON ("52", "true"), so each maps back to its exact type.
    return option if isinstance(option, str) else json.dumps(option)


class ChoiceListWidget(forms.MultiWidget):
    """One select per place of a list of choices, each named for a screen reader ("Suits …, place 2")."""

    def __init__(self, *, places: int, choices: list[tuple[str, str]], label: str):
        super().__init__([forms.Select(choices=choices, attrs={
            "aria-label": _("%(field)s, place %(number)s") % {"field": label, "number": place + 1}})
            for place in range(places)])

    def decompress(self, value):
        return list(value or [])


class ChoiceListField(forms.MultiValueField):
    """A list of choices, one select per place; blank places are left out, so a list may grow by the spare places
    shown after it."""

    def __init__(self, *, declared: ChoiceList, labels: dict[str, str], places: int, label: str, **kwargs):
        choices = [(option, labels[option]) for option in declared.options]
        if not declared.each_once:
            choices = [("", "—"), *choices]
        fields = [forms.ChoiceField(choices=choices, required=False) for _place in range(places)]
        super().__init__(fields, require_all_fields=False, required=False, label=label,
                         widget=ChoiceListWidget(places=places, choices=choices, label=label), **kwargs)

    def compress(self, data_list):
        return [item for item in data_list if item]


def _numbers_text(value) -> str:
    return " ".join(map(str, value or []))


class NumberListField(forms.CharField):
    """Whole numbers in one box, separated by spaces or commas ("8 7 6 5")."""

    def prepare_value(self, value):
        return value if isinstance(value, str) else _numbers_text(value)

    def to_python(self, value):
        text = (super().to_python(value) or "").strip()
        if not text:
            return []
        items = [item for item in re.split(r"[\s,;]+", text) if item]
        if not all(re.fullmatch(r"\d+", item) for item in items):
            raise ValidationError(_("Write whole numbers separated by spaces, e.g. 8 7 6."))
        return [int(item) for item in items]


def _number_list_message(declared: NumberList) -> str:
    return _("Write %(min)s to %(max)s numbers, each from %(low)s to %(high)s.") % {
        "min": declared.min_length, "max": declared.max_length, "low": declared.low, "high": declared.high}


def _choice_list_message(declared: ChoiceList, labels: dict[str, str]) -> str:
    words = ", ".join(labels[option] for option in declared.options)
    if declared.each_once:
        return _("Choose each of %(options)s once.") % {"options": words}
    return _("Choose %(min)s to %(max)s places, each one of: %(options)s.") % {
        "min": declared.min_length, "max": declared.max_length, "options": words}


def _labels(game_key: str, declared: ChoiceList) -> dict[str, str]:
    return {option: value_label(game_key, declared.name, option) for option in declared.options}


def form_field(game_key: str, declared: VariantField, *, standard: Any, current: Any) -> forms.Field:
    """The form field of one variant field, starting at `current`, its help saying the standard value in words and
    whether this preset differs from it."""
    name = declared.name
    standard_words = value_label(game_key, name, standard)
    if current == standard:
        help_text = _("As in the standard rules.")
    else:   # marked, so that an editor sees at a glance what the preset changes
        help_text = format_html('<strong class="differs">{}</strong>', _(
            "Differs from the standard rules (standard: %(value)s).") % {"value": standard_words})
    label = field_label(game_key, name)
    if isinstance(declared, Choice):
        choices = [(_option_key(option), value_label(game_key, name, option)) for option in declared.options]
        return forms.ChoiceField(choices=choices, initial=_option_key(current), label=label, help_text=help_text)
    if isinstance(declared, Number):
        bounds = _("From %(low)s to %(high)s.") % {"low": declared.low, "high": declared.high}
        return forms.IntegerField(min_value=declared.low, max_value=declared.high, initial=current,
                                  label=label, help_text=format_html("{} {}", bounds, help_text))
    if isinstance(declared, ChoiceList):
        labels = _labels(game_key, declared)
        places = len(declared.options) if declared.each_once else min(declared.max_length, max(len(current) + 2, 4))
        return ChoiceListField(declared=declared, labels=labels, places=places, initial=list(current),
                               label=label,
                               help_text=format_html("{} {}", _choice_list_message(declared, labels), help_text))
    return NumberListField(initial=_numbers_text(current), label=label,
                           help_text=format_html("{} {}", _number_list_message(declared), help_text))


def form_fields(game_key: str, stored: dict[str, Any]) -> dict[str, forms.Field]:
    """Every variant field of the game as a form field, starting at the preset's `stored` fields (the ones that
    differ) over the standard values."""
    standard = standard_values(game_key)
    return {form_name(declared.name): form_field(game_key, declared, standard=standard[declared.name],
                                                 current=stored.get(declared.name, standard[declared.name]))
            for declared in variant_fields(game_key)}


def cleaned_value(game_key: str, declared: VariantField, value: Any) -> Any:
    """The variant value the form's cleaned `value` stands for; ValidationError in the editor's words when the
    declaration refuses it."""
    if isinstance(declared, Choice):
        value = next((option for option in declared.options if _option_key(option) == value), value)
    try:
        checked = declared.check(value)
    except ValueError:
        if isinstance(declared, ChoiceList):
            raise ValidationError(_choice_list_message(declared, _labels(game_key, declared))) from None
        if isinstance(declared, NumberList):
            raise ValidationError(_number_list_message(declared)) from None
        raise ValidationError(_("Choose one of the values offered.")) from None
    return list(checked) if isinstance(checked, tuple) else checked


def differing_fields(game_key: str, values: dict[str, Any]) -> dict[str, Any]:
    """The fields of `values` (every variant field) that differ from the standard rules: what a preset stores."""
    standard = standard_values(game_key)
    return {name: value for name, value in values.items() if value != standard[name]}


def fields_in_words(game_key: str, stored: dict[str, Any]) -> list[str]:
    """A preset's stored fields in words, for the presets' list: ["The match ends at: 50"]."""
    return [f"{field_label(game_key, field)}: {value_label(game_key, field, value)}" for field, value in stored.items()]

