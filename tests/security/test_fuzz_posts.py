"""Hostile POSTs to every form of the site: never a server error, and nothing changes unless the form was done.

Each route of tests/security/routes.py gets malformed, oversized and out-of-turn payloads (hypothesis), at its
poster's own addresses and at others' (another visitor's game, another teacher's class, unknown keys). After
each request every row a page can change is compared with its state before.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from games.history import game_history
from tests.security.routes import GET_ROUTES, POST_ROUTES, forget_messages, site_route_names
from tests.security.strategies import FUZZ, form_data
from tests.security.world import browser, database_snapshot, enforcing_csrf, game_waiting_for_a_bot, signed_in_browser

pytestmark = pytest.mark.django_db


def test_the_route_tables_name_every_route_of_the_site():
    """A new route must be added to POST_ROUTES (and so fuzzed) or, if it only reads, to GET_ROUTES."""
    assert site_route_names() == set(POST_ROUTES) | set(GET_ROUTES)
    assert not set(POST_ROUTES) & set(GET_ROUTES)


@pytest.mark.parametrize("name", sorted(POST_ROUTES))
def test_hostile_posts_never_fail_and_change_nothing_unless_accepted(name, world, settings):
    # Generous limits, so that the fuzzing reaches the forms' own checks rather than a 429 after ten tries.
    settings.JOIN_CODE_RATE_PER_USER = settings.LOGIN_RATE_PER_USERNAME = "1000/1m"
    settings.LOGIN_RATE_PER_IP = settings.PASSWORD_RESET_RATE_PER_IP = "1000/1m"
    route = POST_ROUTES[name]
    client = route.client(world)
    own, foreign = route.own(world), route.foreign(world)

    @FUZZ
    @given(data=st.data())
    def post(data):
        url = data.draw(st.sampled_from(own + foreign), label="url")
        form = data.draw(form_data(route.fields(world)), label="form")
        before = database_snapshot()
        forget_messages(client)
        response = client.post(url, form)
        assert response.status_code < 500, response.content.decode()[:3000]
        if url in foreign:
            assert 400 <= response.status_code < 500
        if url in foreign or not route.changes_on(response):
            assert database_snapshot() == before

    post()


@pytest.mark.parametrize("field", ["lessons", "students"])
@pytest.mark.parametrize("huge", [str(2**70), str(-(2**70))])
def test_an_id_past_the_databases_range_in_a_list_of_choices_is_refused_with_a_message(field, huge, world):
    """Regression: Django checks only that each chosen id is a number, and SQLite answered one past its integer
    range with OverflowError (a 500), found by the fuzzer above."""
    route = POST_ROUTES["assignment_new"]
    plausible = {name: values[0] for name, values in route.fields(world).items()}
    before = database_snapshot()
    response = route.client(world).post(route.own(world)[0], {**plausible, "game": "sunduchok", field: huge})
    assert response.status_code == 400 and f"{huge} is not one of the available choices" in response.content.decode()
    assert database_snapshot() == before


@pytest.mark.parametrize("body", ["too large", "too many fields"])
def test_an_oversized_body_is_refused_with_400_before_any_view_runs(body, world, settings):
    """At every POST route. The CSRF check reads the form first, so a body past Django's limits is refused even
    where the view itself would never read it (play again, round start)."""
    if body == "too large":
        payload = "filler=" + "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    else:
        payload = "&".join(f"field{number}=1" for number in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1))
    before = database_snapshot()
    for name, route in POST_ROUTES.items():
        client = enforcing_csrf(route.client(world))
        for url in route.own(world) + route.foreign(world):
            response = client.post(url, payload, content_type="application/x-www-form-urlencoded",
                                   headers={"x-csrftoken": client.cookies["csrftoken"].value})
            assert response.status_code == 400, (name, url)
    assert database_snapshot() == before


def test_a_move_while_a_bot_is_to_move_is_refused_and_changes_nothing(world):
    game = game_waiting_for_a_bot(owner=world.loner)
    client = signed_in_browser(world.loner)
    state = game_history(game).current
    before = database_snapshot()
    for action in state.legal_actions()[:5]:   # moves that would be legal for the bot on turn
        response = client.post(reverse("act", args=[game.pk]), {"move": 0, **action})
        assert response.status_code == 409 and "It is not your turn:" in response.content.decode()
    assert database_snapshot() == before


@pytest.mark.parametrize(("name", "field"), [("class_rename", "name"), ("class_add_teacher", "username")])
def test_a_nul_character_in_a_class_setting_is_refused_with_a_message(name, field, world):
    """Regression: these two read the raw POST, and PostgreSQL answered a NUL character with a server error
    (SQLite stored it)."""
    client = signed_in_browser(world.teacher)
    before = database_snapshot()
    response = client.post(reverse(name, args=[world.classroom.pk]), {field: "8\x00B"}, follow=True)
    assert response.status_code == 200
    assert "Null characters are not allowed." in response.content.decode()
    assert database_snapshot() == before


def test_a_nul_character_in_the_name_at_a_table_is_refused_with_a_message(world):
    """Regression: the name was read from the raw POST, and PostgreSQL answered a NUL character with a server
    error (SQLite stored it)."""
    before = database_snapshot()
    response = browser().post(reverse("table_sit", args=[world.open_table.code]), {"seat": 1, "name": "Ol\x00ga"})
    assert response.status_code == 400
    assert "Null characters are not allowed." in response.content.decode()
    assert database_snapshot() == before
