"""Lesson text on the lesson PAGE: an editor's Markdown with script in it, saved through the admin or the
model, is inert where learners read it (body, hints, explanation of a wrong answer, titles in the index).

tests/tutorials/test_markdown.py checks the Markdown filter alone; this checks the pages as served, so a
template that printed the text with |safe, or past the filter, would show here.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from tests.security.world import browser
from tests.tutorials.helpers import ASK_QUEENS, COUNT_TWO, DEAL, change_form_data, make_lesson
from tests.tutorials.test_markdown import XSS, url_scheme

pytestmark = pytest.mark.django_db
PAYLOAD = "\n\n".join(["Before", *XSS, "After"])
TITLE = '<script>alert("title")</script><img src=x onerror=alert(1)>'
SAFE_SCHEMES = (None, "http", "https", "mailto")
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "data", "srcdoc", "xlink:href", "poster", "background"}


class PageMarkup(HTMLParser):
    """Every element of a page, with the text inside each <script>."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.script_text: list[str] = []
        self._in_script = False
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, {name: value or "" for name, value in attrs}))
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.script_text.append(data)


def assert_nothing_runs(page: str) -> None:
    """No script but the site's own files, no event handler, no script URL, no frame or plugin, anywhere."""
    markup = PageMarkup(page)
    assert markup.script_text == []
    for tag, attributes in markup.tags:
        assert tag not in {"iframe", "object", "embed", "base", "meta"} or tag == "meta" and "http-equiv" not in \
            attributes, (tag, attributes)
        if tag == "script":
            assert attributes.get("src", "").startswith("/static/"), attributes
        # Lesson text has no images (tutorials/markdown.py) and these pages none of their own: an <img> here
        # came from the text, disarmed perhaps, but a broken-image icon all the same.
        assert tag not in {"img", "picture", "source"}, (tag, attributes)
        for name, value in attributes.items():
            assert not name.startswith("on"), (tag, name, value)
            if name in URL_ATTRIBUTES:
                assert url_scheme(value) in SAFE_SCHEMES, (tag, name, value)
    # Markdown inside an HTML block stays text ("[click](javascript:…)" is shown, not linked): harmless.
    assert "<script>alert" not in page.lower()


def hostile_lesson():
    return make_lesson(slug="hostile", title_en=TITLE, title_ru=TITLE, summary_en=TITLE, summary_ru=TITLE, steps=[
        {"kind": "text", "body_en": PAYLOAD, "body_ru": PAYLOAD},
        {"kind": "question", "payload": {"deal": DEAL, "actions": [ASK_QUEENS], "answer": COUNT_TWO},
         "body_en": PAYLOAD, "hint_1_en": PAYLOAD, "hint_2_en": PAYLOAD, "explanation_en": PAYLOAD,
         "body_ru": PAYLOAD, "hint_1_ru": PAYLOAD, "explanation_ru": PAYLOAD},
    ])


@pytest.mark.parametrize("language", ["en", "ru"])
def test_script_in_lesson_text_is_inert_on_every_page_that_shows_it(language):
    lesson = hostile_lesson()
    client = browser(language)
    pages = [client.get(reverse("learn")), client.get(lesson.step_url(1)), client.get(lesson.step_url(2))]
    answer = reverse("lesson_answer", args=["sunduchok", lesson.slug])
    hint = reverse("lesson_hint", args=["sunduchok", lesson.slug])
    client.post(hint, {"step": 2})
    client.post(hint, {"step": 2})
    pages.append(client.get(lesson.step_url(2)))                                  # both hints shown
    pages.append(client.post(answer, {"step": 2, "move": 1, "type": "count", "count": 1}))   # wrong: explanation
    pages.append(client.post(answer, {"step": 2, "move": 1, "type": "count", "count": 1}, headers={"hx-request": "1"}))
    for response in pages:
        assert response.status_code == 200
        page = response.content.decode()
        assert_nothing_runs(page)
    texts = "".join(response.content.decode() for response in pages)
    # The payloads were there and shown (as text or harmless markup), not merely missing.
    assert texts.count("Before") >= 4 and "A hint" not in texts and "&lt;script&gt;alert(&quot;title&quot;)" in texts
    assert "feedback--wrong" in pages[-2].content.decode() and "lesson-hint" in pages[3].content.decode()


def test_script_an_editor_saves_through_the_admin_is_inert_on_the_lesson_page(django_user_model):
    editor = django_user_model.objects.create_user(username="eda", password="pw-for-tests", is_staff=True)
    editor.groups.add(Group.objects.get(name="Editors"))
    editor_client = browser("en")
    editor_client.force_login(editor)
    lesson = make_lesson(slug="edited")
    data = change_form_data(lesson)
    data["steps-0-body_en"] = data["steps-0-body_ru"] = PAYLOAD
    data["title_en"] = TITLE
    response = editor_client.post(f"/admin/tutorials/lesson/{lesson.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    lesson.refresh_from_db()
    assert lesson.steps.get(number=1).body_en == PAYLOAD   # kept as written: the page disarms it
    page = browser("en").get(lesson.step_url(1))
    assert page.status_code == 200 and "Before" in page.content.decode()
    assert_nothing_runs(page.content.decode())
