"""Contract checks for Chuvash Rooster: states that nothing handed out can change, JSON round trips,
immutability."""

import copy
import json

import pytest

from tests.rules.rooster_helpers import GAME, PASS, TAKE, attack, beat, bout, run, table, throw
from tests.rules.test_engine_contract import scramble

REFILL_DEAL = ("JS QS KS AS AH", "10C JC 6H 7H 8H 9H", "QC KC 6D 7D 8D", "9D 10D JD QD KD AD")


def refilled():
    """Seat 1's bout beaten off and seats 1 and 2 refilled from the stock (private draws in the log)."""
    state = bout(*REFILL_DEAL, attacker=1, stock="6S 7S 8S 9S", rest="discard")
    return run(state, attack("10C", "JC"), beat("10C", "QC"), beat("JC", "KC"), PASS, PASS, PASS)


@pytest.fixture
def state():
    """Seat 2 attacks seat 3 with two diamonds, one beaten; the log holds private draws."""
    return run(refilled(), attack("6D", "7D"), beat("6D", "9D"))


OUTPUTS = {
    "to_dict": lambda state: state.to_dict(),
    "log": lambda state: state.log,
    "view of seat 1": lambda state: state.view(1),
    "view of seat 2": lambda state: state.view(2),
    "spectator view": lambda state: state.view(None),
    "legal_actions": lambda state: state.legal_actions(),
    "card_locations": lambda state: state.card_locations(),
    "scores": lambda state: state.scores,
    "winners": lambda state: state.winners,
}
SEATS = (None, 0, 1, 2, 3)


@pytest.mark.parametrize("output", OUTPUTS.values(), ids=OUTPUTS.keys())
def test_changing_what_a_state_returns_does_not_change_the_state(state, output):
    before = copy.deepcopy(state.to_dict())
    views = [copy.deepcopy(state.view(seat)) for seat in SEATS]
    legal = state.legal_actions()
    scramble(output(state))
    assert state.to_dict() == before
    assert [state.view(seat) for seat in SEATS] == views
    assert state.legal_actions() == legal


def test_a_restored_state_does_not_share_the_dict_it_came_from(state):
    data = state.to_dict()
    restored = GAME.state_from_dict(data)
    scramble(data)
    assert restored == state
    assert restored.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("make", [
    lambda: table("6C 7C 8C 7D", "9C 10C 6D", "AS", stock="JS QS"),
    refilled,
    lambda: run(refilled(), attack("6D", "7D"), beat("6D", "9D")),
    lambda: run(bout("7C 7D KS", "9C 6D 6H", "9D 8H", rest="discard"), attack("7C"), beat("7C", "9C"), throw("7D")),
    lambda: run(bout("7C 8C KS", "9C 6D", "7D 8H", rest="discard"), attack("7C", "8C"), TAKE),
    lambda: run(bout("7C", "6D 9S", rest="discard"), attack("7C"), beat("7C", "9S")),
], ids=["first attack", "refilled", "defend", "throw", "taken", "over"])
def test_a_json_round_trip_gives_an_equal_state_that_plays_on_alike(make):
    state = make()
    restored = GAME.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert restored == state and restored.to_dict() == state.to_dict()
    assert restored.legal_actions() == state.legal_actions()
    players = state.view(None)["players"]
    assert all(restored.view(seat) == state.view(seat) for seat in (None, *range(players)))
    for action in state.legal_actions()[:6]:
        assert restored.apply(action) == state.apply(action)


def test_state_from_dict_refuses_another_games_state():
    with pytest.raises(ValueError, match="not a Chuvash Rooster state"):
        GAME.state_from_dict({"game": "hearts"})


def test_apply_leaves_the_old_state_and_the_action_alone(state):
    before = copy.deepcopy(state.to_dict())
    action = beat("7D", "10D")
    after = state.apply(action)
    assert action == beat("7D", "10D") and state.to_dict() == before and after.to_dict() != before
    assert after.log[len(state.log):] == [{"type": "beat", "seat": 3, "attack": "7D", "card": "10D"}]
    assert state.current_player == 3 and after.current_player == 2


def test_a_lead_named_out_of_order_is_not_sorted_in_place():
    lead = ["9S", "8S"]
    after = refilled().apply({"type": "attack", "cards": lead})
    assert lead == ["9S", "8S"] and after.log[-1]["cards"] == ["8S", "9S"]
