"""A learner opens the Hearts course, starts its first lesson, deals a game, and is brought back from the home page."""

from __future__ import annotations

import os

from tests.e2e.accessibility import assert_accessible, assert_fits_the_width

SHOTS = os.environ.get("CARDSCHOOL_SHOTS", "/work/tmp/shots")
PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 900}


def shoot(page, name: str) -> None:
    """The whole page, its first screen, and the "Continue where you left off" box where there is one."""
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/course-{name}.png", full_page=True)
    page.screenshot(path=f"{SHOTS}/course-{name}-top.png")
    if page.locator("section.resume").count():
        page.locator("section.resume").screenshot(path=f"{SHOTS}/course-{name}-resume.png")


def test_the_hearts_course_then_continue_from_the_home_page(live_site, page):
    page.context.set_extra_http_headers({"Accept-Language": "en"})
    page.goto(f"{live_site}/learn/")
    page.click("h2#learn-hearts a")   # the game's heading leads to its course page
    page.wait_for_url(f"{live_site}/learn/hearts/")
    assert page.inner_text("h1") == "Hearts"
    assert page.get_attribute(".course__actions a:has-text('Play Hearts against bots')", "href") == "/play/hearts/new/"
    assert page.get_attribute(".course__actions a:has-text('Rules of Hearts')", "href") == "/rules/hearts/"
    first = page.locator(".lesson-card").first
    title = first.locator(".lesson-card__title a").inner_text()
    assert "Not started" in first.inner_text()
    assert page.locator("section.resume").count() == 0   # a newcomer: nothing to continue
    assert_accessible(page, "the Hearts course")
    assert_fits_the_width(page, "the Hearts course")

    first.locator("a.lesson-card__go").click()
    page.wait_for_selector("#lesson-step[data-step='1']")
    lesson_path = page.evaluate("() => location.pathname")
    assert lesson_path.startswith("/learn/hearts/")

    # An unfinished game as well: dealt from the course's "Play against bots".
    page.goto(f"{live_site}/learn/hearts/")
    assert "Step 1 of" in page.locator(".lesson-card").first.inner_text()
    page.click(".course__actions a:has-text('Play Hearts against bots')")
    page.click("button:has-text('Deal')")
    page.wait_for_selector("#table")
    game_path = page.evaluate("() => location.pathname")

    page.goto(f"{live_site}/")
    resume = page.locator("section.resume")
    assert resume.locator("h2").inner_text() == "Continue where you left off"
    lesson_link = resume.locator(".resume__item--lesson a")
    assert lesson_link.get_attribute("href") == f"{lesson_path}?step=1"
    assert lesson_link.inner_text().startswith("Continue") and title in resume.inner_text()
    game_item = resume.locator(".resume__item--game")
    assert game_item.count() == 1 and game_item.locator("a").get_attribute("href") == game_path
    assert "Hearts, started just now" in game_item.inner_text()
    assert_accessible(page, "the home page with Continue where you left off")
    assert_fits_the_width(page, "the home page with Continue where you left off")

    lesson_link.click()
    page.wait_for_selector("#lesson-step[data-step='1']")
    assert page.evaluate("() => location.pathname + location.search") == f"{lesson_path}?step=1"

    page.goto(f"{live_site}/learn/")
    assert page.locator("section.resume .resume__item--lesson a").get_attribute("href") == f"{lesson_path}?step=1"
    assert_accessible(page, "the lessons with Continue where you left off")

    for language in ("en", "ru"):
        page.context.set_extra_http_headers({"Accept-Language": language})
        for size, viewport in (("390", PHONE), ("1280", DESKTOP)):
            page.set_viewport_size(viewport)
            for name, path in (("hearts", "/learn/hearts/"), ("home", "/"), ("learn", "/learn/")):
                page.goto(f"{live_site}{path}")
                assert page.get_attribute("html", "lang") == language
                assert_fits_the_width(page, f"{path} in {language} at {size} px")
                if size == "390":
                    assert_accessible(page, f"{path} in {language}")
                shoot(page, f"{name}-{language}-{size}")
