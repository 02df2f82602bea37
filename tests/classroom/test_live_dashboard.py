"""The class dashboard over a WebSocket: only the class's teachers listen, and they hear of rounds."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from classroom import services
from config.asgi import application
from tests.classroom.helpers import class_with_students, play_out, practice_assignment, signed_in, teacher
from tests.web.helpers import refused_or_accepted

pytestmark = pytest.mark.django_db(transaction=True)


def communicator(classroom, client: Client) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"),
               (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())]
    return WebsocketCommunicator(application, f"/ws/classes/{classroom.pk}/", headers=headers)


async def test_the_teacher_hears_when_a_student_starts_and_finishes_a_round():
    classroom, teacher_user, (masha,) = await sync_to_async(class_with_students)("masha")
    assignment = await sync_to_async(practice_assignment)(classroom, teacher_user, rounds=1)
    socket = communicator(classroom, await sync_to_async(signed_in)(teacher_user))
    connected, _ = await socket.connect()
    assert connected
    game = await sync_to_async(services.round_start_next)(assignment=assignment, student=masha)
    assert await socket.receive_json_from(timeout=5) == {"refresh": True}
    await sync_to_async(play_out)(game)
    assert await socket.receive_json_from(timeout=5) == {"refresh": True}
    assert await socket.receive_nothing(timeout=0.2)
    await socket.disconnect()


@pytest.mark.parametrize("who", ["student", "other teacher"])
async def test_nobody_else_may_listen(who):
    classroom, _teacher_user, (masha,) = await sync_to_async(class_with_students)("masha")
    user = masha if who == "student" else await sync_to_async(teacher)("other")
    socket = communicator(classroom, await sync_to_async(signed_in)(user))
    assert await refused_or_accepted(socket) == (False, 4404)


async def test_the_teacher_hears_when_a_student_solves_a_puzzle_of_an_assignments_game():
    from games.coach import Budget
    from puzzles.documents import puzzle_document
    from puzzles.mining import mine
    from puzzles.models import Puzzle
    from puzzles.services import puzzles_import
    from tests.puzzles.helpers import attempt

    classroom, teacher_user, (masha,) = await sync_to_async(class_with_students)("masha")
    await sync_to_async(practice_assignment)(classroom, teacher_user, rounds=0, puzzles=2)
    documents = [puzzle_document(mined) for mined in mine("sunduchok", count=1, seed=3, budget=Budget(worlds=8))]
    await sync_to_async(puzzles_import)(documents=documents)
    puzzle = await Puzzle.objects.aget()
    socket = communicator(classroom, await sync_to_async(signed_in)(teacher_user))
    assert (await socket.connect())[0]
    await sync_to_async(attempt)(puzzle, puzzle.losses[0]["action"], user=masha)
    assert await socket.receive_nothing(timeout=0.2)   # a miss changes nothing on the dashboard
    await sync_to_async(attempt)(puzzle, puzzle.best, user=masha)
    assert await socket.receive_json_from(timeout=5) == {"refresh": True}
    await socket.disconnect()
