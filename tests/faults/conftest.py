"""Fixtures of the fault tests: the real site's database on the suite's engine, and a Redis of our own.

In the plain run the site gets a SQLite file; in the PostgreSQL run (DATABASE_URL set) a database of its own,
created for the session and dropped after, so killing workers and backends never touches anyone else's.
Redis is always a private redis-server on a free port, since these tests stop it.
"""

from __future__ import annotations

import os

import dj_database_url
import pytest

from tests.live_site import REDIS_SERVER, PrivateRedis, SiteProcess, prepare_site_database, shared_run_dir


def suite_uses_postgresql() -> bool:
    return os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))


def postgres_admin_connection(database_url: str, dbname: str = "postgres"):
    """An autocommit psycopg connection to `dbname` on the server of `database_url`."""
    import psycopg

    config = dj_database_url.parse(database_url)
    return psycopg.connect(host=config["HOST"] or "127.0.0.1", port=config["PORT"] or 5432, user=config["USER"],
                           password=config["PASSWORD"] or None, dbname=dbname, autocommit=True)


def database_url_named(database_url: str, name: str) -> str:
    return database_url.rsplit("/", 1)[0] + f"/{name}"


@pytest.fixture(scope="session")
def site_database_url(tmp_path_factory) -> str:
    """A migrated database with the built-in data for the sites these tests start, on the suite's engine."""
    if not suite_uses_postgresql():
        url = f"sqlite:///{tmp_path_factory.mktemp('faults') / 'site.sqlite3'}"
        prepare_site_database(site_env_for(url), shared_run_dir(tmp_path_factory))
        yield url
        return
    suite_url = os.environ["DATABASE_URL"]
    name = f"cardschool_faults_{os.getpid()}"
    with postgres_admin_connection(suite_url) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    url = database_url_named(suite_url, name)
    try:
        prepare_site_database(site_env_for(url))
        yield url
    finally:
        with postgres_admin_connection(suite_url) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def site_env_for(database_url: str, redis_url: str | None = None, **settings: str) -> dict[str, str]:
    """The environment of a site on `database_url`, with Redis at `redis_url` or none (in-memory layer)."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test", "DATABASE_URL": database_url, **settings}
    env.pop("REDIS_URL", None)
    if redis_url:
        env["REDIS_URL"] = redis_url
    return env


@pytest.fixture
def start_site():
    """Start sites with `start_site(env)`; each is stopped when the test ends."""
    sites = []

    def start(env: dict[str, str]) -> SiteProcess:
        site = SiteProcess(env)
        sites.append(site)
        return site.start()

    yield start
    for site in sites:
        site.close()


@pytest.fixture
def private_redis():
    if REDIS_SERVER is None:
        pytest.skip("the redis-server binary is not installed")
    redis = PrivateRedis()
    redis.start()
    yield redis
    redis.stop()
