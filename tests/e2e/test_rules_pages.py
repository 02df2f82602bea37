"""A player in the middle of a game opens the rules at the point their decision raises, and reads the rules page."""

from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings

SCREENSHOTS = "/tmp/cardschool-e2e"
SUNDUCHOK = json.loads((Path(settings.BASE_DIR) / "content" / "rules" / "sunduchok.json").read_text(encoding="utf-8"))


def question_text(slug: str) -> str:
    return next(item["question"]["en"] for item in SUNDUCHOK["questions"] if item["slug"] == slug)


def test_the_play_pages_why_link_opens_the_rules_page_at_the_answer(live_site, page):
    page.goto(f"{live_site}/play/sunduchok/new/")
    page.fill("input[name=seed]", "7")
    page.click("button:has-text('Deal')")
    page.wait_for_selector("#table")
    # The first question of a turn: whom, and which rank. Four cards in hand leave ranks that may not be asked for.
    link = page.locator(".rules-link a")
    link.wait_for(state="visible")
    page.wait_for_selector(".move-form input[name=type][value=ask]", state="attached")
    assert link.inner_text().startswith("? Why can't I ask for ")
    page.screenshot(path=f"{SCREENSHOTS}/rules-link.png", full_page=True)

    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()

    assert rules.url == f"{live_site}/rules/sunduchok/#dispute-ask-rank-not-held"
    answer = rules.locator("#dispute-ask-rank-not-held")
    assert answer.evaluate("(element) => element.matches(':target')")
    assert answer.locator("h3").inner_text() == question_text("ask-rank-not-held")
    # The answer is scrolled into view, and drawn as the opened section (its outline).
    box, viewport = answer.bounding_box(), rules.viewport_size
    assert 0 <= box["y"] < viewport["height"] / 2
    assert answer.evaluate("(element) => getComputedStyle(element).boxShadow") != "none"
    rules.screenshot(path=f"{SCREENSHOTS}/rules-answer.png")
    assert page.locator("#table").is_visible()   # the game stays open in its own tab


def test_the_rules_page_opens_an_examples_hands_and_starts_a_preset(live_site, page):
    page.goto(f"{live_site}/rules/sunduchok/#dispute-suits-half-right")
    example = page.locator("#dispute-suits-half-right")
    assert example.locator(".opponent .hand--open").count() == 0

    example.locator("a:has-text('Show all hands')").click()

    page.wait_for_function(
        "() => document.querySelector('#dispute-suits-half-right .opponent .hand--open') !== null")
    example = page.locator("#dispute-suits-half-right")
    assert "queen of diamonds" in example.locator(".opponent .hand--open").first.inner_html()
    example.screenshot(path=f"{SCREENSHOTS}/rules-example.png")
    page.screenshot(path=f"{SCREENSHOTS}/rules-page.png", full_page=True)

    page.locator("#dispute-ask-rank-not-held button:has-text('Play this preset')").click()

    page.wait_for_selector("#table")
    assert "Ask for any rank" in page.inner_text(".play-title")
