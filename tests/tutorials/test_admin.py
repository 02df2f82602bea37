"""Editors edit lessons, steps and presets in /admin/ and nothing else; the engine guards every step."""

import json

import pytest
from django.contrib.auth.models import Group, Permission
from reversion.models import Version

from games.models import Preset
from tests.tutorials.helpers import (
    ASK_QUEENS,
    DEAL,
    add_step_to_form,
    change_form_data,
    make_lesson,
    step_index,
)
from tutorials.models import Lesson, LessonStep

pytestmark = pytest.mark.django_db


def lesson_url(lesson, tail: str = "change/") -> str:
    return f"/admin/tutorials/lesson/{lesson.pk}/{tail}"


def snapshot(lesson: Lesson) -> list:
    lesson.refresh_from_db()
    return [lesson.title_ru, lesson.title_en] + [
        (step.pk, step.number, step.kind, step.body_ru, step.payload) for step in lesson.steps.order_by("number")]


def test_the_editors_group_has_exactly_the_lesson_preset_rules_page_and_puzzle_permissions():
    group = Group.objects.get(name="Editors")

    models = [("tutorials", "lesson"), ("tutorials", "lessonstep"), ("games", "preset"),
              ("rulebook", "rulespage"), ("rulebook", "rulessection"), ("rulebook", "disputedpoint")]
    # Puzzles are mined, not written: editors change (hide, theme, explain) and view them only.
    assert sorted(group.permissions.values_list("content_type__app_label", "codename")) == sorted(
        [(app, f"{action}_{model}") for app, model in models for action in ("add", "change", "delete", "view")]
        + [("puzzles", "change_puzzle"), ("puzzles", "view_puzzle")])


def test_an_editor_opens_and_lists_lessons_steps_and_presets(editor_client, presets):
    lesson = make_lesson()

    assert editor_client.get("/admin/").status_code == 200
    assert editor_client.get("/admin/tutorials/lesson/").status_code == 200
    assert editor_client.get("/admin/tutorials/lesson/add/").status_code == 200
    assert editor_client.get("/admin/games/preset/").status_code == 200
    assert editor_client.get("/admin/tutorials/lessonstep/").status_code == 404   # steps edit inline only
    assert editor_client.get(f"/admin/games/preset/{Preset.objects.first().pk}/change/").status_code == 200
    page = editor_client.get(lesson_url(lesson), headers={"accept-language": "en"})
    assert page.status_code == 200
    html = page.content.decode()
    for step in lesson.steps.all():
        assert f'href="/learn/sunduchok/queens/?step={step.number}"' in html
    assert "Preview as the learner sees it" in html
    assert 'name="steps-0-body_en"' in html and 'name="title_ru"' in html
    assert "tutorials/admin/steps.js" in html


def test_the_presets_old_admin_addresses_lead_to_their_new_ones(editor_client, presets):
    """Presets moved from the tutorials app to games: bookmarks of their admin pages still work."""
    pk = Preset.objects.first().pk
    for old, new in [("/admin/tutorials/preset/", "/admin/games/preset/"),
                     (f"/admin/tutorials/preset/{pk}/change/", f"/admin/games/preset/{pk}/change/"),
                     ("/admin/tutorials/preset/?shown_to_learners__exact=0",
                      "/admin/games/preset/?shown_to_learners__exact=0")]:
        response = editor_client.get(old)
        assert (response.status_code, response["Location"]) == (301, new)
        assert editor_client.get(new).status_code == 200


def test_an_editor_cannot_open_users_groups_games_or_progress(editor_client):
    for address in ("/admin/auth/user/", "/admin/auth/group/", "/admin/auth/user/add/",
                    "/admin/tutorials/lessonprogress/"):
        assert editor_client.get(address).status_code == 403, address
    # Games have no admin pages at all (yet): 404 for everyone, and never a page for an editor.
    assert editor_client.get("/admin/games/game/").status_code in (403, 404)
    index = editor_client.get("/admin/").content.decode()
    # Presets are the games app's only model in the admin (they moved there from tutorials).
    assert "/admin/auth/" not in index and "/admin/games/game/" not in index and "/admin/games/preset/" in index


def test_a_learner_who_is_not_staff_is_sent_to_the_admin_login(client, django_user_model):
    learner = django_user_model.objects.create_user(username="lea", password="pw-for-tests")
    learner.groups.add(Group.objects.get(name="Editors"))   # even in the group, without is_staff
    client.force_login(learner)

    for address in ("/admin/", "/admin/tutorials/lesson/"):
        response = client.get(address)
        assert response.status_code == 302
        assert response.url.startswith("/admin/login/")


def test_an_editor_changes_a_lesson_and_its_steps(editor_client):
    lesson = make_lesson()
    data = change_form_data(lesson)
    data["title_en"] = "Two queens"
    data["steps-0-body_ru"] = "Новый текст"
    add_step_to_form(data, number=4, kind="replay", payload=json.dumps({"deal": DEAL}), body_ru="Ещё")

    response = editor_client.post(lesson_url(lesson), data)

    assert response.status_code == 302, response.content.decode()[:3000]
    lesson.refresh_from_db()
    assert lesson.title_en == "Two queens"
    assert [step.body_ru or "" for step in lesson.steps.all()] == ["Новый текст", "", "", "Ещё"]


def test_saving_a_step_with_an_illegal_action_shows_the_engines_message_and_changes_nothing(editor_client):
    lesson = make_lesson()
    before = snapshot(lesson)
    data = change_form_data(lesson)
    data["title_en"] = "Changed"
    index = step_index(data, lesson.steps.get(number=2).pk)
    data[f"steps-{index}-payload"] = json.dumps({"deal": DEAL, "actions": [ASK_QUEENS, {"type": "count", "count": 5}]})

    response = editor_client.post(lesson_url(lesson), data, headers={"accept-language": "en"})

    assert response.status_code == 200
    html = response.content.decode()
    assert ("Action 2 ({&#x27;type&#x27;: &#x27;count&#x27;, &#x27;count&#x27;: 5}) is not legal here: "
            "Name a number from 1 to 2.") in html
    assert snapshot(lesson) == before


def test_a_question_whose_answer_is_for_the_other_seat_is_refused(editor_client):
    lesson = make_lesson()
    before = snapshot(lesson)
    data = change_form_data(lesson)
    add_step_to_form(data, number=4, kind="question", payload=json.dumps({"deal": DEAL, "seat": 1,
                                                                          "answer": ASK_QUEENS}))

    response = editor_client.post(lesson_url(lesson), data, headers={"accept-language": "en"})

    assert response.status_code == 200
    assert "The question is for seat 1, but in this position seat 0 is to move." in response.content.decode()
    assert snapshot(lesson) == before

    # An editor reading the admin in Russian (the site's default language) gets the message in Russian.
    response = editor_client.post(lesson_url(lesson), data, headers={"accept-language": "ru"})

    assert response.status_code == 200
    assert "Вопрос задан для места 1, но в этой позиции ходит место 0." in response.content.decode()
    assert snapshot(lesson) == before


def test_changing_the_lessons_preset_rechecks_every_step(editor_client, presets):
    lesson = make_lesson()
    before = snapshot(lesson)
    data = change_form_data(lesson)
    data["preset"] = Preset.objects.get(slug="deck-52").pk

    response = editor_client.post(lesson_url(lesson), data)

    assert response.status_code == 200
    assert "The deal must be exactly the 52-card deck" in response.content.decode()
    assert snapshot(lesson) == before


def test_steps_can_be_swapped_and_renumbered_in_one_save(editor_client):
    lesson = make_lesson()
    first, second, third = lesson.steps.order_by("number")
    data = change_form_data(lesson)
    data[f"steps-{step_index(data, first.pk)}-number"] = 3
    data[f"steps-{step_index(data, third.pk)}-number"] = 1
    data[f"steps-{step_index(data, second.pk)}-DELETE"] = "on"
    add_step_to_form(data, number=2, kind="text", payload="", body_ru="Новый")

    response = editor_client.post(lesson_url(lesson), data)

    assert response.status_code == 302, response.content.decode()[:3000]
    assert [(step.pk, step.number) for step in lesson.steps.order_by("number")][0::2] == [(third.pk, 1),
                                                                                       (first.pk, 3)]
    assert lesson.steps.get(number=2).body_ru == "Новый"
    assert lesson.steps.get(number=2).payload == {}


def test_two_steps_with_the_same_number_are_refused(editor_client):
    lesson = make_lesson()
    before = snapshot(lesson)
    data = change_form_data(lesson)
    data[f"steps-{step_index(data, lesson.steps.get(number=1).pk)}-number"] = 2

    response = editor_client.post(lesson_url(lesson), data, headers={"accept-language": "en"})

    assert response.status_code == 200
    formset = response.context["inline_admin_formsets"][0].formset
    assert formset.non_form_errors() == ["Please correct the duplicate data for number."]
    assert snapshot(lesson) == before


def test_history_records_the_editor_and_restores_a_lesson_with_its_steps(editor_client, editor):
    lesson = make_lesson()
    original = change_form_data(lesson)
    assert editor_client.post(lesson_url(lesson), original).status_code == 302   # the first version
    before = snapshot(lesson)
    first, second, third = lesson.steps.order_by("number")

    changed = change_form_data(lesson)
    changed["title_ru"] = "Другие дамы"
    changed[f"steps-{step_index(changed, first.pk)}-number"] = 2
    changed[f"steps-{step_index(changed, second.pk)}-number"] = 1
    changed[f"steps-{step_index(changed, third.pk)}-DELETE"] = "on"
    changed[f"steps-{step_index(changed, first.pk)}-body_ru"] = "Изменено"
    add_step_to_form(changed, number=3, kind="text", payload="{}", body_ru="Лишний шаг")
    assert editor_client.post(lesson_url(lesson), changed).status_code == 302
    assert snapshot(lesson) != before

    versions = Version.objects.get_for_object(lesson)
    assert versions.count() == 2
    assert {version.revision.user for version in versions} == {editor}
    history = editor_client.get(lesson_url(lesson, "history/"))
    assert history.status_code == 200
    assert "eda" in history.content.decode()

    old = versions.last()
    url = lesson_url(lesson, f"history/{old.pk}/")
    after_change = snapshot(lesson)
    assert editor_client.get(url).status_code == 200   # looking at an old version changes nothing
    assert snapshot(lesson) == after_change

    response = editor_client.post(url, original)

    assert response.status_code == 302, response.content.decode()[:3000]
    assert snapshot(lesson) == before
    assert Version.objects.get_for_object(lesson).count() == 3


def test_an_editor_can_recover_a_deleted_lesson_with_its_steps(editor_client):
    lesson = make_lesson()
    original = change_form_data(lesson)
    assert editor_client.post(lesson_url(lesson), original).status_code == 302
    before = snapshot(lesson)
    assert editor_client.post(lesson_url(lesson, "delete/"), {"post": "yes"}).status_code == 302
    assert not Lesson.objects.exists() and not LessonStep.objects.exists()

    version = Version.objects.get_deleted(Lesson).get()
    assert editor_client.get("/admin/tutorials/lesson/recover/").status_code == 200
    response = editor_client.post(f"/admin/tutorials/lesson/recover/{version.pk}/", original)

    assert response.status_code == 302, response.content.decode()[:3000]
    assert snapshot(Lesson.objects.get(pk=lesson.pk)) == before


def test_the_editor_has_no_permission_beyond_the_group(editor):
    assert editor.has_perm("tutorials.change_lesson")
    assert not editor.has_perm("tutorials.view_lessonprogress")
    assert not editor.has_perm("auth.view_user")
    assert not Permission.objects.filter(group__name="Editors", content_type__app_label="reversion").exists()


def test_versions_keep_every_language_and_restore_in_any_language(editor_client):
    lesson = make_lesson()
    original = change_form_data(lesson)
    english = {"headers": {"accept-language": "en"}}
    assert editor_client.post(lesson_url(lesson), original, **english).status_code == 302
    before = snapshot(lesson)
    changed = {**original, "title_ru": "Другое", "title_en": "Other"}
    assert editor_client.post(lesson_url(lesson), changed, **english).status_code == 302

    old = Version.objects.get_for_object(lesson).last()
    fields = json.loads(old.serialized_data)[0]["fields"]
    assert {"title_ru", "title_en", "summary_ru", "summary_en"} <= set(fields)
    assert "title" not in fields and "summary" not in fields
    response = editor_client.post(lesson_url(lesson, f"history/{old.pk}/"), original,
                                  headers={"accept-language": "ru"})

    assert response.status_code == 302
    assert snapshot(lesson) == before


def test_a_step_that_goes_on_with_another_move_than_the_questions_answer_is_refused(editor_client):
    # make_lesson's step 3 asks for "Two?" after "Any queens?"; a step 4 going on with "One?" contradicts it.
    lesson = make_lesson()
    before = snapshot(lesson)
    data = change_form_data(lesson)
    add_step_to_form(data, number=4, kind="replay", payload=json.dumps(
        {"deal": DEAL, "actions": [ASK_QUEENS, {"type": "count", "count": 1}]}))

    response = editor_client.post(lesson_url(lesson), data, headers={"accept-language": "en"})

    assert response.status_code == 200
    assert ("Step 4 goes on from step 3 with {&#x27;type&#x27;: &#x27;count&#x27;, &#x27;count&#x27;: 1}, which is "
            "not a right answer of step 3.") in response.content.decode()
    assert snapshot(lesson) == before

    add_step_to_form(data, number=5, kind="text", payload="{}")   # the same lesson with the answer's move saves
    data["steps-3-payload"] = json.dumps({"deal": DEAL, "actions": [ASK_QUEENS, {"type": "count", "count": 2}]})
    assert editor_client.post(lesson_url(lesson), data).status_code == 302
    assert lesson.steps.count() == 5


def test_a_question_the_buttons_give_away_is_refused_in_the_admin(editor_client):
    lesson = make_lesson()
    data = change_form_data(lesson)
    add_step_to_form(data, number=4, kind="question", payload=json.dumps(
        {"deal": DEAL, "actions": [ASK_QUEENS, {"type": "count", "count": 2}], "answer": {"type": "suits",
                                                                                        "suits": ["D", "S"]}}))

    response = editor_client.post(lesson_url(lesson), data, headers={"accept-language": "en"})

    assert response.status_code == 200
    assert "Every move this position allows is a right answer" in response.content.decode()
    assert lesson.steps.count() == 3


def test_a_question_step_shows_its_editors_what_each_wrong_answer_reads(editor_client):
    feedback = [{"action": {"type": "count", "count": 1}, "text": {"ru": "Их две.", "en": "They hold two."}}]
    lesson = make_lesson(steps=[{"kind": "question", "payload": {"deal": DEAL, "answer": ASK_QUEENS}},
                                {"kind": "question", "payload": {"deal": DEAL, "actions": [ASK_QUEENS],
                                                                 "answer": {"type": "count", "count": 2},
                                                                 "feedback": feedback}}])
    page = editor_client.get(lesson_url(lesson), headers={"accept-language": "en"}).content.decode()
    assert "What each wrong answer reads" in page
    assert "“Opponent, do you have eights?” is allowed, but it is not the move here: wrong rank." in page
    assert "They hold two. (written by an editor)" in page
