"""A person plays a whole game of Chuvash Rooster against two bots by clicking, then the next game under
the rooster; the table is photographed on a phone and a desktop, in English and Russian."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.accessibility import assert_accessible, assert_fits_the_width, assert_legible_on_the_table
from tests.e2e.table import click_until_game_over, wait_for_table

SCREENSHOTS = Path("/tmp/shots")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def photograph(page, name: str) -> None:
    """The table as it is now, on a phone and a desktop, in English and Russian, checked by axe and for legible
    text on the table (and, on the phone, for fitting its width); back to an English phone."""
    SCREENSHOTS.mkdir(exist_ok=True)
    for language in ("en", "ru"):
        page.set_extra_http_headers({"Accept-Language": language})
        page.reload()
        page.wait_for_selector("#table")
        for size_name, size in (("390", PHONE), ("desktop", DESKTOP)):
            page.set_viewport_size(size)
            page.screenshot(path=str(SCREENSHOTS / f"rooster-{name}-{size_name}-{language}.png"), full_page=True)
            state = f"rooster, {name}, {size_name}, {language}"
            assert_accessible(page, state)
            assert_legible_on_the_table(page, state)
            if size is PHONE:
                assert_fits_the_width(page, state)
    page.set_viewport_size(PHONE)
    page.set_extra_http_headers({"Accept-Language": "en"})
    page.reload()
    wait_for_table(page)


def test_a_game_of_rooster_played_to_its_end_by_clicking_then_the_next_game(live_site, page):
    page.set_extra_http_headers({"Accept-Language": "en"})
    page.goto(f"{live_site}/play/rooster/new/")
    assert_accessible(page, "the new Rooster table's settings")
    assert_fits_the_width(page, "the new Rooster table's settings")
    page.select_option("select[name=players]", "3")
    page.wait_for_function("() => document.querySelectorAll('#bot-seats select').length === 2")
    page.select_option("select[name=bot_1]", "easy")
    page.select_option("select[name=bot_2]", "medium")
    page.fill("input[name=seed]", "2026")
    page.click("button:has-text('Deal')")
    page.wait_for_selector("#table")
    wait_for_table(page)
    assert "The lowest card dealt is" in page.inner_text(".log")
    photograph(page, "start")

    # A defence: the attacking cards on the table, a button for each card that beats one of them.
    click_until_game_over(page, until=".beat-choice")
    assert page.locator(".pair--unbeaten").count() >= 1
    photograph(page, "defend")
    clicks = click_until_game_over(page)
    photograph(page, "end")

    end_screen = page.locator(".end-screen")
    assert "Game over" in end_screen.inner_text() and clicks > 0
    standings = page.inner_text(".standings")
    rooster = page.inner_text(".rooster-line")
    assert "Chuvash rooster" in standings and "Chuvash rooster" in rooster
    page.click(".end-screen button:has-text('Next game')")
    page.wait_for_selector("#table")
    first_line = page.locator(".log li").first.inner_text()
    assert "the last game's rooster" in first_line and "First game" not in page.inner_text("#table")
    assert_accessible(page, "rooster, the next game")
