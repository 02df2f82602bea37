"""What a learner is told after a wrong answer to a question step: an explanation for each wrong option.

A question's options are the moves its position allows (the move form offers exactly these). Every
option that is not a right answer gets its own text: the editor's, where the payload's "feedback"
has one for that move, else a generated one that names the move and the part of it that is wrong
("“Player 2, do you have queens?” is allowed, but it is not the move here: wrong player."). A move
the rules forbid never gets this far: the engine's refusal, narrated, says what is wrong with it.

The generated text uses only the move and the question's right answers, never what the move would
reveal, so it shows no hidden card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from games.narration import narrator_for
from games.narration.words import join_words
from games.rules import IllegalAction
from tutorials.payloads import PayloadError, answers_of, lesson_seat_names


def same_move(state, first: Mapping[str, Any], second: Mapping[str, Any]) -> bool:
    """Whether two moves of `state` have the same effect (a card set named in another order is the same move)."""
    try:
        return state.apply(first).to_dict() == state.apply(second).to_dict()
    except IllegalAction:
        return False


def wrong_options(state, payload: Mapping[str, Any]) -> list[dict]:
    """The moves the question's position allows that are not right answers, in the engine's order."""
    right = [state.apply(answer).to_dict() for answer in answers_of(payload)]
    return [action for action in state.legal_actions() if state.apply(action).to_dict() not in right]


def editor_feedback(state, payload: Mapping[str, Any], action: Mapping[str, Any], language: str) -> str | None:
    """The editor's text for this wrong move in `language` (payload "feedback"), or None."""
    for entry in payload.get("feedback", []):
        if same_move(state, entry["action"], action):
            text = entry["text"].get(language, "")
            return text if text.strip() else None
    return None


def generated_feedback(state, payload: Mapping[str, Any], action: Mapping[str, Any], narrator) -> str:
    """The move in words and the parts of it that make it wrong, compared with the closest right answer."""
    view = state.view(narrator.viewer)
    move = narrator.action_text(dict(action), view)
    parts = min((differing_parts(action, answer) for answer in answers_of(payload)), key=len)
    named = join_words([narrator.part_name(part) for part in parts], "и" if narrator.language == "ru" else "and")
    return _("“%(move)s” is allowed, but it is not the move here: %(parts)s.") % {"move": move, "parts": named}


def differing_parts(action: Mapping[str, Any], answer: Mapping[str, Any]) -> list[str]:
    """The fields in which `action` differs from `answer` ("type" when they are different kinds of move)."""
    if action.get("type") != answer.get("type"):
        return ["type"]
    fields = sorted((set(action) | set(answer)) - {"type"})
    parts = [field for field in fields if _comparable(action.get(field)) != _comparable(answer.get(field))]
    return parts or ["type"]


def wrong_answer_text(*, game_key: str, state, payload: Mapping[str, Any], action: Mapping[str, Any],
                      names: list[str], language: str) -> str:
    """What the learner reads about the wrong move `action`: the editor's text, else the generated one."""
    seat = payload.get("seat", 0)
    written = editor_feedback(state, payload, action, language)
    if written is not None:
        return written
    return generated_feedback(state, payload, action, narrator_for(game_key, names, seat, language))


def _comparable(value: Any) -> Any:
    # A set of cards or suits is the same whatever order it is named in.
    return sorted(value) if isinstance(value, list) else value


def check_question(*, game_key: str, state, payload: Mapping[str, Any]) -> None:
    """Raise PayloadError unless the question really asks something and every wrong move gets its own text.

    Refused: a position where every move is a right answer; a right answer that is the only move of its
    kind with parts to choose (the only count, the only card to beat with), since the buttons would
    give it away — a move without parts, such as taking the cards, is a choice between kinds of move;
    two wrong moves whose explanations would read the same. `payload` is already valid
    (tutorials.payloads.validate_step_payload) and `state` is its position.
    """
    wrong = wrong_options(state, payload)
    if not wrong:
        raise PayloadError(_("Every move this position allows is a right answer, so the question asks nothing: "
                             "make it a replay step, or widen the position."))
    for answer in answers_of(payload):
        if set(answer) != {"type"} and not any(option["type"] == answer["type"] for option in wrong):
            raise PayloadError(
                _("The answer is the only “%(type)s” move this position allows, so the buttons would give it "
                  "away: make it a replay step, or widen the position so that another “%(type)s” move is possible.")
                % {"type": answer["type"]})
    seat = payload.get("seat", 0)
    names = lesson_seat_names(state.players, seat)
    for language in settings.MODELTRANSLATION_LANGUAGES:
        with translation.override(language):
            said: dict[str, dict] = {}
            for option in wrong:
                text = wrong_answer_text(game_key=game_key, state=state, payload=payload, action=option,
                                         names=names, language=language)
                if text in said:
                    raise PayloadError(
                        _("The wrong moves %(first)s and %(second)s would get the same explanation (“%(text)s”): "
                          "give one of them a text of its own in \"feedback\".")
                        % {"first": said[text], "second": option, "text": text})
                said[text] = option
