"""Editors edit a rules page's sections and disputed points in /admin/ as they edit lessons: one box per
language, the engine checking every example, and a history they can restore from."""

import json

import pytest
from django.contrib.admin.models import LogEntry
from django.utils import translation
from reversion.models import Version

from games.models import Preset
from rulebook.models import DisputedPoint, RulesPage
from tests.rulebook.helpers import FAILED_GUESS_DEAL, document, make_page
from tutorials.change_messages import for_the_reader
from tutorials.jsontext import dumps
from tutorials.models import Lesson

pytestmark = pytest.mark.django_db


def page_url(page: RulesPage, tail: str = "change/") -> str:
    return f"/admin/rulebook/rulespage/{page.pk}/{tail}"


def change_form_data(page: RulesPage) -> dict:
    """The POST of the page's admin change form, saving it as it is."""
    data = {"intro_ru": page.intro_ru or "", "intro_en": page.intro_en or "", "_save": "Save"}
    if page.published:
        data["published"] = "on"
    for prefix, items, fields in (("sections", page.sections.order_by("order"), ("lesson", "lesson_step")),
                                  ("questions", page.questions.order_by("order"), ("section", "preset"))):
        items = list(items)
        data.update({f"{prefix}-TOTAL_FORMS": len(items), f"{prefix}-INITIAL_FORMS": len(items),
                     f"{prefix}-MIN_NUM_FORMS": 0, f"{prefix}-MAX_NUM_FORMS": 1000})
        for index, item in enumerate(items):
            row = f"{prefix}-{index}-"
            data.update({row + "id": item.pk, row + "page": page.pk, row + "slug": item.slug,
                         row + "order": item.order})
            for name in fields:
                value = getattr(item, f"{name}_id", None) if name != "lesson_step" else item.lesson_step
                data[row + name] = "" if value is None else value
            if prefix == "questions":
                data[row + "example"] = dumps(item.example)
            for name in item.TRANSLATED_FIELDS:
                for language in ("ru", "en"):
                    data[f"{row}{name}_{language}"] = getattr(item, f"{name}_{language}") or ""
    return data


def snapshot(page: RulesPage) -> list:
    page.refresh_from_db()
    return [page.intro_en, page.published] + [
        (item.slug, item.title_en, item.body_en, item.lesson_id, item.lesson_step) for item in page.sections.all()] + [
        (item.slug, item.question_en, item.answer_en, item.section_id, item.preset_id, item.example)
        for item in page.questions.all()]


def question_index(data: dict, slug: str) -> int:
    return next(int(key.split("-")[1]) for key, value in data.items()
                if key.startswith("questions-") and key.endswith("-slug") and value == slug)


def test_an_editor_opens_the_list_and_the_page_with_its_sections_and_questions(editor_client):
    page = make_page()

    assert editor_client.get("/admin/rulebook/rulespage/").status_code == 200
    html = editor_client.get(page_url(page), headers={"accept-language": "en"}).content.decode()

    assert 'name="sections-0-body_en"' in html and 'name="questions-0-answer_ru"' in html
    assert 'href="/rules/sunduchok/#dispute-half-right"' in html   # the preview link
    # Choices come from the page's game only.
    assert "Ask for any rank" in html and "Bicycle" not in html


def test_an_editor_changes_texts_and_the_page_shows_them(editor_client, client):
    page = make_page()
    data = change_form_data(page)
    data["sections-0-body_en"] = "All **four** cards of one rank."
    data[f"questions-{question_index(data, 'half-right')}-answer_en"] = "Nothing passes."

    response = editor_client.post(page_url(page), data)

    assert response.status_code == 302, response.content.decode()[:3000]
    html = client.get("/rules/sunduchok/", headers={"accept-language": "en"}).content.decode()
    assert "All <strong>four</strong> cards of one rank." in html and "Nothing passes." in html


@pytest.mark.parametrize(("change", "message"), [
    (lambda data, index: data.update({f"questions-{index}-example": json.dumps(
        {"deal": FAILED_GUESS_DEAL, "actions": [{"type": "ask", "target": 1, "rank": "K"}]})}),
     "Action 1 ({&#x27;type&#x27;: &#x27;ask&#x27;, &#x27;target&#x27;: 1, &#x27;rank&#x27;: &#x27;K&#x27;}) "
     "is not legal here: You can only ask for a rank you hold, and you hold no kings."),
    (lambda data, index: data.update({f"questions-{index}-example": "{not json"}), "Enter a valid JSON."),
    (lambda data, index: data.update({f"questions-{index}-example": json.dumps({"actions": []})}),
     "payload needs &#x27;deal&#x27;"),
    (lambda data, index: data.update({"sections-0-lesson_step": 99}), "has no step 99."),
    (lambda data, index: data.update({"sections-0-lesson_step": ""}), "Name both the lesson and its step, or neither."),
])
def test_a_bad_example_or_lesson_link_is_refused_with_a_message_and_changes_nothing(editor_client, change, message):
    page = make_page()
    before = snapshot(page)
    data = change_form_data(page)
    data["intro_en"] = "Changed"
    change(data, question_index(data, "half-right"))

    response = editor_client.post(page_url(page), data, headers={"accept-language": "en"})

    assert response.status_code == 200
    assert message in response.content.decode()
    assert snapshot(page) == before


def test_a_lesson_or_preset_of_another_game_is_refused(editor_client, presets):
    page = make_page()
    before = snapshot(page)
    other = Lesson.objects.create(game_key="hearts", slug="x", title_ru="Х")
    data = change_form_data(page)
    data["sections-0-lesson"] = other.pk
    data[f"questions-{question_index(data, 'half-right')}-preset"] = Preset.objects.get(
        game_key="hearts", slug="bicycle").pk

    response = editor_client.post(page_url(page), data, headers={"accept-language": "en"})

    assert response.status_code == 200
    assert snapshot(page) == before
    assert response.content.decode().count("Select a valid choice.") == 2   # not among the page's game's choices


def test_history_restores_the_page_with_its_sections_and_questions(editor_client, editor):
    page = make_page()
    original = change_form_data(page)
    assert editor_client.post(page_url(page), original).status_code == 302   # the first version
    before = snapshot(page)

    changed = change_form_data(page)
    changed["sections-0-title_en"] = "Boxes"
    changed[f"questions-{question_index(changed, 'ask-rank-not-held')}-DELETE"] = "on"
    assert editor_client.post(page_url(page), changed).status_code == 302
    assert snapshot(page) != before and DisputedPoint.objects.count() == 1

    versions = Version.objects.get_for_object(page)
    assert versions.count() == 3   # the import, then the two saves
    assert editor in {version.revision.user for version in versions}
    assert editor_client.get(page_url(page, "history/")).status_code == 200
    old = versions[1]   # the first save, newest first
    response = editor_client.post(page_url(page, f"history/{old.pk}/"), original)

    assert response.status_code == 302, response.content.decode()[:3000]
    assert snapshot(page) == before


def test_the_admin_refuses_a_second_page_for_the_same_game(editor_client):
    make_page()

    management = {"TOTAL_FORMS": 0, "INITIAL_FORMS": 0, "MIN_NUM_FORMS": 0, "MAX_NUM_FORMS": 1000}
    response = editor_client.post("/admin/rulebook/rulespage/add/", {
        "game_key": "sunduchok", "intro_ru": "", "intro_en": "",
        **{f"{prefix}-{key}": value for prefix in ("sections", "questions") for key, value in management.items()}},
        headers={"accept-language": "en"})

    assert response.status_code == 200 and "already exists" in response.content.decode()
    assert RulesPage.objects.count() == 1


def as_a_browser_sends(data: dict) -> dict:
    """Form data as a browser posts it: a textarea's text with CRLF line ends."""
    return {key: value.replace("\r\n", "\n").replace("\n", "\r\n") if isinstance(value, str) else value
            for key, value in data.items()}


def multiline_page() -> RulesPage:
    data = document()
    data["intro"] = {"ru": "Правила.\n\nКак мы играем.", "en": "The rules.\n\nAs we play them."}
    for item, field in ((data["sections"][0], "body"), (data["sections"][1], "body"), (data["questions"][0], "answer"),
                        (data["questions"][1], "answer")):
        item[field] = {language: f"{text}\nA second line.\n\n- a list" for language, text in item[field].items()}
    return make_page(data)


def page_texts(page: RulesPage) -> list[str]:
    rows = [page, *page.sections.order_by("order"), *page.questions.order_by("order")]
    return [getattr(row, f"{name}_{language}") or "" for row in rows for name in row.TRANSLATED_FIELDS
            for language in ("ru", "en")]


def test_a_rules_page_sent_back_unchanged_with_crlf_line_ends_records_no_change(editor_client):
    page = multiline_page()
    before = page_texts(page)
    assert any("\n" in text for text in before)

    response = editor_client.post(page_url(page), as_a_browser_sends(change_form_data(page)))

    assert response.status_code == 302, response.content.decode()[:3000]
    assert page_texts(page) == before
    assert json.loads(LogEntry.objects.latest("pk").change_message) == []


def test_a_rules_pages_history_names_only_the_answer_that_changed_in_the_readers_language(editor_client):
    page = multiline_page()
    data = as_a_browser_sends(change_form_data(page))
    index = question_index(data, "half-right")
    data[f"questions-{index}-answer_en"] = "Nothing passes:\r\neven the right half stays."

    response = editor_client.post(page_url(page), data, headers={"accept-language": "ru"})

    assert response.status_code == 302, response.content.decode()[:3000]
    assert DisputedPoint.objects.get(slug="half-right").answer_en == "Nothing passes:\neven the right half stays."
    newest = Version.objects.get_for_object(page).first()
    message = "Changed Answer [en] for disputed point “What if I guess the suits half right?”."
    with translation.override("en"):
        assert for_the_reader(newest.revision.comment) == message
    english = {"headers": {"accept-language": "en"}}
    history = editor_client.get(page_url(page, "history/"), **english).content.decode()
    assert history.count("Changed ") == 1 and message in history and "наполовину" not in history
    revert = editor_client.get(page_url(page, f"history/{newest.pk}/"), **english)
    assert revert.context["title"] == "Revert Rules of Sunduchok"
    assert "Правила" not in revert.context["title"] and newest.object_repr == "Правила игры «Сундучок»"
