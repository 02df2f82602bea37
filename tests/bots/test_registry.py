"""`get_bot` and the levels: the names of docs/engine.md, clear errors for anything else."""

import ast
import random
from pathlib import Path

import pytest

import benchmarks
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


def test_bots_arena_and_benches_do_not_import_django():
    root = Path(games.__file__).parent
    tooling = Path(benchmarks.__file__).parent
    files = [*root.joinpath("bots").rglob("*.py"), tooling / "arena.py", tooling / "engine_speed.py",
             tooling / "coach.py"]
    for path in files:
        assert not _imported_packages(path) & {"django"}, path


def test_the_product_does_not_import_the_tooling():
    project = Path(benchmarks.__file__).parents[1]
    for app in ("games", "tutorials", "classroom", "rulebook", "puzzles", "together", "config"):
        for path in project.joinpath(app).rglob("*.py"):
            assert "benchmarks" not in _imported_packages(path), path


def _imported_packages(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add(node.module or "")
    return {name.split(".")[0] for name in names}
