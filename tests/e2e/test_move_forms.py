"""Issue 27 in the browser: nothing is chosen for the player (Hearts' pass starts with nothing ticked; after a hint
the form is set to the suggested move, each control marked "suggested"), and a trick game's hand is grouped by
suit. Photographed at a phone's width and a desktop's (in /tmp/shots), checked by axe, no sideways scroll."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.rules.cards import rank_plural
from tests.e2e.accessibility import assert_accessible, assert_fits_the_width, assert_legible_on_the_table
from tests.e2e.table import wait_for_table

SCREENSHOTS = Path("/tmp/shots")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SUIT_OF = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
# Each card of the hand: its rank and suit, and whether its item starts a suit group (the wider gap).
HAND = """(selector) => [...document.querySelectorAll(selector + " > li")].filter((li) => li.querySelector(".card"))
  .map((li) => ({rank: li.querySelector(".rank").textContent, suit: li.querySelector(".suit").textContent,
                 starts: li.classList.contains("hand__suit-start"), top: li.getBoundingClientRect().top}))"""


def start(page, live_site: str, game_key: str, seed: int, players: int | None = None) -> None:
    page.set_extra_http_headers({"Accept-Language": "en"})
    page.goto(f"{live_site}/play/{game_key}/new/")
    if players is not None:
        page.select_option("select[name=players]", str(players))
    page.fill("input[name=seed]", str(seed))
    page.click("button:has-text('Deal')")
    page.wait_for_selector("#table")
    wait_for_table(page)


def photograph(page, name: str) -> None:
    """The page at a phone's width and a desktop's: photographed, checked by axe, legible on the table, and on the
    phone not scrolling sideways; back to the phone's width."""
    SCREENSHOTS.mkdir(exist_ok=True)
    for size_name, size in (("desktop", DESKTOP), ("390", PHONE)):
        page.set_viewport_size(size)
        page.screenshot(path=str(SCREENSHOTS / f"forms-{name}-{size_name}.png"), full_page=True)
        state = f"{name}, {size_name}"
        assert_accessible(page, state)
        assert_legible_on_the_table(page, state)
        if size is PHONE:
            assert_fits_the_width(page, state)


def assert_grouped_by_suit(page, selector: str = ".me .hand", suit_order: str | None = None) -> list[dict]:
    """The hand's cards: each suit together, from its lowest card, a wider gap where a suit begins (and the suits
    in `suit_order` where the game has one)."""
    cards = page.evaluate(HAND, selector)
    assert len(cards) > 1
    suits = [SUIT_OF[card["suit"]] for card in cards]
    groups = [suit for index, suit in enumerate(suits) if index == 0 or suits[index - 1] != suit]
    assert len(groups) == len(set(groups)), f"a suit is split: {suits}"
    for suit in groups:
        ranks = [RANKS.index(card["rank"]) for card, of in zip(cards, suits, strict=True) if of == suit]
        assert ranks == sorted(ranks)
    assert [card["starts"] for card in cards] == [index > 0 and suits[index - 1] != suit
                                                  for index, suit in enumerate(suits)]
    if suit_order is not None:
        assert groups == [suit for suit in suit_order if suit in groups]
    return cards


def test_the_hearts_pass_starts_with_nothing_ticked_and_a_hint_ticks_and_marks_its_three(live_site, page):
    start(page, live_site, "hearts", seed=77)
    boxes = page.locator(".move-form input[name=cards]")
    assert boxes.count() == 13 and page.locator(".move-form input[name=cards]:checked").count() == 0
    assert page.locator(".suggested-mark, .is-hinted").count() == 0
    assert_grouped_by_suit(page)                         # the table's hand
    assert_grouped_by_suit(page, ".move-form .hand")     # and the pass form's
    photograph(page, "hearts-pass")

    # Passing with nothing ticked is refused in words, and nothing moves.
    page.click(".move-form button:has-text('Pass these three')")
    page.wait_for_selector(".message--error")
    assert page.locator(".move-form input[name=cards]:checked").count() == 0

    page.click(".hint-form button:has-text('Hint')")
    page.wait_for_selector(".hint-panel")
    assert "suggested" in page.inner_text(".hint-panel__marked")
    ticked = page.locator(".move-form input[name=cards]:checked")
    assert ticked.count() == 3
    marked = page.locator(".move-form label.is-hinted")
    assert marked.count() == 3 and page.locator(".move-form label.is-hinted .suggested-mark").count() == 3
    assert sorted(ticked.evaluate_all("(boxes) => boxes.map((box) => box.value)")) == sorted(
        marked.evaluate_all("(labels) => labels.map((label) => label.querySelector('input').value)"))
    photograph(page, "hearts-pass-hint")

    # The player may change the suggestion: untick one, tick another, and pass their own three.
    suggested = ticked.evaluate_all("(boxes) => boxes.map((box) => box.value)")
    page.click(f".move-form label:has(input[name=cards][value='{suggested[0]}'])")
    other = next(value for value in boxes.evaluate_all("(boxes) => boxes.map((box) => box.value)")
                 if value not in suggested)
    page.click(f".move-form label:has(input[name=cards][value='{other}'])")
    assert page.locator(".move-form input[name=cards]:checked").count() == 3
    page.click(".move-form button:has-text('Pass these three')")
    page.wait_for_selector(".me__facts .card")
    facts = page.eval_on_selector_all(
        ".me__facts .card", "(cards) => cards.map((card) => card.querySelector('.rank').textContent"
                            " + card.querySelector('.suit').textContent)")
    assert {rank + SUIT_OF[suit] for rank, suit in (re.match(r"(\w+)(.)", face).groups() for face in facts[:3])} == {
        *suggested[1:], other}
    assert_grouped_by_suit(page)


@pytest.mark.parametrize(("game_key", "players", "suit_order"), [("rooster", 3, "CDHS"), ("yashchiki", None, None)])
def test_a_trick_games_hand_is_grouped_by_suit(live_site, page, game_key, players, suit_order):
    """Rooster in its ranking's order, lowest first (standard: ♣ ♦ ♥ ♠)."""
    start(page, live_site, game_key, seed=31, players=players)
    cards = assert_grouped_by_suit(page, suit_order=suit_order)
    # A wrapped hand never splits a suit's first card from its gap: every card sits on the hand's rows.
    assert len({round(card["top"]) for card in cards}) <= 3
    photograph(page, f"{game_key}-hand")


def test_sunduchok_keeps_its_hand_by_rank_and_a_hint_sets_the_player_it_outlines(live_site, page):
    start(page, live_site, "sunduchok", seed=77, players=4)
    cards = page.evaluate(HAND, ".me .hand")
    ranks = [RANKS.index(card["rank"]) for card in cards]
    assert ranks == sorted(ranks) and not any(card["starts"] for card in cards)
    assert page.locator(".move-form input[name=target]").count() == 3
    assert page.locator(".move-form input[name=target]:checked").count() == 0   # nobody chosen for the player

    page.click(".hint-form button:has-text('Hint')")
    page.wait_for_selector(".hint-panel")
    outlined = page.locator(".move-form label.is-hinted")
    assert outlined.count() == 1 and outlined.locator(".suggested-mark").count() == 1
    assert outlined.locator("input[name=target]").is_checked()
    assert page.locator(".move-form input[name=target]:checked").count() == 1
    rank = page.locator(".move-form button.is-hinted")
    assert rank.count() == 1 and rank.locator(".suggested-mark").count() == 1
    photograph(page, "sunduchok-hint")

    # Clicking the outlined rank asks the outlined player.
    name = re.sub(r"\s*suggested\s*$", "", outlined.inner_text().strip())
    asked = rank.get_attribute("value")
    rank.click()
    page.wait_for_function("() => !document.querySelector('.hint-panel')")
    log = page.inner_text(".log")
    assert f"{name}, do you have {rank_plural(asked)}?" in log, log
