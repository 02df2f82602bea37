"""No rule set is named by its slug on a learner's pages: every lesson step, course, rules, new-game and new-table
page of the four games, in both languages, read as the browser shows them (a slug in an address or an id is not
shown, and is not looked for). The new-game pages do not offer the preset for developers either."""

from __future__ import annotations

import re

import pytest

from games.rules import GAMES
from tests.live_site import query_site

LESSON_STEPS = """
import json
from tutorials.models import Lesson
lessons = list(Lesson.objects.filter(published=True).order_by("game_key", "order"))
steps = [lesson.step_url(step.number) for lesson in lessons for step in lesson.steps.order_by("number")]
print(json.dumps({"lessons": len(lessons), "steps": steps}))
"""
SLUGS = sorted({slug for game in GAMES.values() for slug in game.presets}, key=len, reverse=True)
# A slug that is an English word ("standard", "short") is looked for only where it stands as a name: in brackets or
# as code. The others ("deck-52", "aurabox", "openspiel") are found anywhere in the text, as written (the names
# "Aurabox" and "OpenSpiel" are capitalised).
WORDS = [slug for slug in SLUGS if re.fullmatch(r"[a-z]+", slug) and slug not in {"aurabox", "openspiel"}]
WORD_SLUGS = "|".join(WORDS)
OTHER_SLUGS = "|".join(re.escape(slug) for slug in SLUGS if slug not in WORDS)
SLUG_IN_TEXT = re.compile(rf"\(\s*(?:{WORD_SLUGS})\s*\)|(?<![\w/#-])(?:{OTHER_SLUGS})(?![\w-])")
# The text of the page as shown, and the text of each code element (a slug in code is one by its look).
SHOWN = """() => [document.body.innerText, [...document.querySelectorAll("code")].map((code) => code.innerText)]"""


def slugs_shown(page) -> list[str]:
    text, codes = page.evaluate(SHOWN)
    found = [match.group(0) for match in SLUG_IN_TEXT.finditer(text)]
    return found + [f"<code>{code}</code>" for code in codes if code.strip() in SLUGS]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_no_page_of_a_learner_names_a_rule_set_by_its_slug(live_site, site_env, browser, language):
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  extra_http_headers={"Accept-Language": language})
    page = context.new_page()
    addresses = ["/learn/", "/rules/", "/play/", "/tables/"]
    for key in GAMES:
        addresses += [f"/learn/{key}/", f"/rules/{key}/", f"/play/{key}/new/", f"/tables/new/{key}/"]
    lessons = query_site(site_env, LESSON_STEPS)
    assert lessons["lessons"] >= 30   # the built-in lessons of the four games, every step of each
    addresses += lessons["steps"]
    offenders = {}
    for address in addresses:
        response = page.goto(f"{live_site}{address}", wait_until="domcontentloaded")
        assert response.status == 200, address
        if found := slugs_shown(page):
            offenders[address] = found
        if address.endswith("/new/"):
            assert "OpenSpiel" not in page.inner_text("form"), f"{address} offers the preset for developers"
    context.close()
    assert not offenders, "slugs shown: " + "; ".join(f"{address}: {found}" for address, found in offenders.items())
