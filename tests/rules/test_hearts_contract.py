"""Contract checks for Hearts: states that nothing handed out can change, JSON round trips, immutability."""

import copy
import json

import pytest

from tests.rules.hearts_helpers import (
    EXAMPLE,
    EXAMPLE_TRICKS,
    GAME,
    MOON,
    MOON_TRICKS,
    give,
    no_pass_table,
    play,
    play_cards,
    play_tricks,
    table,
)
from tests.rules.test_engine_contract import scramble


@pytest.fixture
def state():
    """A state whose log holds private passes and receipts, a complete trick and one in progress."""
    state = table(*EXAMPLE)
    for action in (give("AC", "KC", "QC"), give("AD", "KD", "QD"), give("QS", "KS", "AS"), give("2C", "AH", "KH")):
        state = state.apply(action)
    return play_cards(state, "2C 3C 4C 9C KS")


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
    views = [copy.deepcopy(state.view(seat)) for seat in (None, 0, 1, 2, 3)]
    legal = state.legal_actions()
    scramble(output(state))
    assert state.to_dict() == before
    assert [state.view(seat) for seat in (None, 0, 1, 2, 3)] == views
    assert state.legal_actions() == legal


def test_a_restored_state_does_not_share_the_dict_it_came_from(state):
    data = state.to_dict()
    restored = GAME.state_from_dict(data)
    scramble(data)
    assert restored == state
    assert restored.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("make", [
    lambda: table(*EXAMPLE),
    lambda: play_cards(no_pass_table(EXAMPLE), EXAMPLE_TRICKS[0] + " " + EXAMPLE_TRICKS[1]),
    lambda: play_tricks(no_pass_table(MOON, preset="moon-choice"), MOON_TRICKS),
    lambda: play_tricks(no_pass_table(MOON, end_at=10), MOON_TRICKS),
], ids=["pass", "play", "moon", "over"])
def test_a_json_round_trip_gives_an_equal_state_that_plays_on_alike(make):
    state = make()
    restored = GAME.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert restored == state and restored.to_dict() == state.to_dict()
    assert restored.legal_actions() == state.legal_actions()
    assert all(restored.view(seat) == state.view(seat) for seat in (None, 0, 1, 2, 3))
    for action in state.legal_actions()[:5]:
        assert restored.apply(action) == state.apply(action)


def test_state_from_dict_refuses_another_games_state():
    with pytest.raises(ValueError, match="not a Hearts state"):
        GAME.state_from_dict({"game": "sunduchok"})


def test_apply_leaves_the_old_state_and_the_action_alone(state):
    before = copy.deepcopy(state.to_dict())
    action = play("10C")
    after = state.apply(action)
    assert action == play("10C") and state.to_dict() == before and after.to_dict() != before
    assert after.log[len(state.log):] == [{"type": "play", "seat": 0, "card": "10C"}]
    assert state.current_player == 0 and after.current_player == 1
