"""The history of a lesson tells the truth: it names only what an editor changed, newest first, in the
reader's language. Posted as a browser posts the admin's change form: every text box with CRLF line ends."""

import json
import re

import pytest
from django.contrib.admin.models import LogEntry
from django.utils import translation
from reversion.models import Version

from games.models import Preset
from tests.tutorials.helpers import (
    ASK_QUEENS,
    COUNT_TWO,
    DEAL,
    add_step_to_form,
    change_form_data,
    make_lesson,
    preset_form_data,
)
from tutorials.change_messages import for_the_reader
from tutorials.models import Lesson, LessonStep

pytestmark = pytest.mark.django_db
ENGLISH = {"headers": {"accept-language": "en"}}
RUSSIAN = {"headers": {"accept-language": "ru"}}


def lesson_url(lesson, tail: str = "change/") -> str:
    return f"/admin/tutorials/lesson/{lesson.pk}/{tail}"


def as_a_browser_sends(data: dict) -> dict:
    """Form data as a browser posts it: a textarea's text with CRLF line ends (the JSON boxes' too)."""
    return {key: value.replace("\r\n", "\n").replace("\n", "\r\n") if isinstance(value, str) else value
            for key, value in data.items()}


def multiline_lesson(**fields) -> Lesson:
    """A lesson whose texts have several lines in both languages, as the built-in lessons' have (LF)."""
    return make_lesson(summary_ru="Две дамы.\nВторая строка.", summary_en="Two queens.\nA second line.", steps=[
        {"kind": "text", "body_ru": "Привет.\n\n- раз\n- два", "body_en": "Hello.\n\n- one\n- two"},
        {"kind": "replay", "payload": {"deal": DEAL, "actions": [ASK_QUEENS]},
         "body_ru": "Смотрите:\nдамы.", "body_en": "Look:\nqueens."},
        {"kind": "question", "payload": {"deal": DEAL, "actions": [ASK_QUEENS], "answer": COUNT_TWO},
         "body_ru": "Сколько?\nНазовите.", "body_en": "How many?\nSay it.",
         "hint_1_ru": "Подсказка\nпервая", "hint_1_en": "A hint\nfirst", "hint_2_ru": "Вторая\nподсказка",
         "hint_2_en": "Second\nhint", "explanation_ru": "Потому что\nдве.", "explanation_en": "Because\ntwo."},
    ], **fields)


def texts(lesson: Lesson) -> list[str]:
    """Every text of the lesson and its steps, in every language, as stored."""
    lesson = Lesson.objects.get(pk=lesson.pk)
    rows = [(lesson, Lesson.TRANSLATED_FIELDS)] + [(step, LessonStep.TRANSLATED_FIELDS)
                                                    for step in lesson.steps.order_by("number")]
    return [getattr(row, f"{name}_{language}") or "" for row, names in rows for name in names
            for language in ("ru", "en")]


def last_change_message() -> list:
    """What the last save changed, as Django's admin log keeps it (without the names in every language)."""
    message = json.loads(LogEntry.objects.latest("pk").change_message)
    for part in message:
        for body in part.values():
            body.pop("translations", None)
    return message


def newest_comment(obj, language: str) -> str:
    """What the History page says of the newest version of `obj`, to a reader of `language`."""
    with translation.override(language):
        return for_the_reader(Version.objects.get_for_object(obj).first().revision.comment)


def history_version_ids(html: str, obj) -> list[int]:
    """The versions the History page links to (to revert), in the order it lists them."""
    path = f"/admin/{obj._meta.app_label}/{obj._meta.model_name}/{obj.pk}/history/"
    return [int(found) for found in re.findall(re.escape(path) + r'(\d+)/"', html)]


def page_title(html: str) -> str:
    return re.search(r"<title>(.*?)</title>", html, re.S).group(1)


def test_texts_sent_with_crlf_line_ends_are_stored_with_lf(editor_client):
    lesson = multiline_lesson()
    data = as_a_browser_sends(change_form_data(lesson))
    data["summary_en"] = "Two queens.\r\nA new second line.\r\n\r\nAnd a third."
    data["steps-2-hint_2_en"] = "A second\r\nhint, rewritten"
    add_step_to_form(data, number=4, kind="text", payload="{}", body_ru="Новый шаг:\r\n\r\n1. раз\r\n2. два")

    response = editor_client.post(lesson_url(lesson), data)

    assert response.status_code == 302, response.content.decode()[:3000]
    stored = texts(lesson)
    assert not any("\r" in text for text in stored), stored
    lesson.refresh_from_db()
    assert lesson.summary_en == "Two queens.\nA new second line.\n\nAnd a third."
    assert lesson.steps.get(number=3).hint_2_en == "A second\nhint, rewritten"
    assert lesson.steps.get(number=4).body_ru == "Новый шаг:\n\n1. раз\n2. два"
    # The versions keep the texts as stored.
    newest = Version.objects.get_for_object(lesson.steps.get(number=4)).get()
    assert json.loads(newest.serialized_data)[0]["fields"]["body_ru"] == "Новый шаг:\n\n1. раз\n2. два"


@pytest.mark.parametrize("stored_line_end", ["\n", "\r\n"], ids=["lf", "crlf-saved-before-the-fix"])
def test_saving_the_form_unchanged_records_no_change(editor_client, stored_line_end):
    lesson = multiline_lesson()
    for step in lesson.steps.all():   # a text an earlier admin stored as the browser sent it
        step.body_ru = step.body_ru.replace("\n", stored_line_end)
        step.save()
    before = texts(lesson)
    data = as_a_browser_sends(change_form_data(lesson))

    for _ in range(2):
        response = editor_client.post(lesson_url(lesson), data, **ENGLISH)
        assert response.status_code == 302, response.content.decode()[:3000]

        assert last_change_message() == []   # no field of the lesson, no step
        assert newest_comment(lesson, "en") == "No fields changed."
        assert texts(lesson) == before   # no step was written
    # Nor does the second save's version of any step differ from the first's.
    second, first = Version.objects.get_for_object(lesson)[:2]
    assert {version.object_id: version.serialized_data for version in first.revision.version_set.all()
            if version.content_type.model == "lessonstep"} == \
        {version.object_id: version.serialized_data for version in second.revision.version_set.all()
         if version.content_type.model == "lessonstep"}


def test_the_history_names_only_the_box_and_the_step_that_changed(editor_client):
    lesson = multiline_lesson()
    assert editor_client.post(lesson_url(lesson), as_a_browser_sends(change_form_data(lesson))).status_code == 302
    data = as_a_browser_sends(change_form_data(lesson))
    data["steps-1-body_en"] += "\r\nOne more line."

    response = editor_client.post(lesson_url(lesson), data, **RUSSIAN)   # saved from the Russian admin

    assert response.status_code == 302, response.content.decode()[:3000]
    assert lesson.steps.get(number=2).body_en == "Look:\nqueens.\nOne more line."
    assert last_change_message() == [{"changed": {"name": "lesson step", "object": "2. Replay (a position to look at)",
                                                  "fields": ["Text [en]"]}}]
    message = "Changed Text [en] for lesson step “2. Replay (a position to look at)”."
    assert newest_comment(lesson, "en") == message
    history = editor_client.get(lesson_url(lesson, "history/"), **ENGLISH).content.decode()
    assert history.count("Changed ") == 1 and message in history
    assert history_version_ids(history, lesson)[0] == Version.objects.get_for_object(lesson).first().pk
    # The same version, read in Russian: all of it in Russian (the box's and the step's names too).
    russian = "Изменено Текст [en] у шаг урока “2. Повтор (позиция для просмотра)“."
    assert newest_comment(lesson, "ru") == russian
    assert russian in editor_client.get(lesson_url(lesson, "history/"), **RUSSIAN).content.decode()


def test_history_and_recover_lists_show_the_newest_version_first(editor_client):
    lesson = make_lesson()
    data = change_form_data(lesson)
    for title in ("One", "Two", "Three"):
        assert editor_client.post(lesson_url(lesson), {**data, "title_en": title}).status_code == 302

    html = editor_client.get(lesson_url(lesson, "history/"), **ENGLISH).content.decode()

    listed = history_version_ids(html, lesson)
    versions = Version.objects.get_for_object(lesson)
    assert len(listed) == 3 and listed == sorted(listed, reverse=True) == [version.pk for version in versions]
    # The newest version is the one that set "Three".
    assert json.loads(versions[0].serialized_data)[0]["fields"]["title_en"] == "Three"

    others = [make_lesson(slug=slug, title_en=slug.title()) for slug in ("first-gone", "then-gone")]
    for other in others:
        assert editor_client.post(lesson_url(other), change_form_data(other)).status_code == 302
        assert editor_client.post(lesson_url(other, "delete/"), {"post": "yes"}).status_code == 302
    recover = editor_client.get("/admin/tutorials/lesson/recover/", **ENGLISH).content.decode()
    links = [int(found) for found in re.findall(r"/admin/tutorials/lesson/recover/(\d+)/", recover)]
    assert len(links) == 2 and links == sorted(links, reverse=True)
    assert recover.index("Then-Gone") < recover.index("First-Gone")


def test_the_history_revert_and_recover_pages_speak_the_readers_language(editor_client):
    lesson = make_lesson()   # Дамы / Queens
    data = change_form_data(lesson)
    data["summary_ru"] = "Две дамы"
    assert editor_client.post(lesson_url(lesson), data, **RUSSIAN).status_code == 302   # saved in Russian
    version = Version.objects.get_for_object(lesson).first()
    assert version.object_repr == "Дамы"   # what reversion wrote down: the saver's language
    # Renamed since: the old version's page names the lesson as that version had it.
    assert editor_client.post(lesson_url(lesson), {**data, "title_en": "Two queens"}, **RUSSIAN).status_code == 302

    revert = editor_client.get(lesson_url(lesson, f"history/{version.pk}/"), **ENGLISH)
    assert revert.status_code == 200
    assert revert.context["title"] == "Revert Queens"
    assert "Revert Queens" in page_title(revert.content.decode()) and "Дамы" not in page_title(
        revert.content.decode())
    history = editor_client.get(lesson_url(lesson, "history/"), **ENGLISH).content.decode()
    assert "Changed Summary [ru]." in history and "Изменено" not in history and "Дамы" not in page_title(history)

    revert = editor_client.get(lesson_url(lesson, f"history/{version.pk}/"), **RUSSIAN)
    assert revert.context["title"] == "Вернуть Дамы"

    # (Followed, so that its "deleted" message is read in Russian on the list, as an editor would.)
    assert editor_client.post(lesson_url(lesson, "delete/"), {"post": "yes"}, follow=True, **RUSSIAN).status_code == 200
    deleted = Version.objects.get_deleted(Lesson).get()
    recover_list = editor_client.get("/admin/tutorials/lesson/recover/", **ENGLISH)
    assert "Two queens" in recover_list.content.decode() and "Дамы" not in recover_list.content.decode()
    recover = editor_client.get(f"/admin/tutorials/lesson/recover/{deleted.pk}/", **ENGLISH)
    assert recover.status_code == 200
    assert recover.context["title"] == "Recover Two queens" and "Дамы" not in page_title(recover.content.decode())


def test_a_presets_description_keeps_lf_line_ends_and_an_unchanged_save_changes_nothing(editor_client, presets):
    preset = Preset.objects.get(game_key="sunduchok", slug="deck-52")
    url = f"/admin/games/preset/{preset.pk}/change/"
    data = {**preset_form_data(editor_client, preset),
            "description_ru": "Все пятьдесят две карты.\r\n\r\nДольше.", "description_en": "All 52 cards.\r\nLonger."}

    assert editor_client.post(url, data).status_code == 302
    preset.refresh_from_db()
    assert preset.description_ru == "Все пятьдесят две карты.\n\nДольше."
    assert preset.description_en == "All 52 cards.\nLonger."
    assert editor_client.post(url, data).status_code == 302
    assert last_change_message() == []


def test_a_restore_and_an_import_are_said_in_the_readers_language_too(editor_client):
    lesson = make_lesson()
    data = change_form_data(lesson)
    assert editor_client.post(lesson_url(lesson), data, **RUSSIAN).status_code == 302
    old = Version.objects.get_for_object(lesson).first()
    assert editor_client.post(lesson_url(lesson), {**data, "title_en": "Other"}, **RUSSIAN).status_code == 302

    restore = editor_client.post(lesson_url(lesson, f"history/{old.pk}/"), data, **RUSSIAN)   # from the Russian admin

    assert restore.status_code == 302, restore.content.decode()[:3000]
    assert Lesson.objects.get(pk=lesson.pk).title_en == "Queens"
    assert newest_comment(lesson, "en").startswith("Reverted to previous version, saved on ")
    assert newest_comment(lesson, "ru").startswith("Возвращено к предыдущей версии, сохраненной ")
    history = editor_client.get(lesson_url(lesson, "history/"), **ENGLISH).content.decode()
    assert "Reverted to previous version, saved on " in history and "Возвращено" not in history

    with translation.override("ru"):
        assert for_the_reader("Imported from lesson files") == "Загружено из файлов уроков"
        assert for_the_reader("A comment no catalogue has") == "A comment no catalogue has"
