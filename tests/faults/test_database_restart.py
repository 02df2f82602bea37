"""PostgreSQL restarting: requests in flight fail cleanly (503, nothing of them kept) and the next ones succeed.

PostgreSQL runs only (skipped on SQLite). A restart is simulated exactly where it hurts with
pg_terminate_backend: inside a move's transaction, and between requests of a worker keeping its connections
(DATABASE_CONN_MAX_AGE). One test restarts a real server: a private cluster made with initdb, when this machine
allows it (PostgreSQL's server binaries present, run as root so the cluster can belong to the postgres user);
the shared server on 5432 is never restarted.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from django.db import close_old_connections, connection
from django.test import Client
from django.urls import reverse

from games import services
from games.history import game_history
from games.models import GameAction
from tests.faults.conftest import postgres_admin_connection, site_env_for, suite_uses_postgresql
from tests.faults.helpers import Visitor, table_step
from tests.live_site import free_port, prepare_site_database
from tests.web.helpers import move_data, start_game

pytestmark = pytest.mark.skipif(not suite_uses_postgresql(), reason="PostgreSQL only: set DATABASE_URL=postgres://…")

POSTGRES_BIN = Path("/usr/lib/postgresql/15/bin")
TERMINATE_WAIT_MS = 5000   # pg_terminate_backend waits until the backend has exited


def terminate_backend(pid: int) -> None:
    with postgres_admin_connection(os.environ["DATABASE_URL"]) as admin:
        assert admin.execute("SELECT pg_terminate_backend(%s, %s)", [pid, TERMINATE_WAIT_MS]).fetchone()[0]


def a_move_the_bots_answer(game) -> dict:
    state = game_history(game).current
    return next(action for action in state.legal_actions() if state.apply(action).current_player != 0)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("htmx", [False, True])
def test_a_move_whose_backend_is_terminated_mid_transaction_gets_a_503_keeps_nothing_and_a_retry_applies(
        monkeypatch, htmx):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = start_game(client, seed=77, levels=("easy", "easy"))
    before = game.move_count
    action = a_move_the_bots_answer(game)
    data = move_data(game, action)
    real_get_bot = services.get_bot
    terminated = []

    class BotWhoseDatabaseRestarts:
        """The real bot, but as it first decides, the request's own backend is terminated: the player's move
        is applied in memory and nothing is written yet."""

        def __init__(self, bot) -> None:
            self.bot = bot

        def decide(self, view, legal_actions, rng):
            if not terminated:
                with connection.cursor() as cursor:
                    cursor.execute("SELECT pg_backend_pid()")
                    terminated.append(cursor.fetchone()[0])
                terminate_backend(terminated[0])
            return self.bot.decide(view, legal_actions, rng)

    monkeypatch.setattr(services, "get_bot", lambda game_key, level: BotWhoseDatabaseRestarts(real_get_bot(game_key,
                                                                                                           level)))
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client.post(reverse("act", args=[game.pk]), data, **headers)

    assert terminated
    assert response.status_code == 503
    assert response["Retry-After"]
    assert "The database is restarting" in response.content.decode()
    # What a server does when the request finishes (the test client skips it): drop the broken connection.
    close_old_connections()
    game.refresh_from_db()
    assert game.move_count == before
    assert GameAction.objects.filter(game=game).count() == before

    retry = client.post(reverse("act", args=[game.pk]), data, **headers)
    assert retry.status_code == (200 if htmx else 302)
    game.refresh_from_db()
    assert game.move_count > before + 1   # the move and the bots' replies
    assert GameAction.objects.get(game=game, number=before).action == action


def test_a_worker_keeping_connections_serves_the_next_requests_after_its_backends_are_terminated(
        site_database_url, start_site):
    env = site_env_for(site_database_url, DATABASE_CONN_MAX_AGE="60")
    site = start_site(env)
    visitor = Visitor(site.url)
    play = visitor.start_sunduchok(seed=2718)
    step = table_step(visitor.play_first_choice(play))
    database = site_database_url.rsplit("/", 1)[-1]

    with postgres_admin_connection(os.environ["DATABASE_URL"]) as admin:
        terminated = admin.execute(
            "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, %s)) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()", [TERMINATE_WAIT_MS, database]).fetchone()[0]
    assert terminated >= 1   # the worker had kept its connection

    for _ in range(5):   # whichever of the worker's threads serves a request, its connection is checked first
        assert visitor.get(play).status == 200
    assert table_step(visitor.play_first_choice(play)) > step


class PrivateCluster:
    """A PostgreSQL cluster of this test alone, owned by the postgres user, on a free port."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.data = directory / "data"
        self.port = free_port()
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def _as_postgres(self, program: str, *args: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", str(POSTGRES_BIN / program), *args], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def _pg_ctl(self, *args: str) -> None:
        self._as_postgres("pg_ctl", "-D", str(self.data), "-w", "-l", str(self.directory / "server.log"), *args)

    def create(self) -> None:
        shutil.chown(self.directory, "postgres", "postgres")
        self._as_postgres("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres")
        self.start()

    def start(self) -> None:
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.directory}"
        self._pg_ctl("-o", options, "start")

    def stop(self) -> None:
        self._pg_ctl("-m", "fast", "stop")

    def restart(self) -> None:
        self.stop()
        self.start()

    def remove(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self.stop()
        shutil.rmtree(self.directory, ignore_errors=True)


@pytest.fixture
def private_cluster():
    if not (POSTGRES_BIN / "initdb").exists() or os.geteuid() != 0 or shutil.which("runuser") is None:
        pytest.skip("a private PostgreSQL cluster needs the server binaries and root (to run them as postgres)")
    # Not under pytest's own temporary directory: that one is private to root, and the server runs as postgres.
    cluster = PrivateCluster(Path(tempfile.mkdtemp(prefix="cardschool-pgfault-")))
    cluster.create()
    yield cluster
    cluster.remove()


def test_a_real_restart_of_a_private_server_costs_a_503_while_it_is_down_and_nothing_after(
        private_cluster, start_site):
    env = site_env_for(private_cluster.url, DATABASE_CONN_MAX_AGE="60")
    prepare_site_database(env)
    site = start_site(env)
    visitor = Visitor(site.url)
    play = visitor.start_sunduchok(seed=1234)
    step = table_step(visitor.play_first_choice(play))

    private_cluster.restart()
    assert visitor.get(play).status == 200
    assert table_step(visitor.get(play).text) == step

    private_cluster.stop()
    down = visitor.get(play)
    assert down.status == 503
    assert down.headers["Retry-After"]
    assert "The database is restarting" in down.text

    private_cluster.start()
    assert visitor.get(play).status == 200
    assert table_step(visitor.play_first_choice(play)) > step
