"""A person plays a deal of Hearts against three bots by clicking: the pass, then thirteen tricks."""

from __future__ import annotations

from tests.e2e.accessibility import (
    assert_accessible,
    assert_fits_the_width,
    assert_legible_on_the_table,
    cards_hiding_their_index,
)
from tests.e2e.table import click_until_game_over, wait_for_table

SCREENSHOTS = "/tmp/cardschool-e2e"
DESKTOP = {"width": 1280, "height": 900}


def test_a_deal_of_hearts_played_to_its_end_by_clicking(live_site, page):
    page.goto(f"{live_site}/play/hearts/new/")
    assert page.locator("#bot-seats select").count() == 3
    assert_accessible(page, "the new Hearts table's settings")
    page.fill("input[name=seed]", "77")
    page.click("button:has-text('Deal')")
    page.wait_for_selector("#table")
    wait_for_table(page)
    page.screenshot(path=f"{SCREENSHOTS}/hearts-start.png", full_page=True)
    assert_accessible(page, "Hearts, the pass")
    assert_fits_the_width(page, "Hearts, the pass")

    # No card comes ticked for the pass: the player ticks three (the first three here), then passes them.
    assert page.locator(".move-form input[name=cards]").count() == 13
    assert page.locator(".move-form input[name=cards]:checked").count() == 0
    assert click_until_game_over(page, until=".me__facts .card") == 1
    # The small passed (and received) cards beside your facts: their middle suit leaves the rank readable.
    for size in (DESKTOP, page.viewport_size):
        page.set_viewport_size(size)
        assert page.locator(".me__facts .card").count() >= 3
        assert cards_hiding_their_index(page.locator(".me__facts .card")) == []
    page.screenshot(path=f"{SCREENSHOTS}/hearts-passed.png", full_page=True)
    assert_accessible(page, "Hearts, the cards passed")
    assert_legible_on_the_table(page, "Hearts, the cards passed")
    assert_fits_the_width(page, "Hearts, the cards passed")

    clicks = 1 + click_until_game_over(page, until=".score-table")
    assert clicks >= 14   # the pass and a card for each of the thirteen tricks
    page.screenshot(path=f"{SCREENSHOTS}/hearts-deal-end.png", full_page=True)
    assert_accessible(page, "Hearts, a deal scored")
    assert_fits_the_width(page, "Hearts, a deal scored")
    scores = page.inner_text(".score-table")
    assert "Points per deal" in scores
    # The 26 points of the deal went to someone (or a moon gave 26 to each of the others).
    totals = [int(cell) for cell in page.locator(".score-table tfoot td").all_inner_texts()]
    assert sum(totals) in (26, 78)
    assert page.locator(".log li:has-text('Deal 2:')").count() == 1   # the next deal is under way
