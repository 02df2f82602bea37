"""Class tables: a teacher opens one from the class's page, for a class they teach only; the class's page lists its
tables; only the class's students and teachers see such a table and sit at it."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from classroom import services as classroom_services
from games.models import Game
from games.rules import GAMES
from tests.classroom.helpers import class_with_students, signed_in, student, teacher
from tests.together.helpers import browser, open_table, sit
from together.models import Table, TableSeat

pytestmark = pytest.mark.django_db


def table_form(*, classroom_id) -> dict:
    return {"preset": "standard", "players": 3, "stand_in_level": "easy", "away_after": "180",
            "seat_0": "person", "seat_1": "person", "seat_2": "easy", "classroom": classroom_id}


def test_the_class_page_offers_the_teacher_a_class_table_of_each_game_with_the_class_chosen():
    classroom, teacher_user, _students = class_with_students("pupil")
    client = signed_in(teacher_user)
    page = client.get(reverse("class_dashboard", args=[classroom.pk])).content.decode()
    assert "Open a class table" in page
    for game_key in GAMES:
        assert f'href="{reverse("table_new", args=[game_key])}?classroom={classroom.pk}"' in page
    form = client.get(f'{reverse("table_new", args=["sunduchok"])}?classroom={classroom.pk}').content.decode()
    assert re.search(rf'<option value="{classroom.pk}" selected>7B</option>', form)


def test_a_class_table_opened_from_there_is_the_classs_and_its_page_lists_it_with_the_people_seated():
    classroom, teacher_user, (pupil,) = class_with_students("pupil")
    client = signed_in(teacher_user)
    table = open_table(client, classroom=classroom)
    assert table.classroom == classroom and table.creator == teacher_user
    sit(signed_in(pupil), table, 1, "Pupil")
    page = client.get(reverse("class_dashboard", args=[classroom.pk])).content.decode()
    assert f'href="/tables/{table.code}/"' in page
    assert "Sunduchok" in page and "waiting: 1 of 2 people seated — Pupil" in page


def test_the_class_page_lists_tables_waiting_and_being_played_and_no_others():
    classroom, teacher_user, _students = class_with_students("pupil")
    client = signed_in(teacher_user)
    played, finished = (open_table(client, classroom=classroom, seats=("person", "easy")) for _ in range(2))
    for table in (played, finished):
        sit(client, table, 0, "Teacher")   # the only people's seat taken: the game starts
    Game.objects.filter(table=finished).update(status=Game.Status.FINISHED)
    waiting, expired = (open_table(client, classroom=classroom) for _ in range(2))
    Table.objects.filter(pk=expired.pk).update(created_at=expired.created_at.replace(year=2000))
    elsewhere = open_table(signed_in(teacher("other_teacher")))   # not a class table
    page = client.get(reverse("class_dashboard", args=[classroom.pk])).content.decode()
    shown = set(re.findall(r'href="/tables/([A-Z0-9]+)/"', page))
    assert shown == {waiting.code, played.code}
    assert "being played" in page and elsewhere.code not in page


def test_a_student_sees_the_waiting_tables_of_their_class_to_join():
    classroom, teacher_user, (pupil,) = class_with_students("pupil")
    client = signed_in(teacher_user)
    waiting = open_table(client, classroom=classroom)
    started = open_table(client, classroom=classroom, seats=("person", "easy"))
    sit(client, started, 0, "Teacher")
    page = signed_in(pupil).get(reverse("classes")).content.decode()
    assert "Class tables waiting for players" in page
    assert f'href="/tables/{waiting.code}/"' in page and started.code not in page
    _other_class, _other_teacher, (stranger,) = class_with_students("stranger", teacher_user=teacher("t2"))
    assert waiting.code not in signed_in(stranger).get(reverse("classes")).content.decode()


def test_a_teacher_may_open_a_table_only_for_a_class_they_teach():
    classroom, teacher_user, (pupil,) = class_with_students("pupil")
    others, _other_teacher, _others_students = class_with_students("someone", teacher_user=teacher("other_teacher"))
    client = signed_in(teacher_user)
    response = client.post(reverse("table_new", args=["sunduchok"]), table_form(classroom_id=others.pk))
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert not Table.objects.exists()
    # A student of a class opens no table of it either.
    assert signed_in(pupil).post(reverse("table_new", args=["sunduchok"]),
                                 table_form(classroom_id=classroom.pk)).status_code == 400
    # Nor a teacher for a class of theirs that is archived.
    mine = classroom_services.classroom_create(teacher=teacher_user, name="Old class")
    classroom_services.classroom_set_archived(classroom=mine, user=teacher_user, archived=True)
    assert client.post(reverse("table_new", args=["sunduchok"]),
                       table_form(classroom_id=mine.pk)).status_code == 400
    assert not Table.objects.exists()


def test_a_class_table_is_hidden_from_outsiders_who_cannot_sit_at_it():
    classroom, teacher_user, _students = class_with_students("pupil")
    table = open_table(signed_in(teacher_user), classroom=classroom)
    for outsider in (signed_in(student("outsider")), browser()):
        assert outsider.get(reverse("table_lobby", args=[table.code])).status_code == 404
        assert sit(outsider, table, 0, "Outsider").status_code == 404
        assert table.code not in outsider.get(reverse("tables")).content.decode()
    assert not TableSeat.objects.exists()
    table.refresh_from_db()
    assert table.game is None


def test_a_student_and_a_teacher_of_the_class_sit_at_its_table():
    classroom, teacher_user, (pupil,) = class_with_students("pupil")
    co_teacher = teacher("co_teacher")
    classroom_services.classroom_add_teacher(classroom=classroom, user=teacher_user, username="co_teacher")
    table = open_table(signed_in(teacher_user), classroom=classroom)
    pupil_client, co_teacher_client = signed_in(pupil), signed_in(co_teacher)
    assert pupil_client.get(reverse("table_lobby", args=[table.code])).status_code == 200
    assert sit(pupil_client, table, 0, "Pupil").status_code == 200
    started = sit(co_teacher_client, table, 1, "Co-teacher")
    table.refresh_from_db()
    assert started.status_code == 302 and started.url == reverse("play", args=[table.game_id])
    assert {(holder.seat, holder.user) for holder in table.game.holders.all()} == {(0, pupil), (1, co_teacher)}
