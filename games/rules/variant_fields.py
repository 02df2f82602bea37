"""What values each variant field of a game allows, declared once per game (`VARIANT_FIELDS` beside the game's
variant dataclass, exposed as the rule engine's `variant_fields`).

The variant's own check (`check_variant_fields` in its `__post_init__`) and the presets' form in the admin
(tutorials.forms.PresetForm) both read these declarations, so the engine and the form cannot disagree on what a
field allows. Pure Python, like the engines: the words for the fields and values are the site's
(games/<key>/variant_labels.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any


def _same(value: Any, option: Any) -> bool:
    # bool is an int subclass: True must not pass for 1, nor 1 for True.
    return type(value) is type(option) and value == option


@dataclasses.dataclass(frozen=True)
class Choice:
    """One of a few values: a word ("never"), a number (a 36- or 52-card deck) or yes/no (True, False)."""

    name: str
    options: tuple

    def check(self, value: Any) -> Any:
        if not any(_same(value, option) for option in self.options):
            raise ValueError(f"Variant field '{self.name}' must be one of {', '.join(map(repr, self.options))}, "
                             f"not {value!r}.")
        return value


@dataclasses.dataclass(frozen=True)
class Number:
    """A whole number from `low` to `high`."""

    name: str
    low: int
    high: int

    def check(self, value: Any) -> Any:
        if type(value) is not int or not self.low <= value <= self.high:
            raise ValueError(f"Variant field '{self.name}' must be a whole number from {self.low} to {self.high}, "
                             f"not {value!r}.")
        return value


@dataclasses.dataclass(frozen=True)
class ChoiceList:
    """A list of `options` in an order that matters, `min_length` to `max_length` long; `each_once`: every option
    exactly once (an order of all of them, such as an order of the four suits)."""

    name: str
    options: tuple[str, ...]
    min_length: int = 1
    max_length: int = 30
    each_once: bool = False

    def check(self, value: Any) -> tuple:
        if self.each_once:
            fits = isinstance(value, (list, tuple)) and sorted(map(str, value)) == sorted(self.options) \
                and all(isinstance(item, str) for item in value)
            if not fits:
                raise ValueError(f"Variant field '{self.name}' must list {', '.join(self.options)} once each, "
                                 f"not {value!r}.")
            return tuple(value)
        if not (isinstance(value, (list, tuple)) and self.min_length <= len(value) <= self.max_length
                and all(isinstance(item, str) and item in self.options for item in value)):
            raise ValueError(f"Variant field '{self.name}' must list {self.min_length} to {self.max_length} of "
                             f"{', '.join(map(repr, self.options))} (repeats allowed), not {value!r}.")
        return tuple(value)


@dataclasses.dataclass(frozen=True)
class NumberList:
    """A list of whole numbers from `low` to `high`, `min_length` to `max_length` long (e.g. cards per deal)."""

    name: str
    low: int
    high: int
    min_length: int = 1
    max_length: int = 30

    def check(self, value: Any) -> tuple:
        if not (isinstance(value, (list, tuple)) and self.min_length <= len(value) <= self.max_length
                and all(type(item) is int and self.low <= item <= self.high for item in value)):
            raise ValueError(f"Variant field '{self.name}' must list {self.min_length} to {self.max_length} "
                             f"whole numbers from {self.low} to {self.high}, not {value!r}.")
        return tuple(value)


VariantField = Choice | Number | ChoiceList | NumberList


def check_variant_fields(variant: Any, fields: Sequence[VariantField]) -> None:
    """Check each declared field of the frozen dataclass `variant` (in a `__post_init__`), storing lists as
    tuples; raises ValueError naming the first bad field and value."""
    for field in fields:
        object.__setattr__(variant, field.name, field.check(getattr(variant, field.name)))
