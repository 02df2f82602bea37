"""Redis stopped: pages, moves and sign-ins still work; once Redis is back, live pushes work again (at a table of
people, whose pages listen for them).

The site runs as a daphne subprocess with REDIS_URL pointing at a redis-server of the test's own, which the
test kills (SIGKILL) and later starts again on the same port.
"""

from __future__ import annotations

import asyncio
import re

import aiohttp

from tests.faults.conftest import site_env_for
from tests.faults.helpers import Visitor, act_path, first_choice, table_step
from tests.live_site import query_site

CREATE_USER = """
import json
from django.contrib.auth import get_user_model
get_user_model().objects.create_user("{username}", password="{password}")
print(json.dumps(True))
"""
PASSWORD = "a-long-enough-password-42"


def sign_in(site_url: str, username: str) -> tuple[int, int]:
    visitor = Visitor(site_url)
    form = visitor.get("/accounts/login/")
    signed_in = visitor.post("/accounts/login/", {"username": username, "password": PASSWORD})
    return form.status, signed_in.status


async def first_push_after_a_move(site_url: str, visitor: Visitor, play: str) -> dict:
    """Open the play page's WebSocket as `visitor`, make a move, and return the first message pushed."""
    headers = {"Origin": site_url, "Cookie": f"sessionid={visitor.cookies['sessionid']}", "Accept-Language": "en"}
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(f"{site_url}/ws{play}", headers=headers) as socket:
            page = await asyncio.to_thread(visitor.get, play)
            reply = await asyncio.to_thread(visitor.post, act_path(play), first_choice(page.text))
            assert reply.status == 302
            return await socket.receive_json(timeout=30)


def test_pages_moves_and_sign_in_work_with_redis_down_and_pushes_resume_when_it_is_back(
        site_database_url, start_site, private_redis):
    env = site_env_for(site_database_url, redis_url=private_redis.url)
    query_site(env, CREATE_USER.format(username="redis-outage", password=PASSWORD))
    site = start_site(env)
    visitor = Visitor(site.url)
    # A table of one person and two bots, whose page listens for pushes (a game against bots alone has no socket).
    code = visitor.open_table("sunduchok", ("person", "easy", "medium"))
    sat = visitor.sit(code, 0, "Masha")
    assert sat.status == 302   # the only person's seat taken: the game starts
    play = sat.headers["Location"]
    step = table_step(visitor.get(play).text)

    private_redis.kill()

    assert visitor.get("/").status == 200
    learn = visitor.get("/learn/")
    assert learn.status == 200
    lesson = re.search(r'href="(/learn/sunduchok/[\w-]+/)"', learn.text).group(1)
    assert visitor.get_following(lesson).status == 200
    page = visitor.get(play)
    assert page.status == 200
    moved = visitor.post(act_path(play), first_choice(page.text))
    assert moved.status == 302
    assert table_step(visitor.get(play).text) > step
    assert sign_in(site.url, "redis-outage") == (200, 302)
    assert "Redis cache unreachable" in site.output()   # the sign-in was counted in local memory

    private_redis.start()

    step = table_step(visitor.get(play).text)
    push = asyncio.run(first_push_after_a_move(site.url, visitor, play))
    assert push["step"] == step + 1
    assert f'data-step="{step + 1}"' in push["html"]
