"""A person plays a whole game of Sunduchok against two bots, by clicking, to the end screen."""

from __future__ import annotations

import re

import pytest

from tests.e2e.accessibility import assert_accessible, assert_fits_the_width, assert_legible_on_the_table
from tests.e2e.table import CHOOSE_FIRST, NOTE_EACH_TABLE_SHOWN, click_until_game_over, current_step, wait_for_table
from tests.live_site import SiteProcess

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
    wait_for_table(page)
    page.screenshot(path=f"{SCREENSHOTS}/start.png", full_page=True)
    assert_accessible(page, "Sunduchok, the first turn")
    assert_fits_the_width(page, "Sunduchok, the first turn")

    clicks = click_until_game_over(page)
    # The bots' replies brought only their new log lines, put after the ones the page had: the log is whole.
    log = page.locator("#table .log > li").all_inner_texts()
    page.reload()
    assert page.locator("#table .log > li").all_inner_texts() == log

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
    wait_for_table(page)

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
    wait_for_table(page)
    assert page.locator(".back-link a:has-text('Back to the review')").is_visible()
    assert page.locator(".move-form button[type=submit]").count() >= 1   # the learner's decision, as it was
    click_until_game_over(page)
    assert "Game over" in page.inner_text(".end-screen")


@pytest.fixture
def paced_site(site_env, live_site):
    """The URL of a worker whose bots move 2 s apart, as on a real site; `live_site` has prepared the database."""
    site = SiteProcess({**site_env, "BOT_MOVE_DELAY": "2",
                        "DJANGO_SETTINGS_MODULE": "tests.faults.settings_paced_bots"})
    try:
        site.start()
        yield site.url
    finally:
        site.close()


def test_the_bots_replies_are_shown_one_by_one_and_a_reload_meanwhile_shows_the_table_as_it_is(paced_site, page):
    """Against bots alone a move's answer carries the bots' replies, shown at their pace; the moves are all made
    already, so a reload before the page has shown them all shows the table as it is, the learner's turn again."""
    page.context.set_extra_http_headers({"Accept-Language": "en"})
    page.goto(f"{paced_site}/play/sunduchok/new/")
    page.fill("input[name=seed]", "2024")
    page.click("button:has-text('Deal')")
    wait_for_table(page)
    page.evaluate(NOTE_EACH_TABLE_SHOWN)
    for _ in range(30):   # until a move passes the turn to the bots
        before = current_step(page)
        page.evaluate("() => { window.tablesShown.length = 0; }")
        page.evaluate(CHOOSE_FIRST)
        with page.expect_response(lambda response: response.url.endswith("/act/")) as answer:
            page.locator(".move-form button[type=submit]").first.click()
        replies = [int(step) for step in re.findall(r'data-following-step="(\d+)"', answer.value.text())]
        page.wait_for_function(f"() => Number(document.getElementById('table').dataset.step) > {before}")
        if replies:
            break
    assert replies == list(range(before + 2, before + 2 + len(replies)))
    # The move's own table first, with no move form: the bots' replies come one by one, 2 s apart.
    assert current_step(page) == before + 1 and page.locator(".move-form").count() == 0
    page.wait_for_function(f"() => Number(document.getElementById('table').dataset.step) === {before + 2}")
    assert page.evaluate("() => window.tablesShown") == [before + 1, before + 2]
    if len(replies) > 1:
        page.reload()
        assert current_step(page) == replies[-1]
        assert page.locator(".move-form button[type=submit]").count() >= 1 or page.is_visible(".end-screen")
    else:
        page.wait_for_selector(".move-form button[type=submit]")
