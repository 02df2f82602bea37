"""The built-in lessons of content/lessons/: complete in both languages, valid under the rules, importable.

Every step's payload is checked with the lesson-file machinery itself (tutorials.payloads), under the
variant of the lesson's preset, so these tests fail exactly when an import of the files would.
"""

import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import translation
from modeltranslation.utils import build_localized_fieldname

from games.rules import get_game
from tutorials.documents import document_text, languages, lesson_document, read_documents
from tutorials.models import Lesson
from tutorials.payloads import answers_of, is_right_answer, position_from_payload, validate_step_payload

LESSONS_DIR = Path(__file__).resolve().parents[2] / "content" / "lessons"
DOCUMENTS = read_documents(LESSONS_DIR)
STEPS = [(document, step) for document in DOCUMENTS for step in document.data["steps"]]
QUESTIONS = [(document, step) for document, step in STEPS if step["kind"] == "question"]

SUNDUCHOK_LESSONS = {   # slug: order
    "cards-and-chests": 1,
    "deal-and-turn-order": 2,
    "two-queens": 3,
    "failed-suit-guess": 4,
    "draw-and-pass": 5,
    "empty-hand-draws": 6,
    "end-and-scoring": 7,
    "variants": 8,
    "reading-the-answers": 9,
}


def lesson_id(document) -> str:
    return f"{document.data['game']}/{document.data['slug']}"


def step_id(item) -> str:
    document, step = item
    return f"{lesson_id(document)}#{step['number']}"


def variant_of(document):
    data = document.data
    return get_game(data["game"]).variant(data["preset"] or "standard")


def test_the_nine_sunduchok_lessons_are_there_in_order():
    found = {document.data["slug"]: document.data["order"] for document in DOCUMENTS
             if document.data["game"] == "sunduchok"}

    assert {slug: found.get(slug) for slug in SUNDUCHOK_LESSONS} == SUNDUCHOK_LESSONS


@pytest.mark.parametrize("document", DOCUMENTS, ids=lesson_id)
def test_a_lesson_is_published_titled_in_every_language_and_asks_something(document):
    data = document.data

    assert data["published"]
    for language in languages():
        assert data["title"].get(language, "").strip(), language
        assert data["summary"].get(language, "").strip(), language
    assert [step["number"] for step in data["steps"]] == list(range(1, len(data["steps"]) + 1))
    assert any(step["kind"] == "question" for step in data["steps"])


@pytest.mark.parametrize("document", DOCUMENTS, ids=lesson_id)
def test_a_lesson_file_is_in_the_exporters_form(document):
    # export_lessons writes document_text(lesson_document(...)); the file must be exactly that text.
    assert Path(document.source).read_text(encoding="utf-8") == document_text(document.data)


@pytest.mark.parametrize("item", STEPS, ids=step_id)
def test_every_step_has_its_text_in_every_language_and_replays_under_the_rules(item):
    document, step = item

    for language in languages():
        assert step["body"].get(language, "").strip(), language
    validate_step_payload(game_key=document.data["game"], variant=variant_of(document), kind=step["kind"],
                          payload=step["payload"])
    if "deal" in step["payload"]:
        position_from_payload(document.data["game"], variant_of(document), step["payload"])


@pytest.mark.parametrize("item", QUESTIONS, ids=step_id)
def test_a_question_has_hints_an_explanation_and_a_right_answer_that_is_legal(item):
    document, step = item
    payload = step["payload"]

    for field in ("hint_1", "hint_2", "explanation"):
        for language in languages():
            assert step[field].get(language, "").strip(), (field, language)
    state = position_from_payload(document.data["game"], variant_of(document), payload)
    assert not state.is_over
    assert state.current_player == payload.get("seat", 0)
    for answer in answers_of(payload):
        assert is_right_answer(state, payload, answer), answer


@pytest.mark.django_db
def test_the_lesson_files_import_cleanly_and_every_step_validates_in_both_languages(capsys):
    call_command("import_lessons", "--dir", str(LESSONS_DIR))

    assert f"Imported {len(DOCUMENTS)} lesson file(s)" in capsys.readouterr().out
    assert Lesson.objects.count() == len(DOCUMENTS)
    for document in DOCUMENTS:
        lesson = Lesson.objects.get(game_key=document.data["game"], slug=document.data["slug"])
        assert lesson_document(lesson) == json.loads(Path(document.source).read_text(encoding="utf-8"))
        for language in languages():
            with translation.override(language):
                assert lesson.title == document.data["title"][language]
                for step in lesson.steps.all():
                    # The language's own column: the active-language attribute would fall back to another one.
                    assert getattr(step, build_localized_fieldname("body", language)), (step.number, language)
                    step.full_clean()   # replays the payload through the engine under the lesson's preset


@pytest.mark.parametrize("document", DOCUMENTS, ids=lesson_id)
def test_no_lesson_text_shows_a_preset_slug(document):
    # Learners know a rule set by its name; its slug ("nastolnie-igri") is for addresses and files.
    data = document.data
    slugs = get_game(data["game"]).presets
    for step in data["steps"]:
        for field in ("body", "hint_1", "hint_2", "explanation"):
            for language, text in step[field].items():
                shown = [slug for slug in slugs if f"`{slug}`" in text or f"({slug})" in text]
                assert not shown, (step["number"], field, language, shown)
