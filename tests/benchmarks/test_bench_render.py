"""`manage.py bench_render`: one table of each game timed early and late in a match (no timing is asserted: the
figures are the machine's)."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import override_settings

from games import installed, registry

FIGURE = r"\d+\.\d\d /\s+\d+\.\d\d"


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("bench_render", *args, stdout=out)
    return out.getvalue()


def measured_lines(text: str) -> dict[tuple[str, str], str]:
    """The figures' lines by (game key, state)."""
    return {tuple(line.split()[:2]): line for line in text.splitlines() if line.split()[1:2] in (["early"], ["late"])}


def test_it_prints_an_early_and_a_late_line_for_every_installed_game():
    lines = measured_lines(run("--repeat", "1", "--late", "60"))
    assert set(lines) == {(key, state) for key in registry.games() for state in ("early", "late")}
    for (_key, state), line in lines.items():
        actions = int(line.split()[2])
        assert (10 <= actions < 20) if state == "early" else (actions < 60), line
        # view, context, context/step, the partial, _table.
        assert len(re.findall(FIGURE, line)) == 5, line


def test_it_covers_a_game_installed_by_the_setting_alone():
    with override_settings(INSTALLED_GAMES=(*installed.INSTALLED_GAMES, "tests.fifth_game")):
        lines = measured_lines(run("--repeat", "1", "--late", "40", "--games", "duel"))
    assert set(lines) == {("duel", "early"), ("duel", "late")}


@pytest.mark.parametrize(("args", "message"), [
    (["--games", "chess"], "Unknown game 'chess'"),
    (["--repeat", "0"], "--repeat must be at least 1"),
    (["--late", "5"], "--late must be at least 20"),
])
def test_it_explains_bad_arguments(args, message):
    with pytest.raises(CommandError, match=message):
        run(*args)

