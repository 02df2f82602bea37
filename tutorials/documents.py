"""Lesson files: one JSON document per lesson, for review in diffs and for moving content between sites.

    content/lessons/<game>/<slug>.json

    {
      "format": 1,
      "game": "sunduchok",
      "slug": "two-queens",
      "order": 1,
      "preset": "standard",
      "published": true,
      "title": {"ru": "...", "en": "..."},
      "summary": {"ru": "...", "en": "..."},
      "steps": [
        {"number": 1, "kind": "text", "body": {"ru": "...", "en": "..."}, "hint_1": {...}, "hint_2": {...},
         "explanation": {...}, "payload": {}},
        ...
      ]
    }

"preset" is a preset slug of the game, or null for the standard rules. Every translated text is an
object with one entry per language of settings.MODELTRANSLATION_LANGUAGES ("" where a language has
no text). Keys come in the order shown (payloads' keys sorted), indented by tutorials.jsontext, so
that exporting twice gives the same bytes on any database. Payloads are described in tutorials/payloads.py.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from django.conf import settings
from modeltranslation.utils import build_localized_fieldname

from tutorials import jsontext

FORMAT = 1
LESSON_KEYS = ("format", "game", "slug", "order", "preset", "published", "title", "summary", "steps")
STEP_KEYS = ("number", "kind", "body", "hint_1", "hint_2", "explanation", "payload")


class DocumentError(ValueError):
    """A lesson file of the wrong shape; the message names the file and what is wrong."""


@dataclasses.dataclass(frozen=True)
class LessonDocument:
    source: str          # where it came from, for messages: a file path
    data: dict[str, Any]


def languages() -> tuple[str, ...]:
    return tuple(settings.MODELTRANSLATION_LANGUAGES)


# -- writing ------------------------------------------------------------------------------------

def lesson_document(lesson) -> dict[str, Any]:
    """The document of `lesson` and its steps, every language included."""
    return {
        "format": FORMAT,
        "game": lesson.game_key,
        "slug": lesson.slug,
        "order": lesson.order,
        "preset": lesson.preset.slug if lesson.preset_id is not None else None,
        "published": lesson.published,
        **{name: translated_texts(lesson, name) for name in lesson.TRANSLATED_FIELDS},
        "steps": [
            {
                "number": step.number,
                "kind": step.kind,
                **{name: translated_texts(step, name) for name in step.TRANSLATED_FIELDS},
                "payload": sorted_keys(step.payload),
            }
            for step in lesson.steps.order_by("number")
        ],
    }


def document_path(data: dict[str, Any]) -> Path:
    return Path(data["game"]) / f"{data['slug']}.json"


def document_text(data: dict[str, Any]) -> str:
    """The file's text: the document's own key order (lesson_document's), payloads' keys sorted."""
    return jsontext.dumps(data, sort_keys=False) + "\n"


def sorted_keys(value: Any) -> Any:
    # The database may not keep a JSON object's key order (PostgreSQL's jsonb does not): sort them.
    if isinstance(value, dict):
        return {key: sorted_keys(value[key]) for key in sorted(value)}
    if isinstance(value, list):
        return [sorted_keys(item) for item in value]
    return value


def translated_texts(instance, name: str) -> dict[str, str]:
    return {language: getattr(instance, build_localized_fieldname(name, language)) or "" for language in languages()}


# -- reading ------------------------------------------------------------------------------------

def read_documents(directory: Path) -> list[LessonDocument]:
    """Every lesson file under `directory` (any depth), in path order, each checked for shape."""
    return read_json_documents(sorted(directory.rglob("*.json")), parse_document)


def read_json_documents(paths: Iterable[Path], parse: Callable[..., Any]) -> list[Any]:
    """Each file of `paths` read as JSON and checked by `parse(data, source=path)`; DocumentError names a
    file that is not readable JSON."""
    documents = []
    for path in paths:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise DocumentError(f"{path}: not a readable JSON file ({error}).") from None
        documents.append(parse(data, source=str(path)))
    return documents


def parse_document(data: Any, *, source: str) -> LessonDocument:
    """`data` checked for the shape of a lesson file (the engine checks the steps later, on import)."""
    def fail(message: str):
        raise DocumentError(f"{source}: {message}")

    if not isinstance(data, dict):
        fail("a lesson file holds one JSON object.")
    check_keys(data, LESSON_KEYS, "the lesson", fail)
    if data["format"] != FORMAT:
        fail(f"unknown format {data['format']!r} (this site reads format {FORMAT}).")
    for key in ("game", "slug"):
        if not isinstance(data[key], str) or not data[key]:
            fail(f"'{key}' must be a non-empty string.")
    if not isinstance(data["order"], int) or isinstance(data["order"], bool) or data["order"] < 0:
        fail("'order' must be a whole number from 0.")
    if data["preset"] is not None and not isinstance(data["preset"], str):
        fail("'preset' must be a preset slug or null.")
    if not isinstance(data["published"], bool):
        fail("'published' must be true or false.")
    for key in ("title", "summary"):
        check_texts(data[key], key, fail)
    if not isinstance(data["steps"], list):
        fail("'steps' must be a list.")
    numbers = []
    for index, step in enumerate(data["steps"], start=1):
        if not isinstance(step, dict):
            fail(f"step {index} must be an object.")
        check_keys(step, STEP_KEYS, f"step {index}", fail)
        number = step["number"]
        if not isinstance(number, int) or isinstance(number, bool):
            fail(f"step {index}: 'number' must be a whole number.")
        for key in ("body", "hint_1", "hint_2", "explanation"):
            check_texts(step[key], f"step {number}: '{key}'", fail)
        numbers.append(number)
    doubled = sorted({number for number in numbers if numbers.count(number) > 1})
    if doubled:
        fail(f"step number {doubled[0]} is used twice.")
    return LessonDocument(source=source, data=data)


def translated_values(name: str, texts: dict[str, str]) -> dict[str, str]:
    """{"title_ru": ..., "title_en": ...} from a document's {"ru": ..., "en": ...}."""
    return {build_localized_fieldname(name, language): texts.get(language, "") for language in languages()}


def set_translated_texts(instance, data: dict[str, Any]) -> None:
    """Set each of the model's TRANSLATED_FIELDS, every language, from a document's texts by language."""
    for name in instance.TRANSLATED_FIELDS:
        for field, value in translated_values(name, data[name]).items():
            setattr(instance, field, value)


def check_keys(data: dict, expected: tuple[str, ...], what: str, fail) -> None:
    missing = [key for key in expected if key not in data]
    if missing:
        fail(f"{what} has no '{missing[0]}'.")
    unknown = sorted(set(data) - set(expected))
    if unknown:
        fail(f"{what} has an unknown key '{unknown[0]}' (known: {', '.join(expected)}).")


def check_texts(texts: Any, what: str, fail) -> None:
    if not isinstance(texts, dict) or not all(isinstance(value, str) for value in texts.values()):
        fail(f"{what} must be an object of texts by language, e.g. {{\"ru\": \"…\", \"en\": \"…\"}}.")
    unknown = sorted(set(texts) - set(languages()))
    if unknown:
        fail(f"{what} has a text in '{unknown[0]}', which is not a language of this site "
             f"({', '.join(languages())}).")
