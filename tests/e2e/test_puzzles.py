"""A learner solves puzzles in the browser: one right (Sunduchok, English, desktop) and one wrong then right
(Hearts, Russian, a phone), with the move form of the play page; axe finds nothing serious on the way."""

from __future__ import annotations

from tests.e2e.accessibility import assert_accessible
from tests.live_site import query_site

SCREENSHOTS = "/tmp/cardschool-e2e"

FORM_FIELDS = """
import json
from games.tables import TABLES
from puzzles.models import Puzzle
puzzle = Puzzle.objects.get(pk={pk})
table = TABLES[puzzle.game_key]
print(json.dumps({{"best": table.action_form_fields(puzzle.best),
                  "wrong": table.action_form_fields(puzzle.losses[0]["action"])}}))
"""


def fill_move_form(page, fields: dict) -> None:
    """Choose in the move form what posts `fields` (games.tables' action_form_fields), as a person clicks it."""
    form = page.locator("#puzzle form.move-form")
    submit = form.locator("button[type=submit]").first
    for name, value in fields.items():
        if name == "type":
            continue
        for one in value if isinstance(value, list) else [value]:
            control = form.locator(f"[name='{name}'][value='{one}']")
            if not control.count():
                form.locator(f"select[name='{name}']").select_option(str(one))
            elif control.first.evaluate("element => element.tagName") == "BUTTON":
                submit = control.first   # a choice that is its own submit button ("Three?")
            else:
                control.first.check()
    submit.click()


def solve(page, live_site: str, site_env: dict, game_key: str, *, wrong_first: bool) -> None:
    page.goto(f"{live_site}/puzzles/{game_key}/next/")
    page.wait_for_selector("#puzzle form.move-form")
    pk = int(page.url.rstrip("/").split("/")[-1])
    fields = query_site(site_env, FORM_FIELDS.format(pk=pk))
    if wrong_first:
        fill_move_form(page, fields["wrong"])
        page.wait_for_selector(".puzzle-result--wrong")
        assert page.locator("#puzzle form.move-form").count() == 1   # the learner may try again
        page.screenshot(path=f"{SCREENSHOTS}/puzzle-{game_key}-wrong.png", full_page=True)
        assert_accessible(page, f"a {game_key} puzzle answered wrong")
    fill_move_form(page, fields["best"])
    page.wait_for_selector(".puzzle-result--right")
    assert page.locator("#puzzle form.move-form").count() == 0
    page.screenshot(path=f"{SCREENSHOTS}/puzzle-{game_key}-right.png", full_page=True)
    assert_accessible(page, f"a {game_key} puzzle solved")


def test_a_learner_solves_a_sunduchok_puzzle_and_misses_then_solves_a_hearts_one(live_site, site_env, browser):
    desktop = browser.new_context(viewport={"width": 1280, "height": 900},
                                  extra_http_headers={"Accept-Language": "en"})
    page = desktop.new_page()
    page.goto(f"{live_site}/puzzles/")
    page.screenshot(path=f"{SCREENSHOTS}/puzzles-index.png", full_page=True)
    assert_accessible(page, "the puzzles' index")
    page.click("a:has-text('Sunduchok')")
    page.wait_for_selector("text=Any theme")
    page.screenshot(path=f"{SCREENSHOTS}/puzzles-sunduchok.png", full_page=True)
    assert_accessible(page, "a game's puzzles")
    solve(page, live_site, site_env, "sunduchok", wrong_first=False)
    assert "Right: that is the best move." in page.inner_text("#puzzle")
    assert "Your rating: 1500 →" in page.inner_text("#puzzle")
    page.click("a:has-text('Show me')")
    page.wait_for_selector("text=The solution")
    desktop.close()

    phone = browser.new_context(viewport={"width": 390, "height": 844}, extra_http_headers={"Accept-Language": "ru"})
    page = phone.new_page()
    solve(page, live_site, site_env, "hearts", wrong_first=True)
    assert "Это не лучший ход." not in page.inner_text("#puzzle")
    assert "Верно: это лучший ход." in page.inner_text("#puzzle")
    phone.close()
