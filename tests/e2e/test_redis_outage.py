"""Redis stopped while the play page of a table of people is open (a game against bots alone has no socket): moves
still show the bots' replies, and once Redis is back the page reconnects and live pushes carry the bots' moves again.

A second worker of the e2e site (the same SQLite file) runs with a redis-server of this test's own. Its bots
move BOT_MOVE_DELAY = 2 s apart (tests/faults/settings_paced_bots.py), so the page's own delayed refresh of a
table it is behind on (9 s at the soonest, games.selectors.table_context) cannot stand in for the fetch
table.js makes at once when the socket is down: the waits below give that fetch 5 s.
"""

from __future__ import annotations

import json

import pytest

from tests.e2e.accessibility import assert_accessible
from tests.e2e.table import click_first_choice, current_step
from tests.e2e.test_tables import open_table, sit_down
from tests.live_site import REDIS_SERVER, PrivateRedis, SiteProcess

SCREENSHOTS = "/tmp/cardschool-e2e"
# Conditions as functions: Playwright evaluates a bare expression with eval, which the site's CSP forbids.
LIVE = "() => document.documentElement.dataset.live === '{}'"
MOST_CLICKS = 60
MOVES_FOR_A_PUSH = 3


@pytest.fixture
def redis_site(site_env, live_site):
    """The URL of a worker using a private Redis, and that Redis; `live_site` has prepared the database."""
    if REDIS_SERVER is None:
        pytest.skip("the redis-server binary is not installed")
    redis = PrivateRedis()
    redis.start()
    site = SiteProcess({**site_env, "REDIS_URL": redis.url, "BOT_MOVE_DELAY": "2",
                        "DJANGO_SETTINGS_MODULE": "tests.faults.settings_paced_bots"})
    try:
        site.start()
        yield site.url, redis
    finally:
        site.close()
        redis.stop()


def click_until_bots_reply(page, within_ms: int) -> int:
    """Click the first choice until a click's result shows a bot's reply (the table more than one step on);
    return the step then shown. A click that leaves the turn with the player shows its next choice instead."""
    for _ in range(MOST_CLICKS):
        before = current_step(page)
        click_first_choice(page)
        page.wait_for_function(
            f"() => {{ const step = Number(document.getElementById('table').dataset.step); return step > {before} "
            f"&& (step > {before} + 1 || document.querySelector('#table .move-form, #table .end-screen') !== null); }}",
            timeout=within_ms)
        if current_step(page) > before + 1:
            return current_step(page)
    raise AssertionError(f"no move among {MOST_CLICKS} passed the turn to the bots")


def arrives_as_a_push(page, pushed_steps: list, step: int) -> bool:
    for _ in range(100):
        if step in pushed_steps:
            return True
        page.wait_for_timeout(200)
    return False


def test_the_table_keeps_up_while_redis_is_down_and_pushes_resume_when_it_is_back(redis_site, page):
    url, redis = redis_site
    pushed_steps = []
    page.on("websocket", lambda socket: socket.on(
        "framereceived", lambda payload: pushed_steps.append(json.loads(payload).get("step"))))
    # A table of one person and two bots: it starts as she sits down.
    open_table(page, url, game_key="sunduchok", seats=("person", "easy", "easy"))
    sit_down(page, "Masha")
    page.wait_for_selector("#table[data-ws]")
    page.wait_for_function(LIVE.format("connected"))

    redis.kill()
    page.wait_for_function(LIVE.format("disconnected"))
    assert_accessible(page, "the play page, its live connection down")
    pushes_before = len(pushed_steps)
    click_until_bots_reply(page, within_ms=5000)
    assert len(pushed_steps) == pushes_before   # nothing came over the socket: the page fetched the table
    page.screenshot(path=f"{SCREENSHOTS}/redis-down-move.png", full_page=True)
    assert_accessible(page, "the play page, a move made while the live connection is down")

    redis.start()
    page.wait_for_function(LIVE.format("connected"), timeout=30000)
    # The first socket after the restart may still die: the worker starts listening for it as it opens, maybe while
    # Redis is still down, and gives up after its retries. A reply pushed before the page's next socket has joined
    # the game's group reaches no page (the page shows it by fetching the table as it reconnects). Pushes have
    # resumed when a later reply comes over the socket: give each of a few moves' replies up to 20 s (Playwright
    # hands the frames over while the page waits).
    for _ in range(MOVES_FOR_A_PUSH):
        step = click_until_bots_reply(page, within_ms=10000)
        if arrives_as_a_push(page, pushed_steps, step):
            break
    assert step in pushed_steps   # a bot's reply arrived as a push
