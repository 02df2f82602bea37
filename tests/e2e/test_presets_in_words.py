"""An editor changes a preset in words: the Hearts short match's end from 50 to 75 would change how a built-in
lesson ends, so the save lists that lesson's step and waits for the editor's confirmation; nothing is saved until
then. The preset's form and its list read in words, and axe finds no serious problem on them, in both languages."""

from __future__ import annotations

import os

from tests.e2e.accessibility import assert_accessible, assert_fits_the_width
from tests.live_site import manage, query_site

SCREENSHOTS = "/tmp/cardschool-e2e"
CREATE_EDITOR = """
from django.contrib.auth.models import Group, User
editor = User.objects.create_user("preset-editor", password="a preset editor's password", is_staff=True)
editor.groups.add(Group.objects.get(name="Editors"))
"""
SHORT_MATCH = """
import json
from games.models import Preset
preset = Preset.objects.get(game_key="hearts", slug="short-50")
print(json.dumps({"pk": preset.pk, "fields": preset.fields}))
"""


def test_a_preset_change_that_would_change_a_lesson_waits_for_the_editor(live_site, site_env, browser):
    manage(site_env, "shell", "-c", CREATE_EDITOR)
    short = query_site(site_env, SHORT_MATCH)
    os.makedirs(SCREENSHOTS, exist_ok=True)
    for language in ("en", "ru"):
        context = browser.new_context(viewport={"width": 1280, "height": 900},
                                      extra_http_headers={"Accept-Language": language})
        page = context.new_page()
        page.goto(f"{live_site}/admin/login/?next=/admin/games/preset/")
        page.fill("input[name=username]", "preset-editor")
        page.fill("input[name=password]", "a preset editor's password")
        page.click("input[type=submit]")
        page.wait_for_selector("#result_list")
        assert "end_at" not in page.locator("#result_list").inner_text()   # the fields read in words
        assert_accessible(page, f"the presets' list in words ({language})")
        page.goto(f"{live_site}/admin/games/preset/{short['pk']}/change/")
        page.fill("input[name=variant_end_at]", "75")
        page.click("input[name=_save]")
        page.wait_for_selector("input[name=confirm_changes]")
        assert_accessible(page, f"a preset change waiting for confirmation ({language})")
        for size, label in (({"width": 390, "height": 844}, "phone"), ({"width": 1280, "height": 900}, "desktop")):
            page.set_viewport_size(size)
            assert_fits_the_width(page, f"a preset change waiting for confirmation ({label}, {language})")
            page.screenshot(path=f"{SCREENSHOTS}/preset-confirm-{language}-{label}.png", full_page=True)
        context.close()
        assert query_site(site_env, SHORT_MATCH)["fields"] == {"end_at": 50}   # nothing saved without the tick
