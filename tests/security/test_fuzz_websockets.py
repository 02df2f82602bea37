"""Hostile frames to the three sockets, the play table's, the class dashboard's and a table's lobby: whatever
arrives (text that is not JSON, binary, a megabyte, JSON of any shape, JSON that looks like a move), the consumer
answers with an error message instead of crashing, changes nothing, and the page goes on receiving its pushes."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from classroom.live import classroom_group
from config.asgi import application
from games.live import game_group
from games.models import Game, GameAction
from tests.classroom.helpers import class_with_students, signed_in
from tests.security.routes import ACTION_TYPES, MOVE_FIELDS
from tests.security.world import browser
from tests.together.helpers import open_table
from tests.web.helpers import start_table_game
from together.services import lobby_group

pytestmark = pytest.mark.django_db(transaction=True)

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12)
MOVE_LIKE = st.fixed_dictionaries(
    {"type": st.sampled_from(ACTION_TYPES)},
    optional={"move": st.integers(-1, 10**20), **{name: st.sampled_from(values) for name, values in MOVE_FIELDS.items()
                                                  if name != "type"}})
FRAMES = st.one_of(
    st.text(max_size=200).map(lambda text: {"text": text}),
    st.binary(max_size=200).map(lambda data: {"bytes": data}),
    JSON_VALUES.map(lambda value: {"text": json.dumps(value)}),
    MOVE_LIKE.map(lambda move: {"text": json.dumps(move)}),
    st.sampled_from([{"text": ""}, {"bytes": b""}, {"text": "x" * 1_000_000}, {"bytes": b"\x00" * 1_000_000},
                     {"text": json.dumps({"type": "ask", "target": 1, "rank": "Q"} | {"pad": "x" * 1_000_000})}]),
)
# One game (or class) serves every example on purpose: each example must leave it as it was, which is checked.
FUZZ_FRAMES = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                       suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def socket_for(path: str, client) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"accept-language", b"en"),
               (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())]
    return WebsocketCommunicator(application, path, headers=headers)


async def send_hostile_frame(socket: WebsocketCommunicator, frame: dict) -> None:
    """Send `frame`; the consumer must answer it with an error message (and not crash, nor close)."""
    await socket.send_input({"type": "websocket.receive", **frame})
    reply = await socket.receive_output(timeout=5)
    assert reply["type"] == "websocket.send", reply
    assert "forms" in json.loads(reply["text"])["error"]


@pytest.fixture
def table(transactional_db):
    client = browser()
    return start_table_game(client, seed=3, levels=("easy",)), client   # a table of people's: it has a socket


@pytest.fixture
def dashboard(transactional_db):
    classroom, teacher_user, _students = class_with_students("masha")
    return classroom, signed_in(teacher_user)


@pytest.fixture
def lobby(transactional_db):
    client = browser()
    return open_table(client), client


def game_log(game: Game) -> tuple:
    game.refresh_from_db()
    return game.move_count, game.status, list(GameAction.objects.filter(game=game).values_list("number", "action"))


@FUZZ_FRAMES
@given(frame=FRAMES)
async def test_hostile_frames_to_the_table_change_nothing_and_the_pushes_go_on(frame, table):
    game, client = table
    before = await sync_to_async(game_log)(game)
    socket = socket_for(f"/ws/play/{game.pk}/", client)
    connected, _ = await socket.connect()
    assert connected
    await send_hostile_frame(socket, frame)
    step = before[0]
    await get_channel_layer().group_send(game_group(game.pk), {"type": "game.moves", "first": step, "last": step,
                                                                  "hints_used": 0})
    push = await socket.receive_json_from(timeout=5)
    assert push["step"] == step and 'id="table"' in push["html"]
    await socket.disconnect()
    assert await sync_to_async(game_log)(game) == before


@FUZZ_FRAMES
@given(frame=FRAMES)
async def test_hostile_frames_to_the_class_dashboard_are_answered_and_the_pushes_go_on(frame, dashboard):
    classroom, client = dashboard
    socket = socket_for(f"/ws/classes/{classroom.pk}/", client)
    connected, _ = await socket.connect()
    assert connected
    await send_hostile_frame(socket, frame)
    await get_channel_layer().group_send(classroom_group(classroom.pk), {"type": "classroom.changed"})
    assert await socket.receive_json_from(timeout=5) == {"refresh": True}
    await socket.disconnect()


@FUZZ_FRAMES
@given(frame=FRAMES)
async def test_hostile_frames_to_a_tables_lobby_are_answered_and_the_pushes_go_on(frame, lobby):
    table, client = lobby
    socket = socket_for(f"/ws/tables/{table.code}/", client)
    connected, _ = await socket.connect()
    assert connected
    await send_hostile_frame(socket, frame)
    await get_channel_layer().group_send(lobby_group(table), {"type": "lobby.changed"})
    assert await socket.receive_json_from(timeout=5) == {"refresh": True}
    await socket.disconnect()


@pytest.mark.parametrize("frame", [{"text": "not json"}, {"text": ""}, {"bytes": b"\x00\xff"}, {"text": "[1, 2"}],
                         ids=["text", "empty", "binary", "broken-json"])
async def test_a_frame_the_json_consumer_could_not_read_is_answered_not_crashed_on(frame, table):
    """Regression: AsyncJsonWebsocketConsumer raised on these, ending the connection with a server error."""
    game, client = table
    socket = socket_for(f"/ws/play/{game.pk}/", client)
    assert (await socket.connect())[0]
    await send_hostile_frame(socket, frame)
    await send_hostile_frame(socket, {"text": json.dumps({"type": "take"})})   # still open, still answering
    await socket.disconnect()


@pytest.mark.parametrize("origin", [b"http://evil.example", b"null", None])
async def test_a_socket_opened_from_another_site_is_refused(origin):
    """Cross-site WebSocket hijacking: a page of another site could open the socket with the visitor's cookie."""
    client = browser()
    game = await sync_to_async(start_table_game)(client, seed=3, levels=("easy",))
    headers = [(b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())]
    if origin is not None:
        headers.append((b"origin", origin))
    socket = WebsocketCommunicator(application, f"/ws/play/{game.pk}/", headers=headers)
    connected, _ = await socket.connect()
    assert not connected
