"""Generic code names no game (docs/design.md, "A game's parts"): outside the installed games' packages no string
constant equals a game's key (docstrings aside) and no template or script quotes one. Generic code asks the game's
declaration instead (games.declaration.Game)."""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Collection
from pathlib import Path

from django.conf import settings

from games import registry

ROOT = Path(settings.BASE_DIR)
# Not code the site runs, or not generic: tests, frozen migrations, content, translations, docs, tools' folders.
SKIPPED_DIRS = {"tests", "migrations", "content", "locale", "docs", ".venv", "node_modules", "staticfiles", ".git",
                "__pycache__"}
# The list of installed games names them; the suits' names include "hearts".
ALLOWED = {"games/installed.py", "games/rules/cards.py"}


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _python_hits(text: str, keys: Collection[str]) -> list[str]:
    tree = ast.parse(text)
    docstrings = _docstrings(tree)
    return [f"line {node.lineno}: {node.value!r}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in keys
            and id(node) not in docstrings]


def _text_hits(text: str, keys: Collection[str]) -> list[str]:
    names = "|".join(map(re.escape, keys))
    quoted = re.compile(rf"""["']({names})["']""")
    return [f"line {number}: {match.group(0)}" for number, line in enumerate(text.splitlines(), 1)
            for match in quoted.finditer(line)]


def game_key_literals(root: Path, *, keys: Collection[str], packages: Collection[Path]) -> dict[str, list[str]]:
    """Each generic file under `root` that names a game by one of `keys`, with its hits; the games' own
    `packages` (paths relative to `root`) are skipped."""
    skipped = {root / package for package in packages}
    hits = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(name for name in dirs
                         if name not in SKIPPED_DIRS and Path(folder, name) not in skipped)
        for name in sorted(files):
            path = Path(folder, name)
            if path.suffix == ".py":
                found = _python_hits(path.read_text(encoding="utf-8"), keys)
            elif path.suffix in (".html", ".js", ".txt"):
                found = _text_hits(path.read_text(encoding="utf-8"), keys)
            else:
                continue
            if found:
                hits[path.relative_to(root).as_posix()] = found
    return hits


def _installed() -> tuple[list[str], list[Path]]:
    packages = [Path(*package.split(".")) for package in registry.installed_packages()]
    return list(registry.games()), packages


def test_generic_code_names_no_game():
    keys, packages = _installed()
    hits = game_key_literals(ROOT, keys=keys, packages=packages)
    assert {path: found for path, found in hits.items() if path not in ALLOWED} == {}


def test_the_scan_finds_a_planted_key_and_skips_docstrings_and_the_games_packages(tmp_path):
    keys, packages = _installed()
    key = keys[0]
    (tmp_path / "classroom").mkdir()
    (tmp_path / "classroom" / "picks.py").write_text(
        f'"""Picks {key!r} in its docstring, which is allowed."""\n\nDEFAULT = "standard"\nGAME = {key!r}\n')
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "page.html").write_text(f"{{% if game_key == '{key}' %}}{{% endif %}}\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_picks.py").write_text(f"KEY = {key!r}\n")
    own_package = tmp_path / packages[0]
    own_package.mkdir(parents=True)
    (own_package / "rules.py").write_text(f"KEY = {key!r}\n")

    assert game_key_literals(tmp_path, keys=keys, packages=packages) == {
        "classroom/picks.py": [f"line 4: {key!r}"],
        "templates/page.html": [f"line 1: '{key}'"],
    }
