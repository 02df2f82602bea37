"""Browser tests: the real site served by daphne in a subprocess, driven by Debian's Chromium.

The site runs on its own SQLite file, so these tests need no test database of pytest-django.
They are skipped where /usr/bin/chromium is absent (never `playwright install`: it cannot download).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.live_site import SiteProcess, manage, prepare_site_database, shared_run_dir

__all__ = ["manage"]   # the e2e tests run management commands against the site with it

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.e2e)
            if not os.path.exists(CHROMIUM):
                item.add_marker(pytest.mark.skip(reason=f"{CHROMIUM} is not installed"))


@pytest.fixture(scope="session")
def site_env(tmp_path_factory) -> dict[str, str]:
    """The environment of the site under test: its own SQLite file, the test settings."""
    database = tmp_path_factory.mktemp("site") / "e2e.sqlite3"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test", "DATABASE_URL": f"sqlite:///{database}"}
    env.pop("REDIS_URL", None)   # one process: the in-memory channel layer is enough
    return env


@pytest.fixture(scope="session")
def live_site(site_env, tmp_path_factory):
    """The base URL of the site, served over HTTP and WebSockets by daphne."""
    prepare_site_database(site_env, shared_run_dir(tmp_path_factory))
    site = SiteProcess(site_env).start()
    try:
        yield site.url
    finally:
        site.close()


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
