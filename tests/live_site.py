"""The real site in a subprocess: daphne serving config.asgi on a free port, in an environment of its own,
and a private redis-server for it that a test may kill and start again.

Used by the browser tests (tests/e2e) and the fault tests (tests/faults), which kill and restart both.
The site's output goes to a file, never a pipe: a pipe nobody reads would block a site that logs a lot
(every request during an outage logs a warning).
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REDIS_SERVER = shutil.which("redis-server")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, attempts: int = 300) -> None:
    """Wait until something listens on `port` (about 30 s at most); fail early if `process` exits first."""
    for _ in range(attempts):
        if process.poll() is not None:
            raise RuntimeError(f"the process meant to listen on {port} exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.1):
                return
        except OSError:
            try:
                process.wait(timeout=0.1)
            except subprocess.TimeoutExpired:
                pass
    raise RuntimeError(f"nothing listens on port {port}")


def manage(env: dict[str, str], *args: str) -> None:
    """Run a management command against the site under test."""
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)


def query_site(env: dict[str, str], code: str):
    """Run Python `code` in the site's Django (`manage.py shell`) and return what it printed, as JSON."""
    finished = subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT, env=env,
                              capture_output=True, text=True)
    if finished.returncode != 0:
        # The traceback is the whole story of a failed setup; CalledProcessError would show only the code.
        raise RuntimeError(f"manage.py shell failed ({finished.returncode}):\n{finished.stderr[-4000:]}")
    return json.loads(finished.stdout.strip().splitlines()[-1])


def prepare_site_database(env: dict[str, str], shared_dir: Path | None = None) -> None:
    """Create the site's tables and load the built-in data, as `make run` does.

    With `shared_dir` (a directory of this test run that every test worker sees) a SQLite database is prepared
    once per run and copied: preparing costs seconds of migrations and built-in data per worker and per site."""
    database = sqlite_path(env["DATABASE_URL"])
    if shared_dir is None or database is None:
        manage(env, "migrate", "-v0")
        manage(env, "load_builtin_data", "-v0")
        return
    prepared = shared_dir / "prepared-site.sqlite3"
    with open(shared_dir / "prepared-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)   # the first worker prepares it; the others wait for it
        if not prepared.exists():
            building = shared_dir / "prepared-site.building.sqlite3"
            prepare_site_database({**env, "DATABASE_URL": f"sqlite:///{building}"})
            building.rename(prepared)
    with sqlite3.connect(prepared) as source, sqlite3.connect(database) as copy:
        source.backup(copy)


def sqlite_path(database_url: str) -> Path | None:
    """The file of a `sqlite:///` database URL; None for any other database."""
    return Path(database_url.removeprefix("sqlite:///")) if database_url.startswith("sqlite:///") else None


def shared_run_dir(tmp_path_factory) -> Path:
    """A directory of this test run that every xdist worker of it sees (their base temporary directories'
    parent); the run's own base directory without xdist."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


class SiteProcess:
    """One daphne worker of the site on `port`; it can be started again after a stop or a kill."""

    def __init__(self, env: dict[str, str], port: int | None = None) -> None:
        self.env = env
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self._log = tempfile.NamedTemporaryFile(mode="w+", prefix="cardschool-site-", suffix=".log", delete=False)

    def start(self) -> SiteProcess:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port), "config.asgi:application"],
            cwd=ROOT, env=self.env, stdout=self._log, stderr=subprocess.STDOUT, text=True)
        try:
            wait_for_port(self.port, self.process)
        except RuntimeError as error:
            raise RuntimeError(f"the site did not start ({error}):\n{self.output()}") from None
        return self

    def kill(self) -> None:
        """SIGKILL: the worker dies at once, as in a crash or an out-of-memory kill, with no cleanup."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def output(self) -> str:
        self._log.flush()
        return Path(self._log.name).read_text()

    def close(self) -> None:
        self.stop()
        self._log.close()
        os.unlink(self._log.name)


class PrivateRedis:
    """A redis-server of this test alone on a free port, without persistence; it can be killed and restarted
    on the same port."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen([REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1",
                                         "--save", "", "--appendonly", "no"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for_port(self.port, self.process)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.kill()
