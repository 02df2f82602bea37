import pytest
from django.utils import translation

from games.rules import get_game
from tests.tutorials.helpers import ASK_QUEENS, COUNT_TWO, DEAL, SUITS_DS
from tutorials.payloads import PayloadError, is_right_answer, position_from_payload, validate_step_payload

GAME = get_game("sunduchok")
STANDARD = GAME.variant()


@pytest.fixture(autouse=True)
def in_english():
    """The messages below are the English ones (the site's default language is Russian;
    test_translated_messages.py checks the Russian)."""
    with translation.override("en"):
        yield


def check(kind: str, payload, variant=STANDARD) -> None:
    validate_step_payload(game_key="sunduchok", variant=variant, kind=kind, payload=payload)


def refusal(kind: str, payload, variant=STANDARD) -> str:
    with pytest.raises(PayloadError) as refused:
        check(kind, payload, variant)
    return str(refused.value)


def test_a_text_step_needs_no_payload_but_may_show_a_table():
    check("text", {})
    check("text", {"deal": DEAL, "actions": [ASK_QUEENS], "show_all_hands": True})


def test_a_replay_step_is_the_position_after_its_actions():
    payload = {"deal": DEAL, "actions": [ASK_QUEENS, COUNT_TWO, SUITS_DS], "seat": 0}
    check("replay", payload)

    state = position_from_payload("sunduchok", STANDARD, payload)

    view = state.view(0)
    assert view["hand"] == ["8D", "AS"]
    assert view["chests"][0] == ["Q"]
    assert state.current_player == 0


def test_the_first_illegal_action_is_named_with_the_engines_reason():
    payload = {"deal": DEAL, "actions": [ASK_QUEENS, {"type": "count", "count": 5}, SUITS_DS]}

    assert refusal("replay", payload) == (
        "Action 2 ({'type': 'count', 'count': 5}) is not legal here: Name a number from 1 to 2.")


def test_an_action_that_is_not_an_object_is_named():
    assert refusal("replay", {"deal": DEAL, "actions": [ASK_QUEENS, "count 2"]}) == (
        "Action 2 ('count 2') is not an action: write it as an object with a \"type\".")


def test_a_deal_that_is_not_the_deck_is_refused_with_the_engines_message():
    bad = {**DEAL, "stock": DEAL["stock"][1:]}

    message = refusal("replay", {"deal": bad})

    assert message.startswith("The deal is not valid: The deal must be exactly the 36-card deck (missing ['6C']")


def test_the_deal_follows_the_lessons_variant():
    message = refusal("replay", {"deal": DEAL}, variant=GAME.variant(preset="deck-52"))

    assert "52-card deck" in message


def test_unknown_and_missing_fields_are_named():
    assert refusal("replay", {"deal": DEAL, "action": []}) == (
        "A replay step's payload has no field 'action' (known: actions, deal, seat, show_all_hands).")
    assert refusal("replay", {}) == "A replay step's payload needs 'deal'."
    assert refusal("text", {"actions": [ASK_QUEENS]}) == "'actions' needs a deal: add \"deal\" or remove it."
    assert refusal("text", []) == "The payload must be a JSON object, e.g. {} for a text step."
    assert refusal("replay", {"deal": DEAL, "seat": 2}) == "'seat' must be a seat number from 0 to 1, not 2."
    assert refusal("replay", {"deal": DEAL, "seat": True}) == "'seat' must be a seat number from 0 to 1, not True."


def test_a_question_answer_must_be_legal_in_the_position():
    check("question", {"deal": DEAL, "actions": [ASK_QUEENS], "answer": COUNT_TWO})

    assert refusal("question", {"deal": DEAL, "actions": [ASK_QUEENS], "answer": {"type": "count", "count": 3}}) == (
        "The answer ({'type': 'count', 'count': 3}) is not legal here: Name a number from 1 to 2.")
    assert refusal("question", {"deal": DEAL, "answers": [ASK_QUEENS, {"type": "ask", "target": 1, "rank": "K"}]}) == (
        "Answer 2 ({'type': 'ask', 'target': 1, 'rank': 'K'}) is not legal here: "
        "You can only ask for a rank you hold, and you hold no kings.")


def test_a_question_must_be_for_the_seat_to_move():
    assert refusal("question", {"deal": DEAL, "seat": 1, "answer": ASK_QUEENS}) == (
        "The question is for seat 1, but in this position seat 0 is to move.")


def test_a_question_needs_exactly_one_of_answer_and_answers():
    assert "A question needs the right move" in refusal("question", {"deal": DEAL})
    assert "A question needs the right move" in refusal("question", {"deal": DEAL, "answer": ASK_QUEENS,
                                                                     "answers": [ASK_QUEENS]})
    assert refusal("question", {"deal": DEAL, "answers": []}) == "'answers' must be a non-empty list of actions."
    check("question", {"deal": DEAL, "answers": [ASK_QUEENS, {"type": "ask", "target": 1, "rank": "A"}]})


def test_a_question_may_bring_its_explanation_forward_to_the_first_wrong_answer():
    check("question", {"deal": DEAL, "answer": ASK_QUEENS, "explain_after_first_wrong": True})
    check("question", {"deal": DEAL, "answer": ASK_QUEENS, "explain_after_first_wrong": False})
    assert refusal("question", {"deal": DEAL, "answer": ASK_QUEENS, "explain_after_first_wrong": 1}) == (
        "'explain_after_first_wrong' must be true or false.")
    assert refusal("replay", {"deal": DEAL, "explain_after_first_wrong": True}) == (
        "A replay step's payload has no field 'explain_after_first_wrong' (known: actions, deal, seat, "
        "show_all_hands).")


def test_a_right_answer_is_recognised_whatever_the_order_of_its_suits():
    payload = {"deal": DEAL, "actions": [ASK_QUEENS, COUNT_TWO], "answer": SUITS_DS}
    state = position_from_payload("sunduchok", STANDARD, payload)

    assert is_right_answer(state, payload, {"type": "suits", "suits": ["S", "D"]})
    assert not is_right_answer(state, payload, {"type": "suits", "suits": ["D", "H"]})
    assert not is_right_answer(state, payload, {"type": "suits", "suits": ["D", "C"]})   # not even legal


def test_a_practice_step_needs_bots_and_a_goal_of_a_known_shape():
    check("practice", {"deal": DEAL, "seat": 0, "bots": ["medium"], "goal": {"type": "chests", "count": 1}})
    check("practice", {"deal": DEAL, "bots": ["easy"], "goal": {"type": "win"}, "max_moves": 20})

    base = {"deal": DEAL, "bots": ["medium"]}
    assert refusal("practice", {**base, "goal": {"type": "chest", "count": 1}}) == (
        "Unknown goal type 'chest' (known: win, chests).")
    assert refusal("practice", {**base, "goal": {"type": "chests"}}) == "A 'chests' goal takes exactly: count, type."
    assert refusal("practice", {**base, "goal": {"type": "chests", "count": 10}}) == (
        "The goal's 'count' must be a number of chests from 1 to 9.")
    assert refusal("practice", {**base, "goal": {"type": "win", "count": 1}}) == "A 'win' goal takes exactly: type."
    assert refusal("practice", {**base, "goal": "win"}).startswith("The goal must be an object such as")
    assert refusal("practice", {"deal": DEAL, "goal": {"type": "win"}}) == "A practice step's payload needs 'bots'."
    assert refusal("practice", {**base, "bots": ["medium", "hard"], "goal": {"type": "win"}}) == (
        "'bots' must list one bot level for each of the other 1 seat(s), e.g. ['medium'].")
    assert refusal("practice", {**base, "bots": ["genius"], "goal": {"type": "win"}}) == (
        "Unknown bot level 'genius' (known: easy, medium, hard).")
    assert refusal("practice", {**base, "goal": {"type": "win"}, "max_moves": 0}) == (
        "'max_moves' must be a whole number of at least 1.")


def test_an_unknown_kind_is_refused():
    assert refusal("quiz", {}) == "Unknown step kind 'quiz' (known: text, replay, question, practice)."
