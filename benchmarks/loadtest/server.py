"""The site under test: a fresh bench database and Redis db, served by several workers of one ASGI server.

For daphne and uvicorn the command binds one listening socket and hands it to each worker process (`--fd`),
so the kernel spreads the connections over the workers as it would behind a proxy; granian binds a port and
runs its workers itself. The workers run the production settings
(config.settings.production, with the static files collected into the run's own STATIC_ROOT) and a random
SECRET_KEY per run; each serving's workers count their history cache's lookups into a directory of its own
(history_counts.py). The database's name must contain "bench" and the Redis db must not be 0: both are
wiped at the start.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import dj_database_url
import psycopg
import redis
from django.conf import settings
from psycopg import sql

from benchmarks.apps import HISTORY_COUNTS_VARIABLE
from benchmarks.loadtest.history_counts import HistoryLookups
from benchmarks.loadtest.verify import GameCheck

BENCH_SETTINGS = "config.settings.production"
READY_TIMEOUT = 90.0     # seconds for every worker to import Django and answer /health/
POLL_INTERVAL = 0.1      # seconds between two readiness checks
STOP_TIMEOUT = 10.0      # seconds a worker gets to stop before it is killed
LOG_TAIL_LINES = 40


class BenchError(Exception):
    """The bench cannot run or go on; the message says why."""


@dataclasses.dataclass(frozen=True)
class AsgiServer:
    """How to start one ASGI server's workers on the site, and the line each worker logs once it serves."""

    name: str
    ready_line: str
    shares_a_socket: bool   # one process per worker, each given the bound socket; else one process runs them all

    def command(self, *, workers: int, fd: int, port: int) -> list[str]:
        application = "config.asgi:application"
        if self.name == "daphne":
            return [sys.executable, "-m", "daphne", "--fd", str(fd), "--access-log", os.devnull, application]
        if self.name == "uvicorn":
            return [sys.executable, "-m", "uvicorn", "--fd", str(fd), "--no-access-log", "--lifespan", "off",
                    "--loop", "uvloop", "--http", "httptools", "--ws", "websockets-sansio", application]
        return [sys.executable, "-m", "granian", "--interface", "asginl", "--host", "127.0.0.1", "--port", str(port),
                "--workers", str(workers), "--loop", "uvloop", "--no-access-log", "--ws",
                "--backlog", "4096", application]


ASGI_SERVERS = {
    "daphne": AsgiServer("daphne", ready_line="Listening on", shares_a_socket=True),
    "uvicorn": AsgiServer("uvicorn", ready_line="Uvicorn running on", shares_a_socket=True),
    "granian": AsgiServer("granian", ready_line="Started worker-", shares_a_socket=False),
}


@dataclasses.dataclass(frozen=True)
class SiteConfig:
    database_url: str
    redis_url: str
    conn_max_age: int
    workers: int
    pool_size: int = 0
    server: str = "daphne"


class BenchSite:
    """The bench's database, Redis db, static files and workers, all in one run's own places."""

    def __init__(self, config: SiteConfig, out: Callable[[str], None]) -> None:
        self.config = config
        self.out = out
        self.root = Path(settings.BASE_DIR)
        self.directory = Path(tempfile.mkdtemp(prefix="bench_web-"))
        self.secret_key = secrets.token_urlsafe(50)

    def env(self, *, bot_move_delay: float) -> dict[str, str]:
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": BENCH_SETTINGS, "SECRET_KEY": self.secret_key,
               "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "false",
               "DATABASE_URL": self.config.database_url, "REDIS_URL": self.config.redis_url,
               "DATABASE_CONN_MAX_AGE": str(self.config.conn_max_age),
               "DATABASE_POOL_MAX_SIZE": str(self.config.pool_size), "BOT_MOVE_DELAY": str(bot_move_delay),
               "STATIC_ROOT": str(self.directory / "static"),
               # Every simulated person comes from this machine's one address, where the site sees each school
               # from its own: the per-address limit on opening tables (60 an hour) would refuse the tables phase.
               # (OPEN_TABLES_PER_PERSON does not bind: each opener has one table waiting at a time.)
               "TABLE_OPEN_RATE_PER_IP": "1000000/h"}
        env.pop("DJANGO_SECRET_KEY", None)   # it would win over this run's SECRET_KEY
        return env

    def prepare(self) -> None:
        """Wipe and recreate the bench database and Redis db, then migrate, load the lessons, collect static."""
        self._recreate_database()
        self._flush_redis()
        for command in (["migrate", "-v0"], ["load_builtin_data", "-v0"], ["collectstatic", "--noinput", "-v0"]):
            self.manage(*command)

    def manage(self, *args: str, stdin: str | None = None) -> str:
        """Run a management command under the bench environment; its output, or BenchError with its errors."""
        result = subprocess.run([sys.executable, "manage.py", *args], cwd=self.root, env=self.env(bot_move_delay=0),
                                input=stdin, capture_output=True, text=True)
        if result.returncode != 0:
            raise BenchError(f"manage.py {' '.join(args)} failed:\n{result.stderr[-3000:]}")
        return result.stdout

    def verify(self, game_ids: list[str]) -> list[GameCheck]:
        output = self.manage("shell", "-v0", "-c", "from benchmarks.loadtest.verify import main; main()",
                             stdin=json.dumps(game_ids))
        return [GameCheck(**check) for check in json.loads(output)]

    @contextlib.contextmanager
    def serving(self, *, bot_move_delay: float) -> Iterator[Workers]:
        """The running workers (their base_url says where); they are stopped on the way out, whatever happens."""
        counts = Path(tempfile.mkdtemp(prefix="history-lookups-", dir=self.directory))
        env = {**self.env(bot_move_delay=bot_move_delay), HISTORY_COUNTS_VARIABLE: str(counts)}
        workers = Workers(count=self.config.workers, env=env, root=self.root, logs=self.directory, out=self.out,
                          server=ASGI_SERVERS[self.config.server], history_counts=counts)
        try:
            workers.start()
            yield workers
        finally:
            workers.stop()

    def cleanup(self) -> None:
        shutil.rmtree(self.directory, ignore_errors=True)

    def _recreate_database(self) -> None:
        database = dj_database_url.parse(self.config.database_url)
        if "postgresql" not in database["ENGINE"]:
            raise BenchError(f"The bench needs PostgreSQL, not {database['ENGINE']} ({self.config.database_url}).")
        if "bench" not in database["NAME"]:
            raise BenchError(f"The bench drops its database at the start: its name must contain 'bench', "
                             f"and {database['NAME']!r} does not.")
        maintenance = psycopg.connect(dbname="postgres", host=database["HOST"] or None, port=database["PORT"] or None,
                                      user=database["USER"] or None, password=database["PASSWORD"] or None,
                                      autocommit=True)
        with maintenance:
            name = sql.Identifier(database["NAME"])
            maintenance.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
            maintenance.execute(sql.SQL("CREATE DATABASE {}").format(name))

    def _flush_redis(self) -> None:
        client = redis.Redis.from_url(self.config.redis_url)
        if client.connection_pool.connection_kwargs.get("db", 0) == 0:
            raise BenchError(f"The bench flushes its Redis db at the start: name one other than 0 "
                             f"({self.config.redis_url}).")
        with client:
            client.flushdb()


class Workers:
    """`count` workers of one ASGI server, serving on a socket bound here (daphne, uvicorn) or a port (granian)."""

    def __init__(self, *, count: int, env: dict[str, str], root: Path, logs: Path, out: Callable[[str], None],
                 server: AsgiServer = ASGI_SERVERS["daphne"], history_counts: Path) -> None:
        self.count = count
        self.env = env
        self.root = root
        self.server = server
        processes = count if server.shares_a_socket else 1
        self.logs = [logs / f"{server.name}-{number}.log" for number in range(processes)]
        self.out = out
        self.listener: socket.socket | None = None
        self.processes: list[subprocess.Popen] = []
        self.base_url = ""
        self.history_counts = history_counts   # where the workers count their history lookups

    def start(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0), backlog=4096)
        fd, port = self.listener.fileno(), self.listener.getsockname()[1]
        if not self.server.shares_a_socket:
            self.listener.close()   # the server binds the port itself
            self.listener = None
        command = self.server.command(workers=self.count, fd=fd, port=port)
        for log in self.logs:
            with log.open("w") as log_file:
                # A session of their own: a Ctrl-C reaches the command, which then stops them in order.
                self.processes.append(subprocess.Popen(
                    command, cwd=self.root, env=self.env, pass_fds=[fd] if self.listener else [],
                    stdout=log_file, stderr=subprocess.STDOUT, start_new_session=True))
        self.base_url = f"http://127.0.0.1:{port}"
        self._wait_until_ready(self.base_url)

    def cpu_seconds(self) -> float:
        """The CPU time (user and system) the workers have used so far, from /proc: each process started here
        and, for a server that runs its workers itself, their children."""
        ticks = 0
        for pid in _with_descendants([process.pid for process in self.processes]):
            try:
                # After the command name in parentheses: field 14 (utime) and 15 (stime) of the whole line.
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:   # gone meanwhile
                continue
            ticks += int(fields[11]) + int(fields[12])
        return ticks / os.sysconf("SC_CLK_TCK")

    def history_lookups(self) -> HistoryLookups:
        """How the workers' history lookups went so far, all of them together."""
        return HistoryLookups.read(self.history_counts)

    def _wait_until_ready(self, base_url: str) -> None:
        """Every worker listening (it imports the whole site first) and the site answering /health/."""
        deadline = time.monotonic() + READY_TIMEOUT
        while time.monotonic() < deadline:
            self._raise_if_one_died()
            started = sum(log.read_text().count(self.server.ready_line) for log in self.logs)
            if started >= self.count and _healthy(base_url):
                return
            time.sleep(POLL_INTERVAL)
        raise BenchError(f"The workers were not ready within {READY_TIMEOUT:.0f} s.\n{self._log_tails()}")

    def _raise_if_one_died(self) -> None:
        dead = [number for number, process in enumerate(self.processes) if process.poll() is not None]
        if dead:
            raise BenchError(f"Worker {', '.join(map(str, dead))} died.\n{self._log_tails(dead)}")

    def stop(self) -> None:
        """Stop every worker; show the output of those that died or logged a traceback while serving."""
        died = [number for number, process in enumerate(self.processes) if process.poll() is not None]
        # What a worker prints while shutting down (requests it abandons) is not the site's trouble.
        served = [log.read_text() if log.exists() else "" for log in self.logs]
        # Each worker process leads a process group of its own (start_new_session): signal the whole group, so
        # the workers a server started itself (granian) stop with it.
        for process in self.processes:
            _signal_group(process, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                pass
            _signal_group(process, signal.SIGKILL)   # whatever of the group is left
            process.wait()
        if self.listener is not None:
            self.listener.close()
        troubled = sorted({*died, *(number for number, output in enumerate(served) if "Traceback" in output)})
        if troubled:
            self.out(f"Worker {', '.join(map(str, troubled))} died or logged errors:\n{self._log_tails(troubled)}")

    def _log_tails(self, numbers: list[int] | None = None) -> str:
        tails = []
        for number in numbers if numbers is not None else range(len(self.logs)):
            lines = self.logs[number].read_text().splitlines() if self.logs[number].exists() else []
            tails.append(f"--- worker {number} (last {LOG_TAIL_LINES} lines of its output) ---\n"
                         + "\n".join(lines[-LOG_TAIL_LINES:]))
        return "\n".join(tails)


def _signal_group(process: subprocess.Popen, signal_number: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal_number)


def _with_descendants(pids: list[int]) -> list[int]:
    found, pending = [], list(pids)
    while pending:
        pid = pending.pop()
        found.append(pid)
        for children in Path(f"/proc/{pid}/task").glob("*/children"):
            with contextlib.suppress(OSError):
                pending += [int(child) for child in children.read_text().split()]
    return found


def _healthy(base_url: str) -> bool:
    request = urllib.request.Request(f"{base_url}/health/", headers={"X-Forwarded-Proto": "https"})
    try:
        with urllib.request.urlopen(request, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def machine_busy_seconds() -> float:
    """CPU time the whole machine has been busy (every core, every process: the workers, the database, Redis and
    the bench's client alike), from /proc/stat: its cores' time less their idle and I/O wait."""
    ticks = [int(field) for field in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle, iowait = ticks[3], ticks[4]
    # Guest time is counted inside user time already (fields 9 and 10).
    return (sum(ticks[:8]) - idle - iowait) / os.sysconf("SC_CLK_TCK")
