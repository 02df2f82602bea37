"""Playing the table in a browser as a person does: click the first offered choice until the end."""

from __future__ import annotations


def current_step(page) -> int:
    return int(page.get_attribute("#table", "data-step"))


def click_until_game_over(page, most: int = 1000, until: str = ".end-screen") -> int:
    """Click the first choice of each decision until `until` shows (by default the end screen);
    returns the clicks made."""
    clicks = 0
    while not page.is_visible(until):
        assert clicks < most, f"{until} never showed"
        page.wait_for_selector(f".move-form button[type=submit], {until}")
        if page.is_visible(until):
            break
        before = current_step(page)
        page.locator(".move-form button[type=submit]").first.click()
        clicks += 1
        # The reply shows the click's result; the bots' moves then arrive over the WebSocket.
        page.wait_for_function(f"() => Number(document.getElementById('table').dataset.step) > {before}")
    return clicks
