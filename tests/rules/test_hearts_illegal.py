"""Every kind of illegal action raises IllegalAction with its code and a readable message, and changes nothing."""

import copy

import pytest

from games.rules import IllegalAction
from tests.rules.case_ids import case_id
from tests.rules.hearts_helpers import (
    EXAMPLE,
    EXAMPLE_TRICKS,
    FIRST_TRICK_TO_SEAT_3,
    GAME,
    HEARTS_LEAD,
    MOON,
    MOON_TRICKS,
    QUEEN_LEAD,
    THIRTEEN_HEARTS,
    THIRTEEN_HEARTS_TRICKS,
    VOID_IN_CLUBS,
    give,
    moon,
    no_pass_table,
    play,
    play_cards,
    play_tricks,
    table,
    with_totals,
)

# In the pass phase seat 0 (EXAMPLE: 10C JC QC KC AC 2D..9D) is to pass; in the play phases the
# tables come from the deals of hearts_helpers.
STATES = {
    "pass": lambda: table(*EXAMPLE),
    "pass, seat 1": lambda: table(*EXAMPLE).apply(give("AC", "KC", "QC")),
    "lead 2C": lambda: no_pass_table(EXAMPLE),
    "follow clubs": lambda: play_cards(no_pass_table(EXAMPLE), "2C"),
    "follow diamonds": lambda: play_cards(no_pass_table(EXAMPLE), EXAMPLE_TRICKS[0] + " 9D"),
    "first trick, no clubs": lambda: play_cards(no_pass_table(VOID_IN_CLUBS), "2C AC 3C"),
    "lead, hearts unbroken": lambda: play_cards(no_pass_table(HEARTS_LEAD), FIRST_TRICK_TO_SEAT_3),
    "lead, queen and hearts": lambda: play_cards(no_pass_table(QUEEN_LEAD), FIRST_TRICK_TO_SEAT_3),
    "play after passing": lambda: table(*EXAMPLE).apply(give("AC", "KC", "QC")).apply(give("AD", "KD", "QD")).apply(
        give("QS", "KS", "AS")).apply(give("2C", "AH", "KH")),
    "moon": lambda: play_tricks(no_pass_table(MOON, preset="moon-choice"), MOON_TRICKS),
    "over": lambda: play_tricks(with_totals(no_pass_table(THIRTEEN_HEARTS), [90, 0, 0, 0]), THIRTEEN_HEARTS_TRICKS),
}

PASS = give("AC", "KC", "QC")

CASES = [
    # not an action at all
    ("pass", None, "not-an-action", {}),
    ("pass", "pass", "not-an-action", {}),
    ("lead 2C", ["play", "2C"], "not-an-action", {}),
    ("lead 2C", 42, "not-an-action", {}),
    ("lead 2C", {}, "not-an-action", {}),
    ("lead 2C", {"type": 1, "card": "2C"}, "not-an-action", {}),
    ("lead 2C", {"type": None}, "not-an-action", {}),
    ("lead 2C", {"card": "2C"}, "not-an-action", {}),
    # unknown types, missing or extra fields
    ("lead 2C", {"type": "draw"}, "unknown-type", {"type": "draw"}),
    ("lead 2C", {"type": "Play", "card": "2C"}, "unknown-type", {"type": "Play"}),
    ("pass", {"type": "ask", "target": 1, "rank": "Q"}, "unknown-type", {"type": "ask"}),
    ("lead 2C", {"type": "play"}, "fields", {"type": "play", "fields": ["card", "type"]}),
    ("lead 2C", {"type": "play", "cards": ["2C"]}, "fields", {"type": "play", "fields": ["card", "type"]}),
    ("lead 2C", {**play("2C"), "seat": 3}, "fields", {"type": "play", "fields": ["card", "type"]}),
    ("pass", {"type": "pass"}, "fields", {"type": "pass", "fields": ["cards", "type"]}),
    ("pass", {**PASS, "seat": 0}, "fields", {"type": "pass", "fields": ["cards", "type"]}),
    ("moon", {"type": "moon"}, "fields", {"type": "moon", "fields": ["choice", "type"]}),
    # things that are not cards
    ("lead 2C", play("1C"), "not-a-card", {"card": "1C"}),
    ("lead 2C", play("2c"), "not-a-card", {"card": "2c"}),
    ("lead 2C", play("C2"), "not-a-card", {"card": "C2"}),
    ("lead 2C", play("2X"), "not-a-card", {"card": "2X"}),
    ("lead 2C", play(""), "not-a-card", {"card": ""}),
    ("lead 2C", play(" 2C"), "not-a-card", {"card": " 2C"}),
    ("lead 2C", play(2), "not-a-card", {"card": "2"}),
    ("lead 2C", play(None), "not-a-card", {"card": "None"}),
    ("lead 2C", play(True), "not-a-card", {"card": "True"}),
    ("lead 2C", {"type": "play", "card": ["2C"]}, "not-a-card", {"card": "['2C']"}),
    ("pass", give("AC", "KC", "ZZ"), "not-a-card", {"card": "ZZ"}),
    ("pass", {"type": "pass", "cards": ["AC", "KC", 12]}, "not-a-card", {"card": "12"}),
    ("pass", {"type": "pass", "cards": [True, False, True]}, "not-a-card", {"card": "True"}),
    # passing three different cards
    ("pass", give("AC", "KC"), "pass-three", {}),
    ("pass", give("AC", "KC", "QC", "JC"), "pass-three", {}),
    ("pass", give(), "pass-three", {}),
    ("pass", give("AC", "AC", "KC"), "pass-three", {}),
    ("pass", {"type": "pass", "cards": "AC KC QC"}, "pass-three", {}),
    ("pass", {"type": "pass", "cards": None}, "pass-three", {}),
    ("pass", {"type": "pass", "cards": True}, "pass-three", {}),
    ("pass", {"type": "pass", "cards": 3}, "pass-three", {}),
    ("pass", {"type": "pass", "cards": {"AC", "KC", "QC"}}, "pass-three", {}),
    ("pass", {"type": "pass", "cards": {"AC": 1, "KC": 1, "QC": 1}}, "pass-three", {}),
    # cards not held
    ("pass", give("AC", "KC", "AH"), "not-in-hand", {"card": "AH"}),
    ("pass, seat 1", give("AC", "KC", "QC"), "not-in-hand", {"card": "QC"}),
    ("lead 2C", play("AC"), "not-in-hand", {"card": "AC"}),
    ("follow clubs", play("3C"), "not-in-hand", {"card": "3C"}),
    ("follow diamonds", play("9D"), "not-in-hand", {"card": "9D"}),
    # the wrong kind of action for the phase
    ("pass", play("10C"), "wrong-phase", {"phase": "pass"}),
    ("pass", moon("add"), "wrong-phase", {"phase": "pass"}),
    ("lead 2C", PASS, "wrong-phase", {"phase": "play"}),
    ("lead 2C", moon("subtract"), "wrong-phase", {"phase": "play"}),
    ("moon", play("2C"), "wrong-phase", {"phase": "moon"}),
    ("moon", PASS, "wrong-phase", {"phase": "moon"}),
    ("play after passing", give("2C", "3C", "4C"), "already-passed", {"phase": "play"}),
    ("play after passing", give("2D", "3D", "4D"), "already-passed", {"phase": "play"}),
    # the rules of play
    ("lead 2C", play("9C"), "lead-two-of-clubs", {}),
    ("lead 2C", play("AH"), "lead-two-of-clubs", {}),
    ("play after passing", play("10C"), "lead-two-of-clubs", {}),
    ("follow clubs", play("2D"), "follow-suit", {"suit": "C"}),
    ("follow diamonds", play("2S"), "follow-suit", {"suit": "D"}),
    ("first trick, no clubs", play("KH"), "no-points-first-trick", {"card": "KH"}),
    ("first trick, no clubs", play("2H"), "no-points-first-trick", {"card": "2H"}),
    ("lead, hearts unbroken", play("2H"), "hearts-not-broken", {}),
    ("lead, hearts unbroken", play("QH"), "hearts-not-broken", {}),
    ("lead, queen and hearts", play("2H"), "queen-before-hearts", {}),
    ("lead, queen and hearts", play("QH"), "queen-before-hearts", {}),
    # the moon choice
    ("moon", moon("both"), "moon-choice", {}),
    ("moon", moon(0), "moon-choice", {}),
    ("moon", moon(False), "moon-choice", {}),
    ("moon", {"type": "moon", "choice": ["add"]}, "moon-choice", {}),
    ("lead 2C", moon("sideways"), "moon-choice", {}),
    # after the end
    ("over", play("2C"), "game-over", {}),
    ("over", PASS, "game-over", {}),
    ("over", moon("add"), "game-over", {}),
]


@pytest.mark.parametrize(("state_name", "action", "code", "params"), CASES,
                         ids=[case_id(name, action) for name, action, _, _ in CASES])
def test_illegal_actions_raise_and_change_nothing(state_name, action, code, params):
    state = STATES[state_name]()
    before = copy.deepcopy(state.to_dict())
    legal_before = state.legal_actions()
    views_before = [state.view(seat) for seat in (None, 0, 1, 2, 3)]
    action_before = copy.deepcopy(action)
    with pytest.raises(IllegalAction) as raised:
        state.apply(action)
    message = str(raised.value)
    assert message[:1].isupper() and message.endswith("."), message
    assert (raised.value.code, raised.value.params) == (code, params)
    assert state.to_dict() == before
    assert state == GAME.state_from_dict(before)
    assert state.legal_actions() == legal_before
    assert [state.view(seat) for seat in (None, 0, 1, 2, 3)] == views_before
    assert action == action_before


def test_the_table_covers_every_code_of_the_spec():
    assert {code for _, _, code, _ in CASES} == {
        "not-an-action", "unknown-type", "fields", "not-a-card", "game-over", "wrong-phase", "not-in-hand",
        "pass-three", "already-passed", "lead-two-of-clubs", "follow-suit", "hearts-not-broken",
        "no-points-first-trick", "moon-choice", "queen-before-hearts"}


@pytest.mark.parametrize("name", sorted(STATES))
def test_every_listed_action_of_the_test_states_is_legal(name):
    state = STATES[name]()
    for action in state.legal_actions():
        state.apply(action)


def test_messages_name_cards_the_way_players_write_them():
    with pytest.raises(IllegalAction, match="^You do not hold the A♣.$"):
        no_pass_table(EXAMPLE).apply(play("AC"))
    with pytest.raises(IllegalAction, match="^You must follow suit: play clubs.$"):
        STATES["follow clubs"]().apply(play("2D"))
