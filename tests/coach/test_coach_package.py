"""The coach as a whole: pure Python like the rules and the bots, one evaluator per game, and its benchmark."""

import ast
import re
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from benchmarks.coach import measure_coach
from games.coach import COACHES, get_coach
from games.rules import GAMES

COACH_DIR = Path(__file__).resolve().parents[2] / "games" / "coach"


def test_nothing_under_games_coach_imports_django():
    for path in COACH_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                assert not any(name.split(".")[0] == "django" for name in names), path.name


def test_every_game_has_a_coach_with_its_unit_and_thresholds():
    assert set(COACHES) == set(GAMES)
    for game_key in GAMES:
        coach = get_coach(game_key)
        assert coach.game_key == game_key and coach.unit
        assert 0 < coach.thresholds.inaccuracy < coach.thresholds.mistake
    with pytest.raises(ValueError, match="no coach"):
        get_coach("poker")


def test_bench_coach_prints_its_figures():
    out = StringIO()
    call_command("bench_coach", "sunduchok", "--games", "1", "--reviews", "1", "--seed", "3", stdout=out)
    text = out.getvalue()
    assert "decisions/s" in text and "p95" in text and "mistake share" in text and "easy / hard" in text
    assert re.search(r"review of one seat \(\d+ decisions in 1 games\): per game mean \d+\.\d\d s", text)
    with pytest.raises(CommandError, match="--reviews"):
        call_command("bench_coach", "sunduchok", "--reviews", "-1")
    with pytest.raises(CommandError, match="No coach"):
        call_command("bench_coach", "poker")


def test_bench_coach_judges_games_that_depend_on_the_seed_alone(monkeypatch):
    # The bots play without the decision deadline: a machine so busy that every deadline has passed
    # before a hard bot starts (here, a limit of 0 s) plays the same games, so the coach judges the same moves.
    unhurried = measure_coach("hearts", games=1, seed=5)
    monkeypatch.setattr("games.bots.base.DECISION_SECONDS", 0.0)
    rushed = measure_coach("hearts", games=1, seed=5)
    assert rushed.decisions == unhurried.decisions and rushed.judged == unhurried.judged
