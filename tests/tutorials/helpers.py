"""Helpers for the tutorials tests: the two-queens deal, lessons with steps, admin form data."""

from __future__ import annotations

import json
from typing import Any

from django import forms

from games.rules.cards import RANKS, make_deck
from tutorials.models import Lesson, LessonStep

YOU = ["QH", "QC", "8D", "AS"]
OPPONENT = ["QD", "QS", "7H", "KC"]
DEAL = {"hands": [YOU, OPPONENT], "stock": [card for card in make_deck(RANKS[4:]) if card not in YOU + OPPONENT],
        "dealer": 1}
ASK_QUEENS = {"type": "ask", "target": 1, "rank": "Q"}
COUNT_TWO = {"type": "count", "count": 2}
SUITS_DS = {"type": "suits", "suits": ["D", "S"]}


def make_lesson(*, slug: str = "queens", preset=None, steps: list[dict] | None = None, **fields) -> Lesson:
    fields = {"game_key": "sunduchok", "title_ru": "Дамы", "title_en": "Queens", "published": True, **fields}
    lesson = Lesson.objects.create(slug=slug, preset=preset, **fields)
    if steps is None:
        steps = [
            {"kind": "text", "body_ru": "Привет", "body_en": "Hello"},
            {"kind": "replay", "payload": {"deal": DEAL, "actions": [ASK_QUEENS]}},
            {"kind": "question", "payload": {"deal": DEAL, "actions": [ASK_QUEENS], "answer": COUNT_TWO},
             "hint_1_ru": "Подсказка", "hint_1_en": "A hint"},
        ]
    for number, step in enumerate(steps, start=1):
        LessonStep.objects.create(lesson=lesson, number=number, **step)
    return lesson


def change_form_data(lesson: Lesson) -> dict[str, Any]:
    """The POST of the lesson's admin change form, saving it as it is."""
    from tutorials.jsontext import dumps

    data: dict[str, Any] = {
        "game_key": lesson.game_key, "slug": lesson.slug, "order": lesson.order,
        "preset": lesson.preset_id or "", "title_ru": lesson.title_ru or "", "title_en": lesson.title_en or "",
        "summary_ru": lesson.summary_ru or "", "summary_en": lesson.summary_en or "", "_save": "Save",
    }
    if lesson.published:
        data["published"] = "on"
    steps = list(lesson.steps.order_by("number"))
    data.update({"steps-TOTAL_FORMS": len(steps), "steps-INITIAL_FORMS": len(steps),
                 "steps-MIN_NUM_FORMS": 0, "steps-MAX_NUM_FORMS": 1000})
    for index, step in enumerate(steps):
        prefix = f"steps-{index}-"
        data.update({prefix + "id": step.pk, prefix + "lesson": lesson.pk, prefix + "number": step.number,
                     prefix + "kind": step.kind, prefix + "payload": dumps(step.payload)})
        for name in LessonStep.TRANSLATED_FIELDS:
            for language in ("ru", "en"):
                data[f"{prefix}{name}_{language}"] = getattr(step, f"{name}_{language}") or ""
    return data


def add_step_to_form(data: dict[str, Any], *, number: int, kind: str, payload: str, body_ru: str = "") -> None:
    index = int(data["steps-TOTAL_FORMS"])
    prefix = f"steps-{index}-"
    data.update({prefix + "id": "", prefix + "number": number, prefix + "kind": kind, prefix + "payload": payload,
                 prefix + "body_ru": body_ru})
    data["steps-TOTAL_FORMS"] = index + 1


def step_index(data: dict[str, Any], step_id: int) -> int:
    return next(int(key.split("-")[1]) for key, value in data.items()
                if key.startswith("steps-") and key.endswith("-id") and value == step_id)


def preset_form_data(client, preset, fields: dict[str, Any] | None = None, **posted) -> dict[str, Any]:
    """The preset's admin change form as its page fills it, with the variant `fields` (engine values, e.g.
    {"pass_cycle": ["none"]}) and `posted` fields (as posted, e.g. end_at="75") changed."""
    form = client.get(f"/admin/games/preset/{preset.pk}/change/").context["adminform"].form
    values = {f"variant_{name}": value for name, value in (fields or {}).items()}
    data: dict[str, Any] = {"_save": "Save"}
    for name, field in form.fields.items():
        value = values.get(name, form[name].value())
        if isinstance(field.widget, forms.MultiWidget):
            items = list(value) + [""] * (len(field.widget.widgets) - len(value))
            data.update({f"{name}_{index}": item for index, item in enumerate(items)})
        elif isinstance(field.widget, forms.CheckboxInput) or name == "confirm_changes":
            if value:
                data[name] = "on"
        elif isinstance(field, forms.CharField) and isinstance(value, list):
            data[name] = " ".join(map(str, value))
        elif name in values and not isinstance(value, str):
            data[name] = value if isinstance(value, int) and not isinstance(value, bool) else json.dumps(value)
        elif value is not None:
            data[name] = value
    data.update({f"variant_{name}": value for name, value in posted.items()})
    return data
