"""After a game at a table of several people: it counts in My games of every person at it (also of one who signs
in only afterwards), with their own seat's result; each person reviews their own seat's decisions; and Try again
from here starts a practice game of one person at that position, bots at every other seat."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.coach.review import decision_steps
from games.history import game_history
from games.models import Game, GameReview, SeatHolder
from games.review_selectors import review_plan
from tests.classroom.helpers import PASSWORD, class_with_students, signed_in, student
from tests.together.helpers import browser, open_table, play_to_the_end, seated_people, sit
from tests.web.helpers import load_review

pytestmark = pytest.mark.django_db


def my_games_result(client: Client, game: Game) -> str:
    """The result cell of `game`'s row on the client's My games page ("Won · 5–3", "Lost · …", "In progress")."""
    page = client.get(reverse("my_games")).content.decode()
    row = next(row for row in re.findall(r"<tr>(.*?)</tr>", page, re.S) if f'href="/play/{game.pk}/"' in row)
    return re.findall(r"<td>(.*?)</td>", row, re.S)[3].strip()


def finished_class_table(*, stand_in_level: str = "easy", seed: int = 0):
    """A Sunduchok table of a class (its teacher at seat 0, a student at seat 1, an easy bot at seat 2), played
    to its end through the play page; the game, each seat's browser and each seat's user."""
    classroom, teacher, (pupil,) = class_with_students("pupil")
    clients = {0: signed_in(teacher), 1: signed_in(pupil)}
    table = open_table(clients[0], classroom=classroom, stand_in_level=stand_in_level)
    sit(clients[0], table, 0, "Teacher")
    sit(clients[1], table, 1, "Pupil")
    table.refresh_from_db()
    return play_to_the_end(table.game, clients, seed=seed), clients, {0: teacher, 1: pupil}


def test_a_finished_table_counts_in_my_games_of_each_person_with_their_own_seats_result():
    game, clients, _users = finished_class_table()
    assert game.is_over
    for seat, client in clients.items():
        result = my_games_result(client, game)
        assert result.startswith("Won" if seat in game.winners else "Lost"), (seat, game.winners, result)
    # Whoever wins, each row reads the person's own seat.
    for winner in (0, 1):
        Game.objects.filter(pk=game.pk).update(winners=[winner])
        assert my_games_result(clients[winner], game).startswith("Won")
        assert my_games_result(clients[1 - winner], game).startswith("Lost")
    page = clients[0].get(reverse("my_games")).content.decode()
    assert "with other people" in page and f'href="{reverse("review", args=[game.pk])}"' in page


def test_a_person_who_signs_in_after_the_game_finds_it_in_my_games():
    game, clients = seated_people("sunduchok", ("person", "person", "easy"))
    game = play_to_the_end(game, clients, seed=1)
    latecomer = student("late")
    signed_in_page = clients[1].post(reverse("login"), {"username": "late", "password": PASSWORD})
    assert signed_in_page.status_code == 302
    assert my_games_result(clients[1], game).startswith("Won" if 1 in game.winners else "Lost")
    assert SeatHolder.objects.get(game=game, seat=1).user == latecomer
    assert SeatHolder.objects.get(game=game, seat=0).user is None   # the other person's seat stays theirs
    # The claimed seat is the account's from any browser now; another account has no such game.
    elsewhere = signed_in(latecomer)
    assert elsewhere.get(reverse("review", args=[game.pk])).status_code == 200
    other = signed_in(student("other"))
    assert f"/play/{game.pk}/" not in other.get(reverse("my_games")).content.decode()


def test_each_person_reviews_the_decisions_of_their_own_seat_only():
    game, clients, _users = finished_class_table()
    history = game_history(game)
    movers = [logged.seat for logged in history.actions]
    for seat, client in clients.items():
        page = load_review(client, game)
        judged = [int(number) - 1 for number in re.findall(r'id="move-(\d+)" data-verdict="', page)]
        assert judged == decision_steps(history.states, movers, seat)
        assert all(movers[step] == seat for step in judged)
    kept = GameReview.objects.filter(game=game)
    assert {review.seat for review in kept} == {0, 1}
    for review in kept:
        assert all(decision["step"] in review_plan(game=game, seat=review.seat)[review.part].steps
                   for decision in review.decisions)


def test_nobody_else_sees_the_review_of_a_table():
    game, _clients, _users = finished_class_table()
    outsiders = [browser(), signed_in(student("outsider"))]
    for outsider in outsiders:
        for url in (reverse("review", args=[game.pk]), reverse("review_part", args=[game.pk, 0])):
            assert outsider.get(url).status_code == 404
        step = review_plan(game=game, seat=0)[0].steps[0]
        assert outsider.post(reverse("review_try_again", args=[game.pk, step])).status_code == 404


def test_try_again_from_a_persons_own_decision_is_a_practice_game_of_theirs_at_that_position():
    game, clients, users = finished_class_table(stand_in_level="medium")
    history = game_history(game)
    for seat, client in clients.items():
        step = review_plan(game=game, seat=seat)[-1].steps[-1]
        response = client.post(reverse("review_try_again", args=[game.pk, step]))
        assert response.status_code == 302
        practice = Game.objects.get(pk=response.url.rstrip("/").split("/")[-1])
        assert practice.owner == users[seat] and not practice.holders.exists() and not practice.played_together
        assert [info["kind"] for info in practice.seats] == ["human" if other == seat else "bot" for other in range(3)]
        # The other person's seat: a bot of the table's stand-in level; the table's own bot as it was.
        assert practice.seats[1 - seat]["level"] == "medium" and practice.seats[2]["level"] == "easy"
        # Every seat keeps its name from the reviewed game (the history reads the same); the person's seat played
        # by a bot now says so (in English, which these test browsers read).
        names = [info["name"] for info in game.seats]
        assert [info["name"] for info in practice.seats] == [
            f"{name} (bot)" if other == 1 - seat else name for other, name in enumerate(names)]
        assert practice.move_count == step
        position = game_history(practice).current
        assert position.current_player == seat
        assert position.view(seat) == history.states[step].view(seat)
        assert client.get(reverse("play", args=[practice.pk])).status_code == 200
        # The other person's decisions are not theirs to try again.
        theirs = review_plan(game=game, seat=1 - seat)[0].steps[0]
        before = Game.objects.count()
        refused = client.post(reverse("review_try_again", args=[game.pk, theirs]))
        assert refused.status_code == 409 and "not one of your decisions" in refused.content.decode()
        assert Game.objects.count() == before
