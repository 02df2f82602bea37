"""The checks that keep a worked example from contradicting itself, each with the message an editor reads:
questions that ask something, an explanation of its own for every wrong move, texts that promise only
what the table shows, and later steps that go on with the question's answer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from games.rules import get_game
from games.tables import sure_moves
from tests.tutorials.helpers import ASK_QUEENS, COUNT_TWO, DEAL, SUITS_DS, make_lesson
from tutorials.feedback import check_question, wrong_answer_text, wrong_options
from tutorials.models import LessonStep
from tutorials.payloads import PayloadError, lesson_seat_names, position_from_payload, validate_step_payload
from tutorials.step_checks import (
    check_lesson_steps,
    check_sure_moves_explained,
    follow_choices,
    open_hands_promise,
)

LESSONS = Path(__file__).resolve().parents[2] / "content" / "lessons"
SUNDUCHOK = get_game("sunduchok").variant()
ROOSTER = get_game("rooster").variant()
# Chuvash Rooster: 6♥ is led at you, and only 6♠ beats it — a beating question the buttons would give away.
ONE_BEATING_CARD = {
    "actions": [{"cards": ["6H"], "type": "attack"}], "answer": {"attack": "6H", "card": "6S", "type": "beat"},
    "deal": {"dealer": 1, "hands": [["6S", "AC", "AD", "KD", "9C", "10D"], ["7C", "8C", "JD", "QC", "8H", "9S"],
                                    ["6H", "10C", "7D", "JH", "QS", "KC"]],
             "stock": ["7H", "7S", "8D", "8S", "9D", "9H", "10H", "10S", "JC", "JS", "6C", "QD", "QH", "KH", "KS",
                       "6D", "AH", "AS"]}}
ASK_EIGHTS = {"type": "ask", "target": 1, "rank": "8"}


def question_refusal(game_key: str, variant, payload: dict) -> str:
    validate_step_payload(game_key=game_key, variant=variant, kind="question", payload=payload)
    with translation.override("en"), pytest.raises(PayloadError) as refused:
        check_question(game_key=game_key, state=position_from_payload(game_key, variant, payload), payload=payload)
    return str(refused.value)


def payload_refusal(payload: dict) -> str:
    with translation.override("en"), pytest.raises(PayloadError) as refused:
        validate_step_payload(game_key="sunduchok", variant=SUNDUCHOK, kind="question", payload=payload)
    return str(refused.value)


# -- questions that ask something ----------------------------------------------------------------------

def test_a_question_whose_every_move_is_right_is_refused():
    # Holding Q♥ Q♣, two queens named: "Diamonds and spades?" is the only suit question left.
    payload = {"deal": DEAL, "actions": [ASK_QUEENS, COUNT_TWO], "answer": SUITS_DS}
    assert question_refusal("sunduchok", SUNDUCHOK, payload) == (
        "Every move this position allows is a right answer, so the question asks nothing: make it a replay step, "
        "or widen the position.")


def test_a_question_whose_answer_is_the_only_move_of_its_kind_is_refused():
    assert question_refusal("rooster", ROOSTER, ONE_BEATING_CARD) == (
        "The answer is the only “beat” move this position allows, so the buttons would give it away: make it a "
        "replay step, or widen the position so that another “beat” move is possible.")


def test_taking_may_be_the_answer_when_beating_is_the_alternative():
    # A move without parts (take) is a choice between kinds of move: the question is real.
    payload = {**ONE_BEATING_CARD, "answer": {"type": "take"}}
    validate_step_payload(game_key="rooster", variant=ROOSTER, kind="question", payload=payload)
    check_question(game_key="rooster", state=position_from_payload("rooster", ROOSTER, payload), payload=payload)


def test_a_question_with_a_real_choice_passes():
    payload = {"deal": DEAL, "answer": ASK_QUEENS}
    check_question(game_key="sunduchok", state=position_from_payload("sunduchok", SUNDUCHOK, payload), payload=payload)


# -- an explanation of its own for every wrong move ---------------------------------------------------

def test_every_wrong_move_gets_its_own_explanation_naming_the_move_and_what_is_wrong():
    payload = {"deal": DEAL, "answer": ASK_QUEENS}
    state = position_from_payload("sunduchok", SUNDUCHOK, payload)
    names = lesson_seat_names(2, 0)
    with translation.override("en"):
        texts = {option["rank"]: wrong_answer_text(game_key="sunduchok", state=state, payload=payload, action=option,
                                                   names=names, language="en")
                 for option in wrong_options(state, payload)}
    assert texts == {
        "8": "“Opponent, do you have eights?” is allowed, but it is not the move here: wrong rank.",
        "A": "“Opponent, do you have aces?” is allowed, but it is not the move here: wrong rank.",
    }
    with translation.override("ru"):
        russian = wrong_answer_text(game_key="sunduchok", state=state, payload=payload, action=ASK_EIGHTS,
                                    names=names, language="ru")
    assert russian == "«Соперник, есть восьмёрки?» — так ходить можно, но не здесь: не то достоинство."


def test_the_wrong_player_is_named_as_the_mistake():
    # failed-suit-guess, "Where is the last queen?": Player 2 has just given up their queens.
    lesson = json.loads((LESSONS / "sunduchok" / "failed-suit-guess.json").read_text(encoding="utf-8"))
    payload = next(step["payload"] for step in lesson["steps"] if step["number"] == 11)
    state = position_from_payload("sunduchok", SUNDUCHOK, payload)
    with translation.override("en"):
        text = wrong_answer_text(game_key="sunduchok", state=state, payload=payload,
                                 action={"type": "ask", "target": 1, "rank": "Q"}, names=lesson_seat_names(3, 0),
                                 language="en")
    assert text == "“Player 2, do you have queens?” is allowed, but it is not the move here: wrong player."


def test_an_editors_text_replaces_the_generated_one_for_its_move_only():
    feedback = [{"action": ASK_EIGHTS, "text": {"ru": "Восьмёрок у соперника нет.", "en": "They have no eights."}}]
    payload = {"deal": DEAL, "answer": ASK_QUEENS, "feedback": feedback}
    validate_step_payload(game_key="sunduchok", variant=SUNDUCHOK, kind="question", payload=payload)
    state = position_from_payload("sunduchok", SUNDUCHOK, payload)
    said = {language: wrong_answer_text(game_key="sunduchok", state=state, payload=payload, action=ASK_EIGHTS,
                                        names=lesson_seat_names(2, 0), language=language) for language in ("ru", "en")}
    assert said == {"ru": "Восьмёрок у соперника нет.", "en": "They have no eights."}
    with translation.override("en"):
        aces = wrong_answer_text(game_key="sunduchok", state=state, payload=payload, action={**ASK_EIGHTS, "rank": "A"},
                                 names=lesson_seat_names(2, 0), language="en")
    assert "aces" in aces


def test_two_wrong_moves_explained_alike_are_refused():
    with translation.override("en"):
        same = "“Opponent, do you have aces?” is allowed, but it is not the move here: wrong rank."
    feedback = [{"action": ASK_EIGHTS, "text": {"ru": "Не то.", "en": same}}]
    message = question_refusal("sunduchok", SUNDUCHOK, {"deal": DEAL, "answer": ASK_QUEENS, "feedback": feedback})
    assert message.startswith("The wrong moves ") and "would get the same explanation" in message
    assert "give one of them a text of its own" in message


@pytest.mark.parametrize("entry, message", [
    ({"action": ASK_QUEENS, "text": {"ru": "а", "en": "b"}},
     "Feedback 1 is for a right answer: feedback explains wrong moves only."),
    ({"action": {"type": "ask", "target": 1, "rank": "K"}, "text": {"ru": "а", "en": "b"}},
     "Feedback 1 ({'type': 'ask', 'target': 1, 'rank': 'K'}) is not legal here: You can only ask for a rank you "
     "hold, and you hold no kings."),
    ({"action": ASK_EIGHTS, "text": {"ru": "а"}},
     'Feedback 1 needs a text in every language: {"ru": "...", "en": "..."}.'),
    ({"action": ASK_EIGHTS, "text": {"ru": "а", "en": "  "}},
     'Feedback 1 needs a text in every language: {"ru": "...", "en": "..."}.'),
    ({"action": ASK_EIGHTS}, 'Feedback 1 must be an object with exactly "action" and "text".'),
])
def test_a_bad_feedback_entry_is_refused_with_what_is_wrong(entry, message):
    assert payload_refusal({"deal": DEAL, "answer": ASK_QUEENS, "feedback": [entry]}) == message


def test_a_move_with_two_feedback_entries_is_refused():
    entry = {"action": ASK_EIGHTS, "text": {"ru": "а", "en": "b"}}
    assert payload_refusal({"deal": DEAL, "answer": ASK_QUEENS, "feedback": [entry, entry]}) == (
        "Feedback 2 is for a move that already has feedback.")


# -- texts that promise what the table shows ---------------------------------------------------------

def test_a_text_that_speaks_of_open_hands_needs_them_shown():
    texts = {"body": {"ru": "Ход ваш.", "en": "Their cards are face up for this example."}, "hint_1": {"ru": ""}}
    with translation.override("en"):
        field, language, message = open_hands_promise(payload={"deal": DEAL}, texts=texts)
    assert (field, language) == ("body", "en")
    assert message == ("The en text says “face up”, but this step's table hides the other hands: set "
                       "\"show_all_hands\": true in the payload, or change the text.")
    hint = {"hint_1": {"ru": "Посмотрите на руку соперника.", "en": ""}}
    assert open_hands_promise(payload={"deal": DEAL}, texts=hint)[:2] == ("hint_1", "ru")
    assert open_hands_promise(payload={"deal": DEAL, "show_all_hands": True}, texts=texts) is None


@pytest.mark.django_db
def test_saving_a_step_whose_text_promises_hidden_hands_is_refused_on_that_box():
    lesson = make_lesson()
    step = LessonStep(lesson=lesson, number=4, kind="replay", payload={"deal": DEAL},
                      body_ru="Ход ваш.", body_en="Look at their hand: two queens.")
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        step.full_clean()
    assert list(refused.value.message_dict) == ["body_en"]
    step.payload = {"deal": DEAL, "show_all_hands": True}
    step.full_clean()


@pytest.mark.django_db
def test_saving_a_question_the_buttons_give_away_is_refused_on_the_payload():
    lesson = make_lesson()
    step = LessonStep(lesson=lesson, number=4, kind="question",
                      payload={"deal": DEAL, "actions": [ASK_QUEENS, COUNT_TWO], "answer": SUITS_DS})
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        step.full_clean()
    assert refused.value.message_dict["payload"][0].startswith("Every move this position allows is a right answer")


# -- later steps go on with the answer -----------------------------------------------------------------

def steps(*payloads: tuple[str, dict]) -> list[tuple[int, str, dict]]:
    return [(number, kind, payload) for number, (kind, payload) in enumerate(payloads, start=1)]


def test_a_step_that_goes_on_with_another_move_than_the_answer_is_refused():
    lesson = steps(("question", {"deal": DEAL, "answer": ASK_QUEENS}),
                   ("replay", {"deal": DEAL, "actions": [ASK_EIGHTS]}))
    with translation.override("en"), pytest.raises(PayloadError) as refused:
        check_lesson_steps(game_key="sunduchok", variant=SUNDUCHOK, steps=lesson)
    assert str(refused.value) == ("Step 2 goes on from step 1 with {'type': 'ask', 'target': 1, 'rank': '8'}, "
                                  "which is not a right answer of step 1.")


def test_a_question_going_on_from_one_of_several_right_answers_is_refused():
    lesson = steps(("question", {"deal": DEAL, "answers": [ASK_QUEENS, ASK_EIGHTS]}),
                   ("question", {"deal": DEAL, "actions": [ASK_QUEENS], "answer": COUNT_TWO}))
    with translation.override("en"), pytest.raises(PayloadError) as refused:
        check_lesson_steps(game_key="sunduchok", variant=SUNDUCHOK, steps=lesson)
    assert str(refused.value) == (
        "Step 1 has several right answers, but the question of step 2 goes on from one of them, so it could "
        "contradict the learner's answer: let step 1 ask for that one move.")


def test_a_replay_goes_on_with_the_learners_own_right_answer_where_it_replays():
    question = {"deal": DEAL, "answers": [ASK_QUEENS, ASK_EIGHTS]}
    replay = {"deal": DEAL, "actions": [ASK_QUEENS]}
    check_lesson_steps(game_key="sunduchok", variant=SUNDUCHOK, steps=steps(("question", question), ("replay", replay)))
    followed = follow_choices(game_key="sunduchok", variant=SUNDUCHOK, payload=replay, earlier=[(question, ASK_EIGHTS)])
    assert followed["actions"] == [ASK_EIGHTS]
    # The lesson's own move is kept where the rest of the example does not replay after the learner's.
    longer = {"deal": DEAL, "actions": [ASK_QUEENS, COUNT_TWO]}
    assert follow_choices(game_key="sunduchok", variant=SUNDUCHOK, payload=longer,
                          earlier=[(question, ASK_EIGHTS)]) is longer


# -- texts that say which cards the learner holds ------------------------------------------------------

@pytest.mark.django_db
@pytest.mark.parametrize(("field", "text"), [
    ("body_en", "You hold Q♥, Q♣, 8♦ and K♠."),
    ("hint_1_ru", "У вас на руке дама треф и король пик."),
    ("explanation_en", "In your hand: the queen of hearts and the king of spades."),
])
def test_saving_a_step_that_names_a_card_the_learner_does_not_hold_is_refused_on_that_box(field, text):
    lesson = make_lesson()
    texts = {"body_ru": "Ваш ход.", "body_en": "Your move.", field: text}
    step = LessonStep(lesson=lesson, number=4, kind="question", payload={"deal": DEAL, "answer": ASK_QUEENS}, **texts)
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        step.full_clean()
    assert list(refused.value.message_dict) == [field]
    message = refused.value.message_dict[field][0]
    assert "holds no K♠: it holds 8♦, Q♣, Q♥, A♠." in message and message.startswith(
        f"The {field[-2:]} text says “")


@pytest.mark.django_db
def test_a_claim_is_checked_against_the_hand_at_the_step_not_the_deal():
    # After the queens are laid down as a chest, the hand is 8♦ A♠: a text still claiming the queens is refused.
    lesson = make_lesson()
    payload = {"deal": DEAL, "actions": [ASK_QUEENS, COUNT_TWO, SUITS_DS]}
    step = LessonStep(lesson=lesson, number=4, kind="replay", payload=payload,
                      body_ru="У вас остались восьмёрка бубен и туз пик.", body_en="You hold Q♥ and 8♦.")
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        step.full_clean()
    assert "holds no Q♥: it holds 8♦, A♠." in refused.value.message_dict["body_en"][0]
    step.body_en = "You hold 8♦ and A♠; Player 2 holds K♣."
    step.full_clean()


# -- a move the learner can be sure of is not called wrong without a reason ----------------------------

@pytest.mark.django_db
def test_a_sure_request_called_wrong_needs_a_text_of_its_own():
    # failed-suit-guess step 8: the log settles every queen, so a request to Player 3 is as sure as the answer.
    step = json.loads((LESSONS / "sunduchok" / "failed-suit-guess.json").read_text(encoding="utf-8"))["steps"][7]
    payload = {key: value for key, value in step["payload"].items() if key != "feedback"}
    lesson = make_lesson()
    question = LessonStep(lesson=lesson, number=4, kind="question", payload=payload, body_ru="Ход.", body_en="Move.")
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        question.full_clean()
    assert refused.value.message_dict["payload"] == [
        "“Player 3, do you have queens?” is not a right answer, yet everything the learner sees makes it sure: give "
        "it a text of its own in \"feedback\" that says why another move is wanted, or accept it too."]
    question.payload = step["payload"]   # the lesson's own, with the text for that request
    question.full_clean()
    both = {**{key: value for key, value in payload.items() if key != "answer"},
            "answers": [payload["answer"], {"type": "ask", "target": 2, "rank": "Q"}]}   # or both accepted
    check_sure_moves_explained(game_key="sunduchok", payload=both,
                               state=position_from_payload("sunduchok", SUNDUCHOK, both))


def test_a_request_the_log_does_not_settle_is_not_sure():
    # Two queens pass to you, step 3: the opponent's queens are hidden, so asking for them is a real question.
    payload = {"deal": DEAL, "answer": ASK_QUEENS}
    state = position_from_payload("sunduchok", SUNDUCHOK, payload)
    assert sure_moves("sunduchok", state.view(0), state.legal_actions()) == []
    check_sure_moves_explained(game_key="sunduchok", payload=payload, state=state)
