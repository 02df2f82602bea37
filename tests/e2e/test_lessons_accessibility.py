"""Every step of every lesson of the four games, as a learner who skips the questions goes through them, and
each lesson's end: axe finds nothing critical or serious, the text on the table is legible (4.5:1) and the
page keeps to a phone's width."""

from __future__ import annotations

import pytest

from tests.e2e.accessibility import assert_accessible, assert_fits_the_width, assert_legible_on_the_table

GAMES = ("sunduchok", "hearts", "rooster", "yashchiki")


@pytest.mark.parametrize("game_key", GAMES)
def test_every_lesson_step_of_a_game_passes_the_checks(live_site, page, game_key):
    page.set_extra_http_headers({"Accept-Language": "en"})
    page.goto(f"{live_site}/learn/")
    lessons = page.locator(f"a.lesson-card__go[href^='/learn/{game_key}/']").evaluate_all(
        "(links) => links.map((link) => link.getAttribute('href'))")
    assert lessons, f"no lessons of {game_key}"
    for lesson in lessons:
        page.goto(f"{live_site}{lesson}")
        while not page.locator(".lesson-end").count():
            step = page.get_attribute("#lesson-step", "data-step")
            state = f"{lesson}, step {step}"
            assert_accessible(page, state)
            assert_legible_on_the_table(page, state)
            assert_fits_the_width(page, state)
            page.click("#lesson-step a[rel=next]")   # "Next", or "Skip" for a question
            page.wait_for_function(
                f"() => document.querySelector('.lesson-end') !== null || "
                f"document.getElementById('lesson-step').dataset.step !== '{step}'")
        assert_accessible(page, f"{lesson}, its end")
