"""Who may listen: a game's socket only for its owner (their session or account), a class's only for its
teachers, a table's lobby for anybody with its code but a class table's for its class alone; everyone else is
closed with 4404, as the page would answer 404. (Students and other teachers at the class socket:
tests/classroom/test_live_dashboard.py; the people of a game played together: tests/together/test_live_seats.py.)"""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from classroom import services
from config.asgi import application
from core.consumers import NOT_FOUND
from tests.classroom.helpers import class_with_students, practice_assignment, signed_in, student
from tests.security.world import browser
from tests.together.helpers import open_table
from tests.web.helpers import refused_or_accepted, start_table_game

pytestmark = pytest.mark.django_db(transaction=True)


async def listens(path: str, client: Client | None) -> tuple[bool, int | None]:
    headers = [(b"origin", b"http://testserver")]
    if client is not None and "sessionid" in client.cookies:
        headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, code = await refused_or_accepted(socket)
    if connected:
        await socket.disconnect()
    return connected, code


def the_site():
    player = browser()
    game = start_table_game(player, seed=3, levels=("easy",))   # played as at a table of people: it has a socket
    classroom, teacher_user, (masha,) = class_with_students("masha")
    round_game = services.round_start_next(
        assignment=practice_assignment(classroom, teacher_user, rounds=1, bot_levels=["easy"]), student=masha)
    return {"player": player, "game": game, "classroom": classroom, "round game": round_game,
            "teacher": signed_in(teacher_user), "student": signed_in(masha), "loner": signed_in(student("loner"))}


async def test_a_games_socket_is_its_owners_alone():
    site = await sync_to_async(the_site)()
    game_path, round_path = f"/ws/play/{site['game'].pk}/", f"/ws/play/{site['round game'].pk}/"
    assert await listens(game_path, site["player"]) == (True, None)
    # A class's round is played against bots alone: its moves' answers carry everything, nobody listens to it.
    assert await listens(round_path, site["student"]) == (False, NOT_FOUND)
    stranger = await sync_to_async(browser)()
    await sync_to_async(stranger.get)("/")   # a session of their own
    for path, intruder in [(game_path, None), (game_path, stranger), (game_path, site["loner"]),
                           (game_path, site["teacher"]), (round_path, site["teacher"]), (round_path, site["loner"]),
                           (round_path, site["player"])]:
        assert await listens(path, intruder) == (False, NOT_FOUND), path


async def test_a_class_socket_is_its_teachers_alone():
    site = await sync_to_async(the_site)()
    path = f"/ws/classes/{site['classroom'].pk}/"
    assert (await listens(path, site["teacher"]))[0]
    for intruder in (None, site["player"], site["loner"]):
        assert await listens(path, intruder) == (False, NOT_FOUND)
    assert await listens("/ws/classes/1000000000000000000000000000000/", site["teacher"]) == (False, NOT_FOUND)


def tables_site():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    teacher = signed_in(teacher_user)
    return {"open table": open_table(browser()), "class table": open_table(teacher, classroom=classroom),
            "teacher": teacher, "student": signed_in(masha), "loner": signed_in(student("loner"))}


async def test_a_tables_socket_is_for_anybody_with_its_code_and_a_class_tables_for_its_class_alone():
    site = await sync_to_async(tables_site)()
    open_path, class_path = f"/ws/tables/{site['open table'].code}/", f"/ws/tables/{site['class table'].code}/"
    for anybody in (None, site["loner"]):
        assert await listens(open_path, anybody) == (True, None)
        assert await listens(open_path.lower(), anybody) == (True, None)   # the code as typed, in any case
    for member in (site["teacher"], site["student"]):
        assert await listens(class_path, member) == (True, None)
    for intruder in (None, site["loner"]):
        assert await listens(class_path, intruder) == (False, NOT_FOUND)
    for wrong in ("ZZZZZZZZ", "x" * 300, "%00"):
        assert await listens(f"/ws/tables/{wrong}/", site["teacher"]) == (False, NOT_FOUND), wrong
