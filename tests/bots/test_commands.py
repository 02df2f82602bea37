"""`manage.py arena` and `manage.py bench_engine` (no database needed)."""

import io
import re
import sys

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError


def run(*args):
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_arena_prints_the_table():
    text = run("arena", "sunduchok", "--players", "2", "--bots", "medium,easy", "--games", "2", "--seed", "4")
    assert "Sunduchok, 2 players, preset standard, 2 games, seed 4" in text
    assert "medium#1" in text and "easy#2" in text


def test_arena_takes_a_preset():
    text = run("arena", "sunduchok", "--players", "3", "--bots", "easy,easy,hard", "--games", "1",
               "--preset", "hidden-chests")
    assert "preset hidden-chests" in text and "hard#3" in text


@pytest.mark.parametrize(("args", "message"), [
    (["chess", "--players", "2", "--bots", "easy,easy"], "Unknown game 'chess'"),
    (["sunduchok", "--players", "2", "--bots", "easy,genius"], "Unknown bot level 'genius'"),
    (["sunduchok", "--players", "3", "--bots", "hard,easy"], "3 players need 3 bots"),
    (["sunduchok", "--players", "2", "--bots", "easy,easy", "--preset", "blitz"], "no preset 'blitz'"),
    (["sunduchok", "--players", "2", "--bots", "easy,easy", "--games", "0"], "at least one game"),
])
def test_arena_explains_bad_arguments(args, message):
    with pytest.raises(CommandError, match=message):
        run("arena", *args)


def test_bench_engine_prints_playouts_per_second_for_two_four_and_six():
    text = run("bench_engine", "sunduchok", "--seconds", "0.05")
    for players in (2, 4, 6):
        assert f"{players} players:" in text
    assert "playouts/s" in text


def test_bench_engine_rejects_an_unknown_game():
    with pytest.raises(CommandError, match="chess"):
        run("bench_engine", "chess")


def test_bench_engine_compares_hearts_with_openspiel():
    pytest.importorskip("pyspiel")
    text = run("bench_engine", "hearts", "--seconds", "0.05")
    assert "4 players:" in text and "2 players:" not in text
    assert "deals/s" in text and "OpenSpiel hearts:" in text
    assert re.search(r"ours / OpenSpiel: \d+\.\d\d \(goal: at least 0\.5; (met|not met)\)", text), text


def test_bench_engine_hearts_says_when_openspiel_is_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # `import pyspiel` now raises ImportError
    text = run("bench_engine", "hearts", "--seconds", "0.05")
    assert "deals/s" in text and "OpenSpiel is not installed" in text
    assert "ours / OpenSpiel" not in text
