"""Passing three cards: the cycle by deal number, hidden choices, the exchange, and the 2♣ lead after it."""

import json
import random

import pytest

from tests.rules.hearts_helpers import (
    EXAMPLE,
    GAME,
    finish_deal,
    give,
    hand,
    in_deck_order,
    new_events,
    of_type,
    play,
    table,
)

# EXAMPLE: seat 0 "10C JC QC KC AC 2D..9D", seat 1 "3C 5C 6C 10D JD QD KD AD 2S..6S",
# seat 2 "4C 7C 8C 2H 3H 7S..AS", seat 3 "2C 9C 4H..AH". The dealer is seat 3.
PASSES = [give("AC", "KC", "QC"), give("AD", "KD", "QD"), give("QS", "KS", "AS"), give("2C", "AH", "KH")]


def pass_all(state, passes=PASSES):
    for action in passes:
        state = state.apply(action)
    return state


def test_the_pass_goes_round_from_the_dealers_left():
    state = table(*EXAMPLE, dealer=1)
    order = []
    for _ in range(4):
        order.append(state.current_player)
        assert state.view(None)["phase"] == "pass"
        state = state.apply(state.legal_actions()[0])
    assert order == [2, 3, 0, 1]
    assert state.view(None)["phase"] == "play"


def test_legal_passes_are_every_three_cards_of_the_hand_in_deck_order():
    state = table(*EXAMPLE)
    legal = state.legal_actions()
    assert len(legal) == 286 == len({tuple(action["cards"]) for action in legal})
    assert legal[0] == give("2D", "3D", "4D") and legal[-1] == give("QC", "KC", "AC")
    hand_order = state.view(0)["hand"]
    for action in legal:
        assert action["type"] == "pass" and action["cards"] == sorted(action["cards"], key=hand_order.index)


def test_passed_cards_stay_in_the_hand_and_hidden_until_all_four_have_passed():
    state = table(*EXAMPLE)
    for seat in range(3):
        before = state
        state = state.apply(PASSES[seat])
        cards = PASSES[seat]["cards"]
        assert new_events(before, state) == [{"type": "pass", "seat": seat}]
        assert state.view(seat)["log"][-1] == {"type": "pass", "seat": seat, "cards": sorted(cards, key=hand(
            before, seat).split().index)}
        assert all(state.card_locations()[card] == f"hand:{seat}" for card in cards)
        assert state.view(seat)["hand_sizes"] == [13, 13, 13, 13]
        assert state.view(seat)["passed"] == [other <= seat for other in range(4)]
        assert state.view(seat)["my_pass"] is not None and state.view(seat)["received"] is None
        for other in range(4):
            if other != seat:
                text = json.dumps(state.view(other))
                assert not [card for card in cards if f'"{card}"' in text], "another seat saw the pass"
    assert state.current_player == 3 and state.view(None)["phase"] == "pass"


def test_after_the_fourth_pass_the_cards_change_hands_to_the_left():
    state = pass_all(table(*EXAMPLE))
    events = state.log[-5:]
    assert events == [{"type": "pass", "seat": 3}, {"type": "receive", "seat": 0, "from": 3},
                      {"type": "receive", "seat": 1, "from": 0}, {"type": "receive", "seat": 2, "from": 1},
                      {"type": "receive", "seat": 3, "from": 2}]
    assert hand(state, 0) == in_deck_order("2C 2D 3D 4D 5D 6D 7D 8D 9D 10C JC KH AH")
    assert hand(state, 1) == in_deck_order("3C 5C 6C 10D JD QC 2S 3S 4S 5S 6S KC AC")
    assert hand(state, 2) == in_deck_order("4C 7C 8C 2H 3H 7S 8S 9S 10S JS QD KD AD")
    assert hand(state, 3) == in_deck_order("9C 4H 5H 6H 7H 8H 9H 10H JH QH QS KS AS")
    assert state.view(1)["received"] == ["QC", "KC", "AC"] and state.view(1)["my_pass"] == ["QD", "KD", "AD"]
    assert state.view(1)["log"][-3] == {"type": "receive", "seat": 1, "from": 0, "cards": ["QC", "KC", "AC"]}
    assert state.view(2)["log"][-3] == {"type": "receive", "seat": 1, "from": 0}
    assert state.view(None)["passed"] == [True] * 4


def test_the_two_of_clubs_leads_after_the_pass_even_when_it_was_passed():
    state = pass_all(table(*EXAMPLE))
    assert state.card_locations()["2C"] == "hand:0"
    assert (state.current_player, state.view(None)["phase"], state.view(None)["leader"]) == (0, "play", 0)
    assert state.legal_actions() == [play("2C")]


@pytest.mark.parametrize(("direction", "offset"), [("left", 1), ("right", 3), ("across", 2)])
def test_each_direction_gives_the_cards_to_its_neighbour(direction, offset):
    state = pass_all(table(*EXAMPLE, pass_cycle=[direction]))
    for giver, action in enumerate(PASSES):
        receiver = (giver + offset) % 4
        assert state.view(receiver)["received"] == sorted(action["cards"], key=state.view(receiver)["hand"].index)
        assert set(action["cards"]) <= set(state.view(receiver)["hand"])
        assert {"type": "receive", "seat": receiver, "from": giver} in state.log
    assert len(of_type(state.log, "receive")) == 4


def test_a_no_pass_deal_starts_play_at_once():
    state = table(*EXAMPLE, pass_cycle=["none"])
    assert state.log == [{"type": "deal", "seat": 3, "deal_number": 1, "pass": "none",
                          "hand_sizes": [13, 13, 13, 13]}, {"type": "no-pass", "seat": None}]
    assert (state.current_player, state.view(None)["phase"]) == (3, "play")
    assert state.view(None)["passed"] == [False] * 4 and state.view(3)["received"] is None


def test_the_pass_cycles_left_right_across_none_by_deal_number_and_the_fifth_deal_passes_left_again():
    rng = random.Random(11)
    state = GAME.new_game(4, seed=11)
    directions = []
    while len(directions) < 6:
        view = state.view(None)
        directions.append(view["pass_direction"])
        if view["pass_direction"] == "none":
            assert state.log[-2:] == [of_type(state.log, "deal")[-1], {"type": "no-pass", "seat": None}]
            assert view["phase"] == "play"
        else:
            assert view["phase"] == "pass" and state.current_player == (view["dealer"] + 1) % 4
        state = finish_deal(state, rng)
        assert not state.is_over
    assert directions == ["left", "right", "across", "none", "left", "right"]
    assert [event["pass"] for event in of_type(state.log, "deal")][:6] == directions
    # who received from whom in deals 1, 2, 3 and 5
    receives = of_type(state.log, "receive")
    assert [(event["from"] - event["seat"]) % 4 for event in receives] == [3] * 4 + [1] * 4 + [2] * 4 + [3] * 4 + [
        1] * (len(receives) - 16)


def test_a_custom_pass_cycle_repeats_by_deal_number():
    rng = random.Random(2)
    state = GAME.new_game(4, seed=2, variant={"pass_cycle": ["across", "none"]})
    seen = []
    for _ in range(3):
        seen.append(state.view(None)["pass_direction"])
        state = finish_deal(state, rng)
    assert seen == ["across", "none", "across"]


def test_the_pass_cards_can_be_given_in_any_order():
    state = table(*EXAMPLE)
    orders = [["AC", "KC", "QC"], ["QC", "AC", "KC"], ("KC", "QC", "AC")]
    results = [state.apply({"type": "pass", "cards": cards}) for cards in orders]
    assert results[0] == results[1] == results[2]
    assert results[0].view(0)["my_pass"] == ["QC", "KC", "AC"]


def test_passing_changes_neither_the_action_nor_the_old_state():
    state = table(*EXAMPLE)
    before = state.to_dict()
    action = give("AC", "KC", "QC")
    state.apply(action)
    assert action == give("AC", "KC", "QC") and state.to_dict() == before
