"""What a move asks the database: a learner's move must cost the machine little (issue 30), so a game of one
person reads no seat holders (only a table of several people has any), and the preset's name comes from the
cache, which every change of a preset empties."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Preset
from tests.web.helpers import a_legal_action, move_data, page_at, start_game

pytestmark = pytest.mark.django_db


def test_a_move_of_a_game_of_one_person_reads_neither_seat_holders_nor_presets(client):
    game = start_game(client)
    page_at(client, game)   # the page read the presets' names once
    with CaptureQueriesContext(connection) as queries:
        response = client.post(reverse("act", args=[game.pk]), move_data(game, a_legal_action(game, random.Random(0))),
                               headers={"hx-request": "true"})
        page = page_at(client, game)
    assert response.status_code == 200
    asked = [query["sql"] for query in queries
             if "games_seatholder" in query["sql"] or "tutorials_preset" in query["sql"]]
    assert asked == []
    assert Preset.objects.get(game_key="sunduchok", slug="standard").name in page


def test_a_preset_renamed_or_deleted_is_named_so_on_the_next_page(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    game = start_game(client)
    preset = Preset.objects.get(game_key="sunduchok", slug="standard")
    assert f'"play-title__preset">{preset.name_en}<' in page_at(client, game)
    preset.name_en = "House rules"
    preset.save()
    assert '"play-title__preset">House rules<' in page_at(client, game)
    preset.delete()
    assert '"play-title__preset">rules no longer listed<' in page_at(client, game)
