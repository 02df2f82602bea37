"""Chromium applies the Content-Security-Policy and nothing on the site trips it: the home page, a lesson
played through HTMX, a game with its live WebSocket and a click, the admin login and the editors' pages.

Every `securitypolicyviolation` event and every console message is recorded. The listener is an init
script, injected by the DevTools protocol and so not itself subject to the page's policy; it reports through
a binding, which survives navigations.

Conditions waited on are written as functions ("() => ..."): Playwright evaluates a plain expression with
eval() on every poll, which this policy forbids once the first poll is past; a function is evaluated once.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from playwright.sync_api import Page

from tests.e2e.accessibility import assert_accessible
from tests.e2e.conftest import manage
from tests.e2e.table import click_first_choice, current_step, wait_for_table

SCREENSHOTS = "/tmp/cardschool-e2e"
EDITOR_PASSWORD = "a careful editor's password"
CREATE_EDITOR = f"""
from django.contrib.auth.models import Group, User
editor = User.objects.create_user("csp-editor", password="{EDITOR_PASSWORD}", is_staff=True)
editor.groups.add(Group.objects.get(name="Editors"))
"""
LISTEN_FOR_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", function (event) {
  var text = event.violatedDirective + " blocked " + (event.blockedURI || "inline") + " at " + event.documentURI;
  window.cspViolations.push(text);
  window.reportCspViolation(text);
});
"""


@dataclass
class WatchedPage:
    """A browser page whose policy violations, console messages and script errors land in `complaints`."""

    page: Page
    complaints: list[str]

    def settled_complaints(self) -> list[str]:
        """The complaints so far; the round trip first lets the reports the page already sent arrive."""
        self.page.evaluate("window.cspViolations.length")
        return self.complaints


@pytest.fixture
def watched(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, extra_http_headers={"Accept-Language": "en"})
    complaints: list[str] = []
    context.expose_binding("reportCspViolation", lambda source, text: complaints.append(f"violation: {text}"))
    context.add_init_script(LISTEN_FOR_VIOLATIONS)
    page = context.new_page()
    page.on("console", lambda message: complaints.append(f"console {message.type}: {message.text}"))
    page.on("pageerror", lambda error: complaints.append(f"page error: {error}"))
    yield WatchedPage(page=page, complaints=complaints)
    context.close()


def test_the_browser_enforces_the_policy_and_the_watch_sees_it(live_site, watched):
    """Without this, a silent recorder would make the test below pass for nothing."""
    page = watched.page
    page.goto(f"{live_site}/")
    page.evaluate("""() => {
        var script = document.createElement("script");
        script.textContent = "document.documentElement.dataset.injected = 'ran'";
        document.body.appendChild(script);
    }""")
    page.wait_for_function("() => window.cspViolations.length > 0")

    assert page.get_attribute("html", "data-injected") is None
    assert any("script-src" in complaint for complaint in watched.settled_complaints())


def test_lessons_play_and_admin_run_without_a_policy_violation(live_site, site_env, watched):
    page = watched.page
    page.goto(f"{live_site}/")
    page.wait_for_selector("a[href='/play/sunduchok/new/']")
    assert_accessible(page, "the home page")

    # A lesson: the steps swap in by HTMX, the answer posts by HTMX.
    page.goto(f"{live_site}/learn/sunduchok/two-queens/?step=1")
    page.click("#lesson-step a[rel=next]")
    page.wait_for_selector("#lesson-step[data-step='2']")
    page.click("#lesson-step a[rel=next]")
    page.wait_for_selector("#lesson-step[data-step='3']")
    page.click(".move-form button:has-text('Queens?')")
    page.wait_for_selector("#lesson-step[data-step='4']")
    assert_accessible(page, "a lesson's step after a right answer")

    # A game: the live WebSocket connects (connect-src 'self'), a click posts a move, the table moves on.
    page.goto(f"{live_site}/play/sunduchok/new/")
    page.fill("input[name=seed]", "2024")
    page.click("button:has-text('Deal')")
    page.wait_for_selector("#table")
    wait_for_table(page)
    before = current_step(page)
    click_first_choice(page)
    page.wait_for_function(f"() => Number(document.getElementById('table').dataset.step) > {before}")
    page.screenshot(path=f"{SCREENSHOTS}/csp-play.png", full_page=True)
    assert page.evaluate("getComputedStyle(document.body).display") == "flex"   # site.css is applied

    # The admin: its login, then the pages editors work in, with their scripts (steps.js, collapsing fieldsets).
    manage(site_env, "shell", "-c", CREATE_EDITOR)
    page.goto(f"{live_site}/admin/login/")
    assert_accessible(page, "the admin's login")
    page.fill("input[name=username]", "csp-editor")
    page.fill("input[name=password]", EDITOR_PASSWORD)
    page.click("input[type=submit]")
    page.click("a:has-text('Lessons')")
    page.wait_for_selector("#result_list")
    page.click("a:has-text('Two queens pass to you')")
    page.wait_for_selector("textarea[name='steps-0-body_en']")
    page.locator("fieldset.collapse summary").first.click()
    page.wait_for_selector("fieldset.collapse details[open]")
    assert_accessible(page, "a lesson in the admin, its hints unfolded")
    page.goto(f"{live_site}/admin/games/preset/")
    page.wait_for_selector("#result_list")
    page.click("#result_list th a")
    page.wait_for_selector("input[name=_save]")
    page.goto(f"{live_site}/admin/rulebook/rulespage/")
    page.click("#result_list tbody th a")
    page.wait_for_selector("textarea[name='questions-0-example']")

    # A rules page: an example's hands open by HTMX.
    page.goto(f"{live_site}/rules/sunduchok/")
    page.locator("#dispute-suits-half-right a:has-text('Show all hands')").click()
    page.wait_for_function("() => document.querySelector('#dispute-suits-half-right .hand--open') !== null")
    assert_accessible(page, "the rules page, an example's hands open")

    assert watched.settled_complaints() == []
