"""A move against bots alone: its answer carries the table after the move and each state of the bots' replies, up
to the player's next decision, each with only the log lines the state before it lacks."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.history import game_history
from games.selectors import table_context
from tests.web.helpers import a_legal_action, answer_tables, move_data, start_game

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
LINE = re.compile(r"<li[ >]")


def log_lines_of(table: str) -> int:
    log = table[table.index('<ol class="log"'):]
    return len(LINE.findall(log[:log.index("</ol>")]))


def test_each_state_an_answer_carries_holds_only_the_log_lines_the_state_before_lacks():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = start_game(client, players=3, seed=12, levels=("easy", "easy"))
    rng = random.Random(12)
    replies_seen = 0
    while not game.is_over and replies_seen < 6:
        before = game.move_count
        response = client.post(reverse("act", args=[game.pk]), move_data(game, a_legal_action(game, rng)), **HTMX)
        assert response.status_code == 200
        game.refresh_from_db()
        tables = answer_tables(response.content.decode())
        assert [step for step, _ in tables] == list(range(before + 1, game.move_count + 1))
        full = {step: len(table_context(game, seat=0, step=step)["log"]) for step, _ in tables}
        first_step, first_table = tables[0]
        assert log_lines_of(first_table) == full[first_step] and "data-log-from" not in first_table
        for (previous, _), (step, table) in zip(tables, tables[1:], strict=False):
            assert f'data-log-from="{full[previous]}"' in table
            assert log_lines_of(table) == full[step] - full[previous] > 0
            replies_seen += 1
        # The last state carried is the player's decision: the move form, for the move the table is at.
        assert f'name="move" value="{game.move_count}"' in tables[-1][1] or game.is_over
    assert replies_seen >= 6


def test_without_javascript_a_move_leads_to_the_table_as_it_is_with_each_bots_move_in_the_log():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = start_game(client, players=3, seed=12, levels=("easy", "easy"))
    rng = random.Random(5)
    while True:
        before = game.move_count
        response = client.post(reverse("act", args=[game.pk]), move_data(game, a_legal_action(game, rng)))
        assert response.status_code == 302 and response.url == reverse("play", args=[game.pk])
        game.refresh_from_db()
        if game.move_count > before + 1:
            break
    page = client.get(response.url).content.decode()
    assert f'data-step="{game.move_count}"' in page and "<template" not in page
    history = game_history(game)
    assert log_lines_of(page) == len(table_context(game, seat=0)["log"])
    for logged in history.actions[before + 1:]:
        assert logged.reason is not None   # the bots' moves since the player's, each narrated in the log
    assert "-bot" in page
