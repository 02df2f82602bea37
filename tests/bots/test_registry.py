"""`get_bot` and the levels: the names of ENGINE.md, clear errors for anything else."""

import ast
import random
from pathlib import Path

import pytest

import games
from games.bots import LEVELS, Decision, get_bot
from tests.bots.helpers import GAME


def test_levels_are_easy_medium_hard():
    assert LEVELS == ("easy", "medium", "hard")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_chooses_and_decides(level):
    bot = get_bot("sunduchok", level)
    state = GAME.new_game(3, seed=5)
    view, legal = state.view(state.current_player), state.legal_actions()
    decision = bot.decide(view, legal, random.Random(1))
    assert isinstance(decision, Decision)
    assert bot.choose(view, legal, random.Random(1)) == decision.action
    with pytest.raises(AttributeError):
        decision.action = {}     # a frozen dataclass


def test_unknown_game_and_level_are_value_errors():
    with pytest.raises(ValueError, match="chess"):
        get_bot("chess", "easy")
    with pytest.raises(ValueError, match="expert"):
        get_bot("sunduchok", "expert")


def test_bots_arena_and_benchmark_do_not_import_django():
    root = Path(games.__file__).parent
    files = [*root.joinpath("bots").rglob("*.py"), root / "arena.py", root / "benchmark.py"]
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(name.split(".")[0] == "django" for name in names), path
