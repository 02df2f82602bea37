"""Read paths of the rules pages: a page with its numbered sections, its disputed points and their live
examples, and the comparison of the game's presets."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch

from core.visitors import sees_drafts
from games.forms import default_player_count
from games.rules import GAMES, get_game
from games.selectors import presets_for_learners
from games.variant_words import field_label, value_label
from rulebook.models import DisputedPoint, RulesPage, RulesSection
from tutorials.payloads import PayloadError, position_from_payload
from tutorials.selectors import payload_table_context


def rules_index(*, user) -> list[dict[str, Any]]:
    """Every game, with its rules page if a visitor may open it."""
    pages = {page.game_key: page for page in _visible_pages(user)}
    return [{"key": key, "title": game.title, "page": pages.get(key)} for key, game in GAMES.items()]


def rules_page_for_visitor(*, game_key: str, user) -> RulesPage | None:
    """The game's rules page with its sections (and their lessons) and questions, if the visitor may see it."""
    return (_visible_pages(user).filter(game_key=game_key).prefetch_related(
        Prefetch("sections", queryset=RulesSection.objects.select_related("lesson").order_by("order", "slug")),
        Prefetch("questions", queryset=DisputedPoint.objects.select_related("preset", "section")
                 .order_by("order", "slug")),
    ).first())


def rules_page_context(page: RulesPage, *, user, open_examples: frozenset[str] = frozenset()) -> dict[str, Any]:
    """Everything the rules page shows: sections numbered from 1, questions with their examples (all
    hands open for the questions named in `open_examples`, where the example allows it), presets."""
    sections = list(page.sections.all())
    numbers = _section_numbers(page)
    return {
        **_page_basics(page),
        "sections": [{"section": section, "number": numbers[section.pk], "lesson_url": _lesson_step_url(section, user)}
                     for section in sections],
        "questions": [_question_item(page, question, numbers, open_examples) for question in page.questions.all()],
        "comparison": preset_comparison(page.game_key),
    }


def rules_question_context(page: RulesPage, *, slug: str, open_examples: frozenset[str] = frozenset()
                           ) -> dict[str, Any] | None:
    """One disputed point as the page shows it (for the HTMX switch of its example), or None."""
    question = next((question for question in page.questions.all() if question.slug == slug), None)
    if question is None:
        return None
    return {**_page_basics(page), "item": _question_item(page, question, _section_numbers(page), open_examples)}


def _page_basics(page: RulesPage) -> dict[str, Any]:
    # `preset_players`: the table size a "Play this preset" button starts.
    return {"page": page, "game_key": page.game_key, "game_title": GAMES[page.game_key].title,
            "preset_players": default_player_count(get_game(page.game_key))}


def _section_numbers(page: RulesPage) -> dict[int, int]:
    """Each section's number on the page: its position, from 1."""
    return {section.pk: number for number, section in enumerate(page.sections.all(), start=1)}


def _question_item(page: RulesPage, question: DisputedPoint, numbers: dict[int, int],
                   open_examples: frozenset[str]) -> dict[str, Any]:
    # A preset hidden from learners is not offered as the other way to play the point.
    preset = question.preset if question.preset is not None and question.preset.shown_to_learners else None
    return {"question": question, "section_number": numbers.get(question.section_id), "preset": preset,
            "example": example_context(page.game_key, question.example, show_all_hands=question.slug in open_examples)}


def example_context(game_key: str, example: dict[str, Any], *, show_all_hands: bool = False) -> dict[str, Any] | None:
    """The table an example shows, as its seat sees it after its moves under the standard rules; None
    for no example. All hands are open only when the example allows it and the reader asked."""
    if not example:
        return None
    try:
        state = position_from_payload(game_key, get_game(game_key).variant(), example)
    except PayloadError as error:   # checked when saved; the rules may have changed since
        return {"broken": str(error)}
    return payload_table_context(state, example, can_move=False, show_all_hands=show_all_hands)


def preset_comparison(game_key: str) -> dict[str, Any]:
    """Every preset learners are offered side by side: each variant field's value under each preset, marked
    where it differs from the standard rules. A preset an editor broke is listed with its error."""
    standard = get_game(game_key).variant().to_dict()
    columns = []
    for preset in presets_for_learners(game_key):
        try:
            fields = preset.variant().to_dict()
        except ValueError as error:
            columns.append({"preset": preset, "error": str(error), "values": {}})
            continue
        columns.append({"preset": preset, "error": "", "values": fields})
    rows = [{"label": field_label(game_key, field),
             "cells": [_cell(game_key, field, column, standard[field]) for column in columns]}
            for field in standard]
    return {"columns": columns, "rows": rows}


def _cell(game_key: str, field: str, column: dict[str, Any], standard_value: Any) -> dict[str, Any]:
    if column["error"]:
        return {"text": "", "changed": False}
    value = column["values"][field]
    return {"text": value_label(game_key, field, value), "changed": value != standard_value}


def _lesson_step_url(section: RulesSection, user) -> str | None:
    lesson = section.lesson
    if lesson is None or section.lesson_step is None or not (lesson.published or sees_drafts(user)):
        return None
    return lesson.step_url(section.lesson_step)


def _visible_pages(user):
    pages = RulesPage.objects.all()
    return pages if sees_drafts(user) else pages.filter(published=True)
