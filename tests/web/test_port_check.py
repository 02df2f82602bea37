"""`make run` refuses a taken port at once, with what to do, instead of daphne's hanging "Address already in use"."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def port_check(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "config.port_check", *arguments], cwd=ROOT,
                          capture_output=True, text=True, timeout=30)


@pytest.fixture
def listening_port():
    """A port another server is listening on (the system picks a free one to take)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        yield server.getsockname()[1]


def test_a_taken_port_is_refused_with_what_to_do(listening_port):
    result = port_check(str(listening_port))

    assert result.returncode == 1
    assert result.stderr.strip() == (f"Port {listening_port} is already in use: stop the other server "
                                     f"or run `make run PORT={listening_port + 1}`")


def test_a_free_port_passes_silently():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        free_port = probe.getsockname()[1]
    result = port_check(str(free_port))

    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


@pytest.mark.parametrize("argument", ["eighty", "0", "70000"])
def test_a_port_that_is_no_port_is_refused(argument):
    result = port_check(argument)

    assert result.returncode == 2 and "PORT must be a number" in result.stderr


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_checks_the_chosen_port_before_anything_else():
    # A dry run (-n) prints the commands without running them.
    commands = subprocess.run(["make", "-n", "run", "PORT=8123"], cwd=ROOT, capture_output=True, text=True,
                              timeout=30).stdout.splitlines()
    run_commands = [line for line in commands if "config.port_check" in line or "manage.py" in line]

    assert run_commands[0].endswith("-m config.port_check 8123")
    assert run_commands[-1].endswith("manage.py runserver 127.0.0.1:8123")


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_uses_port_8000_by_default():
    commands = subprocess.run(["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True, timeout=30,
                              env={name: value for name, value in os.environ.items() if name != "PORT"}).stdout
    assert "-m config.port_check 8000" in commands and "runserver 127.0.0.1:8000" in commands
