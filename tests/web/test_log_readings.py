"""A stored game's table reads its log once (games.history.LogReadings): the lines and the "What your seat knows"
panel it keeps are those a table drawn afresh shows, at every step, in any order the steps are drawn, and never
those of another line of play."""

from __future__ import annotations

import pytest
from django.utils import translation

from benchmarks.render_speed import played
from games.history import GameHistory, LoggedAction
from games.selectors import position_context

NAMES = ["Guest", "Anna-bot", "Boris-bot", "Vera-bot"]    # both games are played four at a table
SEAT = 0


def table(history: GameHistory, game_key: str, seat: int = SEAT) -> dict:
    context = position_context(history.current, names=NAMES, seat=seat, history=history, knowledge=True)
    return {"log": context["log"], "knowledge": context["knowledge"]}


def afresh(history: GameHistory, step: int) -> GameHistory:
    """The history at `step` with readings of its own: what a process that never drew the game reads."""
    return GameHistory(states=history.states[:step + 1], actions=history.actions[:step])


@pytest.mark.parametrize("game_key", ["hearts", "yashchiki"])
def test_a_tables_lines_and_panel_read_once_are_those_read_afresh_at_every_step_in_any_order(game_key):
    history = played(game_key, late=120, seed=4)
    steps = [history.move_count, 0, 37, 36, 90, 5]
    with translation.override("en"):
        for step in steps:
            kept = table(history.prefix(step), game_key)
            assert kept == table(afresh(history, step), game_key), step
        assert table(history.prefix(90), game_key, seat=2) == table(afresh(history, 90), game_key, seat=2)
    assert any(line["reason"] for line in kept["log"])   # the bots' reasons are told with their moves


def test_a_line_of_play_branching_from_an_older_step_reads_its_own_log():
    history = played("hearts", late=60, seed=4)
    with translation.override("en"):
        table(history, "hearts")                       # the game's line, read to its end
        step = next(step for step in range(30, history.move_count) if len(history.states[step].legal_actions()) > 1)
        state = history.states[step]
        other = next(action for action in state.legal_actions() if action != history.actions[step].action)
        branch = history.prefix(step).extended(state.apply(other), LoggedAction(state.current_player, other, None))
        assert branch.readings is not history.readings
        assert table(branch, "hearts") == table(afresh(branch, step + 1), "hearts")


def test_the_reasons_from_an_event_on_are_those_of_the_whole_history_from_there():
    history = played("yashchiki", late=80, seed=2)
    every = history.reason_by_event()
    assert every
    for first in (0, 17, len(history.current.events) // 2, len(history.current.events)):
        assert history.reason_by_event(first) == {index: reason for index, reason in every.items() if index >= first}
