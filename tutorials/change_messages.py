"""What the History page of a lesson, preset or rules page says of each version, in the reader's language.

Django stores an admin change message as JSON ("changed": which fields, of which inline row) so that it
can be said later in the reader's language; but it stores the row's name (`str(step)`) and the field
labels once, in no particular language, so a lesson saved from the Russian admin read "Changed Answer [en]
for disputed point “А если…”" in the English one. Here each part of the message also keeps its row's name
and its field labels in every language of the site, and the history says the message with the reader's.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.contrib.admin.models import LogEntry
from django.utils import translation
from django.utils.dateparse import parse_datetime
from django.utils.formats import localize
from django.utils.timezone import template_localtime

Part = dict[str, Any]
RESTORED = "restored"


def add_translations(message: list[Part], *, form, formsets, add: bool) -> list[Part]:
    """`message` (what django.contrib.admin.utils.construct_change_message built from `form` and
    `formsets`) with each part's row name and field labels in every language, under "translations"."""
    said: list[tuple[Any, Any, list[str]]] = []   # (the form whose labels name the fields, the row, fields)
    if not add and form.changed_data:
        said.append((form, None, list(form.changed_data)))
    for formset in formsets or ():
        said += [(None, row, []) for row in formset.new_objects]
        said += [(formset.forms[0], row, list(fields)) for row, fields in formset.changed_objects]
        said += [(None, row, []) for row in formset.deleted_objects]
    bodies = [body for part in message for body in part.values() if body]   # {"added": {}}: the object itself
    for body, (labels, row, fields) in zip(bodies, said, strict=True):
        body["translations"] = {language: _said_in(language, labels, row, fields)
                                for language, _name in settings.LANGUAGES}
    return message


def _said_in(language: str, labels, row, fields: list[str]) -> dict[str, Any]:
    with translation.override(language):
        words: dict[str, Any] = {}
        if row is not None:
            words["object"] = str(row)
        if fields:
            words["fields"] = [str(labels.fields[name].label or name) if name in labels.fields else name
                               for name in fields]
        return words


def restored(saved_at) -> str:
    """The comment of a restore, reversion's "Reverted to previous version, saved on …", kept as JSON too."""
    return json.dumps([{RESTORED: {"saved_at": saved_at.isoformat()}}])


def for_the_reader(comment: str) -> str:
    """A version's comment said in the active language: a change message (JSON) with its rows and fields
    named in that language when it knows them, a restore, or a plain comment (an import's) translated
    when the catalogue has it."""
    try:
        message = json.loads(comment)
    except ValueError:
        return translation.gettext(comment) if comment else comment
    if not isinstance(message, list):
        return comment
    if len(message) == 1 and isinstance(message[0], dict) and RESTORED in message[0]:
        saved_at = parse_datetime(message[0][RESTORED]["saved_at"])
        return translation.gettext("Reverted to previous version, saved on %(datetime)s") % {
            "datetime": localize(template_localtime(saved_at))}
    language = translation.get_language() or settings.LANGUAGE_CODE
    for part in message:
        for body in part.values() if isinstance(part, dict) else ():
            if isinstance(body, dict):
                body.update(body.pop("translations", {}).get(language, {}))
    return LogEntry(change_message=json.dumps(message)).get_change_message()
