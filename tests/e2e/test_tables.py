"""People play together at a table in separate browsers: one opens a table through its form, sends the link, the
others sit down, and the game starts by itself; each then plays their own seat by clicking, seeing only their own
hand, told in the page's title when it is their turn.

Each person is a browser context of their own (their own session and visitor key), none signed in.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.accessibility import assert_accessible, assert_fits_the_width

# Screenshots of each page state are kept only when SCREENSHOTS names a directory.
SCREENSHOTS = os.environ.get("SCREENSHOTS")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1100, "height": 900}

YOUR_TURN_TITLE = re.compile(r"^▶ Your turn")
# What the page's language says, where the test of each language checks it.
SAYS = {"en": {"seats": "Seats", "your turn": "▶ Your turn — "}, "ru": {"seats": "Места", "your turn": "▶ Ваш ход — "}}
# A page's table is settled once it shows the latest step: the person to move has the move form (data-your-turn),
# the others read "<name> to move." (an ellipsis while moves are still being pushed), or the game is over.
_SETTLED = """([names, atLeast]) => {
  const table = document.getElementById("table");
  if (!table || Number(table.dataset.step) < atLeast) return false;
  if (table.hasAttribute("data-your-turn") || table.querySelector(".end-screen")) return true;
  const status = table.querySelector(".status").textContent.replace(/\\s+/g, " ").trim();
  return names.some((name) => status === name + " to move.");
}"""
# The names of the cards a page shows face up as its own hand.
_OWN_CARDS = "(cards) => cards.map((card) => card.getAttribute('aria-label'))"


@pytest.fixture
def person(browser):
    """A new person: a browser context of their own, in `language`, phone-sized."""
    contexts = []

    def new_person(language: str = "en"):
        context = browser.new_context(viewport=PHONE, locale=language)
        contexts.append(context)
        return context.new_page()

    yield new_person
    for context in contexts:
        context.close()


def live(page) -> None:
    page.wait_for_function("() => document.documentElement.dataset.live === 'connected'")


def shoot(page, state: str, language: str) -> None:
    """Screenshots of the page at a phone's and a laptop's width (if SCREENSHOTS is set); it must fit both."""
    for name, size in (("390", PHONE), ("1100", DESKTOP)):
        page.set_viewport_size(size)
        assert_fits_the_width(page, f"{state} at {name} px in {language}")
        if SCREENSHOTS:
            Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=f"{SCREENSHOTS}/tables-{state}-{name}-{language}.png", full_page=True)
    page.set_viewport_size(PHONE)


def open_table(page, live_site: str, *, game_key: str, seats: tuple[str, ...], away_after: str = "never") -> None:
    """Open a table from /tables/ through its form: `seats` holds "person" or a bot level per seat."""
    page.goto(f"{live_site}/tables/")
    page.click(f".game-choice__list a[href$='/tables/new/{game_key}/']")
    page.wait_for_selector("#table-form")
    fill_table_form(page, seats=seats, away_after=away_after)
    page.click("#table-form button[type=submit]")
    page.wait_for_selector("#lobby .lobby__sit")
    live(page)


def fill_table_form(page, *, seats: tuple[str, ...], away_after: str) -> None:
    if page.input_value("select[name=players]") != str(len(seats)):
        page.select_option("select[name=players]", str(len(seats)))
        expect(page.locator("#table-seats select")).to_have_count(len(seats))
    for seat, kind in enumerate(seats):
        page.select_option(f"select[name=seat_{seat}]", kind)
    page.select_option("select[name=away_after]", away_after)


def sit_down(page, name: str) -> None:
    page.fill("#sit-name", name)
    page.click(".lobby__sit button[type=submit]")


def own_cards(page) -> list[str]:
    return page.locator(".me .hand .card").evaluate_all(_OWN_CARDS)


def assert_only_own_hand_shown(pages: dict[str, object]) -> None:
    """No page shows a card of another seat's hand face up: the others' hands are backs and a count, and the
    hands the pages show are each their own (no card in two of them)."""
    hands = {}
    for name, page in pages.items():
        assert page.locator(".opponents .card:not(.back)").count() == 0, f"{name}'s page shows another hand"
        hands[name] = own_cards(page)
    shown = [card for hand in hands.values() for card in hand]
    assert len(shown) == len(set(shown)), f"a card shows in two people's hands: {hands}"


def held_by_others(page, name: str) -> int:
    """How many cards `page` says the person called `name` holds (their hand face down)."""
    label = page.locator(".opponent", has=page.locator(".opponent__name", has_text=name)) \
        .locator(".hand--fan").get_attribute("aria-label")
    return int(re.match(r"\d+", label).group())


def settle(pages: dict[str, object], *, moved=None, after: int = 0) -> str | None:
    """Wait until every page shows the same latest step; the name of the person to move, or None at the end.

    `moved` is the page that clicked last (its table moves first, from its own move's answer), `after` the step
    it showed before.
    """
    names = list(pages)
    first = moved or pages[names[0]]
    first.wait_for_function(_SETTLED, arg=[names, after + 1 if moved else 0])
    step = int(first.get_attribute("#table", "data-step"))
    for page in pages.values():
        page.wait_for_function(_SETTLED, arg=[names, step])
        assert int(page.get_attribute("#table", "data-step")) == step
    movers = [name for name, page in pages.items() if page.locator("#table[data-your-turn]").count()]
    if not movers:
        for page in pages.values():
            expect(page.locator(".end-screen")).to_be_visible()
        return None
    assert len(movers) == 1, f"several pages think it is their turn: {movers}"
    return movers[0]


def assert_turn_shown(pages: dict[str, object], mover: str) -> None:
    """The person to move is told so in the page's title and status; everybody else reads whose turn it is."""
    for name, page in pages.items():
        status = page.locator("#table .status")
        if name == mover:
            expect(page).to_have_title(YOUR_TURN_TITLE)
            expect(status).to_contain_text("Your turn")
            assert page.locator(".move-form button[type=submit]").count() >= 1
        else:
            expect(page).not_to_have_title(YOUR_TURN_TITLE)
            expect(status).to_have_text(re.compile(rf"^\s*{mover} to move\.\s*$"))
            expect(page.locator(".opponent--turn .opponent__name")).to_contain_text(mover)
            assert page.locator(".move-form").count() == 0


def click_a_choice(page, rng: random.Random) -> int:
    """Make the page's move with one of the choices offered, picked at random (always the first would have two
    people ask each other the same question for ever); the step the page showed before."""
    before = int(page.get_attribute("#table", "data-step"))
    form = page.locator(".move-form")
    radios = form.locator("input[type=radio]")
    if radios.count():
        radios.nth(rng.randrange(radios.count())).check()
    cards = form.locator("fieldset[data-choose] label.card-choice")   # Hearts' pass: as many as it asks for
    if cards.count():
        wanted = int(form.locator("fieldset[data-choose]").get_attribute("data-choose"))
        for index in rng.sample(range(cards.count()), wanted):
            cards.nth(index).click()   # the card, as a person clicks it (its box itself is hidden)
        expect(form.locator("input[name=cards]:checked")).to_have_count(wanted)
    buttons = form.locator("button[type=submit]")
    buttons.nth(rng.randrange(buttons.count())).click()
    return before


def test_two_people_and_a_bot_play_a_sunduchok_table_to_the_end(live_site, person):
    alice, boris = person(), person()
    open_table(alice, live_site, game_key="sunduchok", seats=("person", "person", "easy"))
    invitation = alice.input_value("#invite-link")
    assert re.fullmatch(rf"{re.escape(live_site)}/tables/[A-Z2-9]{{8}}/", invitation)

    sit_down(alice, "Alice")
    expect(alice.locator(".lobby__seat--mine")).to_contain_text("Alice")
    expect(alice.locator(".lobby__seat--mine")).to_contain_text("(you)")
    assert alice.locator(".lobby__sit").count() == 0   # one seat per person
    assert_accessible(alice, "a table's lobby, waiting for the others")

    boris.goto(invitation)
    expect(boris.locator(".lobby__seats")).to_contain_text("Alice")
    assert boris.locator(".lobby__sit input[name=seat]").count() == 1   # the one people's seat left
    sit_down(boris, "Boris")

    # The last people's seat taken, the game starts: Boris's page goes to it, Alice's follows by itself.
    for page in (boris, alice):
        page.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"))
        page.wait_for_selector("#table")
        live(page)
    assert alice.url == boris.url
    pages = {"Alice": alice, "Boris": boris}
    for page in pages.values():
        assert page.locator(".opponent__name", has_text="Easy").count() == 1   # the bot, named by its level
        assert page.locator(".hint-form").count() == 0   # no coach for people playing each other

    mover = settle(pages)
    waiting = pages["Boris" if mover == "Alice" else "Alice"]
    assert_accessible(pages[mover], "a together Sunduchok table, the first turn")
    assert_accessible(waiting, "a together Sunduchok table, waiting for the other person")
    shoot(pages[mover], "play-your-turn", "en")
    shoot(waiting, "play-waiting", "en")
    turns = {"Alice": 0, "Boris": 0}
    rng = random.Random(21)
    while mover is not None:
        assert_turn_shown(pages, mover)
        assert_only_own_hand_shown(pages)
        other = "Boris" if mover == "Alice" else "Alice"
        assert held_by_others(pages[other], mover) == len(own_cards(pages[mover]))
        before = click_a_choice(pages[mover], rng)
        turns[mover] += 1
        previous, mover = mover, settle(pages, moved=pages[mover], after=before)
        if mover is not None and mover != previous:
            # The turn came to this page while it waited: its screen reader hears so.
            expect(pages[mover].locator("#announcer")).to_contain_text("It is your turn.")

    assert turns["Alice"] > 0 and turns["Boris"] > 0
    for page in pages.values():
        end_screen = page.locator(".end-screen")
        expect(end_screen).to_contain_text("Game over")
        expect(end_screen.locator("a[href$='/tables/']")).to_be_visible()   # the next table is chosen together
        expect(page).not_to_have_title(YOUR_TURN_TITLE)
        assert page.locator(".move-form").count() == 0
    assert_accessible(alice, "a together Sunduchok table, the end screen")
    shoot(alice, "play-end", "en")


def test_four_people_sit_at_a_hearts_table_and_each_passes_from_their_own_hand(live_site, person):
    names = ["Anna", "Boris", "Vera", "Gleb"]
    pages = {name: person() for name in names}
    opener = pages["Anna"]
    open_table(opener, live_site, game_key="hearts", seats=("person",) * 4)
    invitation = opener.input_value("#invite-link")
    sit_down(opener, "Anna")
    expect(opener.locator(".lobby__seat--mine")).to_contain_text("Anna")

    for name in names[1:]:
        pages[name].goto(invitation)
        pages[name].wait_for_selector(".lobby__sit")
        live(pages[name])
    # Gleb is writing his name while the others sit down: his lobby follows them, and keeps what he wrote.
    gleb = pages["Gleb"]
    gleb.fill("#sit-name", "Gleb")
    for seated, name in zip(names[:-2], names[1:-1], strict=True):
        expect(pages[name].locator(".lobby__seats")).to_contain_text(seated)   # each lobby followed the last one
        sit_down(pages[name], name)
        expect(pages[name].locator(".lobby__seat--mine")).to_contain_text(name)
    expect(gleb.locator(".lobby__seats")).to_contain_text("Vera")
    expect(gleb.locator(".lobby__sit input[name=seat]")).to_have_count(1)
    assert gleb.input_value("#sit-name") == "Gleb"
    assert gleb.evaluate("() => document.activeElement.id") == "sit-name"   # and where he was writing
    gleb.click(".lobby__sit button[type=submit]")

    for page in pages.values():
        page.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"))
        page.wait_for_selector("#table")
        live(page)
    assert len({page.url for page in pages.values()}) == 1

    mover = settle(pages)
    hands = {name: own_cards(page) for name, page in pages.items()}
    assert all(len(hand) == 13 for hand in hands.values()), hands
    assert len({card for hand in hands.values() for card in hand}) == 52   # four different hands: the whole deck
    assert_only_own_hand_shown(pages)
    assert_accessible(pages[mover], "a together Hearts table, the pass")
    assert_fits_the_width(pages[mover], "a together Hearts table, the pass")

    # Each chooses three cards to pass (none comes ticked), in turn, on their own page.
    passed = []
    while mover not in passed:
        assert_turn_shown(pages, mover)
        assert_only_own_hand_shown(pages)
        expect(pages[mover].locator(".move-form input[name=cards]")).to_have_count(13)
        expect(pages[mover].locator(".move-form input[name=cards]:checked")).to_have_count(0)
        before = click_a_choice(pages[mover], random.Random(0))
        passed.append(mover)
        mover = settle(pages, moved=pages[passed[-1]], after=before)
    assert sorted(passed) == sorted(names)

    # Every hand got its three cards from another person: thirteen again, still nobody else's.
    for page in pages.values():
        expect(page.locator(".me__facts")).to_contain_text("you received")
        assert len(own_cards(page)) == 13
    assert_only_own_hand_shown(pages)
    after_pass = {name: set(own_cards(page)) for name, page in pages.items()}
    assert len(set().union(*after_pass.values())) == 52
    assert any(after_pass[name] != set(hands[name]) for name in names)
    assert_turn_shown(pages, mover)
    # Whoever holds the two of clubs leads it: their page offers that card alone.
    expect(pages[mover].locator(".move-form button[name=card]")).to_have_count(1)
    assert pages[mover].get_attribute(".move-form button[name=card]", "value") == "2C"


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_tables_pages_are_accessible_and_fit_a_phone(live_site, person, language):
    """/tables/, the form, the lobby (to sit, then waiting) and the game its opener starts with a bot in the free
    seat: axe finds no serious problem, nothing scrolls sideways, at a phone's width and a laptop's."""
    page = person(language)
    page.goto(f"{live_site}/tables/")
    tables_link = page.locator("nav a[href='/tables/']")
    expect(tables_link).to_have_attribute("aria-current", "page")
    box = tables_link.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]   # the navigation's new link fits
    assert_accessible(page, f"/tables/ in {language}")
    shoot(page, "index", language)

    page.click(".game-choice__list a[href$='/tables/new/sunduchok/']")
    page.wait_for_selector("#table-form")
    assert_accessible(page, f"the new table's form in {language}")
    shoot(page, "form", language)

    fill_table_form(page, seats=("person", "person", "easy"), away_after="180")
    page.click("#table-form button[type=submit]")
    page.wait_for_selector("#lobby .lobby__sit")
    live(page)
    invitation = page.input_value("#invite-link")
    assert page.locator("form[action$='/start/']").count() == 0   # nobody to start with yet
    expect(page.locator("#lobby h2")).to_have_text(SAYS[language]["seats"])
    assert_accessible(page, f"a table's lobby, a seat to take, in {language}")
    shoot(page, "lobby", language)

    sit_down(page, "Masha")
    page.wait_for_selector(".lobby__seat--mine")
    assert_accessible(page, f"a table's lobby, waiting, in {language}")
    shoot(page, "lobby-waiting", language)

    # The opener starts without waiting: the free people's seat gets a bot of the stand-in level.
    page.click("form[action$='/start/'] button[type=submit]")
    page.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"))
    page.wait_for_selector("#table")
    live(page)
    assert page.locator(".opponent").count() == 2
    assert page.locator(".opponent .badge").count() >= 2   # both others are bots, named with their level
    expect(page).to_have_title(re.compile("^" + re.escape(SAYS[language]["your turn"])))   # the bots play up to her
    assert_accessible(page, f"a together table's play page in {language}")
    shoot(page, "play", language)

    # Back on /tables/, the table being played is listed, to go back to.
    code = re.search(r"/tables/([A-Z2-9]{8})/", invitation).group(1)
    page.goto(f"{live_site}/tables/")
    expect(page.locator(".table-list__item")).to_have_count(1)
    expect(page.locator(".table-list__item .table-code")).to_have_text(code)
    page.click(".table-list__link")
    page.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"))   # its page leads to the game
    page.go_back()
    page.wait_for_selector(".table-list")
    assert_accessible(page, f"/tables/ with a table in {language}")
    shoot(page, "index-listed", language)
