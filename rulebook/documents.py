"""Rules files: one JSON document per game's rules page, the built-in content under content/rules/.

    content/rules/<game>.json

    {
      "format": 1,
      "game": "sunduchok",
      "intro": {"ru": "...", "en": "..."},
      "sections": [
        {"slug": "a-turn", "number": 3, "title": {...}, "body": {...},
         "lesson": "two-queens", "lesson_step": 3}
      ],
      "questions": [
        {"slug": "ask-rank-not-held", "order": 1, "question": {...}, "answer": {...},
         "section": "a-turn", "preset": "open-ranks", "example": {"deal": ..., "actions": [...], "seat": 0}}
      ]
    }

"lesson" is a lesson slug of the game (and "lesson_step" one of its step numbers) or null; "section"
a section slug of the same file or null; "preset" a preset slug of the game or null; "example" {} or
a lesson replay payload (tutorials/payloads.py), played under the standard rules. Texts are objects
by language, as in lesson files (tutorials/documents.py). The shape is checked here; the references
and examples when the file is loaded (rulebook.services).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from tutorials.documents import (
    DocumentError,
    check_keys,
    check_texts,
    read_json_documents,
    sorted_keys,
    translated_texts,
)

FORMAT = 1
PAGE_KEYS = ("format", "game", "intro", "sections", "questions")
SECTION_KEYS = ("slug", "number", "title", "body", "lesson", "lesson_step")
QUESTION_KEYS = ("slug", "order", "question", "answer", "section", "preset", "example")


@dataclasses.dataclass(frozen=True)
class RulesDocument:
    source: str
    data: dict[str, Any]


# -- writing ------------------------------------------------------------------------------------

def rules_page_document(page) -> dict[str, Any]:
    """The document of a rules page with its sections and questions, every language included; written with
    tutorials.documents.document_text, as lesson files are."""
    return {
        "format": FORMAT,
        "game": page.game_key,
        **{name: translated_texts(page, name) for name in page.TRANSLATED_FIELDS},
        "sections": [
            {"slug": section.slug, "number": section.order,
             **{name: translated_texts(section, name) for name in section.TRANSLATED_FIELDS},
             "lesson": section.lesson.slug if section.lesson_id is not None else None,
             "lesson_step": section.lesson_step}
            for section in page.sections.select_related("lesson").order_by("order", "slug")
        ],
        "questions": [
            {"slug": question.slug, "order": question.order,
             **{name: translated_texts(question, name) for name in question.TRANSLATED_FIELDS},
             "section": question.section.slug if question.section_id is not None else None,
             "preset": question.preset.slug if question.preset_id is not None else None,
             "example": sorted_keys(question.example)}
            for question in page.questions.select_related("section", "preset").order_by("order", "slug")
        ],
    }


# -- reading ------------------------------------------------------------------------------------


def read_rules_documents(directory: Path) -> list[RulesDocument]:
    """Every rules file in `directory`, in name order, each checked for shape."""
    return read_json_documents(sorted(directory.glob("*.json")), parse_rules_document)


def parse_rules_document(data: Any, *, source: str) -> RulesDocument:
    def fail(message: str):
        raise DocumentError(f"{source}: {message}")

    if not isinstance(data, dict):
        fail("a rules file holds one JSON object.")
    check_keys(data, PAGE_KEYS, "the rules page", fail)
    if data["format"] != FORMAT:
        fail(f"unknown format {data['format']!r} (this site reads format {FORMAT}).")
    if not isinstance(data["game"], str) or not data["game"]:
        fail("'game' must be a non-empty string.")
    check_texts(data["intro"], "'intro'", fail)
    for key, item_keys, order_key, texts in (("sections", SECTION_KEYS, "number", ("title", "body")),
                                             ("questions", QUESTION_KEYS, "order", ("question", "answer"))):
        items = data[key]
        if not isinstance(items, list):
            fail(f"'{key}' must be a list.")
        slugs = []
        for index, item in enumerate(items, start=1):
            what = f"{key} item {index}"
            if not isinstance(item, dict):
                fail(f"{what} must be an object.")
            check_keys(item, item_keys, what, fail)
            if not isinstance(item["slug"], str) or not item["slug"]:
                fail(f"{what}: 'slug' must be a non-empty string.")
            if not _is_whole(item[order_key]):
                fail(f"{what}: '{order_key}' must be a whole number from 0.")
            for name in texts:
                check_texts(item[name], f"{what}: '{name}'", fail)
            slugs.append(item["slug"])
        doubled = sorted({slug for slug in slugs if slugs.count(slug) > 1})
        if doubled:
            fail(f"{key}: the slug '{doubled[0]}' is used twice.")
    for index, section in enumerate(data["sections"], start=1):
        if section["lesson"] is not None and not isinstance(section["lesson"], str):
            fail(f"sections item {index}: 'lesson' must be a lesson slug or null.")
        if section["lesson_step"] is not None and not _is_whole(section["lesson_step"]):
            fail(f"sections item {index}: 'lesson_step' must be a step number or null.")
    for index, question in enumerate(data["questions"], start=1):
        for key in ("section", "preset"):
            if question[key] is not None and not isinstance(question[key], str):
                fail(f"questions item {index}: '{key}' must be a slug or null.")
        if not isinstance(question["example"], dict):
            fail(f"questions item {index}: 'example' must be an object ({{}} for none).")
    return RulesDocument(source=source, data=data)


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
