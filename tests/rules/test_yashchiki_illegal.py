"""Every kind of illegal Yashchiki action raises IllegalAction with its code and a readable message,
and changes nothing; malformed actions of any shape raise nothing else."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import IllegalAction
from tests.rules.case_ids import case_id
from tests.rules.yashchiki_helpers import DECK, DRAW, GAME, play, table

LEAD_HAND = "2C 3C 3S 8C 8H 9H 9S KC KH"     # seat 0 follows hearts on the J♥
STATES = {
    "lead": lambda: table(LEAD_HAND, "QH 4D", "JD 4S", "AH 4C", upcard="JH"),
    "lead, crates": lambda: table(LEAD_HAND, "QH 4D", "JD 4S", "AH 4C", upcard="JH", preset="crates"),
    # seat 1 faces a chain of one two
    "chain": lambda: table("2H KC", "2D 2S 6C QH", "KD 7C", "QS 8C", upcard="KH").apply(play("2H")),
    # an empty stock and only the up-card on the discard pile: nothing can be drawn
    "empty": lambda: table("KC KH 3C", "QH 2C", "JH 4C", "AH 9C", upcard="5H", rest=1),
    "empty, free-draw": lambda: table("KC KH 3C", "QH 2C", "JH 4C", "AH 9C", upcard="5H", rest=1,
                                      preset="free-draw"),
    "over": lambda: table("JH", "KC", "KD", "AS", upcard="QH", deal_number=15).apply(play("JH")),
}
PLAY_FIELDS = ["cards", "type"]
PAIR_FIELDS = ["cards", "declared", "type"]

CASES = [
    # not an action at all
    ("lead", None, "not-an-action", {}),
    ("lead", "play", "not-an-action", {}),
    ("lead", ["play", ["KH"]], "not-an-action", {}),
    ("lead", 42, "not-an-action", {}),
    ("lead", {}, "not-an-action", {}),
    ("lead", {"type": 1, "cards": ["KH"]}, "not-an-action", {}),
    ("lead", {"type": None}, "not-an-action", {}),
    ("lead", {"cards": ["KH"]}, "not-an-action", {}),
    ("over", None, "not-an-action", {}),
    # unknown types, missing or extra fields
    ("lead", {"type": "Play", "cards": ["KH"]}, "unknown-type", {"type": "Play"}),
    ("lead", {"type": "pass"}, "unknown-type", {"type": "pass"}),
    ("lead", {"type": "attack", "cards": ["KH"]}, "unknown-type", {"type": "attack"}),
    ("lead", {**play("KH"), "seat": 0}, "fields", {"type": "play", "fields": PLAY_FIELDS}),
    ("lead", {**play("KH"), "suit": "C"}, "fields", {"type": "play", "fields": PLAY_FIELDS}),
    ("lead", {**play("KH"), "declared": True}, "fields", {"type": "play", "fields": PLAY_FIELDS}),
    ("lead", {**play("KH"), "declared": False}, "fields", {"type": "play", "fields": PLAY_FIELDS}),
    ("lead", play("8H"), "fields", {"type": "play", "fields": ["cards", "suit", "type"]}),
    ("lead, crates", play("9H"), "fields", {"type": "play", "fields": ["cards", "suit", "type"]}),
    ("lead", play("KC", "KH", declared=True, suit="C"), "fields", {"type": "play", "fields": PAIR_FIELDS}),
    ("lead", play("KC", "KH", declared=False, suit="C"), "fields", {"type": "play", "fields": PAIR_FIELDS}),
    ("lead", play("8C", "8H", declared=False, suit="C"), "fields", {"type": "play", "fields": PAIR_FIELDS}),
    ("lead", play("8C", "8H", declared=True), "fields",
     {"type": "play", "fields": ["cards", "declared", "suit", "type"]}),
    ("empty, free-draw", {**DRAW, "cards": []}, "fields", {"type": "draw", "fields": ["type"]}),
    ("lead", {**DRAW, "seat": 0}, "fields", {"type": "draw", "fields": ["type"]}),
    # card lists
    ("lead", {"type": "play"}, "cards-list", {}),
    ("lead", {"type": "play", "cards": "KH"}, "cards-list", {}),
    ("lead", {"type": "play", "cards": []}, "cards-list", {}),
    ("lead", {"type": "play", "cards": None}, "cards-list", {}),
    ("lead", {"type": "play", "cards": {"KH"}}, "cards-list", {}),
    ("lead", {"type": "play", "cards": {"KH": 1}}, "cards-list", {}),
    ("lead", play("KC", "KH", "3C", declared=True), "cards-list", {}),
    ("lead", play("9H", "9S", "9D", declared=True, suit="H"), "cards-list", {}),
    ("lead", play("KH", "KH", declared=True), "cards-twice", {}),
    ("lead", play("KH", "KH"), "cards-twice", {}),
    # things that are not cards
    ("lead", play("1H"), "not-a-card", {"card": "1H"}),
    ("lead", play("kh"), "not-a-card", {"card": "kh"}),
    ("lead", play("KX"), "not-a-card", {"card": "KX"}),
    ("lead", play("HK"), "not-a-card", {"card": "HK"}),
    ("lead", play(""), "not-a-card", {"card": ""}),
    ("lead", play("10"), "not-a-card", {"card": "10"}),
    ("lead", play(" KH"), "not-a-card", {"card": " KH"}),
    ("lead", play(13), "not-a-card", {"card": "13"}),
    ("lead", play(None), "not-a-card", {"card": "None"}),
    ("lead", play(["KH"]), "not-a-card", {"card": "['KH']"}),
    ("lead", play("KH", "KZ", declared=True), "not-a-card", {"card": "KZ"}),
    # pairs
    ("lead", play("KH", "3C", declared=True), "pair-rank", {}),
    ("lead", play("8H", "9H", declared=True, suit="C"), "pair-rank", {}),
    ("lead", play("KC", "KH"), "declared", {}),
    ("lead", play("KC", "KH", declared="yes"), "declared", {}),
    ("lead", play("KC", "KH", declared=1), "declared", {}),
    ("lead", play("KC", "KH", declared=None) | {"declared": None}, "declared", {}),
    ("lead", play("3C", "3S", declared=True), "pair-suit", {"suit": "H"}),
    ("lead", play("3C", "3S", declared=False), "pair-suit", {"suit": "H"}),
    ("empty", play("KC", "KH", declared=False), "nothing-to-draw", {"penalty": True}),
    # cards not held, suits, naming
    ("lead", play("QH"), "not-in-hand", {"card": "QH"}),
    ("lead", play("KD", "KH", declared=True), "not-in-hand", {"card": "KD"}),
    ("lead", play("3C"), "follow-suit", {"suit": "H"}),
    ("lead", play("9S", suit="H"), "follow-suit", {"suit": "H"}),
    ("lead", play("8C", suit="H"), "follow-suit", {"suit": "H"}),
    ("lead", play("8H", suit="X"), "named-suit", {"suits": ["C", "D", "H", "S"]}),
    ("lead", play("8H", suit="h"), "named-suit", {"suits": ["C", "D", "H", "S"]}),
    ("lead", play("8H") | {"suit": None}, "named-suit", {"suits": ["C", "D", "H", "S"]}),
    ("lead", play("8H", suit=["C"]), "named-suit", {"suits": ["C", "D", "H", "S"]}),
    ("lead, crates", play("9H", suit="C"), "named-suit", {"suits": ["D", "H"]}),
    ("lead, crates", play("9H", suit="S"), "named-suit", {"suits": ["D", "H"]}),
    ("lead, crates", play("9H", "9S", declared=True, suit="H"), "named-suit", {"suits": ["C", "S"]}),
    # the chain of twos
    ("chain", play("QH"), "chain-two", {}),
    ("chain", play("6C"), "chain-two", {}),
    ("chain", play("2D", "2S", declared=True), "chain-single", {}),
    ("chain", play("2D", "2S", declared=False), "chain-single", {}),
    # drawing
    ("lead", DRAW, "draw-not-allowed", {}),
    ("chain", DRAW, "draw-not-allowed", {}),
    ("empty, free-draw", DRAW, "nothing-to-draw", {}),
    # after the end
    ("over", play("KC"), "game-over", {}),
    ("over", DRAW, "game-over", {}),
    ("over", {"type": "play"}, "game-over", {}),
]


def unchanged(state):
    """Everything a state hands out, to compare before and after a refused action."""
    return (copy.deepcopy(state.to_dict()), state.legal_actions(), state.card_locations(),
            [state.view(seat) for seat in (None, 0, 1, 2, 3)])


@pytest.mark.parametrize(("state_name", "action", "code", "params"), CASES,
                         ids=[case_id(name, action) for name, action, _, _ in CASES])
def test_illegal_actions_raise_and_change_nothing(state_name, action, code, params):
    state = STATES[state_name]()
    before = unchanged(state)
    action_before = copy.deepcopy(action)
    with pytest.raises(IllegalAction) as raised:
        state.apply(action)
    message = str(raised.value)
    assert message[:1].isupper() and message.endswith("."), message
    assert (raised.value.code, raised.value.params) == (code, params)
    assert unchanged(state) == before
    assert state == GAME.state_from_dict(before[0])
    assert action == action_before


def test_every_code_the_engine_can_raise_is_covered():
    codes = {code for _, _, code, _ in CASES}
    assert codes == {
        "not-an-action", "unknown-type", "fields", "cards-list", "cards-twice", "not-a-card", "pair-rank",
        "declared", "pair-suit", "nothing-to-draw", "not-in-hand", "follow-suit", "named-suit", "chain-two",
        "chain-single", "draw-not-allowed", "game-over",
    }


def test_the_refused_moves_go_through_once_well_formed():
    # The refusals above are about the action, not the position: the right forms are legal here.
    lead = STATES["lead"]()
    for action in (play("KH"), play("8H", suit="C"), play("KH", "KC", declared=True),
                   play("KC", "KH", declared=False), play("8H", "8C", declared=True, suit="S")):
        assert {**action, "cards": sorted(action["cards"], key=DECK.index)} in lead.legal_actions()
        assert lead.apply(action) != lead
    assert STATES["lead, crates"]().apply(play("9H", "9S", declared=True, suit="C")).view(None)["suit"] == "C"
    assert STATES["chain"]().apply(play("2S")).log[-1] == {"type": "draw", "seat": 2, "count": 3, "reason": "chain"}


# -- malformed actions of any shape ------------------------------------------------------------------
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 40), st.floats(allow_nan=False),
                    st.sampled_from([*DECK, "1C", "AX", "10", "", "C", "H", "play", "draw"]), st.text(max_size=4))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=6), inner, max_size=3),
                                                       st.tuples(inner, inner)), max_leaves=8)
HELD = st.sampled_from(["KH", "KC", "8H", "8C", "9H", "9S", "3C", "3S", "2C", "2D", "2S", "QH", "AX"])
ACTION_SHAPED = st.fixed_dictionaries(
    {"type": st.sampled_from(["play", "draw", "pass", ""])},
    optional={"cards": st.one_of(VALUES, st.lists(HELD, max_size=3)),
              "suit": st.one_of(st.sampled_from(["C", "D", "H", "S"]), VALUES),
              "declared": st.one_of(st.booleans(), VALUES), "seat": VALUES})


@settings(max_examples=400, deadline=None)
@given(state_name=st.sampled_from(sorted(STATES)), action=st.one_of(VALUES, ACTION_SHAPED))
def test_malformed_actions_raise_nothing_but_illegal_action(state_name, action):
    state = STATES[state_name]()
    before = unchanged(state)
    try:
        after = state.apply(action)
    except IllegalAction as error:
        assert error.code and str(error)
        assert unchanged(state) == before
    else:
        normal = {**action, "cards": sorted(action["cards"], key=DECK.index)} if "cards" in action else action
        assert normal in state.legal_actions()
        assert after != state
