"""The project's apps import one another without a cycle, and core imports none of them.

Every Python file of each app is parsed (no import runs): `import x.y` and `from x.y import z`, at the top of a
module or inside a function alike, count as the importing app depending on app `x`. A cycle, of any length, means
two apps know each other's internals; the shared pieces belong in core/ instead.

Migrations are left out: they are frozen history, replayed by `migrate` only, and a migration that needs another
app's model asks the historical registry (apps.get_model), not an import; their dependencies on other apps'
migrations are the ordering Django needs, not code coupling.
"""

from __future__ import annotations

import ast
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent


def project_apps() -> list[str]:
    """The installed apps whose package lives in this repository."""
    return [name for name in settings.INSTALLED_APPS if "." not in name and (ROOT / name / "__init__.py").is_file()]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def app_import_graph() -> dict[str, dict[str, set[str]]]:
    """app -> {imported app -> the importing files}, self-imports left out."""
    apps = project_apps()
    graph: dict[str, dict[str, set[str]]] = {app: {} for app in apps}
    for app in apps:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.relative_to(ROOT / app).parts:
                continue
            for module in imported_modules(path):
                target = module.split(".")[0]
                if target in graph and target != app:
                    graph[app].setdefault(target, set()).add(str(path.relative_to(ROOT)))
    return graph


def cycles(graph: dict[str, dict[str, set[str]]]) -> list[list[str]]:
    """Every elementary cycle, each once, starting at its smallest app."""
    found = []

    def walk(start: str, node: str, path: list[str]) -> None:
        for target in sorted(graph[node]):
            if target == start:
                found.append([*path, start])
            elif target > start and target not in path:
                walk(start, target, [*path, target])

    for start in sorted(graph):
        walk(start, start, [start])
    return found


def describe(cycle: list[str], graph) -> str:
    steps = [f"  {a} -> {b}: {', '.join(sorted(graph[a][b]))}" for a, b in zip(cycle, cycle[1:], strict=False)]
    return " -> ".join(cycle) + "\n" + "\n".join(steps)


def test_core_is_a_project_app_installed_first():
    assert project_apps()[0] == "core"


def test_core_imports_no_other_project_app():
    graph = app_import_graph()
    assert graph["core"] == {}, "core imports " + ", ".join(
        f"{app} ({', '.join(sorted(files))})" for app, files in sorted(graph["core"].items()))


def test_no_import_cycle_between_apps():
    graph = app_import_graph()
    found = cycles(graph)
    assert not found, "Import cycles between apps:\n" + "\n".join(describe(cycle, graph) for cycle in found)


def test_the_cycle_finder_finds_long_cycles():
    graph = {"a": {"b": {"a/x.py"}}, "b": {"c": {"b/x.py"}}, "c": {"a": {"c/x.py"}}, "d": {"a": {"d/x.py"}}}
    assert cycles(graph) == [["a", "b", "c", "a"]]


def test_load_builtin_data_calls_each_apps_builtin_module_in_installed_order():
    from core.management.commands.load_builtin_data import builtin_modules

    assert [module.__name__ for module in builtin_modules()] == [
        "games.builtin", "tutorials.builtin", "rulebook.builtin", "puzzles.builtin"]
