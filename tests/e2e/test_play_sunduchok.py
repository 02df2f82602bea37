"""A person plays a whole game of Sunduchok against two bots, by clicking, to the end screen."""

from __future__ import annotations

from tests.e2e.accessibility import assert_accessible, assert_fits_the_width, assert_legible_on_the_table
from tests.e2e.table import click_until_game_over

SCREENSHOTS = "/tmp/cardschool-e2e"


def test_a_game_against_two_bots_played_to_the_end_by_clicking(live_site, page):
    page.goto(f"{live_site}/play/sunduchok/new/")
    assert page.input_value("select[name=players]") == "3"   # the default table: you and two bots
    assert page.locator("#bot-seats select").count() == 2
    assert_accessible(page, "the new Sunduchok table's settings")
    assert_fits_the_width(page, "the new Sunduchok table's settings")
    page.select_option("select[name=bot_1]", "easy")
    page.select_option("select[name=bot_2]", "medium")
    page.fill("input[name=seed]", "2024")
    page.click("button:has-text('Deal')")
    page.wait_for_selector("#table")
    page.wait_for_function("() => document.documentElement.dataset.live === 'connected'")
    page.screenshot(path=f"{SCREENSHOTS}/start.png", full_page=True)
    assert_accessible(page, "Sunduchok, the first turn")
    assert_fits_the_width(page, "Sunduchok, the first turn")

    clicks = click_until_game_over(page)

    page.screenshot(path=f"{SCREENSHOTS}/end.png", full_page=True)
    assert_accessible(page, "Sunduchok, the end screen")
    assert_fits_the_width(page, "Sunduchok, the end screen")
    assert_legible_on_the_table(page, "Sunduchok, the end screen")   # and test_legibility.py, every game's end
    end_screen = page.locator(".end-screen")
    assert "Game over" in end_screen.inner_text()
    assert end_screen.locator("button:has-text('Play again')").is_visible()
    assert end_screen.locator("a:has-text('Replay this game')").is_visible()
    assert clicks > 0
    page.click("a:has-text('Replay this game')")
    page.wait_for_selector("#replay")
    page.click("a[rel=next]")
    page.wait_for_function("() => new URL(location).searchParams.get('step') === '1'")
    assert "Move 1 of" in page.inner_text("#replay")
    assert_accessible(page, "Sunduchok, the replay at move 1")


def test_a_hint_names_the_move_marks_it_and_counts_on_the_end_screen(live_site, page):
    page.context.set_extra_http_headers({"Accept-Language": "en"})
    page.goto(f"{live_site}/play/sunduchok/new/")
    page.fill("input[name=seed]", "77")
    page.click("button:has-text('Deal')")
    page.wait_for_selector("#table")
    page.wait_for_function("() => document.documentElement.dataset.live === 'connected'")

    page.click(".hint-form button:has-text('Hint')")
    page.wait_for_selector(".hint-panel")
    assert page.inner_text(".hint-panel__move").startswith("Hint:")
    assert page.inner_text(".hint-panel__why").strip()
    assert page.locator(".move-form .is-hinted").count() >= 1   # the suggested player and rank are marked
    page.screenshot(path=f"{SCREENSHOTS}/hint.png", full_page=True)
    assert_accessible(page, "Sunduchok, a hint at the table")

    # The form is set to the hint: the player it marks is the one chosen, so clicking the marked rank follows it.
    assert page.locator(".move-form input[name=target]:checked").count() == 1
    assert page.locator(".move-form label.is-hinted input[name=target]:checked").count() == 1
    page.click(".move-form button.is-hinted")
    page.wait_for_selector(".hint-form")   # the next decision offers a new hint
    click_until_game_over(page)
    assert "You used 1 hint in this game." in page.inner_text(".end-screen")

    # The review: its parts load one after another, then every decision has its verdict.
    page.click(".end-screen a:has-text('Review your game')")
    page.wait_for_selector("#review-summary .review-figures", timeout=60_000)
    assert page.locator(".review-part--waiting").count() == 0
    verdicts = page.locator("[data-verdict]")
    assert verdicts.count() >= 1
    decisions = int(page.inner_text(".review-figures div:first-child dd"))
    assert decisions == verdicts.count()
    page.screenshot(path=f"{SCREENSHOTS}/review.png", full_page=True)
    assert_accessible(page, "Sunduchok, the review of a game")
    assert_fits_the_width(page, "Sunduchok, the review of a game")

    # Always clicking the first choice is poor play: the coach finds a mistake, and the learner tries again.
    mistake = page.locator("[data-verdict=mistake]").first
    better = mistake.locator(".review-decision__better").inner_text()
    assert better.startswith("Better:")
    mistake.locator("button:has-text('Try again from here')").click()
    page.wait_for_selector("#table")
    page.wait_for_function("() => document.documentElement.dataset.live === 'connected'")
    assert page.locator(".back-link a:has-text('Back to the review')").is_visible()
    assert page.locator(".move-form button[type=submit]").count() >= 1   # the learner's decision, as it was
    click_until_game_over(page)
    assert "Game over" in page.inner_text(".end-screen")


def test_a_second_tab_that_only_hears_the_pushes_can_start_the_next_game(live_site, page):
    """The end screen pushed over the WebSocket (rendered without a request) still posts "Play again"."""
    page.context.set_extra_http_headers({"Accept-Language": "en"})
    page.goto(f"{live_site}/play/sunduchok/new/")
    page.fill("input[name=seed]", "2024")
    page.click("button:has-text('Deal')")
    page.wait_for_selector("#table")
    watching = page.context.new_page()   # the same visitor's second tab: it never moves, it only listens
    watching.goto(page.url)
    for tab in (page, watching):
        tab.wait_for_function("() => document.documentElement.dataset.live === 'connected'")

    click_until_game_over(page)
    watching.wait_for_selector(".end-screen")
    finished = watching.url
    watching.click(".end-screen button:has-text('Play again')")
    watching.wait_for_function(f"() => location.href !== {finished!r}")
    watching.wait_for_selector("#table")
    assert "Game over" not in watching.inner_text("#table")
