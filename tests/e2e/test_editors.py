"""An editor changes a lesson step's text in the admin, and a learner sees the new text."""

from __future__ import annotations

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
    page.fill("input[name=username]", "editor")
    page.fill("input[name=password]", "an editor's password")
    page.click("input[type=submit]")
    page.click("a:has-text('Lessons')")
    page.click("a:has-text('Two queens pass to you')")
    body = page.locator("textarea[name='steps-0-body_en']")
    body.fill(NEW_TEXT)
    page.click("input[name=_save]")
    page.wait_for_selector(".messagelist .success")
    page.screenshot(path=f"{SCREENSHOTS}/editor-saved.png", full_page=True)
    editor.close()

    learner = browser.new_context(viewport={"width": 390, "height": 844}, extra_http_headers={"Accept-Language": "en"})
    page = learner.new_page()
    page.goto(f"{live_site}/learn/sunduchok/two-queens/?step=1")
    assert NEW_TEXT in page.inner_text("#lesson-step")
    learner.close()
    manage(site_env, "load_builtin_data", "--reset")   # the other browser tests expect the built-in text
