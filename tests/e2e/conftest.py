"""Browser tests: the real site served by daphne in a subprocess, driven by Debian's Chromium.

The site runs on its own SQLite file, so these tests need no test database of pytest-django.
They are skipped where /usr/bin/chromium is absent (never `playwright install`: it cannot download).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.e2e)
            if not os.path.exists(CHROMIUM):
                item.add_marker(pytest.mark.skip(reason=f"{CHROMIUM} is not installed"))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_for_port(port: int, process: subprocess.Popen, attempts: int = 300) -> None:
    for _ in range(attempts):
        if process.poll() is not None:
            raise RuntimeError(f"the site did not start:\n{process.stdout.read()}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.1):
                return
        except OSError:
            try:
                process.wait(timeout=0.1)
            except subprocess.TimeoutExpired:
                pass
    raise RuntimeError("the site did not open its port")


@pytest.fixture(scope="session")
def site_env(tmp_path_factory) -> dict[str, str]:
    """The environment of the site under test: its own SQLite file, the test settings."""
    database = tmp_path_factory.mktemp("site") / "e2e.sqlite3"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test", "DATABASE_URL": f"sqlite:///{database}"}
    env.pop("REDIS_URL", None)   # one process: the in-memory channel layer is enough
    return env


def manage(env: dict[str, str], *args: str) -> None:
    """Run a management command against the site under test."""
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)


@pytest.fixture(scope="session")
def live_site(site_env):
    """The base URL of the site, served over HTTP and WebSockets by daphne."""
    env = site_env
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    # The built-in presets and lessons (content/lessons/), as `make run` loads them.
    subprocess.run([sys.executable, "manage.py", "load_builtin_data", "-v0"], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                               "config.asgi:application"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        _wait_for_port(port, server)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


# Module scope: Playwright's sync API runs an event loop that must be gone before the async tests.
@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    yield page
    context.close()
