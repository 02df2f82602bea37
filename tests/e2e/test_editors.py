"""An editor changes a lesson step's text in the admin, and a learner sees the new text."""

from __future__ import annotations

from tests.e2e.accessibility import assert_accessible, axe_violations
from tests.e2e.conftest import manage

SCREENSHOTS = "/tmp/cardschool-e2e"
NEW_TEXT = "Edited in the admin: four queens make one chest."

CREATE_EDITOR = """
from django.contrib.auth.models import Group, User
editor = User.objects.create_user("editor", password="an editor's password", is_staff=True)
editor.groups.add(Group.objects.get(name="Editors"))
"""


def test_an_editor_changes_a_step_and_the_learner_sees_it(live_site, site_env, browser):
    manage(site_env, "shell", "-c", CREATE_EDITOR)
    editor = browser.new_context(viewport={"width": 1280, "height": 900}, extra_http_headers={"Accept-Language": "en"})
    page = editor.new_page()
    page.goto(f"{live_site}/admin/")
    assert_accessible(page, "the admin's login")
    # Not only the critical and serious: the login has a level-one heading (Django's has none).
    assert axe_violations(page, impacts=("moderate", "minor")) == []
    page.fill("input[name=username]", "editor")
    page.fill("input[name=password]", "an editor's password")
    page.click("input[type=submit]")
    page.wait_for_selector("#content-main")
    assert_accessible(page, "the admin's index")
    page.click("a:has-text('Lessons')")
    page.wait_for_selector("#result_list")
    assert_accessible(page, "the admin's lessons, their order and published editable in the list")
    page.click("a:has-text('Two queens pass to you')")
    page.wait_for_selector("textarea[name='steps-0-body_en']")
    assert_accessible(page, "a lesson in the admin")
    body = page.locator("textarea[name='steps-0-body_en']")
    body.fill(NEW_TEXT)
    page.click("input[name=_save]")
    page.wait_for_selector(".messagelist .success")
    page.screenshot(path=f"{SCREENSHOTS}/editor-saved.png", full_page=True)
    assert_accessible(page, "the admin's lessons, one saved")
    page.goto(f"{live_site}/admin/games/preset/")
    assert_accessible(page, "the admin's presets, their order editable in the list")
    page.click("#result_list th a")
    page.wait_for_selector("input[name=_save]")
    assert_accessible(page, "a preset in the admin")
    page.goto(f"{live_site}/admin/rulebook/rulespage/")
    assert_accessible(page, "the admin's rules pages")
    page.click("#result_list tbody th a")
    page.wait_for_selector("textarea[name='questions-0-example']")
    assert_accessible(page, "a rules page in the admin")
    page.goto(f"{live_site}/admin/puzzles/puzzle/?game_key__exact=sunduchok")
    assert_accessible(page, "the admin's puzzles, hidden editable in the list")
    page.click("#result_list tbody th a")
    page.wait_for_selector("select[name=theme]")
    assert_accessible(page, "a puzzle in the admin")
    themes = page.locator("select[name=theme] option").all_inner_texts()
    assert themes == ["Reading the answers", "Whom to ask", "The count", "The suits"]   # its own game's only
    page.select_option("select[name=theme]", "the-suits")
    page.check("input[name=hidden]")
    page.fill("textarea[name=explanation_en]", "Two players said yes: the suits are known.")
    page.click("input[name=_save]")
    page.wait_for_selector(".messagelist .success")
    page.screenshot(path=f"{SCREENSHOTS}/editor-puzzle-saved.png", full_page=True)
    assert page.locator("#result_list tbody tr", has_text="The suits").count() >= 1
    editor.close()

    learner = browser.new_context(viewport={"width": 390, "height": 844}, extra_http_headers={"Accept-Language": "en"})
    page = learner.new_page()
    page.goto(f"{live_site}/learn/sunduchok/two-queens/?step=1")
    assert NEW_TEXT in page.inner_text("#lesson-step")
    assert_accessible(page, "the edited lesson step")
    learner.close()
    manage(site_env, "load_builtin_data", "--reset")   # the other browser tests expect the built-in text
