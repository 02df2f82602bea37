"""A learner goes through the two-queens lesson in the browser: keys, links, a wrong answer, the end."""

from __future__ import annotations

from tests.e2e.accessibility import assert_accessible

SCREENSHOTS = "/tmp/cardschool-e2e"


def shown_step(page) -> str:
    return page.get_attribute("#lesson-step", "data-step")


def wait_for_step(page, number: int) -> None:
    page.wait_for_function(f"() => new URL(location).searchParams.get('step') === '{number}'")
    page.wait_for_selector(f"#lesson-step[data-step='{number}']")


def test_the_two_queens_lesson_from_the_list_to_the_stars(live_site, page):
    page.context.set_extra_http_headers({"Accept-Language": "en"})
    page.goto(f"{live_site}/learn/")
    assert_accessible(page, "the lessons")
    card = page.locator(".lesson-card", has_text="Two queens pass to you")
    assert "Not started" in card.inner_text()
    card.locator("a.lesson-card__go").click()
    wait_for_step(page, 1)
    assert "Step 1 of 6" in page.inner_text(".lesson-progress")
    assert page.get_attribute("progress.lesson-progress__bar", "value") == "1"
    assert_accessible(page, "step 1")

    page.keyboard.press("ArrowRight")   # the keyboard goes forward ...
    wait_for_step(page, 2)
    page.keyboard.press("ArrowLeft")    # ... and back
    wait_for_step(page, 1)
    page.click("#lesson-step a[rel=next]")
    wait_for_step(page, 2)
    # The text says the opponent's cards are face up for this example: they are, and the table says so.
    assert page.locator(".hand--open .card").count() == 4
    assert "All hands are face up in this teaching example" in page.inner_text(".lesson__reveal")
    assert_accessible(page, "step 2, all hands face up")
    page.click("text=Hide the other hands")
    page.wait_for_selector(".opponent .card.back")
    assert page.locator(".opponent .card.back").count() == 4
    assert_accessible(page, "step 2, the other hands hidden")
    page.click("text=Show all hands")
    page.wait_for_selector(".hand--open")
    assert page.locator(".hand--open .card").count() == 4
    page.click("#lesson-step a[rel=next]")
    wait_for_step(page, 3)
    page.screenshot(path=f"{SCREENSHOTS}/lesson-question.png", full_page=True)
    assert_accessible(page, "step 3, a question")

    # A wrong answer: what is wrong with it, the same question again; the explanation (which may name the right
    # move) waits for a second wrong answer, or the learner's request.
    page.click(".move-form button:has-text('Aces?')")
    page.wait_for_selector(".feedback--wrong")
    wrong = page.inner_text(".feedback--wrong")
    assert "“Opponent, do you have aces?” is allowed, but it is not the move here: wrong rank." in wrong
    assert page.locator(".lesson-explanation").count() == 0 and page.locator(".lesson-explanation-form").count() == 1
    assert shown_step(page) == "3" and "Score 95" in page.inner_text(".lesson-progress")
    page.screenshot(path=f"{SCREENSHOTS}/lesson-wrong.png", full_page=True)
    assert_accessible(page, "step 3 after a wrong answer")

    page.click(".move-form button:has-text('Queens?')")
    wait_for_step(page, 4)
    assert "Right!" in page.inner_text(".feedback--right")
    assert_accessible(page, "step 4 after a right answer")
    page.click(".move-form button:has-text('Two?')")
    wait_for_step(page, 5)
    assert page.locator(".move-form").count() == 0   # the only suit pair left is shown, not asked
    assert "Diamonds and spades?" in page.inner_text(".log")
    assert_accessible(page, "step 5")
    page.click("#lesson-step a[rel=next]")
    wait_for_step(page, 6)
    assert_accessible(page, "step 6")
    page.click("#lesson-step a[rel=next]:has-text('Finish')")
    page.wait_for_selector(".lesson-end")
    page.wait_for_function("() => location.pathname.endsWith('/done/')")
    page.screenshot(path=f"{SCREENSHOTS}/lesson-end.png", full_page=True)
    assert_accessible(page, "the lesson's end")

    end = page.locator(".lesson-end")
    assert "Lesson complete" in end.inner_text()
    assert page.get_attribute(".lesson-end .stars", "aria-label") == "3 of 3 stars"
    assert "Score: 95 of 100" in end.inner_text()
    page.click("a:has-text('Back to the lessons')")
    page.wait_for_selector(".lesson-card")
    assert_accessible(page, "the lessons, one completed")
    assert "Completed · score 95" in page.locator(".lesson-card", has_text="Two queens pass to you").inner_text()


def test_the_last_queen_asks_whom_and_names_the_player_as_the_mistake(live_site, page):
    """failed-suit-guess, "Where is the last queen?": no player is chosen for the learner, and each wrong
    choice is explained by what is wrong with it."""
    page.context.set_extra_http_headers({"Accept-Language": "en"})
    page.goto(f"{live_site}/learn/sunduchok/failed-suit-guess/?step=11")
    wait_for_step(page, 11)
    assert page.locator(".move-form input[name=target]:checked").count() == 0   # nothing preselected
    assert_accessible(page, "failed-suit-guess, step 11")

    page.click(".move-form button:has-text('Queens?')")   # the learner keeps the default: no player
    page.wait_for_selector(".message--error")
    assert "Choose the player you ask first" in page.inner_text(".message--error")
    assert shown_step(page) == "11"
    assert_accessible(page, "failed-suit-guess, step 11: no player chosen")

    page.check(".move-form input[name=target][value='1']")   # Player 2, who has just given up their queens
    page.click(".move-form button:has-text('Queens?')")
    page.wait_for_selector(".feedback--wrong")
    assert ("“Player 2, do you have queens?” is allowed, but it is not the move here: wrong player."
            in page.inner_text(".feedback--wrong"))
    page.screenshot(path=f"{SCREENSHOTS}/lesson-wrong-player.png", full_page=True)
    assert_accessible(page, "failed-suit-guess, step 11: the wrong player")
    assert page.locator(".lesson-explanation").count() == 0

    page.click(".lesson-explanation-form button")   # asked for, at a hint's cost
    page.wait_for_selector(".lesson-explanation")
    assert page.inner_text(".lesson-explanation .prose").strip() and shown_step(page) == "11"
    assert "Score 85" in page.inner_text(".lesson-progress")   # a wrong answer (5) and the explanation (10)
    assert_accessible(page, "failed-suit-guess, step 11: the explanation asked for")

    page.check(".move-form input[name=target][value='2']")
    page.click(".move-form button:has-text('Queens?')")
    wait_for_step(page, 12)
    assert "Right!" in page.inner_text(".feedback--right")
    assert_accessible(page, "failed-suit-guess, step 12 after a right answer")
