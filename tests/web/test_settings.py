"""Production settings must pass Django's deployment checks with only the environment set."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def test_production_settings_pass_check_deploy():
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DJANGO_SECRET_KEY", "SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_SETTINGS_MODULE"}
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        SECRET_KEY=secrets.token_urlsafe(64),
        ALLOWED_HOSTS="example.com",
    )

    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


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
