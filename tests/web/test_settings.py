"""Production settings refuse to start without what they need, or with settings that cannot work together.

(That they pass Django's deployment checklist is tests/web/test_deploy_check.py.)
"""

import os
import secrets
import subprocess
import sys
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def test_production_settings_refuse_to_start_without_secret_key():
    env = {key: value for key, value in os.environ.items() if key not in {"DJANGO_SECRET_KEY", "SECRET_KEY"}}
    env.update(DJANGO_SETTINGS_MODULE="config.settings.production", ALLOWED_HOSTS="example.com")

    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_a_database_pool_and_persistent_connections_are_refused_together():
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    env.update(DJANGO_SETTINGS_MODULE="config.settings.production", SECRET_KEY=secrets.token_urlsafe(64),
               ALLOWED_HOSTS="example.com", DATABASE_URL="postgres://cardschool@127.0.0.1:5432/cardschool",
               DATABASE_POOL_MAX_SIZE="8", DATABASE_CONN_MAX_AGE="60")

    result = subprocess.run([sys.executable, "manage.py", "check"], cwd=PROJECT_ROOT, env=env,
                            capture_output=True, text=True, timeout=120)

    assert result.returncode != 0
    assert "DATABASE_POOL_MAX_SIZE or DATABASE_CONN_MAX_AGE" in result.stderr


CHANNEL_LAYER_CAPACITY = ("from django.conf import settings; "
                          "print(settings.CHANNEL_LAYERS['default']['CONFIG']['capacity'])")


def _production_settings(command: str = CHANNEL_LAYER_CAPACITY, **environment: str) -> subprocess.CompletedProcess:
    """What `command` prints in `manage.py shell` under the production settings and `environment`."""
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    env.update(DJANGO_SETTINGS_MODULE="config.settings.production", SECRET_KEY=secrets.token_urlsafe(64),
               ALLOWED_HOSTS="example.com", REDIS_URL="redis://127.0.0.1:6379/0", **environment)
    return subprocess.run([sys.executable, "manage.py", "shell", "--no-imports", "-c", command], cwd=PROJECT_ROOT,
                          env=env, capture_output=True, text=True, timeout=120)


def test_the_channel_layer_holds_a_busy_workers_inbox():
    # channels_redis keeps all of a worker's pages' messages in one list: its own 100 dropped pushes at 400
    # learners, so the default is far above it, and the operator may set it.
    assert int(_production_settings().stdout) > 100
    assert _production_settings(CHANNEL_LAYER_CAPACITY="5000").stdout.strip() == "5000"

    refused = _production_settings(CHANNEL_LAYER_CAPACITY="0")
    assert refused.returncode != 0
    assert "CHANNEL_LAYER_CAPACITY must be at least 1" in refused.stderr


def test_an_idle_pages_blocking_read_outlasts_the_channel_layers_blocking_pop():
    # A listening page's consumer waits in BZPOPMIN for brpop_timeout seconds; a read timeout as long as that
    # (redis-py 8's default is 5 s, channels_redis's pop 5 s) killed idle consumers on a busy machine, and none
    # at all left a receive stuck after Redis restarted (tests/e2e/test_redis_outage.py).
    command = ("from channels.layers import get_channel_layer; layer = get_channel_layer(); "
               "pool = layer.create_pool(0); "
               "print(pool.connection_kwargs.get('socket_timeout', 'unset'), layer.brpop_timeout)")
    read_timeout, blocking_pop = _production_settings(command).stdout.split()

    assert float(read_timeout) > float(blocking_pop)
