"""Every kind of illegal Chuvash Rooster action raises IllegalAction with its code and a readable
message, and changes nothing; malformed actions of any shape raise nothing else."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import IllegalAction
from tests.rules.case_ids import case_id
from tests.rules.rooster_helpers import DECK, GAME, PASS, TAKE, attack, beat, bout, run, table, throw

STATES = {
    # seat 0 must open with the 6♣ against seat 1 (three cards)
    "first attack": lambda: table("6C 7C 8C 7D", "9C 10C 6D", rest="discard"),
    # seat 0 leads freely against seat 1 (three cards)
    "lead": lambda: bout("7C 8C 9C 10C 7D", "6D 6H 6S", rest="discard"),
    "lead, single-lead": lambda: bout("7C 8C 9C 10C 7D", "6D 6H 6S", rest="discard", preset="single-lead"),
    "lead, rank-lead": lambda: bout("7C 8C 9C 10C 7D", "6D 6H 6S", rest="discard", preset="rank-lead"),
    # the 7♣ is beaten by the 9♦, the 8♣ is not yet
    "defend": lambda: run(bout("7C 8C 9C 10C 7D", "6D 9D JS QC", rest="discard"), attack("7C", "8C"),
                          beat("7C", "9D")),
    # seat 0 is offered throw-ins of sevens and nines; seat 1 holds two cards
    "throw": lambda: run(bout("7C 7D 7H KS", "9C 8D 10S", "9H 6S", rest="discard"), attack("7C"),
                         beat("7C", "9C")),
    # seat 0 threw the 7♦ against seat 1's single remaining card
    "throw, at the limit": lambda: run(bout("7C 7D 7H", "9C 8D", "7S", rest="discard"), attack("7C"),
                                       beat("7C", "9C"), throw("7D")),
    "over": lambda: run(bout("7C", "6D 9S", rest="discard"), attack("7C"), beat("7C", "9S")),
}

CASES = [
    # not an action at all
    ("lead", None, "not-an-action", {}),
    ("lead", "attack", "not-an-action", {}),
    ("lead", ["attack", ["7C"]], "not-an-action", {}),
    ("lead", 42, "not-an-action", {}),
    ("lead", {}, "not-an-action", {}),
    ("lead", {"type": 1, "cards": ["7C"]}, "not-an-action", {}),
    ("lead", {"type": None}, "not-an-action", {}),
    ("lead", {"cards": ["7C"]}, "not-an-action", {}),
    ("over", None, "not-an-action", {}),
    # unknown types, missing or extra fields
    ("lead", {"type": "draw"}, "unknown-type", {"type": "draw"}),
    ("lead", {"type": "Attack", "cards": ["7C"]}, "unknown-type", {"type": "Attack"}),
    ("lead", {"type": "play", "card": "7C"}, "unknown-type", {"type": "play"}),
    ("lead", {"type": "attack"}, "fields", {"type": "attack", "fields": ["cards", "type"]}),
    ("lead", {"type": "attack", "card": "7C"}, "fields", {"type": "attack", "fields": ["cards", "type"]}),
    ("lead", {**attack("7C"), "seat": 0}, "fields", {"type": "attack", "fields": ["cards", "type"]}),
    ("defend", {"type": "beat", "attack": "8C"}, "fields", {"type": "beat", "fields": ["attack", "card", "type"]}),
    ("defend", {"type": "beat", "card": "QC"}, "fields", {"type": "beat", "fields": ["attack", "card", "type"]}),
    ("defend", {**TAKE, "cards": ["8C"]}, "fields", {"type": "take", "fields": ["type"]}),
    ("throw", {**PASS, "seat": 0}, "fields", {"type": "pass", "fields": ["type"]}),
    ("throw", {"type": "throw", "card": "7D"}, "fields", {"type": "throw", "fields": ["cards", "type"]}),
    # card lists
    ("lead", {"type": "attack", "cards": "7C"}, "cards-list", {}),
    ("lead", {"type": "attack", "cards": []}, "cards-list", {}),
    ("lead", {"type": "attack", "cards": None}, "cards-list", {}),
    ("lead", {"type": "attack", "cards": 7}, "cards-list", {}),
    ("lead", {"type": "attack", "cards": {"7C"}}, "cards-list", {}),
    ("lead", {"type": "attack", "cards": {"7C": 1}}, "cards-list", {}),
    ("throw", {"type": "throw", "cards": []}, "cards-list", {}),
    ("throw", {"type": "throw", "cards": "7D"}, "cards-list", {}),
    ("lead", attack("7C", "7C"), "cards-twice", {}),
    ("lead", attack("7C", "8C", "7C"), "cards-twice", {}),
    ("throw", throw("7D", "7D"), "cards-twice", {}),
    # things that are not cards of the 36-card deck
    ("lead", attack("2C"), "not-a-card", {"card": "2C"}),
    ("lead", attack("5H"), "not-a-card", {"card": "5H"}),
    ("lead", attack("1C"), "not-a-card", {"card": "1C"}),
    ("lead", attack("7c"), "not-a-card", {"card": "7c"}),
    ("lead", attack("C7"), "not-a-card", {"card": "C7"}),
    ("lead", attack("7X"), "not-a-card", {"card": "7X"}),
    ("lead", attack(""), "not-a-card", {"card": ""}),
    ("lead", attack("10"), "not-a-card", {"card": "10"}),
    ("lead", attack(" 7C"), "not-a-card", {"card": " 7C"}),
    ("lead", attack(7), "not-a-card", {"card": "7"}),
    ("lead", attack(None), "not-a-card", {"card": "None"}),
    ("lead", attack(True), "not-a-card", {"card": "True"}),
    ("lead", attack(["7C"]), "not-a-card", {"card": "['7C']"}),
    ("lead", attack("2C", "2C"), "not-a-card", {"card": "2C"}),
    ("defend", beat("2C", "QC"), "not-a-card", {"card": "2C"}),
    ("defend", beat("8C", "2S"), "not-a-card", {"card": "2S"}),
    ("defend", beat("8C", ["QC"]), "not-a-card", {"card": "['QC']"}),
    ("defend", beat(None, "QC"), "not-a-card", {"card": "None"}),
    ("throw", throw("9X"), "not-a-card", {"card": "9X"}),
    # the wrong kind of action for the phase
    ("lead", beat("7C", "9C"), "must-attack", {"phase": "attack"}),
    ("lead", TAKE, "must-attack", {"phase": "attack"}),
    ("lead", throw("7C"), "must-attack", {"phase": "attack"}),
    ("lead", PASS, "must-attack", {"phase": "attack"}),
    ("first attack", PASS, "must-attack", {"phase": "attack"}),
    ("defend", attack("9C"), "must-defend", {"phase": "defend"}),
    ("defend", throw("9C"), "must-defend", {"phase": "defend"}),
    ("defend", PASS, "must-defend", {"phase": "defend"}),
    ("throw", attack("7D"), "must-throw-or-pass", {"phase": "throw"}),
    ("throw", beat("7C", "KS"), "must-throw-or-pass", {"phase": "throw"}),
    ("throw", TAKE, "must-throw-or-pass", {"phase": "throw"}),
    # leads
    ("first attack", attack("7C"), "first-card", {"card": "6C"}),
    ("first attack", attack("6C", "7C"), "first-card", {"card": "6C"}),
    ("first attack", attack("6D"), "not-in-hand", {"card": "6D"}),
    ("lead", attack("AS"), "not-in-hand", {"card": "AS"}),
    ("lead", attack("7C", "6D"), "not-in-hand", {"card": "6D"}),
    ("lead", attack("7C", "8C", "9C", "10C"), "lead-limit", {"limit": 3}),
    ("lead", attack("7C", "7D"), "lead-one-suit", {}),
    ("lead", attack("8C", "9C", "7D"), "lead-one-suit", {}),
    ("lead, single-lead", attack("7C", "8C"), "lead-single", {}),
    ("lead, single-lead", attack("7C", "7D"), "lead-single", {}),
    ("lead, single-lead", attack("7C", "8C", "9C", "10C"), "lead-limit", {"limit": 3}),
    ("lead, rank-lead", attack("7C", "8C"), "lead-one-rank", {}),
    # defence
    ("defend", beat("7C", "JS"), "already-beaten", {"attack": "7C"}),
    ("defend", beat("9D", "JS"), "not-on-table", {"attack": "9D"}),
    ("defend", beat("9C", "JS"), "not-on-table", {"attack": "9C"}),
    ("defend", beat("8C", "AS"), "not-in-hand", {"card": "AS"}),
    ("defend", beat("8C", "9D"), "not-in-hand", {"card": "9D"}),
    ("defend", beat("8C", "6D"), "does-not-beat", {"card": "6D", "attack": "8C"}),
    # throw-ins
    ("throw", throw("7D", "7H"), "throw-one", {}),
    ("throw", throw("KS"), "throw-rank", {"card": "KS"}),
    ("throw", throw("9H"), "not-in-hand", {"card": "9H"}),
    ("throw, at the limit", throw("7H"), "throw-limit", {}),
    # after the end
    ("over", attack("6D"), "game-over", {}),
    ("over", TAKE, "game-over", {}),
    ("over", PASS, "game-over", {}),
    ("over", beat("6D", "9S"), "game-over", {}),
]


def unchanged(state):
    """Everything a state hands out, to compare before and after a refused action."""
    return (copy.deepcopy(state.to_dict()), state.legal_actions(), state.card_locations(),
            [state.view(seat) for seat in (None, *range(state.view(None)["players"]))])


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
        "not-an-action", "unknown-type", "fields", "cards-list", "cards-twice", "not-a-card", "game-over",
        "must-attack", "must-defend", "must-throw-or-pass", "first-card", "not-in-hand", "lead-limit",
        "lead-one-suit", "lead-single", "lead-one-rank", "already-beaten", "not-on-table", "does-not-beat",
        "throw-one", "throw-rank", "throw-limit",
    }


def test_the_same_actions_are_legal_once_the_phase_allows_them():
    # The refusals above are about the moment, not the cards: the checks let the right move through.
    assert STATES["lead"]().apply(attack("7C", "8C", "9C")).view(None)["phase"] == "defend"
    assert STATES["defend"]().apply(beat("8C", "QC")).view(None)["phase"] == "throw"
    assert STATES["throw"]().apply(throw("7D")).view(None)["table"][-1] == {"attack": "7D", "beat": None}


# -- malformed actions of any shape ------------------------------------------------------------------
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 40), st.floats(allow_nan=False),
                    st.sampled_from([*DECK, "2C", "5S", "AX", "10", "", "attack", "beat", "take", "throw", "pass"]),
                    st.text(max_size=4))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=6), inner, max_size=3),
                                                       st.tuples(inner, inner)), max_leaves=8)
ACTION_SHAPED = st.fixed_dictionaries(
    {"type": st.sampled_from(["attack", "beat", "take", "throw", "pass", "play", ""])},
    optional={"cards": st.one_of(VALUES, st.lists(st.sampled_from([*DECK, "2C", "AX"]), max_size=5)),
              "attack": VALUES, "card": VALUES, "seat": VALUES})


@settings(max_examples=300, deadline=None)
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
        assert {**action, "cards": sorted(action.get("cards", []), key=DECK.index)} in [
            {**legal, "cards": legal.get("cards", [])} for legal in state.legal_actions()]
        assert after != state
