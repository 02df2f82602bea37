"""A learner goes through the two-queens lesson in the browser: keys, links, a wrong answer, the end."""

from __future__ import annotations

SCREENSHOTS = "/tmp/cardschool-e2e"


def shown_step(page) -> str:
    return page.get_attribute("#lesson-step", "data-step")


def wait_for_step(page, number: int) -> None:
    page.wait_for_function(f"() => new URL(location).searchParams.get('step') === '{number}'")
    page.wait_for_selector(f"#lesson-step[data-step='{number}']")


def test_the_two_queens_lesson_from_the_list_to_the_stars(live_site, page):
    page.context.set_extra_http_headers({"Accept-Language": "en"})
    page.goto(f"{live_site}/learn/")
    card = page.locator(".lesson-card", has_text="Two queens pass to you")
    assert "Not started" in card.inner_text()
    card.locator("a.lesson-card__go").click()
    wait_for_step(page, 1)
    assert "Step 1 of 6" in page.inner_text(".lesson-progress")
    assert page.get_attribute("progress.lesson-progress__bar", "value") == "1"

    page.keyboard.press("ArrowRight")   # the keyboard goes forward ...
    wait_for_step(page, 2)
    page.keyboard.press("ArrowLeft")    # ... and back
    wait_for_step(page, 1)
    page.click("#lesson-step a[rel=next]")
    wait_for_step(page, 2)
    assert page.locator(".opponent .card.back").count() == 4   # the opponent's hand is face down
    page.click("text=Show all hands")
    page.wait_for_selector(".hand--open")
    assert page.locator(".hand--open .card").count() == 4
    page.click("#lesson-step a[rel=next]")
    wait_for_step(page, 3)
    page.screenshot(path=f"{SCREENSHOTS}/lesson-question.png", full_page=True)

    # A wrong answer: the explanation, the same question again.
    page.click(".move-form button:has-text('Aces?')")
    page.wait_for_selector(".feedback--wrong")
    assert page.inner_text(".feedback--wrong .prose").strip()   # the step's explanation
    assert shown_step(page) == "3" and "Score 95" in page.inner_text(".lesson-progress")
    page.screenshot(path=f"{SCREENSHOTS}/lesson-wrong.png", full_page=True)

    page.click(".move-form button:has-text('Queens?')")
    wait_for_step(page, 4)
    assert "Right!" in page.inner_text(".feedback--right")
    page.click(".move-form button:has-text('Two?')")
    wait_for_step(page, 5)
    page.click(".move-form button:has-text('Diamonds and spades?')")
    wait_for_step(page, 6)
    page.click("#lesson-step a[rel=next]:has-text('Finish')")
    page.wait_for_selector(".lesson-end")
    page.wait_for_function("() => location.pathname.endsWith('/done/')")
    page.screenshot(path=f"{SCREENSHOTS}/lesson-end.png", full_page=True)

    end = page.locator(".lesson-end")
    assert "Lesson complete" in end.inner_text()
    assert page.get_attribute(".lesson-end .stars", "aria-label") == "3 of 3 stars"
    assert "Score: 95 of 100" in end.inner_text()
    page.click("a:has-text('Back to the lessons')")
    page.wait_for_selector(".lesson-card")
    assert "Completed · score 95" in page.locator(".lesson-card", has_text="Two queens pass to you").inner_text()
