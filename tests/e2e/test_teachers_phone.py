"""A teacher's pages on a phone held upright (390 px) and on a desktop, in both languages, with a student in the
class who has played a round: none scrolls sideways, a student's row of the dashboard and of an assignment fits the
screen, and axe finds no serious problem. A class without students lists its assignments."""

from __future__ import annotations

import os

import pytest

from tests.classroom.helpers import PASSWORD
from tests.e2e.accessibility import assert_accessible, assert_fits_the_width
from tests.live_site import query_site

SCREENSHOTS = "/tmp/cardschool-e2e"
PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 900}
# A class with a student who played one of two rounds (a goal, puzzles, lessons, counted hints, a due date), and a
# class nobody has joined yet, with an assignment of its own. The names are long, as real ones may be.
CLASSES = """
import json
from datetime import timedelta
from django.utils import timezone
from classroom import services
from classroom.models import PracticeRound
from tests.classroom.helpers import class_with_students, play_out, practice_assignment, teacher
from tutorials.models import Lesson
ivanova = teacher("ms-ivanova-phone")
classroom, ivanova, (masha,) = class_with_students("masha-petrova-the-second", teacher_user=ivanova)
assignment = practice_assignment(
    classroom, ivanova, title="Сундучок: две партии, три задачи и два урока", rounds=2, goal="wins", goal_count=1,
    puzzles=3, lessons=list(Lesson.objects.filter(game_key="sunduchok").order_by("order")[:2]), hints="count",
    due_at=timezone.now() + timedelta(days=3))
play_out(services.round_start_next(assignment=assignment, student=masha))
empty = services.classroom_create(teacher=ivanova, name="8A, nobody joined yet")
waiting = practice_assignment(empty, ivanova, title="First rounds of Hearts", game_key="hearts", players=4,
                              bot_levels=["easy"] * 3, rounds=1)
print(json.dumps({"class": classroom.pk, "assignment": assignment.pk, "join": classroom.join_code,
                  "round": PracticeRound.objects.get(assignment=assignment).pk, "empty": empty.pk,
                  "waiting": waiting.pk}))
"""


# Session scope: one worker's site holds these rows once. With a module scope, xdist's worksteal can hand the
# module's tests to a worker in two runs, and the second setup would create the same accounts again.
@pytest.fixture(scope="session")
def classes(site_env, live_site) -> dict:
    return query_site(site_env, CLASSES)


def signed_in_page(browser, live_site: str, username: str, language: str):
    page = browser.new_context(viewport=PHONE, extra_http_headers={"Accept-Language": language}).new_page()
    page.goto(f"{live_site}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(f"{live_site}/**")
    return page


def check_both_sizes(page, name: str, state: str, ready=None) -> None:
    """The page on a phone, then on a desktop: no sideways scroll, axe, a screenshot of each."""
    os.makedirs(SCREENSHOTS, exist_ok=True)
    for size, label in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page.set_viewport_size(size)
        if ready is not None:
            ready(page)
        assert_fits_the_width(page, f"{state} ({label})")
        assert_accessible(page, f"{state} ({label})")
        page.screenshot(path=f"{SCREENSHOTS}/teachers-{name}-{label}.png", full_page=True)
    page.set_viewport_size(PHONE)


def assert_within_the_screen(page, selector: str, state: str) -> None:
    right = page.locator(selector).first.evaluate("(element) => element.getBoundingClientRect().right")
    assert right <= page.viewport_size["width"], f"{selector} on {state} reaches {right} px"


def reviewed(page) -> None:
    """The deal's page once the coach has reviewed every finished round (it asks for itself, one game a request)."""
    page.wait_for_selector("#deal-rows:not(:has(.review-part--waiting))", timeout=120_000)


@pytest.mark.parametrize("language", ["ru", "en"])
def test_every_page_of_a_teacher_and_a_student_fits_a_phone(live_site, browser, classes, language):
    teacher = signed_in_page(browser, live_site, "ms-ivanova-phone", language)
    pages = [
        ("classes", "/classes/", "the teacher's classes"),
        ("class", f"/classes/{classes['class']}/", "the class's dashboard with a student"),
        ("empty-class", f"/classes/{classes['empty']}/", "a class nobody joined"),
        ("assignment-games", f"/classes/{classes['class']}/assignments/new/", "a new assignment: the games"),
        ("assignment-form", f"/classes/{classes['class']}/assignments/new/?game=hearts", "a new Hearts assignment"),
        ("assignment", f"/classes/assignments/{classes['assignment']}/", "an assignment with a student's round"),
        ("empty-assignment", f"/classes/assignments/{classes['waiting']}/", "an assignment nobody can do yet"),
        ("deal", f"/classes/assignments/{classes['assignment']}/deals/1/", "a round judged by the coach"),
        ("replay", f"/classes/rounds/{classes['round']}/replay/?step=3", "a student's round replayed"),
    ]
    for name, address, state in pages:
        teacher.goto(f"{live_site}{address}")
        check_both_sizes(teacher, f"{name}-{language}", f"{state} [{language}]",
                         ready=reviewed if name == "deal" else None)

    teacher.goto(f"{live_site}/classes/{classes['class']}/")
    assert_within_the_screen(teacher, 'tr[data-student="masha-petrova-the-second"]', "the dashboard")
    assert_within_the_screen(teacher, ".join-link", "the dashboard")
    # On a phone the table's headings are hidden: the list above it links every assignment.
    assert teacher.locator(f".assignment-list a[href='/classes/assignments/{classes['assignment']}/']").is_visible()
    teacher.goto(f"{live_site}/classes/assignments/{classes['assignment']}/")
    assert_within_the_screen(teacher, ".stack-table tbody tr", "the assignment")
    teacher.goto(f"{live_site}/classes/assignments/{classes['assignment']}/deals/1/")
    reviewed(teacher)
    # The round's moves were random: the coach lists inaccuracies and mistakes, each row within the screen.
    assert_within_the_screen(teacher, ".deal-row tbody tr", "the round judged by the coach")
    teacher.goto(f"{live_site}/classes/{classes['empty']}/")
    assert teacher.locator(f".assignment-list li[data-assignment='{classes['waiting']}'] a").is_visible()
    teacher.context.close()

    student = signed_in_page(browser, live_site, "masha-petrova-the-second", language)
    for name, address, state in [("student-classes", "/classes/", "the student's classes"),
                                 ("join", f"/classes/join/{classes['join']}/", "the join link, signed in")]:
        student.goto(f"{live_site}{address}")
        check_both_sizes(student, f"{name}-{language}", f"{state} [{language}]")
    student.context.close()
