"""CSRF: every POST route refuses a request without the page's token (403, nothing changed); with the token
from the page the forms work, in plain posts and in HTMX requests (the header set in base.html). The sockets
refuse a page of another site: tests/security/test_fuzz_websockets.py."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.models import Game
from tests.security.routes import POST_ROUTES
from tests.security.world import a_legal_move_data, browser, database_snapshot, enforcing_csrf

pytestmark = pytest.mark.django_db


def form_token(page: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)


def header_token(page: str) -> str:
    return re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)


@pytest.mark.parametrize("name", sorted(POST_ROUTES))
def test_a_post_without_the_pages_token_is_refused_with_403_and_changes_nothing(name, world):
    route = POST_ROUTES[name]
    client = enforcing_csrf(route.client(world))
    form = {field: values[0] for field, values in route.fields(world).items()}
    before = database_snapshot()
    for url in route.own(world):
        secret = client.cookies["csrftoken"].value
        wrong = secret[:-1] + ("B" if secret.endswith("A") else "A")   # well formed, one character off
        for token in ({}, {"csrfmiddlewaretoken": "x" * 64}, {"csrfmiddlewaretoken": wrong}):
            assert client.post(url, {**form, **token}).status_code == 403, (url, token)
        assert client.post(url, form, headers={"x-csrftoken": "x" * 32}).status_code == 403, url
    assert database_snapshot() == before


def test_a_move_posted_with_the_token_of_the_page_is_played(world):
    client = enforcing_csrf(world.player)
    page = client.get(reverse("play", args=[world.game.pk])).content.decode()
    before = world.game.move_count
    response = client.post(reverse("act", args=[world.game.pk]),
                           {**a_legal_move_data(world.game), "csrfmiddlewaretoken": form_token(page)})
    assert response.status_code == 302
    world.game.refresh_from_db()
    assert world.game.move_count > before


def test_an_htmx_move_with_the_header_token_of_the_page_is_played(world):
    client = enforcing_csrf(world.player)
    page = client.get(reverse("play", args=[world.game.pk])).content.decode()
    before = world.game.move_count
    response = client.post(reverse("act", args=[world.game.pk]), a_legal_move_data(world.game),
                           headers={"hx-request": "true", "x-csrftoken": header_token(page)})
    assert response.status_code == 200 and f'data-step="{before + 1}"' in response.content.decode()
    world.game.refresh_from_db()
    assert world.game.move_count > before


def test_a_new_game_posted_with_the_token_of_the_page_starts(world):
    client = enforcing_csrf(world.player)
    page = client.get(reverse("new_game", args=["rooster"])).content.decode()
    games = Game.objects.count()
    response = client.post(reverse("new_game", args=["rooster"]), {
        "preset": "standard", "players": 2, "bot_1": "easy", "csrfmiddlewaretoken": form_token(page)})
    assert response.status_code == 302 and Game.objects.count() == games + 1


def test_another_visitors_token_is_no_good(world):
    """A token belongs to its visitor's cookie: one an attacker got from the site for himself does not pass."""
    attacker = enforcing_csrf(browser())
    token = form_token(attacker.get(reverse("new_game", args=["sunduchok"])).content.decode())
    client = enforcing_csrf(world.player)
    before = database_snapshot()
    response = client.post(reverse("act", args=[world.game.pk]),
                           {**a_legal_move_data(world.game), "csrfmiddlewaretoken": token})
    assert response.status_code == 403
    assert database_snapshot() == before
