"""A teacher sets up a class and an assignment; a student joins with the code and plays the round;
the teacher's open dashboard shows the result without a reload."""

from __future__ import annotations

from tests.e2e.accessibility import assert_accessible, assert_fits_the_width, assert_legible_on_the_table
from tests.e2e.conftest import manage
from tests.e2e.table import click_until_game_over

SCREENSHOTS = "/tmp/cardschool-e2e"
PASSWORD = "a long teacher password 7"
CREATE_TEACHER = f"""
from django.contrib.auth.models import Group, User
teacher = User.objects.create_user("ms-ivanova", "ivanova@school.example", "{PASSWORD}")
teacher.groups.add(Group.objects.get(name="Teachers"))
"""


def sign_in(page, live_site: str, username: str, password: str) -> None:
    page.goto(f"{live_site}/accounts/login/")
    assert_accessible(page, "the sign-in page")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("main form button[type=submit]")
    page.wait_for_url(f"{live_site}/")


def test_a_teacher_follows_a_students_round_live(live_site, site_env, browser):
    manage(site_env, "shell", "-c", CREATE_TEACHER)
    english = {"Accept-Language": "en"}
    teacher = browser.new_context(viewport={"width": 1280, "height": 900}, extra_http_headers=english).new_page()
    sign_in(teacher, live_site, "ms-ivanova", PASSWORD)
    teacher.goto(f"{live_site}/classes/")
    assert_accessible(teacher, "a teacher's classes, none yet")
    teacher.fill("input[name=name]", "7B")
    teacher.click("button:has-text('Create a class')")
    teacher.wait_for_selector("[data-join-code]")
    join_code = teacher.inner_text("[data-join-code]").strip()
    assert_accessible(teacher, "a class created")

    teacher.click("a:has-text('New assignment')")
    teacher.wait_for_selector("text=Which game is the assignment for?")
    assert_accessible(teacher, "a new assignment: the games")
    # The form follows the game chosen (swapped in place): Hearts' four seats, goals and hint policy.
    teacher.click(".game-choice a:has-text('Hearts')")
    teacher.wait_for_selector("input[name=game][value=hearts]", state="attached")
    assert teacher.locator("select[name=players] option").count() == 1
    assert teacher.locator("select[name=goal] option[value=points]").count() == 1
    assert teacher.url.endswith("?game=hearts")
    assert_accessible(teacher, "a new Hearts assignment's form")
    teacher.set_viewport_size({"width": 390, "height": 844})
    assert_fits_the_width(teacher, "a new Hearts assignment's form on a phone")
    teacher.screenshot(path=f"{SCREENSHOTS}/class-assignment-form-phone.png", full_page=True)
    teacher.set_viewport_size({"width": 1280, "height": 900})
    teacher.click(".game-choice a:has-text('Sunduchok')")
    teacher.wait_for_selector("input[name=game][value=sunduchok]", state="attached")
    assert_accessible(teacher, "a new assignment's form")
    teacher.fill("input[name=title]", "First round")
    teacher.fill("input[name=rounds]", "1")
    teacher.select_option("select[name=players]", "2")
    teacher.wait_for_function("() => document.querySelectorAll('#bot-seats select').length === 1")
    teacher.select_option("select[name=bot_1]", "easy")
    teacher.click("button:has-text('Set the assignment')")
    teacher.wait_for_selector("#dashboard")
    teacher.wait_for_function("() => document.documentElement.dataset.live === 'connected'")
    teacher.evaluate("window.notReloaded = true")
    assert_accessible(teacher, "the class's dashboard, the assignment created")

    # The student follows the join link, creates an account on the way and joins.
    student = browser.new_context(viewport={"width": 390, "height": 844}, extra_http_headers=english).new_page()
    student.goto(f"{live_site}/classes/join/{join_code}/")
    assert_accessible(student, "the join link, signed out")
    student.click("a:has-text('Create an account')")
    assert_accessible(student, "the sign-up page")
    student.fill("input[name=username]", "masha")
    student.fill("input[name=email]", "masha@school.example")
    student.fill("input[name=password1]", "masha's long password 9")
    student.fill("input[name=password2]", "masha's long password 9")
    student.click("main form button[type=submit]")
    # Signing up from the join link joins the class at once: no second press of "Join".
    student.wait_for_selector("text=You joined the class “7B”.")
    assert student.url.endswith("/classes/")
    assert_accessible(student, "the class joined")
    teacher.wait_for_selector('tr[data-student="masha"] .status--not-started')
    assert_accessible(teacher, "the dashboard, a student joined")

    student.click("button:has-text('Play round 1 of 1')")
    student.wait_for_selector("#table")
    teacher.wait_for_selector('tr[data-student="masha"] .status--in-progress')
    assert_accessible(student, "an assignment's round")
    assert click_until_game_over(student) > 0
    student.screenshot(path=f"{SCREENSHOTS}/class-round-end.png", full_page=True)
    assert_accessible(student, "an assignment's round, over")
    assert_legible_on_the_table(student, "an assignment's round, over")

    # The dashboard, open all along, shows the finished round: pushed, not reloaded.
    teacher.wait_for_selector('tr[data-student="masha"] .status--done')
    assert teacher.evaluate("window.notReloaded") is True
    row = teacher.inner_text('tr[data-student="masha"]')
    assert "1/1" in row
    teacher.screenshot(path=f"{SCREENSHOTS}/class-dashboard.png", full_page=True)
    assert_accessible(teacher, "the dashboard, the round done")

    student.goto(f"{live_site}/classes/")
    assert "Done" in student.inner_text(".assignment-card")
    assert_accessible(student, "a student's classes, the assignment done")
    assert student.locator("button:has-text('Play round')").count() == 0
