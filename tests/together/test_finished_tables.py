"""/tables/ after a game: the tables a person played at and finished are listed too, the latest first and a
handful of them, each with its game and its review; the page no longer says "No tables yet" to them."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from core.visitors import VISITOR_KEY, Visitor
from games.models import Game
from tests.together.helpers import browser, play_to_the_end, seated_people
from together.selectors import FINISHED_TABLES_SHOWN, finished_tables_of_visitor

pytestmark = pytest.mark.django_db


def finished_section(page: str) -> str:
    start = page.index('id="finished-tables"')
    return page[start:page.index("</section>", start)]


def test_a_finished_table_is_listed_with_its_game_and_review_for_each_person_at_it():
    game, clients = seated_people("sunduchok", ("person", "person", "easy"), seed=3)
    game = play_to_the_end(game, clients, seed=1)

    for client in clients.values():
        page = client.get(reverse("tables")).content.decode()
        assert "No tables yet" not in page
        assert "None of your tables is waiting or being played" in page
        finished = finished_section(page)
        assert f'href="{reverse("play", args=[game.pk])}"' in finished
        assert f'href="{reverse("review", args=[game.pk])}"' in finished and "Review your game" in finished
        assert game.table.code in finished and "Person 1, Person 2" in finished
        assert client.get(reverse("play", args=[game.pk])).status_code == 200   # the link opens the game

    stranger = browser().get(reverse("tables")).content.decode()
    assert "No tables yet" in stranger and 'id="finished-tables"' not in stranger and game.table.code not in stranger


def test_a_table_still_played_is_not_listed_as_finished():
    game, clients = seated_people("sunduchok", ("person", "person", "easy"), seed=3)

    page = clients[0].get(reverse("tables")).content.decode()

    assert 'id="finished-tables"' not in page and "being played" in page and game.table.code in page


def test_the_latest_finished_tables_come_first_and_only_a_handful():
    client = browser()
    games = [seated_people("sunduchok", ("person", "easy"), browsers={0: client}, seed=seed)[0]
             for seed in range(FINISHED_TABLES_SHOWN + 2)]
    now = timezone.now()
    for age, game in enumerate(games):   # the first game ended last
        Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, updated_at=now - timedelta(minutes=age))

    tables = finished_tables_of_visitor(visitor=Visitor(key=client.session[VISITOR_KEY]))

    assert [table.game_id for table in tables] == [game.pk for game in games[:FINISHED_TABLES_SHOWN]]
    listed = re.findall(r'href="/play/([0-9a-f-]+)/"', finished_section(client.get(reverse("tables")).content.decode()))
    assert listed == [str(game.pk) for game in games[:FINISHED_TABLES_SHOWN]]
