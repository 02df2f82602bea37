"""The coach's drafts for a question's wrong moves (tutorials.coach_drafts), in every game: every wrong move listed
with what the learner reads today and the coach's judgement against the right move, from the learner's seat."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.utils import translation

from games.coach import get_coach
from games.coach.base import same_action
from games.narration import narrator_for
from games.narration.coach import against_the_answer_sentence
from games.narration.reasons import Mover
from games.rules import get_game
from tests.tutorials.helpers import ASK_QUEENS, DEAL
from tests.web.helpers import assert_no_hidden_cards
from tutorials.coach_drafts import wrong_move_drafts
from tutorials.feedback import wrong_answer_text, wrong_options
from tutorials.payloads import lesson_seat_names, position_from_payload

LESSONS = Path(__file__).resolve().parents[2] / "content" / "lessons"
LANGUAGES = ("ru", "en")


def question(game_key: str, slug: str, number: int) -> tuple[object, dict]:
    """A built-in lesson's question step: the lesson's variant and the step's payload."""
    data = json.loads((LESSONS / game_key / f"{slug}.json").read_text(encoding="utf-8"))
    step = next(step for step in data["steps"] if step["number"] == number)
    assert step["kind"] == "question"
    return get_game(game_key).variant(data["preset"] or "standard"), step["payload"]


# One position of each game where the right move clearly does better than every wrong one, by the coach.
POSITIONS = [("hearts", "first-trick", 2), ("rooster", "refill-order", 3), ("sunduchok", "reading-the-answers", 8),
             ("yashchiki", "one-card-pairs", 4)]


@pytest.mark.parametrize("game_key, slug, number", POSITIONS)
def test_every_wrong_move_is_listed_with_what_the_learner_reads_and_the_coachs_draft(game_key, slug, number):
    variant, payload = question(game_key, slug, number)
    state = position_from_payload(game_key, variant, payload)
    seat = payload.get("seat", 0)
    names = lesson_seat_names(state.players, seat)

    drafts = wrong_move_drafts(game_key, variant, payload)

    assert [draft.action for draft in drafts] == wrong_options(state, payload)
    for draft in drafts:
        for language in LANGUAGES:
            with translation.override(language):
                assert draft.learner_reads[language] == wrong_answer_text(
                    game_key=game_key, state=state, payload=payload, action=draft.action, names=names,
                    language=language)
            narrator = narrator_for(game_key, names, seat, language)
            assert draft.move[language] == narrator.action_text(draft.action, state.view(seat))
        assert not draft.written
        assert draft.comparison == "worse" and draft.loss > 0
        assert draft.draft["en"].startswith("On average over the deals you could be facing, with your move, ")
        assert "than with the right move." in draft.draft["en"]
        assert draft.draft["ru"].startswith("В среднем по раскладам, возможным при том, что вы знаете, с вашим ходом ")
        assert "чем с верным ходом." in draft.draft["ru"]
        # Judged from the learner's seat: no card its view hides, in any language.
        for text in (*draft.draft.values(), *draft.learner_reads.values()):
            assert_no_hidden_cards(text, state, seat)
    assert wrong_move_drafts(game_key, variant, payload) == drafts   # a fixed seed: the same drafts every time


def test_the_cost_is_the_coachs_own_paired_figure_against_the_right_move():
    variant, payload = question("hearts", "first-trick", 2)
    state = position_from_payload("hearts", variant, payload)
    evaluation = get_coach("hearts").evaluate(state.view(0), state.legal_actions(), seed="0-6")   # the hint's seed
    values = {value.action["card"]: value.value for value in evaluation.values}
    right = max(values[answer["card"]] for answer in payload["answers"])   # the better of the two right moves

    for draft in wrong_move_drafts("hearts", variant, payload):
        assert draft.loss == pytest.approx(right - values[draft.action["card"]])
        taken = f"{abs(draft.loss):.1f}"
        assert f"could expect to take {taken} points more in this deal than with the right move" in draft.draft["en"]


def test_the_editors_own_feedback_is_what_the_learner_reads():
    payload = {"deal": DEAL, "answer": ASK_QUEENS, "feedback": [
        {"action": {"type": "ask", "target": 1, "rank": "8"},
         "text": {"ru": "Восьмёрка у вас одна.", "en": "You hold one eight only."}}]}
    variant = get_game("sunduchok").variant()

    drafts = {draft.action["rank"]: draft for draft in wrong_move_drafts("sunduchok", variant, payload)}

    assert drafts["8"].written and drafts["8"].learner_reads == {"ru": "Восьмёрка у вас одна.",
                                                                 "en": "You hold one eight only."}
    assert not drafts["A"].written and drafts["A"].learner_reads["en"].endswith("is not the move here: wrong rank.")
    assert drafts["A"].learner_reads["ru"] != drafts["A"].learner_reads["en"]
    assert all(draft.draft is not None for draft in drafts.values())   # every ask is valued: a draft beside each


def test_a_right_pass_the_coach_would_not_consider_is_valued_and_the_others_passes_get_no_draft():
    variant, payload = question("hearts", "pass-cycle", 2)
    state = position_from_payload("hearts", variant, payload)
    low = sorted(state.view(0)["hand"], key=lambda card: ("2345678910JQKA".index(card[:-1]), card))[:3]
    considered = get_coach("hearts").candidates(state.view(0), state.legal_actions())
    assert not any(same_action({"type": "pass", "cards": low}, other) for other in considered)
    weak = {**payload, "answer": {"type": "pass", "cards": low}}   # passing the three lowest cards: a poor pass

    drafts = wrong_move_drafts("hearts", variant, weak)

    assert len(drafts) == 285   # every other pass of the hand
    judged = [draft for draft in drafts if draft.draft is not None]
    assert len(judged) == len(considered)   # the passes worth considering, each against the right one
    assert all(draft.comparison is None and draft.loss is None for draft in drafts if draft.draft is None)
    # The coach prefers its own passes to the lesson's: the draft says so, for the editor to weigh.
    assert any(draft.comparison == "better" for draft in judged)
    better = next(draft for draft in judged if draft.comparison == "better")
    assert better.draft["en"].startswith("The coach finds your move better than the right move, on average. ")


@pytest.mark.parametrize("played, comparison, english, russian", [
    (2.5, "worse", "On average over the deals you could be facing, with your move, you could expect 0.5 chests "
                   "fewer at the game's end than with the right move.",
     "В среднем по раскладам, возможным при том, что вы знаете, с вашим ходом к концу игры можно ждать на 0,5 "
     "сундучка меньше, чем с верным ходом."),
    (2.5, "even", "The coach sees no clear difference between your move and the right move. The chests you could "
                  "expect at the game's end, on average over the deals you could be facing: 2.5 with your move, 3.0 "
                  "with the right move.",
     "Тренер не видит явной разницы между вашим ходом и верным ходом. Сколько сундучков можно ждать к концу игры, в "
     "среднем по раскладам, возможным при том, что вы знаете: с вашим ходом 2,5, с верным ходом 3,0."),
    (3.5, "better", "The coach finds your move better than the right move, on average. The chests you could expect at "
                    "the game's end, on average over the deals you could be facing: 3.5 with your move, 3.0 with the "
                    "right move.",
     "По оценке тренера, с вашим ходом в среднем выходит лучше, чем с верным ходом. Сколько сундучков можно ждать к "
     "концу игры, в среднем по раскладам, возможным при том, что вы знаете: с вашим ходом 3,5, с верным ходом 3,0."),
])
def test_the_judgement_against_the_right_move_in_words(played, comparison, english, russian):
    for language, expected in (("en", english), ("ru", russian)):
        you = Mover(narrator_for("sunduchok", ["You", "Opponent"], 0, language), 0)
        assert against_the_answer_sentence("chests", played=played, answer=3.0, comparison=comparison,
                                           mover=you) == expected
