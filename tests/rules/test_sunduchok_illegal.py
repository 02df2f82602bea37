"""Every kind of illegal action raises IllegalAction with a readable message and changes nothing."""

import copy

import pytest

from games.rules import IllegalAction
from games.rules.cards import RANKS, SUITS
from tests.rules.case_ids import case_id
from tests.rules.helpers import GAME, ask, count, suits, table


def whole_ranks(ranks):
    return " ".join(rank + suit for rank in ranks for suit in SUITS)


# Seat 0 holds Q♥ Q♣ 8♦ A♠ and asks; seat 1 holds Q♦ Q♠ 7♥ K♣ (the first worked example).
STATES = {
    "ask": lambda: table("QH QC 8D AS", "QD QS 7H KC"),
    "ask with an empty seat": lambda: table("QH QC 8D AS", "QD QS 7H KC", ""),
    "count": lambda: table("QH QC 8D AS", "QD QS 7H KC").apply(ask(1, "Q")),
    "suits": lambda: table("QH QC 8D AS", "QD QS 7H KC").apply(ask(1, "Q")).apply(count(2)),
    "over": lambda: table(whole_ranks(RANKS[4:9]), whole_ranks(RANKS[9:]), rest=None),
}

CASES = [
    # not an action at all
    ("ask", None, "not an action"),
    ("ask", "ask", "not an action"),
    ("ask", ["ask", 1, "Q"], "not an action"),
    ("ask", 42, "not an action"),
    ("ask", {}, "not an action"),
    ("ask", {"type": 1}, "not an action"),
    ("ask", {"target": 1, "rank": "Q"}, "not an action"),
    # unknown type, missing or extra fields
    ("ask", {"type": "draw"}, "no 'draw' action"),
    ("ask", {"type": "pass"}, "no 'pass' action"),
    ("ask", {"type": "ask", "target": 1}, "exactly: rank, target, type"),
    ("ask", {"type": "ask", "rank": "Q"}, "exactly: rank, target, type"),
    ("ask", {**ask(1, "Q"), "count": 2}, "exactly: rank, target, type"),
    ("count", {"type": "count"}, "exactly: count, type"),
    ("count", {**count(2), "suits": ["D", "S"]}, "exactly: count, type"),
    ("suits", {"type": "suits"}, "exactly: suits, type"),
    # the wrong question for the phase
    ("ask", count(2), "must ask for a rank"),
    ("ask", suits("D", "S"), "must ask for a rank"),
    ("count", ask(1, "Q"), "must say how many"),
    ("count", suits("D", "S"), "must say how many"),
    ("suits", ask(1, "Q"), "must name the suits"),
    ("suits", count(2), "must name the suits"),
    # whom you ask
    ("ask", ask(0, "Q"), "cannot ask yourself"),
    ("ask", ask(2, "Q"), "no such player"),
    ("ask", ask(-1, "Q"), "no such player"),
    ("ask with an empty seat", ask(2, "Q"), "Player 3 has no cards"),
    ("ask", ask(True, "Q"), "target must be a whole number"),
    ("ask", ask("1", "Q"), "target must be a whole number"),
    ("ask", ask(1.0, "Q"), "target must be a whole number"),
    ("ask", ask(None, "Q"), "target must be a whole number"),
    # what you ask for
    ("ask", ask(1, "K"), "you hold no kings"),
    ("ask", ask(1, "6"), "you hold no sixes"),
    ("ask", ask(1, "2"), "no rank '2' in this deck"),
    ("ask", ask(1, "q"), "no rank 'q' in this deck"),
    ("ask", ask(1, "QH"), "no rank 'QH' in this deck"),
    ("ask", ask(1, ""), "no rank '' in this deck"),
    ("ask", ask(1, 12), "rank must be one of"),
    ("ask", ask(1, None), "rank must be one of"),
    # how many
    ("count", count(0), "from 1 to 2"),
    ("count", count(3), "from 1 to 2"),
    ("count", count(-1), "from 1 to 2"),
    ("count", count(True), "count must be a whole number"),
    ("count", count("2"), "count must be a whole number"),
    ("count", count(2.0), "count must be a whole number"),
    # which suits
    ("suits", suits("D"), "exactly 2 suits of queens"),
    ("suits", suits("C", "D", "S"), "exactly 2 suits of queens"),
    ("suits", suits(), "exactly 2 suits of queens"),
    ("suits", suits("H", "D"), "none of which you hold"),
    ("suits", suits("C", "H"), "none of which you hold"),
    ("suits", suits("D", "D"), "each suit once"),
    ("suits", suits("X", "D"), "letters C, D, H and S"),
    ("suits", suits("d", "s"), "letters C, D, H and S"),
    ("suits", suits("DS"), "letters C, D, H and S"),
    ("suits", suits("QD", "QS"), "letters C, D, H and S"),
    ("suits", suits(1, 2), "letters C, D, H and S"),
    ("suits", {"type": "suits", "suits": "DS"}, "letters C, D, H and S"),
    ("suits", {"type": "suits", "suits": None}, "letters C, D, H and S"),
    ("suits", {"type": "suits", "suits": {"D", "S"}}, "letters C, D, H and S"),
    # after the end
    ("over", ask(1, "Q"), "game is over"),
    ("over", count(1), "game is over"),
    ("over", suits("D"), "game is over"),
]


@pytest.mark.parametrize(("state_name", "action", "message"), CASES,
                         ids=[case_id(name, action) for name, action, _ in CASES])
def test_illegal_actions_raise_and_change_nothing(state_name, action, message):
    state = STATES[state_name]()
    before = copy.deepcopy(state.to_dict())
    legal_before = state.legal_actions()
    with pytest.raises(IllegalAction, match=message) as raised:
        state.apply(action)
    assert str(raised.value)[:1].isupper() and str(raised.value).endswith(".")
    assert state.to_dict() == before
    assert state == GAME.state_from_dict(before)
    assert state.legal_actions() == legal_before


@pytest.mark.parametrize("order", [["D", "S"], ["S", "D"], ("S", "D")])
def test_suits_are_accepted_in_any_order(order):
    state = STATES["suits"]()
    after = state.apply({"type": "suits", "suits": order})
    assert after.log[-3] == {"type": "suits", "seat": 0, "target": 1, "rank": "Q", "suits": ["D", "S"],
                             "answer": "yes"}
    assert after.view(0)["chests"][0] == ["Q"]


def test_a_legal_action_mutates_neither_the_action_nor_the_old_state():
    state = STATES["ask"]()
    before = copy.deepcopy(state.to_dict())
    action = ask(1, "Q")
    after = state.apply(action)
    assert action == ask(1, "Q")
    assert state.to_dict() == before and after.to_dict() != before


PLURALS = {"2": "twos", "3": "threes", "4": "fours", "5": "fives", "6": "sixes", "7": "sevens", "8": "eights",
           "9": "nines", "10": "tens", "J": "jacks", "Q": "queens", "K": "kings"}


@pytest.mark.parametrize(("rank", "plural"), PLURALS.items())
def test_messages_name_the_rank_in_plain_english(rank, plural):
    state = table("AS", "AH", variant=GAME.variant(preset="deck-52"), deck=52)
    with pytest.raises(IllegalAction, match=f"you hold no {plural}\\.$"):
        state.apply(ask(1, rank))
