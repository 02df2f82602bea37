"""A player in the middle of a game opens the rules at the point their decision raises, and reads the rules page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.conf import settings

from tests.e2e.accessibility import assert_accessible, assert_fits_the_width

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
    assert_accessible(page, "Sunduchok, a turn with its why-link")

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
    assert_accessible(rules, "the rules page opened at an answer")
    assert page.locator("#table").is_visible()   # the game stays open in its own tab


def test_the_rules_page_opens_an_examples_hands_and_starts_a_preset(live_site, page):
    page.goto(f"{live_site}/rules/sunduchok/#dispute-suits-half-right")
    example = page.locator("#dispute-suits-half-right")
    assert example.locator(".opponent .hand--open").count() == 0
    assert_accessible(page, "the rules page")

    example.locator("a:has-text('Show all hands')").click()

    page.wait_for_function(
        "() => document.querySelector('#dispute-suits-half-right .opponent .hand--open') !== null")
    example = page.locator("#dispute-suits-half-right")
    assert "queen of diamonds" in example.locator(".opponent .hand--open").first.inner_html()
    example.screenshot(path=f"{SCREENSHOTS}/rules-example.png")
    page.screenshot(path=f"{SCREENSHOTS}/rules-page.png", full_page=True)
    assert_accessible(page, "the rules page, an example's hands open")

    page.locator("#dispute-ask-rank-not-held button:has-text('Play this preset')").click()

    page.wait_for_selector("#table")
    assert "Ask for any rank" in page.inner_text(".play-title")
    assert_accessible(page, "a preset's table started from the rules page")


@pytest.mark.parametrize("game_key", ["sunduchok", "hearts", "rooster", "yashchiki"])
def test_a_long_rules_page_has_contents_that_lead_to_each_part_and_fits_a_phone(live_site, page, game_key):
    """On a phone: the contents link every section, the presets, the disputed points (and, folded, each of them),
    each link lands on its part, and the page does not scroll sideways: the wide presets table scrolls in its own
    box, which a keyboard can reach."""
    page.goto(f"{live_site}/rules/{game_key}/")
    assert_accessible(page, f"the rules of {game_key}")
    assert_fits_the_width(page, f"the rules of {game_key}")
    contents = page.locator("nav.rules-contents")
    sections = page.locator(".rules-section").evaluate_all("(sections) => sections.map((section) => section.id)")
    questions = page.locator(".rules-question").evaluate_all("(questions) => questions.map((question) => question.id)")
    targets = contents.locator("a[href^='#']").evaluate_all("(links) => links.map((link) => link.hash.slice(1))")
    assert sections and questions
    assert targets == [*sections, "presets", "disputed", *questions]

    contents.locator("details summary").click()   # the disputed points one by one
    for target in targets:
        page.locator(f"nav.rules-contents a[href='#{target}']").click()
        page.wait_for_function(f"() => location.hash === '#{target}'")
        landed = page.locator(f"#{target}")
        assert landed.evaluate("(element) => element.matches(':target')")
        assert 0 <= landed.bounding_box()["y"] < page.viewport_size["height"] / 2, target   # scrolled to it

    # Each part of the page leads back to the contents.
    back = page.locator("a[href='#contents']")
    assert back.count() == 3
    back.last.click()
    page.wait_for_function("() => location.hash === '#contents'")
    assert 0 <= contents.bounding_box()["y"] < page.viewport_size["height"] / 2

    # The presets table is wider than the phone: it scrolls in its own labelled box, the page does not.
    box = page.locator("#presets .table-scroll")
    assert box.evaluate("(element) => element.scrollWidth > element.clientWidth")
    assert box.get_attribute("tabindex") == "0" and box.get_attribute("role") == "region"
    assert page.locator("#presets-scroll-hint").is_visible()
    box.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('#presets .table-scroll').scrollLeft > 0")
    assert_fits_the_width(page, f"the rules of {game_key}, the presets scrolled")
    page.set_extra_http_headers({"Accept-Language": "ru"})
    page.reload()
    assert_accessible(page, f"the rules of {game_key} in Russian")
    assert_fits_the_width(page, f"the rules of {game_key} in Russian")
    page.locator("#presets").screenshot(path=f"{SCREENSHOTS}/rules-{game_key}-presets-390-ru.png")
