"""`manage.py bench_render`: one table of each game timed early and late in a match, on Django's templates and, where
benchmarks/jinja/ ports them, on Jinja2 (no timing is asserted: the figures are the machine's)."""

from __future__ import annotations

import html
import io
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.template.loader import render_to_string
from django.test import override_settings
from django.utils import translation

from benchmarks import render_speed
from games import installed, registry
from games.selectors import table_context

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
        # view, context, context/step, partial Django, _table Django: always; the Jinja2 ones where ported.
        assert len(re.findall(FIGURE, line)) + line.count("(not ported)") == 7, line
    # At least one game's table is ported to Jinja2, so that the two engines are compared.
    assert any("(not ported)" not in line for line in lines.values())


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


def _markup(text: str) -> str:
    """HTML with its whitespace between and around tags dropped and its entities read (&#x27; is &#39;)."""
    return html.unescape(re.sub(r"\s*(<|>)\s*", r"\1", re.sub(r"\s+", " ", text)).strip())


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_jinja2_ports_draw_what_the_site_draws_at_every_step_of_a_game(language):
    """The Jinja2 figures are comparable only if the ports draw the same table, move form and end screen."""
    jinja = render_speed.jinja_environment()
    if jinja is None:
        pytest.skip("Jinja2 is not installed (pip install -e '.[test]').")
    ported = {key: render_speed.jinja_ports(key, jinja) for key in registry.games()}
    ported = {key: ports for key, ports in ported.items() if ports}
    assert ported
    with translation.override(language):
        for key, ports in ported.items():
            history = render_speed.played(key, late=300, seed=3)
            for step in range(history.move_count + 1):
                game = render_speed.stored_game(key, history.prefix(step))
                context = {**table_context(game, seat=render_speed.LEARNER, preset_name="standard"),
                           "csrf_token": render_speed.CSRF_TOKEN}
                for name, template in ports.items():
                    assert _markup(template.render(context)) == _markup(render_to_string(name, context)), \
                        f"{key} step {step}: {name}"
