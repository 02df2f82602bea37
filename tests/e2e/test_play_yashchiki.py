"""A person plays Yashchiki with three bots by clicking, to the end of the first deal and its scoring; the
table is photographed on a phone and a desktop, in English and Russian."""

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
            page.screenshot(path=str(SCREENSHOTS / f"yashchiki-{name}-{size_name}-{language}.png"), full_page=True)
            state = f"yashchiki, {name}, {size_name}, {language}"
            assert_accessible(page, state)
            assert_legible_on_the_table(page, state)
            if size is PHONE:
                assert_fits_the_width(page, state)
    page.set_viewport_size(PHONE)
    page.set_extra_http_headers({"Accept-Language": "en"})
    page.reload()
    wait_for_table(page)


def test_a_deal_of_yashchiki_played_to_its_scoring_by_clicking(live_site, page):
    page.set_extra_http_headers({"Accept-Language": "en"})
    page.goto(f"{live_site}/play/yashchiki/new/")
    assert page.locator("#bot-seats select").count() == 3
    assert_accessible(page, "the new Yashchiki table's settings")
    assert_fits_the_width(page, "the new Yashchiki table's settings")
    page.check("input[name=preset][value=short]")
    for seat in (1, 2, 3):
        page.select_option(f"select[name=bot_{seat}]", "easy")
    page.fill("input[name=seed]", "2026")
    page.click("button:has-text('Deal')")
    page.wait_for_selector("#table")
    wait_for_table(page)
    assert "Deal 1 of 8" in page.inner_text(".deal-info")
    assert "partner, across" in page.inner_text(".opponent--partner").lower()
    assert page.locator(".log li").first.inner_text().startswith("Deal 1:")
    photograph(page, "start")

    # The first deal ends when someone plays their last card: its scoring opens the score table.
    clicks = click_until_game_over(page, until=".score-table--teams")
    assert clicks > 0
    page.wait_for_selector(".move-form button[type=submit], .end-screen")
    photograph(page, "scored")
    first_line = page.locator(".log li").first.inner_text()
    assert first_line.startswith("Deal 1 over:") and "Team totals:" in first_line
    assert "Deal 2 of 8" in page.inner_text(".deal-info")
    assert page.locator(".score-table--teams tbody tr").count() == 1
