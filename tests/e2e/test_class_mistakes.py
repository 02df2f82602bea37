"""A teacher gives a Hearts assignment with the same deals and hints forbidden; two students play their rounds by
clicking; the teacher's open dashboard follows them live, and the deal view lists their mistakes with the better
move, judged by the coach."""

from __future__ import annotations

from tests.e2e.accessibility import assert_accessible, assert_fits_the_width
from tests.e2e.conftest import manage
from tests.e2e.table import click_until_game_over
from tests.e2e.test_classes import sign_in

SCREENSHOTS = "/tmp/cardschool-e2e"
PASSWORD = "a long teacher password 8"
STUDENT_PASSWORD = "a long student password 8"
CREATE_PEOPLE = f"""
from django.contrib.auth.models import Group, User
teacher = User.objects.create_user("mr-petrov", "petrov@school.example", "{PASSWORD}")
teacher.groups.add(Group.objects.get(name="Teachers"))
for name in ("lena", "oleg"):
    User.objects.create_user(name, f"{{name}}@school.example", "{STUDENT_PASSWORD}")
"""


def test_a_hearts_assignment_with_same_deals_and_no_hints(live_site, site_env, browser):
    manage(site_env, "shell", "-c", CREATE_PEOPLE)
    english = {"Accept-Language": "en"}
    teacher = browser.new_context(viewport={"width": 1280, "height": 900}, extra_http_headers=english).new_page()
    sign_in(teacher, live_site, "mr-petrov", PASSWORD)
    teacher.goto(f"{live_site}/classes/")
    teacher.fill("input[name=name]", "8A")
    teacher.click("button:has-text('Create a class')")
    teacher.wait_for_selector("[data-join-code]")
    join_code = teacher.inner_text("[data-join-code]").strip()

    teacher.click("a:has-text('New assignment')")
    teacher.click(".game-choice a:has-text('Hearts')")
    teacher.wait_for_selector("input[name=game][value=hearts]", state="attached")
    teacher.fill("input[name=title]", "Hearts, one short match")
    teacher.fill("input[name=rounds]", "1")
    teacher.select_option("select[name=preset]", "short-50")
    for seat in (1, 2, 3):
        teacher.select_option(f"select[name=bot_{seat}]", "easy")
    teacher.check("input[name=same_deals]")
    teacher.check("input[name=hints][value=forbid]")
    teacher.click("button:has-text('Set the assignment')")
    teacher.wait_for_selector("#dashboard")
    teacher.wait_for_function("() => document.documentElement.dataset.live === 'connected'")
    teacher.evaluate("window.notReloaded = true")

    students = {}
    for name in ("lena", "oleg"):
        student = browser.new_context(viewport={"width": 390, "height": 844}, extra_http_headers=english).new_page()
        sign_in(student, live_site, name, STUDENT_PASSWORD)
        student.goto(f"{live_site}/classes/join/{join_code}/")
        student.click("main form button[type=submit]")
        student.wait_for_selector("text=You joined the class “8A”.")
        teacher.wait_for_selector(f'tr[data-student="{name}"] .status--not-started')
        students[name] = student

    for name, student in students.items():
        student.click("button:has-text('Play round 1 of 1')")
        student.wait_for_selector("#table")
        # Hints are off for this round: no Hint button, and the table says why.
        assert student.locator(".hint-form").count() == 0
        assert "Your teacher has turned hints off for this round." in student.inner_text("#table")
        teacher.wait_for_selector(f'tr[data-student="{name}"] .status--in-progress')
        assert click_until_game_over(student) > 0
        # The dashboard, open all along, shows the finished round: pushed, not reloaded.
        teacher.wait_for_selector(f'tr[data-student="{name}"] .status--done')
    assert teacher.evaluate("window.notReloaded") is True
    assert_accessible(teacher, "the dashboard, a Hearts assignment done")

    # The deal view: both rounds reviewed by the coach, one request after another, then their mistakes listed.
    teacher.goto(f"{live_site}/classes/")
    teacher.click("a:has-text('8A')")
    teacher.click("a:has-text('Hearts, one short match')")
    teacher.click("a:has-text('Deal 1')")
    teacher.wait_for_function("() => !document.querySelector('.review-part--waiting')", timeout=120_000)
    assert teacher.locator("text=accuracy").count() >= 2
    wrong = teacher.locator("tr[data-verdict=mistake], tr[data-verdict=inaccuracy]")
    assert wrong.count() >= 1, "always playing the first card offered is poor play"
    better = wrong.first.locator("td").nth(2).inner_text().strip()
    assert better, "a mistake names the better move"
    teacher.screenshot(path=f"{SCREENSHOTS}/class-deal-view.png", full_page=True)
    assert_accessible(teacher, "the deal view of a Hearts assignment")
    teacher.set_viewport_size({"width": 390, "height": 844})
    assert_fits_the_width(teacher, "the deal view on a phone")
