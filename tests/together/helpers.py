"""Helpers for the tests of tables to play together: open a table and sit people at it through the real forms."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from unittest import mock

from django.test import Client
from django.urls import reverse

from games.history import game_history
from games.models import Game
from games.rules import get_game
from games.services import game_create_together, preset_sync_builtin
from tests.web.helpers import move_data
from together import services as together_services
from together.models import Table


def browser(**defaults) -> Client:
    """A browser reading the site in English."""
    return Client(HTTP_ACCEPT_LANGUAGE="en", **defaults)


def open_table(client: Client, *, game_key: str = "sunduchok", seats: tuple[str, ...] = ("person", "person", "easy"),
               preset: str = "standard", stand_in_level: str = "easy", away_after: str = "180",
               classroom=None) -> Table:
    """A table opened by `client` with `seats` ("person" or a bot level, one per seat)."""
    preset_sync_builtin()
    data = {"preset": preset, "players": len(seats), "stand_in_level": stand_in_level, "away_after": away_after,
            **{f"seat_{seat}": kind for seat, kind in enumerate(seats)}}
    if classroom is not None:
        data["classroom"] = classroom.pk
    response = client.post(reverse("table_new", args=[game_key]), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Table.objects.get(code=response.url.rstrip("/").split("/")[-1])


def sit(client: Client, table: Table, seat: int, name: str, **extra):
    return client.post(reverse("table_sit", args=[table.code]), {"seat": seat, "name": name}, **extra)


def seated_people(game_key: str, seats: tuple[str, ...], *, browsers: dict[int, Client] | None = None,
                  seed: int | None = None, **options) -> tuple[Game, dict[int, Client]]:
    """A started game of `game_key` with a browser (a Client) per people's seat, each having sat down in turn.
    `browsers`: the browsers of some of the people's seats (signed in, say); the others get a new one each.
    `seed`: the game's deal (a table draws one at random), for a test whose length must not vary."""
    clients = {seat: (browsers or {}).get(seat) or browser() for seat, kind in enumerate(seats) if kind == "person"}
    opener = next(iter(clients.values()))
    table = open_table(opener, game_key=game_key, seats=seats, **options)
    dealt = functools.partial(game_create_together, seed=seed) if seed is not None else game_create_together
    with mock.patch.object(together_services, "game_create_together", dealt):
        for seat, client in clients.items():
            assert sit(client, table, seat, f"Person {seat + 1}").status_code in (200, 302)
    table.refresh_from_db()
    assert table.game is not None, "the table starts once every people's seat is taken"
    return table.game, clients


def person_to_move(game: Game, clients: dict[int, Client]) -> tuple[int, Client] | None:
    """The seat to move and its browser, if a person is to move."""
    game.refresh_from_db()
    seat = game_history(game).current.current_player
    return (seat, clients[seat]) if seat in clients else None


def play_to_the_end(game: Game, clients: dict[int, Client], *, seed: int = 0,
                    after_each_move: Callable[[Game], None] | None = None) -> Game:
    """Each person, when it is their turn, plays a random legal move through the play page until the game ends."""
    rng = random.Random(seed)
    while not game.is_over:
        seat, client = person_to_move(game, clients)
        action = rng.choice(game_history(game).current.legal_actions())
        response = client.post(reverse("act", args=[game.pk]), move_data(game, action), HTTP_HX_REQUEST="true")
        assert response.status_code == 200, response.content.decode()[:2000]
        game.refresh_from_db()
        if after_each_move is not None:
            after_each_move(game)
    return game


def player_counts(game_key: str) -> range:
    engine = get_game(game_key)
    return range(engine.min_players, engine.max_players + 1)
