"""Rules files are loaded all or nothing: a malformed file or a bad reference names the file and the item,
and no page changes."""

import pytest

from rulebook.documents import parse_rules_document
from rulebook.models import RulesPage
from rulebook.services import RulesImportError, rules_pages_import
from tests.rulebook.helpers import DOCUMENT, document, load_two_queens_lesson, make_page
from tutorials.documents import DocumentError

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("change", "message"), [
    (lambda data: data.pop("questions"), "the rules page has no 'questions'"),
    (lambda data: data.update(format=2), "unknown format 2"),
    (lambda data: data["sections"][0].update(number="one"), "sections item 1: 'number' must be a whole number"),
    (lambda data: data["sections"][1].update(slug="chests"), "the slug 'chests' is used twice"),
    (lambda data: data["questions"][0].update(question="?"), "questions item 1: 'question' must be an object"),
    (lambda data: data["questions"][0].update(example=None), "'example' must be an object"),
    (lambda data: data["questions"][0].update(colour="red"), "unknown key 'colour'"),
    (lambda data: data["intro"].update(de="Regeln"), "a text in 'de', which is not a language of this site"),
])
def test_a_malformed_file_is_refused_naming_what_is_wrong(change, message):
    data = document()
    change(data)

    with pytest.raises(DocumentError) as refused:
        parse_rules_document(data, source="rules/sunduchok.json")

    assert str(refused.value).startswith("rules/sunduchok.json: ") and message in str(refused.value)


@pytest.mark.parametrize(("change", "message"), [
    (lambda data: data["questions"][0]["example"]["actions"].append({"type": "ask", "target": 1, "rank": "Q"}),
     "question 'half-right': example:"),
    (lambda data: data["sections"][0].update(lesson="no-such-lesson"), "there is no lesson 'no-such-lesson'"),
    (lambda data: data["sections"][0].update(lesson_step=99), "section 'chests': lesson_step:"),
    (lambda data: data["questions"][1].update(preset="bicycle"), "there is no preset 'bicycle' of sunduchok"),
    (lambda data: data["questions"][1].update(section="nowhere"), "there is no section 'nowhere'"),
])
def test_a_bad_reference_or_example_refuses_the_whole_import_and_changes_nothing(change, message):
    page = make_page()
    before = (page.intro_ru, list(page.sections.values_list("slug", "title_en")),
              list(page.questions.values_list("slug", "answer_en")))
    data = document(intro={"ru": "Новое", "en": "New"})
    change(data)

    with pytest.raises(RulesImportError) as refused:
        rules_pages_import(documents=[parse_rules_document(data, source="sunduchok.json")], overwrite=True)

    assert str(refused.value).startswith("sunduchok.json") and message in str(refused.value)
    page.refresh_from_db()
    assert (page.intro_ru, list(page.sections.values_list("slug", "title_en")),
            list(page.questions.values_list("slug", "answer_en"))) == before


def test_an_import_without_overwrite_leaves_an_existing_page_alone():
    load_two_queens_lesson()
    rules_pages_import(documents=[parse_rules_document(document(), source="a.json")], overwrite=False)

    report = rules_pages_import(documents=[parse_rules_document(document(intro={"ru": "Другое", "en": "Other"}),
                                                                source="a.json")], overwrite=False)

    assert report.skipped == ["sunduchok"] and RulesPage.objects.get().intro_en == DOCUMENT["intro"]["en"]
