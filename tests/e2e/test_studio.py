"""An editor writes a Hearts worked example in the lesson studio without typing JSON — a deal from a seed, the
pass and two tricks played on the table, a question made by clicking the right card, the editor's own words for the
wrong cards, a hint — and publishes it; a learner walks through it in the other language. Each studio page is
checked with axe and photographed on a phone and a desktop."""

from __future__ import annotations

import os
import re

from tests.e2e.accessibility import assert_accessible, assert_fits_the_width
from tests.live_site import manage

SCREENSHOTS = "/tmp/cardschool-e2e"
PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1440, "height": 900}
CREATE_EDITOR = """
from django.contrib.auth.models import Group, User
editor = User.objects.create_user("studio-editor", password="a studio editor's password", is_staff=True)
editor.groups.add(Group.objects.get(name="Editors"))
"""
TITLE = "Studio: leading after the pass"
WRONG_EN, WRONG_RU = "Not this card (written in the studio, %d).", "Не эта карта (написано в студии, %d)."


def check(page, name: str) -> None:
    """No sideways scroll and no serious axe problem, every folded part opened (the deal's tools, the card picker,
    the practice game), on a phone and a desktop; a screenshot of each."""
    os.makedirs(SCREENSHOTS, exist_ok=True)
    page.evaluate("() => document.querySelectorAll('details').forEach((part) => { part.open = true; })")
    for size, label in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page.set_viewport_size(size)
        assert_fits_the_width(page, f"the studio's {name} ({label})")
        assert_accessible(page, f"the studio's {name} ({label})")
        page.screenshot(path=f"{SCREENSHOTS}/studio-{name}-{label}.png", full_page=True)
    page.set_viewport_size(DESKTOP)


def play_first_choice(page) -> None:
    """Play the first legal choice of the seat to move with the play page's own form (three cards to pass)."""
    form = page.locator("section[aria-labelledby=studio-play-heading] form")
    labels = form.locator("label.card-choice")
    if labels.count():
        for index in range(3):
            labels.nth(index).click()
        form.locator("button[type=submit]").click()
    else:
        form.locator("button.card-button").first.click()
    page.wait_for_load_state()


def moves_played(page) -> int:
    return int(page.locator("section[aria-labelledby=studio-play-heading] input[name=move]").get_attribute("value"))


def test_an_editor_writes_a_hearts_example_on_the_table_and_a_learner_walks_it(live_site, site_env, browser):
    manage(site_env, "shell", "-c", CREATE_EDITOR)
    editor = browser.new_context(viewport=DESKTOP, extra_http_headers={"Accept-Language": "en"})
    page = editor.new_page()
    page.goto(f"{live_site}/accounts/login/?next=/studio/")
    page.fill("input[name=username]", "studio-editor")
    page.fill("input[name=password]", "a studio editor's password")
    page.click("main form button[type=submit]")
    page.wait_for_url(f"{live_site}/studio/")
    check(page, "index")

    page.fill("#new-hearts", TITLE)
    page.locator("form:has(#new-hearts) button[type=submit]").click()
    page.wait_for_url(re.compile(r".*/studio/lessons/\d+/$"))
    lesson_url = page.url
    check(page, "lesson")

    page.click("a:has-text('Step 1')")
    page.fill("#deal-seed", "11")
    page.click("button:has-text('Deal')")
    page.wait_for_selector("section[aria-labelledby=studio-play-heading]")
    while moves_played(page) < 12:   # the four passes, then two tricks
        play_first_choice(page)
    page.click("button:has-text('Take back the last move')")
    page.wait_for_load_state()
    assert moves_played(page) == 11
    play_first_choice(page)
    check(page, "step-replay")

    page.goto(lesson_url)
    page.click("button:has-text('Add a step')")
    page.wait_for_url(re.compile(r".*/steps/2/$"))
    assert moves_played(page) == 12   # it goes on from step 1, nothing copied by hand
    while page.locator("section[aria-labelledby=studio-answer-heading]").count() == 0:
        play_first_choice(page)
    cards = page.locator("section[aria-labelledby=studio-answer-heading] button.card-button")
    assert cards.count() >= 3, "the learner must have a choice at this position"
    values = [cards.nth(index).get_attribute("value") for index in range(cards.count())]
    answer = values[-1]
    cards.last.click()
    page.wait_for_selector("text=Right moves:")

    # The editor's own words for every wrong card (two at least), a hint and the step's text, both languages.
    wrong_boxes = page.locator("textarea[name^=feedback-][name$=-en]")
    assert wrong_boxes.count() == len(values) - 1
    for number in range(wrong_boxes.count()):
        name = wrong_boxes.nth(number).get_attribute("name")
        page.fill(f"textarea[name='{name}']", WRONG_EN % number)
        page.fill(f"textarea[name='{name[:-3]}-ru']", WRONG_RU % number)
    page.fill("textarea[name=body_en]", "Your lead. Which card keeps you safe?")
    page.fill("textarea[name=body_ru]", "Ваш ход. Какая карта безопасна?")
    page.fill("textarea[name=hint_1_en]", "Count what is still out.")
    page.fill("textarea[name=hint_1_ru]", "Посчитайте, что ещё не вышло.")
    page.click("button:has-text('Save the texts')")
    page.wait_for_selector(".message--success")
    assert "{" not in page.locator("main").inner_text()   # no JSON anywhere on the editor's page
    check(page, "step-question")

    page.goto(lesson_url)
    page.click("button:has-text('Publish')")
    page.wait_for_selector("button:has-text('Unpublish')")
    editor.close()

    # A learner in Russian: step 1 shows the position, step 2 asks; a wrong card reads the editor's words.
    learner = browser.new_context(viewport=PHONE, extra_http_headers={"Accept-Language": "ru"})
    page = learner.new_page()
    page.goto(f"{live_site}/learn/hearts/")
    page.click(f"a:has-text('{TITLE}')")
    page.wait_for_selector("#lesson-step")
    page.click("a[rel=next]")
    page.wait_for_selector("text=Ваш ход. Какая карта безопасна?")
    wrong = next(value for value in values if value != answer)
    page.click(f"#lesson-step button.card-button[value='{wrong}']")
    page.wait_for_selector("text=Не эта карта (написано в студии")
    assert_accessible(page, "a studio lesson's question after a wrong card")
    page.click(f"#lesson-step button.card-button[value='{answer}']")
    page.wait_for_selector("text=Урок пройден")
    learner.close()
