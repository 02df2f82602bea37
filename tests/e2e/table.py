"""Playing the table in a browser as a person does: click the first offered choice until the end."""

from __future__ import annotations


def current_step(page) -> int:
    return int(page.get_attribute("#table", "data-step"))


def click_until_game_over(page, most: int = 1000) -> int:
    """Click the first choice of each decision until the end screen shows; returns the clicks made."""
    clicks = 0
    while not page.is_visible(".end-screen"):
        assert clicks < most, "the game did not end"
        page.wait_for_selector(".move-form button[type=submit], .end-screen")
        if page.is_visible(".end-screen"):
            break
        before = current_step(page)
        page.locator(".move-form button[type=submit]").first.click()
        clicks += 1
        # The reply shows the click's result; the bots' moves then arrive over the WebSocket.
        page.wait_for_function(f"Number(document.getElementById('table').dataset.step) > {before}")
    return clicks
