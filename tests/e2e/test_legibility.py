"""The end of a game of each of the four games, on its green table: every text there is legible (WCAG AA,
4.5:1), "Your hand is empty." first (it was the hints' grey on the felt, 1.05:1), measured from the computed
colours in the browser. Photographed on a phone and a desktop, in English and Russian, and checked by axe.

Short games: two players where the game allows it, one-deal presets of this test's own for Hearts and
Yashchiki, and seeds with which the first offered move of each decision leaves you with no cards at the end."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.accessibility import (
    AA_TEXT,
    assert_accessible,
    assert_fits_the_width,
    assert_legible_on_the_table,
    contrast_of,
)
from tests.e2e.conftest import manage
from tests.e2e.table import click_until_game_over, wait_for_table

SCREENSHOTS = Path("/tmp/shots")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
ONE_DEAL = "e2e-one-deal"
CREATE_ONE_DEAL_PRESETS = f"""
from games.models import Preset
for game_key, fields in (("hearts", {{"end_at": 1}}), ("yashchiki", {{"hand_sizes": [3]}})):
    Preset.objects.update_or_create(game_key=game_key, slug="{ONE_DEAL}", defaults={{
        "name_en": "One deal", "name_ru": "Одна сдача", "fields": fields, "order": 99}})
"""
DELETE_ONE_DEAL_PRESETS = f'from games.models import Preset; Preset.objects.filter(slug="{ONE_DEAL}").delete()'
# game: (preset, players, seed)
SHORT_GAMES = {
    "sunduchok": ("standard", "2", "1"),
    "hearts": (ONE_DEAL, None, "1"),
    "rooster": ("standard", "2", "1"),
    "yashchiki": (ONE_DEAL, None, "4"),
}


@pytest.fixture(scope="module")
def one_deal_presets(site_env, live_site):
    manage(site_env, "shell", "-c", CREATE_ONE_DEAL_PRESETS)
    yield
    manage(site_env, "shell", "-c", DELETE_ONE_DEAL_PRESETS)


@pytest.mark.parametrize("game_key", SHORT_GAMES)
def test_the_end_of_a_game_is_legible_on_the_table(live_site, page, one_deal_presets, game_key):
    preset, players, seed = SHORT_GAMES[game_key]
    page.set_extra_http_headers({"Accept-Language": "en"})
    page.goto(f"{live_site}/play/{game_key}/new/")
    page.check(f"input[name=preset][value={preset}]")
    if players:
        page.select_option("select[name=players]", players)
        page.wait_for_function(
            f"() => document.querySelectorAll('#bot-seats select').length === {int(players) - 1}")
    for bot in page.locator("#bot-seats select").all():
        bot.select_option("easy")
    page.fill("input[name=seed]", seed)
    page.click("#new-game-form button[type=submit]")
    page.wait_for_selector("#table")
    wait_for_table(page)
    click_until_game_over(page)

    SCREENSHOTS.mkdir(exist_ok=True)
    for language in ("en", "ru"):
        page.set_extra_http_headers({"Accept-Language": language})
        page.reload()
        page.wait_for_selector(".end-screen")
        for size_name, size in (("390", PHONE), ("desktop", DESKTOP)):
            page.set_viewport_size(size)
            state = f"the end of {game_key}, {size_name}, {language}"
            page.screenshot(path=str(SCREENSHOTS / f"{game_key}-game-over-{size_name}-{language}.png"), full_page=True)
            empty_hand = page.locator(".me .hand .hint")
            assert empty_hand.count() == 1, f"{state}: your hand is not empty"
            assert contrast_of(empty_hand) >= AA_TEXT, f"{state}: “{empty_hand.inner_text()}”"
            assert_legible_on_the_table(page, state)
            assert_accessible(page, state)
            if size is PHONE:
                assert_fits_the_width(page, state)
