"""The proof that a game is one package (issue 28): Duel, a fifth game that lives only in these tests, installed
through the INSTALLED_GAMES setting with no change to generic code, is offered, played, coached, taught,
assigned, mined and seated like the four real games."""

from __future__ import annotations

import random

import pytest
from django.test import Client, override_settings
from django.urls import reverse

import games.installed
from games.history import game_history
from games.models import Game
from tutorials.services import preset_sync_builtin

pytestmark = pytest.mark.django_db

DESCRIPTION = "Two players, a few hearts each: the higher card takes the trick, and most tricks win."
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def duel_installed():
    with override_settings(INSTALLED_GAMES=(*games.installed.INSTALLED_GAMES, "tests.fifth_game")):
        yield


@pytest.mark.parametrize("page", ["home", "play_index"])
def test_the_offers_list_duel(page):
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse(page)).content.decode()

    assert DESCRIPTION in html
    assert f'href="{reverse("new_game", args=["duel"])}"' in html
    assert f'href="{reverse("rules_page", args=["duel"])}"' in html
