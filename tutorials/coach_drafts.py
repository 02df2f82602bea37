"""The coach's starting texts for the wrong moves of a lesson's question, for its editor to keep, edit or discard.

For a question step's position, every legal move that is not a right answer, with what the learner reads about
it today (tutorials.feedback: the editor's text from the payload's "feedback", else the generated one) and the
coach's judgement of it in every language: what the move costs on average against the right move, and why. The
judgement is the coach's (games.coach): the hidden cards are sampled from what the learner's seat can know, never
taken from the deal, so a draft names no card the seat cannot see and no hindsight. "Why" is the hard bot's
reason for the right move, told of the learner, where the coach values the right move best and the bot says why;
else the figures alone.

Bounded work, the same drafts every time: one evaluation per question, with the game's own budget of sampled deals
(games.coach.base.Budget, no time limit) and the seed the table's hint uses at that point of a game dealt from the
question's deal (games.coach.review.decision_seed). The coach values the moves worth considering — every legal
move, but for the many passes of a Hearts hand or leads of a big Rooster hand (Coach.candidates) — and the right
move; a wrong move outside them gets no judgement (`comparison` and `draft` None). Over the built-in lessons'
questions this takes some 6 to 30 ms a question on average, at most about 80 ms (a Hearts pass): docs/lessons.md.

Nothing is saved here; the payload must be a valid question (tutorials.payloads.validate_step_payload).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.utils import translation

from games.bots.paired import paired_difference
from games.coach import get_coach
from games.coach.base import NOISE_Z, ActionValue, Evaluation, same_action
from games.coach.review import decision_seed
from games.narration import narrator_for
from games.narration.coach import against_the_answer_sentence
from games.narration.reasons import Mover
from tutorials.feedback import editor_feedback, wrong_answer_text, wrong_options
from tutorials.payloads import is_right_answer, lesson_seat_names, position_from_payload

# A difference smaller than this, in the coach's unit, is no difference at all (sums of floats).
NO_DIFFERENCE = 1e-9


@dataclasses.dataclass(frozen=True)
class WrongMoveDraft:
    """One wrong move of a question, what the learner reads after it today, and the coach's draft about it."""

    action: dict                     # as the engine's legal_actions() writes it (the payload's "feedback" takes it)
    move: dict[str, str]             # the move in words, per language
    learner_reads: dict[str, str]    # what the learner reads after making it today, per language
    written: bool                    # whether that text is the editor's own (the payload's "feedback")
    # Against the right move, on the coach's average: "worse", "even" (no clear difference) or "better" (the coach
    # prefers this move: the question may be unfair); None where the coach did not value the move.
    comparison: str | None
    loss: float | None               # what the move loses against the right move, in the coach's unit (< 0: gains)
    draft: dict[str, str] | None     # the coach's starting text per language; None where it did not value the move


def wrong_move_drafts(game_key: str, variant: Any, payload: Mapping[str, Any]) -> list[WrongMoveDraft]:
    """Every wrong move of the question `payload` (a valid question step's payload of `game_key`, played under
    `variant`), in the engine's order, each with what the learner reads after it and the coach's draft."""
    state = position_from_payload(game_key, variant, payload)
    seat = payload.get("seat", 0)
    view = state.view(seat)
    legal = state.legal_actions()
    answers = [action for action in legal if is_right_answer(state, payload, action)]
    evaluation = _evaluate(game_key, view, legal, answers,
                           seed=decision_seed(payload["deal"].get("seed", 0), len(payload.get("actions", []))))
    # With several right moves, each wrong one is measured against the best of them.
    right = max(filter(None, (_value(evaluation, answer) for answer in answers)), key=lambda value: value.value)
    names = lesson_seat_names(state.players, seat)
    narrators = {language: narrator_for(game_key, names, seat, language)
                 for language in settings.MODELTRANSLATION_LANGUAGES}
    why = _reasons(evaluation, right, narrators, seat)
    drafts = []
    for option in wrong_options(state, payload):
        reads = {}
        for language in narrators:
            with translation.override(language):   # the generated text's frame is a translated string
                reads[language] = wrong_answer_text(game_key=game_key, state=state, payload=payload, action=option,
                                                    names=names, language=language)
        valued = _value(evaluation, option)
        comparison = loss = draft = None
        if valued is not None:
            loss, error = paired_difference(right.outcomes, valued.outcomes)
            comparison = _comparison(loss, error)
            draft = {language: _draft(evaluation.unit, valued, right, comparison, Mover(narrator, seat),
                                      why[language] if comparison == "worse" else "")
                     for language, narrator in narrators.items()}
        drafts.append(WrongMoveDraft(
            action=option, learner_reads=reads,
            move={language: narrator.action_text(option, view) for language, narrator in narrators.items()},
            written=any(editor_feedback(state, payload, option, language) is not None for language in narrators),
            comparison=comparison, loss=loss, draft=draft))
    return drafts


def _evaluate(game_key: str, view: dict, legal: list[dict], answers: list[dict], *, seed: str) -> Evaluation:
    """The coach's evaluation of the decision, with a right move valued even where the coach would not consider
    it (a Hearts pass of its own)."""
    coach = get_coach(game_key)
    considered = coach.candidates(view, legal)
    valued = any(same_action(answer, other) for answer in answers for other in considered)
    return coach.evaluate(view, legal, seed=seed, include=None if valued else answers[0])


def _value(evaluation: Evaluation, action: dict) -> ActionValue | None:
    return next((value for value in evaluation.values if same_action(value.action, action)), None)


def _comparison(loss: float, error: float) -> str:
    """The coach's paired comparison in words: a loss (or gain) counts only beyond the noise of the sampled deals
    (NOISE_Z standard errors, as games.coach.base judges a move)."""
    if abs(loss) <= max(NOISE_Z * error, NO_DIFFERENCE):
        return "even"
    return "worse" if loss > 0 else "better"


def _reasons(evaluation: Evaluation, right: ActionValue, narrators: dict, seat: int) -> dict[str, str]:
    """Why the right move is better, per language: the hard bot's reason, told of the learner, where the coach
    values the right move best and the bot's reason says why; else ""."""
    reason = evaluation.reason_for(right.action)
    if reason is None:
        return dict.fromkeys(narrators, "")
    return {language: narrator.reason(reason.to_dict(), seat) for language, narrator in narrators.items()}


def _draft(unit: str, valued: ActionValue, right: ActionValue, comparison: str, mover: Mover, why: str) -> str:
    said = against_the_answer_sentence(unit, played=valued.value, answer=right.value, comparison=comparison,
                                       mover=mover)
    return f"{said} {why}" if why else said
