"""The "What your seat knows" panel in the browser: closed at first, opened and closed by the learner, and kept so
by the browser across moves (HTMX swaps, WebSocket pushes) and reloads; for each game, open after a few moves on a
phone and a desktop, in English and Russian: axe finds nothing, the page keeps to the width, the small cards show
their rank and suit. Photographed (E2E_SHOTS, by default /tmp/shots) for a person to look at."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.accessibility import assert_accessible, assert_fits_the_width, cards_hiding_their_index
from tests.e2e.table import click_first_choice, current_step, wait_for_table

SCREENSHOTS = Path(os.environ.get("E2E_SHOTS", "/tmp/shots"))
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
PANEL = "#knowledge"
SUMMARY = "#knowledge > summary"
# game: (players, seed, the moves to click before looking)
GAMES = {"sunduchok": ("3", "41", 6), "hearts": (None, "41", 6), "rooster": ("3", "41", 5),
         "yashchiki": (None, "41", 6)}


def start(page, live_site: str, game_key: str, *, players: str | None = None, seed: str = "41") -> None:
    page.goto(f"{live_site}/play/{game_key}/new/")
    if players:
        page.select_option("select[name=players]", players)
        page.wait_for_function(f"() => document.querySelectorAll('#bot-seats select').length === {int(players) - 1}")
    page.fill("input[name=seed]", seed)
    page.click("#new-game-form button[type=submit]")
    page.wait_for_selector("#table")
    wait_for_table(page)


def is_open(page) -> bool:
    return page.eval_on_selector(PANEL, "(details) => details.open")


def click_a_move(page) -> None:
    """The first offered choice; then wait until the table has moved on (the reply, then the bots' pushes)."""
    page.wait_for_selector(".move-form button[type=submit], .end-screen")
    if page.is_visible(".end-screen"):
        return
    before = current_step(page)
    click_first_choice(page)
    page.wait_for_function(f"() => Number(document.getElementById('table').dataset.step) > {before}")


def test_the_panel_stays_open_or_closed_as_the_learner_left_it(live_site, page):
    page.set_extra_http_headers({"Accept-Language": "en"})
    start(page, live_site, "sunduchok")
    assert not is_open(page)                                   # closed on a first visit
    assert page.inner_text(SUMMARY) == "What your seat knows"
    assert page.eval_on_selector(SUMMARY, "(summary) => getComputedStyle(summary).cursor") == "pointer"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "knowledge-closed-390-en.png"))

    page.click(SUMMARY)
    assert is_open(page) and page.is_visible(".knowledge__body")
    assert_accessible(page, "Sunduchok, the panel open")
    page.reload()
    page.wait_for_selector(PANEL)
    assert is_open(page)
    # A move swaps the table (HTMX) and the bots' moves replace it (WebSocket): the panel stays open.
    for _ in range(3):
        click_a_move(page)
        assert is_open(page)

    page.focus(SUMMARY)
    page.keyboard.press("Enter")                               # the keyboard closes it too
    assert not is_open(page)
    page.reload()
    page.wait_for_selector(PANEL)
    assert not is_open(page)
    click_a_move(page)
    assert not is_open(page)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("game_key", GAMES)
def test_each_games_panel_on_a_phone_and_a_desktop(live_site, page, game_key, language):
    players, seed, moves = GAMES[game_key]
    page.set_extra_http_headers({"Accept-Language": language})
    start(page, live_site, game_key, players=players, seed=seed)
    for _ in range(moves):
        click_a_move(page)
    if not is_open(page):
        page.click(SUMMARY)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for size_name, size in (("390", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        state = f"{game_key}'s panel, {size_name}, {language}"
        assert page.locator(".knowledge__section").count() >= 2
        page.locator(PANEL).screenshot(path=str(SCREENSHOTS / f"knowledge-{game_key}-{size_name}-{language}.png"))
        page.screenshot(path=str(SCREENSHOTS / f"knowledge-{game_key}-{size_name}-{language}-page.png"),
                        full_page=True)
        assert cards_hiding_their_index(page.locator(".knowledge .card")) == [], state
        assert_fits_the_width(page, state)
        assert_accessible(page, state)
