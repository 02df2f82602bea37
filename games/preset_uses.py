"""Who uses a preset, and which texts name it: the preset's admin page lists them, and a change of its rules or
its name lists what the editor should look at before saving.

Presets (games) know none of the apps that use them: each app adds its listers from its AppConfig.ready, as
tutorials adds its lesson replay check to games.models.PRESET_CHANGE_CHECKS.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from django.conf import settings
from django.db.models import Q
from modeltranslation.utils import build_localized_fieldname


@dataclasses.dataclass(frozen=True)
class PresetUse:
    """Rows of one kind that use a preset: "Lessons: 3", each named and linked where an admin page shows it."""

    kind: str                                     # "lessons", in the reader's language
    count: int
    url: str = ""                                 # the admin's list of just these rows, if there is one
    items: Sequence[tuple[str, str]] = ()         # (name, admin address or "") of each row, when they are few


@dataclasses.dataclass(frozen=True)
class PresetReview:
    """A place whose outcome changes under a preset's new rules, for the editor to read before saving anyway."""

    where: str                                    # "“The end of the match”, step 4"
    what: str                                     # what changes, in words
    url: str = ""


# Each called as lister(preset) -> list[PresetUse]: the rows of one app that use `preset` (games.models.Preset).
PRESET_USE_LISTERS: list[Callable[[Any], list[PresetUse]]] = []
# Each called as review(preset, old_variant, new_variant) -> list[PresetReview]: what replays differently.
PRESET_CHANGE_REVIEWS: list[Callable[[Any, Any, Any], list[PresetReview]]] = []
# Each called as finder(preset, names) -> list[(title, admin address)]: texts that name the preset by one of `names`
# (its old names, in every language), to review when it is renamed.
PRESET_MENTION_FINDERS: list[Callable[[Any, Sequence[str]], list[tuple[str, str]]]] = []


def register(hooks: list, hook: Callable) -> None:
    """Add `hook` once (AppConfig.ready may run more than once in the tests)."""
    if hook not in hooks:
        hooks.append(hook)


def preset_uses(preset) -> list[PresetUse]:
    return [use for lister in PRESET_USE_LISTERS for use in lister(preset)]


def preset_change_reviews(preset, old_variant, new_variant) -> list[PresetReview]:
    if old_variant == new_variant:
        return []
    return [review for check in PRESET_CHANGE_REVIEWS for review in check(preset, old_variant, new_variant)]


def texts_naming(preset, names: Sequence[str]) -> list[tuple[str, str]]:
    names = [name for name in dict.fromkeys(names) if name and name.strip()]
    if not names:
        return []
    return [found for finder in PRESET_MENTION_FINDERS for found in finder(preset, names)]


def texts_containing(fields: Sequence[str], names: Sequence[str], *, prefix: str = "") -> Q:
    """Rows whose translated `fields` (reached through `prefix`, e.g. "steps__") contain one of `names`, in any
    language: what a finder of PRESET_MENTION_FINDERS filters by."""
    query = Q()
    for field in fields:
        for language in settings.MODELTRANSLATION_LANGUAGES:
            for name in names:
                query |= Q(**{f"{prefix}{build_localized_fieldname(field, language)}__icontains": name})
    return query
