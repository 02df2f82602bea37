"""Contract-wide checks: pure Python without Django, and states that outputs cannot change."""

import ast
import contextlib
import copy
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from tests.rules.helpers import GAME, ask, count, suits, table

REPO = Path(__file__).resolve().parents[2]
GAMES_DIR = REPO / "games"
# The pure parts: the shared engine, bot, coach and narration modules, and each game package's rules, bots, coach,
# narration, reasons and engine declaration (its table, game declaration and templates are the site's).
PURE_PARTS = ("rules", "bots", "coach", "narration", "reasons", "engine")


def pure_modules() -> list[Path]:
    modules = [*GAMES_DIR.glob("rules/**/*.py"), *GAMES_DIR.glob("bots/**/*.py"), *GAMES_DIR.glob("coach/**/*.py"),
               *GAMES_DIR.glob("narration/**/*.py"), GAMES_DIR / "declaration.py", GAMES_DIR / "registry.py",
               GAMES_DIR / "installed.py"]
    for package in GAMES_DIR.iterdir():
        if (package / "engine.py").exists():
            for part in PURE_PARTS:
                modules += [package / f"{part}.py"] if (package / f"{part}.py").exists() else []
                modules += sorted((package / part).rglob("*.py"))
    return sorted(set(modules))


def django_imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""] if node.level == 0 else []
        else:
            continue
        yield from (name for name in names if name == "django" or name.startswith("django."))


def test_no_pure_module_imports_django():
    modules = pure_modules()
    assert GAMES_DIR / "sunduchok" / "rules.py" in modules
    assert GAMES_DIR / "hearts" / "bots" / "hard.py" in modules
    assert GAMES_DIR / "rooster" / "reasons.py" in modules
    assert {str(path.relative_to(REPO)): list(django_imports(path)) for path in modules} == {
        str(path.relative_to(REPO)): [] for path in modules}


def test_the_django_scan_would_notice_an_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import os\nfrom django.db import models\nimport django.conf as conf\n")
    assert list(django_imports(sample)) == ["django.db", "django.conf"]


def test_the_engines_work_without_django():
    code = ("import random, games.rules, games.bots, games.coach, games.narration, sys; "
            "state = games.rules.get_game('hearts').new_game(4, seed=1); "
            "seat = state.current_player; "
            "games.bots.get_bot('hearts', 'hard').decide(state.view(seat), state.legal_actions(), random.Random(1)); "
            "assert not any(m.startswith('django') for m in sys.modules), sorted(sys.modules)")
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60,
                            env={**env, "PYTHONPATH": str(REPO)})
    assert result.returncode == 0, result.stderr


def scramble(value):
    """Mutate every list and dict inside `value` in place, but those that refuse (a view's read-only log)."""
    if isinstance(value, dict):
        for item in list(value.values()):
            scramble(item)
        with contextlib.suppress(TypeError):
            value["scrambled"] = True
    elif isinstance(value, list):
        for item in value:
            scramble(item)
        with contextlib.suppress(TypeError):
            value.append("scrambled")


@pytest.fixture
def state():
    """A state whose log holds nested lists (hand sizes, transferred cards, suits) and a private draw."""
    state = table("QH QC 8D AS", "QD QS 7H KC")
    for action in (ask(1, "Q"), count(2), suits("D", "S"), ask(1, "8")):
        state = state.apply(action)
    return state


OUTPUTS = {
    "to_dict": lambda state: state.to_dict(),
    "log": lambda state: state.log,
    "view of seat 0": lambda state: state.view(0),
    "view of seat 1": lambda state: state.view(1),
    "spectator view": lambda state: state.view(None),
    "legal_actions": lambda state: state.legal_actions(),
    "card_locations": lambda state: state.card_locations(),
    "scores": lambda state: state.scores,
    "winners": lambda state: state.winners,
}


@pytest.mark.parametrize("output", OUTPUTS.values(), ids=OUTPUTS.keys())
def test_changing_what_a_state_returns_does_not_change_the_state(state, output):
    before = copy.deepcopy(state.to_dict())
    views = [copy.deepcopy(state.view(seat)) for seat in (None, 0, 1)]
    scramble(output(state))
    assert state.to_dict() == before
    assert [state.view(seat) for seat in (None, 0, 1)] == views


def test_a_restored_state_does_not_share_the_dict_it_came_from(state):
    data = state.to_dict()
    restored = GAME.state_from_dict(data)
    scramble(data)
    assert restored == state


def test_a_views_log_is_read_only_and_shared_not_copied(state):
    """The log a view hands out is the line's own reading of it, shared by every view: so nothing may change it,
    while a copy of it is a plain list of plain dicts, JSON and pickle read it as they read a list of dicts."""
    log = state.view(0)["log"]
    assert log == state.view(0)["log"] and log[-1] is state.view(0)["log"][-1]
    with pytest.raises(TypeError):
        log.append({"type": "forged"})
    with pytest.raises(TypeError):
        log[0]["seat"] = 3
    with pytest.raises(TypeError):
        next(event for event in log if event["type"] == "suits")["suits"].sort()
    changed = [dict(event) for event in log]
    changed[0]["seat"] = 3
    assert state.view(0)["log"][0]["seat"] != 3
    assert json.loads(json.dumps(log)) == log
    assert pickle.loads(pickle.dumps(log)) == log and copy.deepcopy(log) == log
