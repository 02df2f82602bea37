"""Production settings pass Django's deployment checklist (`manage.py check --deploy`) with no warning.

The check runs in a subprocess because it needs config.settings.production, which the test process (on
config.settings.test) cannot switch to; the environment is what an operator sets, with nothing else inherited
that could change the outcome (DATABASE_URL and REDIS_URL of a CI run, for instance).
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def check_deploy(**environment: str) -> subprocess.CompletedProcess:
    env = {"PATH": os.environ.get("PATH", ""), "DJANGO_SETTINGS_MODULE": "config.settings.production", **environment}
    return subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("services", [
    {},   # the embedded site: SQLite and the local-memory cache
    # Several workers sharing PostgreSQL and Redis (the check connects to neither).
    {"DATABASE_URL": "postgres://cardschool@127.0.0.1:5432/cardschool", "REDIS_URL": "redis://127.0.0.1:6379/0",
     "RATELIMIT_IP_META_KEY": "HTTP_X_REAL_IP"},
    {"DATABASE_URL": "postgres://cardschool@127.0.0.1:5432/cardschool", "REDIS_URL": "redis://127.0.0.1:6379/0",
     "DATABASE_POOL_MAX_SIZE": "8"},   # with a pool of connections per worker
], ids=["embedded", "postgres-and-redis", "postgres-pool"])
def test_production_settings_pass_the_deployment_checklist(services):
    result = check_deploy(SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS="example.org", **services)

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_the_checklist_still_refuses_a_weak_secret_key():
    """The check above is not toothless: a short key in production fails it."""
    result = check_deploy(SECRET_KEY="too-short", ALLOWED_HOSTS="example.org")

    assert result.returncode != 0
    assert "security.W009" in result.stderr
