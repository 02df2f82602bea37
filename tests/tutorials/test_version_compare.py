"""History shows what each version changed, old and new side by side, for lessons (with their steps), presets and
rules pages: only the fields that changed, under their names, a column per language labelled."""

import re

import pytest
import reversion
from django.contrib.auth.models import Permission
from django.utils import translation
from django.utils.html import escape
from reversion.models import Version

from core.version_changes import version_before, version_changes
from games.models import Preset
from tests.rulebook.helpers import make_page
from tests.tutorials.helpers import change_form_data, make_lesson, preset_form_data, step_index
from tutorials.models import Lesson

pytestmark = pytest.mark.django_db
ENGLISH = {"headers": {"accept-language": "en"}}
RUSSIAN = {"headers": {"accept-language": "ru"}}


def admin_url(obj, tail: str) -> str:
    return f"/admin/{obj._meta.app_label}/{obj._meta.model_name}/{obj.pk}/{tail}"


def changed_rows(html: str) -> list[tuple[str, str, str]]:
    """(field, before, after) of each row the comparison lists, tags left in."""
    return [(label, old, new) for label, old, new in re.findall(
        r'<tr><th scope="row">(.*?)</th><td class="old">(.*?)</td><td class="new">(.*?)</td></tr>', html, re.S)]


def untagged(html: str) -> str:
    return re.sub(r"</?(ins|del)>", "", html)


def headings(html: str) -> list[str]:
    return re.findall(r"<h2>(.*?)</h2>", html)


def saved_twice(editor_client, lesson: Lesson) -> Version:
    """The lesson saved as it is, then with its English title, a step's English text and a hint changed, its last
    step deleted: the newest version."""
    data = change_form_data(lesson)
    assert editor_client.post(admin_url(lesson, "change/"), data).status_code == 302
    first, _second, last = lesson.steps.order_by("number")
    data["title_en"] = "Two queens"
    data[f"steps-{step_index(data, first.pk)}-body_en"] = "Hello, <b>player</b>.\nA second line."
    data[f"steps-{step_index(data, last.pk)}-DELETE"] = "on"
    assert editor_client.post(admin_url(lesson, "change/"), data).status_code == 302
    return Version.objects.get_for_object(lesson).first()


def test_each_version_in_the_history_links_to_what_it_changed(editor_client):
    lesson = make_lesson()
    newest = saved_twice(editor_client, lesson)

    history = editor_client.get(admin_url(lesson, "history/"), **ENGLISH).content.decode()

    compare = admin_url(lesson, f"history/{newest.pk}/compare/")
    assert f'<a href="{compare}">Old and new</a>' in history
    assert f'href="{admin_url(lesson, f"history/{newest.pk}/")}"' in history   # the revert link stays
    assert history.count("Old and new</a>") == 2


def test_a_lessons_comparison_lists_only_what_changed_in_the_lesson_and_its_steps(editor_client):
    lesson = make_lesson()
    newest = saved_twice(editor_client, lesson)

    page = editor_client.get(admin_url(lesson, f"history/{newest.pk}/compare/"), **ENGLISH)

    assert page.status_code == 200
    assert page.context["title"] == "What changed in “Two queens”"
    html = page.content.decode()
    assert f'<a href="{admin_url(lesson, "change/")}">Two queens</a>' in html   # in the breadcrumbs
    assert headings(html) == ["Lesson “Two queens”", "Lesson step “1. Text”",
                              "Deleted lesson step “3. Question (the learner makes the move)”"]
    rows = changed_rows(html)
    assert rows[:2] == [
        ("Title (English)", "<del>Queens</del>", "<ins>Two queens</ins>"),
        ("Text (English)", "Hello",
         "Hello<ins>, &lt;b&gt;player&lt;/b&gt;.\nA second line.</ins>"),   # escaped, line breaks kept
    ]
    # The deleted step: what it held (its empty boxes left out), the payload as indented JSON.
    deleted = dict((label, old) for label, old, _new in rows[2:])
    assert deleted["Kind"] == "<del>Question (the learner makes the move)</del>"
    assert deleted["First hint (English)"] == "<del>A hint</del>" and "Second hint (English)" not in deleted
    assert '&quot;answer&quot;: {\n' in deleted["Payload"]
    assert {new for _label, _old, new in rows[2:]} == {"—"}
    # Nothing else: not the lesson's unchanged fields, not the unchanged second step, not the time of saving.
    assert "Updated" not in html and "Lesson step “2." not in html
    assert f'href="{admin_url(lesson, f"history/{newest.pk}/")}">Revert to this version…</a>' in html


def test_the_comparison_speaks_russian_to_a_russian_reader(editor_client):
    lesson = make_lesson()
    newest = saved_twice(editor_client, lesson)

    html = editor_client.get(admin_url(lesson, f"history/{newest.pk}/compare/"), **RUSSIAN).content.decode()

    labels = [label for label, _old, _new in changed_rows(html)]
    assert labels[:2] == ["Заголовок (Английский)", "Текст (Английский)"]
    assert headings(html) == ["Урок «Дамы»", "Шаг урока «1. Текст»",
                              "Удалено: шаг урока «3. Вопрос (ученик делает ход)»"]
    assert "Вернуть эту версию…" in html and "Было" in html and "Стало" in html
    assert "Что изменилось в «Дамы»" in html and "рядом с предыдущей (сохранённой " in html


def test_the_first_version_shows_everything_it_held(editor_client):
    lesson = make_lesson()
    assert editor_client.post(admin_url(lesson, "change/"), change_form_data(lesson)).status_code == 302
    first = Version.objects.get_for_object(lesson).get()

    html = editor_client.get(admin_url(lesson, f"history/{first.pk}/compare/"), **ENGLISH).content.decode()

    assert "The first version kept" in html
    assert headings(html)[0] == "Added lesson “Queens”" and len(headings(html)) == 4   # the lesson and 3 steps
    assert ("Title (Russian)", "—", "<ins>Дамы</ins>") in changed_rows(html)
    assert ("Published", "—", "<ins>Yes</ins>") in changed_rows(html)
    assert ("Number", "—", "<ins>3</ins>") in changed_rows(html)
    assert "<th scope=\"row\">Lesson</th>" not in html   # each step's link to its lesson goes without saying


def test_a_presets_comparison_says_its_fields_in_words(editor_client, presets):
    preset = Preset.objects.get(game_key="sunduchok", slug="deck-52")
    url = admin_url(preset, "change/")
    data = preset_form_data(editor_client, preset)
    assert editor_client.post(url, data).status_code == 302
    changed = {key: value for key, value in data.items() if key != "shown_to_learners"}
    assert editor_client.post(url, {**changed, "name_en": "Full deck"}).status_code == 302
    newest = Version.objects.get_for_object(preset).first()

    html = editor_client.get(admin_url(preset, f"history/{newest.pk}/compare/"), **ENGLISH).content.decode()

    assert headings(html) == ["Preset “Sunduchok: Full deck”"]
    assert preset.name_en == "52-card deck"
    assert changed_rows(html) == [("Name (English)", "<del>52-card</del> deck", "<ins>Full</ins> deck"),
                                  ("Shown to learners", "<del>Yes</del>", "<ins>No</ins>")]


def test_a_rules_pages_comparison_lists_its_changed_section(editor_client):
    page = make_page()
    section = page.sections.order_by("order").first()
    old_text = section.body_en
    with reversion.create_revision():
        section.body_en = "A new text."
        section.save()
        page.save()
    newest = Version.objects.get_for_object(page).first()

    html = editor_client.get(admin_url(page, f"history/{newest.pk}/compare/"), **ENGLISH).content.decode()

    assert headings(html) == [f"Rules section “{section.title_en}”"]
    [(label, old, new)] = changed_rows(html)
    assert label == "Text (English)" and "<ins>" in new and "<del>" in old
    assert (untagged(old), untagged(new)) == (escape(old_text), "A new text.")


def test_a_revision_holding_other_objects_compares_only_this_ones_rows(editor, presets):
    first, second = make_lesson(slug="first"), make_lesson(slug="second")
    with reversion.create_revision():   # as an import saves many lessons in one revision
        for lesson in (first, second):
            reversion.add_to_revision(lesson)
    with reversion.create_revision():
        for lesson in (first, second):
            lesson.steps.filter(number=1).update(body_en="Changed")
            reversion.add_to_revision(lesson)
    newest = Version.objects.get_for_object(first).first()

    with translation.override("en"):
        rows = version_changes(version=newest, before=version_before(newest))

    assert [(row.name, row.state) for row in rows] == [("1. Text", "changed")]
    assert version_before(Version.objects.get_for_object(first).last()) is None


def test_only_those_who_may_see_the_object_see_its_changes(client, editor_client, django_user_model):
    lesson = make_lesson()
    newest = saved_twice(editor_client, lesson)
    address = admin_url(lesson, f"history/{newest.pk}/compare/")
    viewer = django_user_model.objects.create_user(username="viewer", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_lesson"))
    other_staff = django_user_model.objects.create_user(username="staff", is_staff=True)

    client.force_login(other_staff)
    assert client.get(address).status_code == 403
    client.force_login(viewer)   # may look, may not revert: no revert button
    html = client.get(address, **ENGLISH).content.decode()
    assert "Two queens" in html and "Revert to this version" not in html
    # A version of another kind of object, through this object's address: not found.
    preset = Preset.objects.create(game_key="sunduchok", slug="mine", name_ru="Мой")
    with reversion.create_revision():
        reversion.add_to_revision(preset)
    other = Version.objects.get_for_object(preset).get()
    assert editor_client.get(f"/admin/tutorials/lesson/{preset.pk}/history/{other.pk}/compare/").status_code == 404
