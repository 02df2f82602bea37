"""The Content-Security-Policy: every kind of page sends it, and no page holds what it forbids.

The header comes from django-csp (CONTENT_SECURITY_POLICY in config/settings/base.py). A page that relied on
an inline <script>, an on*= handler attribute or a style="" attribute would break under it in a browser, so
the rendered pages are parsed for those (tests/e2e/test_csp.py watches Chromium apply the policy itself).
"""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from rulebook.models import RulesPage
from tests.classroom.helpers import class_with_students, play_out, practice_assignment, signed_in, teacher
from tests.web.helpers import start_game
from tutorials.models import Lesson

pytestmark = pytest.mark.django_db

EXPECTED_POLICY = {
    "default-src": {"'self'"},
    "script-src": {"'self'"},
    "style-src": {"'self'"},
    "img-src": {"'self'"},
    "connect-src": {"'self'"},
    "form-action": {"'self'"},
    "frame-ancestors": {"'none'"},
    "base-uri": {"'self'"},
    "object-src": {"'none'"},
}


@dataclass(frozen=True)
class SitePage:
    name: str
    client: Client
    url: str


def policy_of(header: str) -> dict[str, set[str]]:
    """A Content-Security-Policy header as {directive: its sources}."""
    directives = [part.split() for part in header.split(";") if part.strip()]
    return {name: set(sources) for name, *sources in directives}


class InlineCodeFinder(HTMLParser):
    """Collects what a policy without 'unsafe-inline' refuses: <script> without src, <style> blocks,
    on*= handler attributes, style= attributes and javascript: URLs."""

    def __init__(self):
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        # A data block (<script type="application/json">) is never run, so CSP has nothing to say about it.
        if tag == "script" and not attributes.get("src") and attributes.get("type") != "application/json":
            self.found.append(f"inline <script> {self.get_starttag_text()}")
        if tag == "style":
            self.found.append("<style> block")
        for name, value in attrs:
            if name.startswith("on") or name == "style" or name.startswith("hx-on"):
                self.found.append(f"{name}= on <{tag}>")
            if (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"javascript: URL in {name}= on <{tag}>")


def inline_code_in(html: str) -> list[str]:
    finder = InlineCodeFinder()
    finder.feed(html)
    finder.close()
    return finder.found


@pytest.fixture
def site_pages(django_user_model) -> list[SitePage]:
    """One page of every kind, each with a client allowed to see it, and every step of every built-in lesson."""
    call_command("load_builtin_data", stdout=StringIO())
    visitor = Client()
    playing = start_game(visitor, players=3, seed=13)
    finished = play_out(start_game(visitor, players=2, seed=5, levels=("easy",)))
    classroom, teacher_user, _students = class_with_students("anna", teacher_user=teacher("olga"))
    assignment = practice_assignment(classroom, teacher_user)
    teacher_client = signed_in(teacher_user)
    editor = django_user_model.objects.create_superuser("eda", "eda@example.com", "pw-for-tests")
    editor_client = Client()
    editor_client.force_login(editor)
    first_lesson = Lesson.objects.order_by("pk").first()
    pages = [
        SitePage("home", visitor, reverse("home")),
        SitePage("learn", visitor, reverse("learn")),
        SitePage("course", visitor, reverse("course", args=["hearts"])),
        SitePage("play index", visitor, reverse("play_index")),
        SitePage("new game", visitor, reverse("new_game", args=["sunduchok"])),
        SitePage("play page", visitor, reverse("play", args=[playing.pk])),
        SitePage("replay", visitor, reverse("replay", args=[finished.pk])),
        SitePage("login", Client(), reverse("login")),
        SitePage("sign-up", Client(), reverse("signup")),
        SitePage("classes", teacher_client, reverse("classes")),
        SitePage("class dashboard", teacher_client, reverse("class_dashboard", args=[classroom.pk])),
        SitePage("assignment", teacher_client, reverse("assignment_detail", args=[assignment.pk])),
        SitePage("admin login", Client(), reverse("admin:login")),
        SitePage("admin index", editor_client, reverse("admin:index")),
        SitePage("admin lessons", editor_client, reverse("admin:tutorials_lesson_changelist")),
        SitePage("admin lesson", editor_client, reverse("admin:tutorials_lesson_change", args=[first_lesson.pk])),
        SitePage("admin presets", editor_client, reverse("admin:games_preset_changelist")),
        SitePage("rules index", visitor, reverse("rules_index")),
        SitePage("admin rules page", editor_client,
                 reverse("admin:rulebook_rulespage_change", args=[RulesPage.objects.order_by("pk").first().pk])),
    ]
    pages += [SitePage(f"rules of {page.game_key}", visitor, page.get_absolute_url())
              for page in RulesPage.objects.all()]
    for lesson in Lesson.objects.prefetch_related("steps"):
        pages += [SitePage(f"lesson {lesson.slug} step {step.number}", visitor, lesson.step_url(step.number))
                  for step in lesson.steps.all()]
    return pages


def fetch(page: SitePage):
    response = page.client.get(page.url)
    assert response.status_code == 200, f"{page.name}: {page.url} answered {response.status_code}"
    return response


def test_every_kind_of_page_sends_the_policy(site_pages):
    for page in site_pages:
        header = fetch(page).headers.get("Content-Security-Policy")
        assert header, f"{page.name} sends no Content-Security-Policy"
        assert policy_of(header) == EXPECTED_POLICY, f"{page.name}: {header}"
        assert "'unsafe-inline'" not in header and "'unsafe-eval'" not in header


def test_no_page_holds_inline_script_handlers_or_style(site_pages):
    offences = {page.name: found for page in site_pages if (found := inline_code_in(fetch(page).content.decode()))}

    assert offences == {}


@pytest.mark.parametrize("html", [
    "<script>alert(1)</script>",
    '<button onclick="go()">Go</button>',
    '<p style="color: red">red</p>',
    "<style>p { color: red }</style>",
    '<a href="javascript:go()">go</a>',
    '<div hx-on:click="go()"></div>',
])
def test_the_finder_spots_each_kind_of_inline_code(html):
    assert inline_code_in(f'<script src="/static/x.js"></script>{html}')


def test_the_finder_accepts_scripts_from_files_and_data_blocks():
    assert inline_code_in('<script src="/static/x.js" defer></script>'
                          '<script type="application/json" id="data">{"a": 1}</script>') == []


def test_the_policy_parser_reads_each_directive():
    assert policy_of("default-src 'self'; img-src 'self' data:") == {"default-src": {"'self'"},
                                                                      "img-src": {"'self'", "data:"}}


def test_the_site_answers_a_browsers_favicon_request_with_its_icon(client):
    # Browsers fetch /favicon.ico by themselves, on the admin's pages too; a 404 there is a console error.
    response = client.get("/favicon.ico", follow=True)

    assert response.status_code == 200 and response.redirect_chain[0][0].endswith("/static/favicon.svg")
    assert b"<svg" in b"".join(response.streaming_content if response.streaming else [response.content])
    assert 'rel="icon" href="/static/favicon.svg"' in client.get("/").content.decode()
