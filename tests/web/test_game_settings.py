"""The game settings the new-game, table and assignment forms share (games.forms.GameSettingsForm), its
players-within-the-game helper, and the `<game:…>` path converter that turns an unknown game into a 404."""

from __future__ import annotations

import pytest
from django.urls import resolve, reverse
from django.urls.exceptions import Resolver404

from classroom.forms import AssignmentForm
from games.forms import GameSettingsForm, NewGameForm, players_for
from games.rules import get_game
from together.forms import TableForm

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("form_class", [NewGameForm, TableForm, AssignmentForm])
def test_the_three_forms_share_the_game_settings(form_class):
    assert issubclass(form_class, GameSettingsForm)


@pytest.mark.parametrize(("requested", "players"), [
    ("4", 4), (4, 4), ("1", 2), ("0", 2), ("-3", 2), ("99", 6), (None, 3), ("", 3), ("three", 3), ("6", 6)])
def test_players_are_the_asked_number_within_the_games_range(requested, players):
    assert players_for(get_game("rooster"), requested, default=3) == players


def test_a_game_of_fixed_size_always_gets_its_size():
    hearts = get_game("hearts")
    assert {players_for(hearts, requested, default=4) for requested in ["2", "4", "9", None]} == {hearts.max_players}


def test_the_seats_shown_follow_the_players_within_the_game(django_user_model):
    form = NewGameForm(game_key="rooster", user=django_user_model(username="ann"))
    shown = form.seats_shown({"players": "99"})
    assert shown["players"] == 6
    assert [field.name for field in shown["seat_fields"]] == [f"bot_{seat}" for seat in range(1, 6)]
    assert form.seats_shown({})["players"] == 3


@pytest.mark.parametrize(("name", "args"), [
    ("new_game", []), ("table_new", []), ("course", []), ("rules_page", []), ("puzzle_game", []),
    ("puzzle_next", []), ("puzzle", [1]), ("lesson", ["first-trick"])])
def test_an_installed_game_reaches_its_view_and_an_unknown_one_is_no_address(name, args):
    match = resolve(reverse(name, args=["rooster", *args]))
    assert match.url_name == name
    assert match.kwargs["game_key"] == "rooster"
    with pytest.raises(Resolver404):
        resolve(reverse(name, args=["poker", *args]))


@pytest.mark.parametrize("address", ["/play/poker/new/", "/tables/new/poker/", "/learn/poker/", "/rules/poker/",
                                     "/puzzles/poker/", "/puzzles/poker/next/", "/puzzles/poker/1/"])
def test_an_unknown_game_is_a_404(client, address):
    assert client.get(address).status_code == 404


def test_the_converter_reads_the_installed_games_at_each_match(client, settings):
    assert resolve("/play/rooster/new/").url_name == "new_game"
    settings.INSTALLED_GAMES = ("games.sunduchok", "games.hearts")
    with pytest.raises(Resolver404):
        resolve("/play/rooster/new/")
    assert client.get("/play/rooster/new/").status_code == 404
    assert resolve("/play/hearts/new/").url_name == "new_game"
