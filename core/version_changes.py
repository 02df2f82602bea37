"""What one saved version of an editor's object changed against the version before it, field by field, in words:
the object's own fields, then the rows saved with it (a lesson's steps, a rules page's sections and questions).

Read from django-reversion's versions (`Version.field_dict`); the History page links each version to this
comparison (tutorials.admin.EditorsAdmin.compare_view). Only fields whose value differs are listed, each under its
verbose name, a translated column with its language; a value is said as an editor knows it (a choice's label, a
linked row's name, JSON indented), and texts are marked word by word: what went in <del>, what came in <ins>.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import re
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import FieldDoesNotExist, ObjectDoesNotExist
from django.db import models
from django.utils.formats import localize
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language_info, gettext
from modeltranslation.fields import TranslationField
from reversion.errors import RevertError
from reversion.models import Version

from core.versions import followed_relations

WORDS = re.compile(r"\s+|\w+|[^\w\s]")   # a text's tokens: runs of spaces, words, single marks


@dataclasses.dataclass(frozen=True)
class FieldChange:
    label: str
    old: SafeString
    new: SafeString


@dataclasses.dataclass(frozen=True)
class RowChanges:
    """One object's changed fields; `state` is "changed", "added" (not in the older version) or "removed"."""

    name: str
    kind: str
    state: str
    fields: list[FieldChange]


def version_name(version: Version) -> str:
    """The object as this version stored it, named in the active language: `object_repr` was written in
    the language of whoever saved it ("Дамы" for a lesson saved from the Russian admin)."""
    try:
        # An unsaved instance with the version's values (`version.object` is the current row, if any).
        return str(version.content_type.model_class()(**version.field_dict))
    except (RevertError, FieldDoesNotExist, ObjectDoesNotExist, TypeError):   # data this code no longer reads
        return version.object_repr


def version_before(version: Version) -> Version | None:
    """The version of the same object saved just before `version`, or None for its first one."""
    return (Version.objects.get_for_object_reference(version.content_type.model_class(), version.object_id)
            .filter(pk__lt=version.pk).order_by("-pk").select_related("revision").first())


def version_changes(*, version: Version, before: Version | None) -> list[RowChanges]:
    """What `version` changed against `before` (None: everything it holds is new): the object itself first, if
    any of its fields changed, then each of its followed rows added, changed or removed, in their order."""
    model = version.content_type.model_class()
    rows = [_row_changes(model, before, version)]
    for relation in followed_relations(model):
        old = _followed_versions(before, relation, before.object_id) if before else {}
        new = _followed_versions(version, relation, version.object_id)
        pairs = sorted(((old.get(key), new.get(key)) for key in old.keys() | new.keys()),
                       key=lambda pair: _order_key(relation.related_model, pair[1] or pair[0]))
        # The link to the object itself says nothing: it is the same in every row.
        rows += [_row_changes(relation.related_model, older, newer, unsaid=relation.field.attname)
                 for older, newer in pairs]
    return [row for row in rows if row.fields or row.state != "changed"]


def _followed_versions(version: Version, relation, object_id: str) -> dict[str, Version]:
    """The versions, in `version`'s revision, of the rows that `relation` links to the object (a revision may
    hold other objects' rows too: an import saves many lessons in one)."""
    content_type = ContentType.objects.get_for_model(relation.related_model)
    link = relation.field.attname
    return {row.object_id: row for row in version.revision.version_set.filter(content_type=content_type)
            if str(row.field_dict.get(link)) == str(object_id)}


def _order_key(model: type[models.Model], version: Version) -> tuple:
    values = [version.field_dict.get(name.lstrip("-")) for name in model._meta.ordering]
    return (*((value is None, 0 if value is None else value) for value in values), version.object_id)


def _row_changes(model: type[models.Model], older: Version | None, newer: Version | None,
                 unsaid: str = "") -> RowChanges:
    old = older.field_dict if older else {}
    new = newer.field_dict if newer else {}
    fields = []
    for field in model._meta.concrete_fields:
        if (field.primary_key or not field.editable or field.attname == unsaid
                or field.attname not in old.keys() | new.keys()):
            continue
        old_text, new_text = _said(field, old.get(field.attname)), _said(field, new.get(field.attname))
        if old_text == new_text:   # an empty box stored as "" or as None is no change either
            continue
        old_html, new_html = _marked(old_text, new_text)
        fields.append(FieldChange(label=_label(field), old=old_html, new=new_html))
    state = "added" if older is None else "removed" if newer is None else "changed"
    return RowChanges(name=version_name(newer or older), kind=str(model._meta.verbose_name), state=state,
                      fields=fields)


def _empty(value: Any) -> bool:
    return value is None or value == "" or value == {} or value == []


def _label(field: models.Field) -> str:
    if isinstance(field, TranslationField):
        return gettext("%(field)s (%(language)s)") % {
            "field": str(field.translated_field.verbose_name).capitalize(),
            "language": get_language_info(field.language)["name_translated"]}
    return str(field.verbose_name).capitalize()


def _said(field: models.Field, value: Any) -> str:
    """`value` of `field` as an editor knows it."""
    if _empty(value):
        return ""
    if field.flatchoices:
        return str(dict(field.flatchoices).get(value, value))
    if isinstance(field, models.BooleanField):
        return gettext("Yes") if value else gettext("No")
    if isinstance(field, models.ForeignKey):
        linked = field.related_model._default_manager.filter(pk=value).first()
        return str(linked) if linked is not None else gettext("#%(id)s (deleted since)") % {"id": value}
    if isinstance(field, models.JSONField):
        return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True)
    return str(localize(value))


def _marked(old: str, new: str) -> tuple[SafeString, SafeString]:
    """`old` and `new` as HTML, what went marked <del> in the old, what came marked <ins> in the new."""
    old_words, new_words = WORDS.findall(old), WORDS.findall(new)
    old_html, new_html = [], []
    matcher = difflib.SequenceMatcher(None, old_words, new_words, autojunk=False)
    for operation, old_start, old_end, new_start, new_end in matcher.get_opcodes():
        went, came = escape("".join(old_words[old_start:old_end])), escape("".join(new_words[new_start:new_end]))
        if operation == "equal":
            old_html.append(went)
            new_html.append(came)
            continue
        if went:
            old_html.append(f"<del>{went}</del>")
        if came:
            new_html.append(f"<ins>{came}</ins>")
    return mark_safe("".join(old_html)), mark_safe("".join(new_html))   # every piece escaped above
