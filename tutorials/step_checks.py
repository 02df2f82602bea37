"""Checks of a lesson beyond each payload's replay: the words of a step against its table, and the steps
of a lesson against each other.

Run when a step or lesson is saved in the admin, on every import, and over the built-in lessons in the
tests, so that a worked example cannot contradict itself:

- a step whose text (body, hints, explanation, in any language) speaks of the other hands as visible
  must show them (`"show_all_hands": true`, which opens them from the start);
- a step's text that says which cards the learner holds ("You hold Q♥ and 8♦", "У вас на руке …") may name
  only cards the learner's seat holds at that step (tutorials.card_mentions recognises the claims);
- a question may not call a move wrong that the learner can be sure of (games.tables.sure_moves: a Sunduchok
  request the log proves) without a text of its own in "feedback": the generated "wrong player" would not be
  the reason, and the learner who made a sure request deserves to hear why another one is wanted;
- a step that goes on from a question's position must go on with that question's answer, and a question
  with several right answers that lead to different positions cannot be continued by a later step, since
  the learner's answer and the next step's log would disagree;
- a hint or an explanation that names the answer's card or rank is reported as a warning, not refused (hints
  cost less than the explanation and must not give the answer away, and the explanation shows after a wrong
  answer, while the learner still has to find the move; but the words may be a coincidence);
- `steps_replay_problems` replays a lesson's steps under a variant: a preset change that would break them
  is refused, and a lesson whose data changed under it is reported to its editors.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from django.utils.text import capfirst
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.narration import language_of, narrator_for
from games.narration.words import (
    RANK_ACCUSATIVE_RU,
    RANK_GENITIVE_PLURAL_RU,
    RANK_GENITIVE_SINGULAR_RU,
    RANK_INSTRUMENTAL_RU,
    RANK_PLURAL_RU,
    RANK_PREPOSITIONAL_PLURAL_RU,
    RANK_SINGULAR_RU,
)
from games.rules import IllegalAction
from games.rules.cards import RANK_NAMES, card_short, card_sort_key, is_card, rank_of, rank_plural
from games.tables import sure_moves
from tutorials.card_mentions import card_mentions, hand_claims
from tutorials.feedback import same_move, wrong_options
from tutorials.payloads import (
    PayloadError,
    answers_of,
    lesson_seat_names,
    position_from_payload,
    validate_step_payload,
)

# What a step's replay may raise when the data under it changed: the payload's checks (PayloadError, a
# ValueError), a preset whose fields the engine no longer takes (ValueError), or data the engine cannot read.
REPLAY_ERRORS = (ValueError, TypeError, LookupError, IllegalAction)

# Words that tell the reader the other players' cards can be seen, per language (lower case).
OPEN_HANDS_WORDS = {
    "en": (r"face up", r"face-up", r"look at (?:their|your opponent's|the opponent's|player \d's) hand",
           r"cards are open", r"hands are open", r"open hands"),
    "ru": (r"открыли", r"лицом вверх", r"в открытую", r"карты открыты", r"руки открыты",
           r"посмотрите на руку", r"посмотрите на карты соперника"),
}


def open_hands_promise(*, payload: Mapping[str, Any],
                       texts: Mapping[str, Mapping[str, str]]) -> tuple[str, str, str] | None:
    """(field, language, message) when a text speaks of open hands that the step's table keeps hidden, else None.

    `texts` is {field: {language: text}}, e.g. {"body": {"ru": "...", "en": "..."}}.
    """
    if "deal" not in payload or payload.get("show_all_hands"):
        return None
    for field, by_language in texts.items():
        for language, text in by_language.items():
            for pattern in OPEN_HANDS_WORDS.get(language, ()):
                found = re.search(pattern, (text or "").lower())
                if found:
                    message = _("The %(language)s text says “%(words)s”, but this step's table hides the other "
                                "hands: set \"show_all_hands\": true in the payload, or change the text.")
                    return field, language, message % {"language": language, "words": found.group(0)}
    return None


def false_hand_claim(*, game_key: str, variant: Any, payload: Mapping[str, Any],
                     texts: Mapping[str, Mapping[str, str]]) -> tuple[str, str, str] | None:
    """(field, language, message) when a text says the learner holds a card that the learner's seat does not
    hold at this step (a step without a table is not checked), else None. `payload` is already valid;
    `texts` is {field: {language: text}}."""
    if "deal" not in payload:
        return None
    seat = payload.get("seat", 0)
    hand = position_from_payload(game_key, variant, payload).view(seat)["hand"] or []
    for field, by_language in texts.items():
        for language, text in by_language.items():
            for words, cards in hand_claims(text or "", language):
                missing = [card for card in cards if card not in hand]
                if missing:
                    shown = sorted(hand, key=card_sort_key)
                    message = _("The %(language)s text says “%(words)s”, but at this step the learner's hand holds "
                                "no %(missing)s: it holds %(hand)s. Change the text, or the position.")
                    return field, language, message % {
                        "language": language, "words": words, "missing": ", ".join(map(card_short, missing)),
                        "hand": ", ".join(map(card_short, shown)) or _("no cards")}
    return None


def check_sure_moves_explained(*, game_key: str, state, payload: Mapping[str, Any]) -> None:
    """Raise PayloadError when a wrong move of the question `payload` (position `state`) is one the learner can
    be sure of and the payload's "feedback" has no entry for it (an entry has a text in every language)."""
    seat = payload.get("seat", 0)
    view = state.view(seat)
    explained = [entry["action"] for entry in payload.get("feedback", [])]
    for move in sure_moves(game_key, view, wrong_options(state, payload)):
        if not any(same_move(state, move, other) for other in explained):
            narrator = narrator_for(game_key, lesson_seat_names(state.players, seat), seat,
                                    language_of(get_language()))
            raise PayloadError(
                _("“%(move)s” is not a right answer, yet everything the learner sees makes it sure: give it a text "
                  "of its own in \"feedback\" that says why another move is wanted, or accept it too.")
                % {"move": narrator.action_text(move, view)})


def continuation_index(question: Mapping[str, Any], later: Mapping[str, Any]) -> int | None:
    """Where in `later`'s actions the question's move is played, when step `later` goes on from the
    position of the question step `question` (same deal, its actions and more); else None."""
    asked, played = list(question.get("actions", [])), later.get("actions", [])
    if "deal" not in later or later.get("deal") != question.get("deal"):
        return None
    if not isinstance(played, list) or len(played) <= len(asked) or played[:len(asked)] != asked:
        return None
    return len(asked)


def actions_following(*, payload: Mapping[str, Any], questions: Sequence[Mapping[str, Any]],
                      choices: Sequence[Mapping[str, Any] | None]) -> list:
    """`payload`'s actions with the learner's accepted answers (`choices`, one per question of `questions`,
    None where there is none) in place of the moves the lesson wrote for those questions."""
    actions = list(payload.get("actions", []))
    for question, choice in zip(questions, choices, strict=True):
        index = continuation_index(question, payload) if choice is not None else None
        if index is not None:
            actions[index] = dict(choice)
    return actions


def follow_choices(*, game_key: str, variant: Any, payload: Mapping[str, Any],
                   earlier: Sequence[tuple[Mapping[str, Any], Mapping[str, Any] | None]]) -> Mapping[str, Any]:
    """The payload of a step as the learner reaches it: where it goes on from an earlier question's
    position, with the learner's own right answer instead of the lesson's (`earlier` lists the earlier
    question steps' payloads with the learner's accepted move, or None). Where the rest of the example
    does not replay after the learner's move, the lesson's own moves stay (the answer's feedback then
    says which move the example goes on with)."""
    questions = [question for question, _choice in earlier]
    actions = actions_following(payload=payload, questions=questions, choices=[choice for _q, choice in earlier])
    if actions == payload.get("actions", []):
        return payload
    followed = {**payload, "actions": actions}
    try:
        position_from_payload(game_key, variant, followed)
    except PayloadError:
        return payload
    return followed


def check_lesson_steps(*, game_key: str, variant: Any, steps: Sequence[tuple[int, str, Mapping[str, Any]]]) -> None:
    """Raise PayloadError when a later step goes on from a question's position in a way that could
    contradict the learner's answer.

    A step that goes on from a question must go on with one of its right answers. Where the question
    has several right answers that lead to different positions, a later question step may not go on
    from it (its answer was written for one of them): the earlier question must ask for one move.
    `steps` are (number, kind, payload) of one lesson, each payload already valid.
    """
    ordered = sorted(steps, key=lambda step: step[0])
    for index, (number, kind, payload) in enumerate(ordered):
        if kind != "question":
            continue
        state = position_from_payload(game_key, variant, payload)
        answers = answers_of(payload)
        several = any(not same_move(state, answers[0], other) for other in answers[1:])
        for later_number, later_kind, later in ordered[index + 1:]:
            at = continuation_index(payload, later)
            if at is None:
                continue
            move = later["actions"][at]
            if not any(same_move(state, move, answer) for answer in answers):
                raise PayloadError(
                    _("Step %(later)s goes on from step %(step)s with %(move)s, which is not a right answer of "
                      "step %(step)s.") % {"step": number, "later": later_number, "move": move})
            if several and later_kind == "question":
                raise PayloadError(
                    _("Step %(step)s has several right answers, but the question of step %(later)s goes on from "
                      "one of them, so it could contradict the learner's answer: let step %(step)s ask for that "
                      "one move.") % {"step": number, "later": later_number})


def steps_replay_problems(*, game_key: str, variant: Any,
                          steps: Sequence[tuple[int, str, Mapping[str, Any]]]) -> list[tuple[int, str]]:
    """(number, message) for each step of `steps` ((number, kind, payload) of one lesson) whose payload does not
    replay under `variant`, in step order; [] when every step replays."""
    problems = []
    for number, kind, payload in sorted(steps, key=lambda step: step[0]):
        try:
            validate_step_payload(game_key=game_key, variant=variant, kind=kind, payload=payload)
        except REPLAY_ERRORS as error:
            problems.append((number, str(error)))
    return problems


def lesson_replay_problems(lesson, *, steps: Sequence | None = None) -> list[tuple[int, str]]:
    """(number, message) for each step of `lesson` (a Lesson; or of `steps`, some of its steps) that no longer
    replays under the lesson's rules — data changed under it since it was saved; [] when all of them replay."""
    steps = list(lesson.steps.all()) if steps is None else list(steps)
    try:
        variant = lesson.variant()
    except REPLAY_ERRORS as error:
        return [(step.number, str(error)) for step in steps]
    return steps_replay_problems(game_key=lesson.game_key, variant=variant,
                                 steps=[(step.number, step.kind, step.payload) for step in steps])


# How a rank is named in each language's running text (every case and number of the Russian noun). English "two" to
# "ten" are also plain numbers ("two choices"), so a digit rank is named in English by its plural only ("sevens").
RANK_WORDS = {
    "en": lambda rank: ((rank_plural(rank),) if rank.isdigit() else (RANK_NAMES[rank], rank_plural(rank))),
    "ru": lambda rank: tuple(forms[rank] for forms in (
        RANK_SINGULAR_RU, RANK_PLURAL_RU, RANK_GENITIVE_SINGULAR_RU, RANK_GENITIVE_PLURAL_RU,
        RANK_PREPOSITIONAL_PLURAL_RU, RANK_ACCUSATIVE_RU, RANK_INSTRUMENTAL_RU)),
}
# The texts a learner may read before answering right: the hints, and the explanation, which a wrong answer brings
# (tutorials.services.explanation_shown) while the learner still has to find the move.
TEXTS_BEFORE_THE_ANSWER = ("hint_1", "hint_2", "explanation")


class AnswerNamed(NamedTuple):
    """A text of a question step that names the answer's card or rank (texts_naming_the_answer)."""

    field: str       # "hint_1", "hint_2" or "explanation"
    language: str
    words: str       # the words that name it, as the text writes them

    def warning(self, label: str) -> str:
        """What the editor is told, in the active language; `label` names the field as the form does ("first
        hint")."""
        values = {"field": label, "language": self.language, "words": self.words}
        # capfirst: a language without articles starts the sentence with the field's name.
        if self.field == "explanation":
            return capfirst(_("The %(field)s (%(language)s) names “%(words)s”, the answer's card or rank. It shows "
                              "after a wrong answer, while the learner still has to find the move: say why the move is "
                              "right without naming it, or a wrong guess gives the answer away.") % values)
        return capfirst(_("The %(field)s (%(language)s) names “%(words)s”, the answer's card or rank. A hint costs "
                          "less than the explanation and should lead to the answer without giving it away.") % values)


def texts_naming_the_answer(*, payload: Mapping[str, Any],
                            texts: Mapping[str, Mapping[str, str]]) -> list[AnswerNamed]:
    """Each hint and explanation of a question step (`texts` as for open_hands_promise) that names one of the
    answers' cards ("the ace of spades", "A♠", "туза пик", the engine's "AS") or ranks ("aces", "тузов"): the rank
    asked for (a "rank" field) or the rank of a card played. A warning, not a refusal: the words may be a
    coincidence. A card named in full is reported as such, and another card of the answer's rank ("the ace of
    hearts" when the answer is the ace of spades) does not count as naming the rank."""
    cards, ranks = set(), set()
    for answer in answers_of(payload):
        if not isinstance(answer, Mapping):
            continue
        for field, value in answer.items():
            values = value if isinstance(value, list) else [value]
            cards.update(item for item in values if is_card(item))
            if field == "rank" and value in RANK_NAMES:
                ranks.add(value)
    ranks.update(rank_of(card) for card in cards)
    found = []
    for field in TEXTS_BEFORE_THE_ANSWER:
        for language, text in texts.get(field, {}).items():
            if language in RANK_WORDS:
                named = _answer_named(text or "", language, cards, ranks)
                if named is not None:
                    found.append(AnswerNamed(field, language, named))
    return found


def _answer_named(text: str, language: str, cards: set[str], ranks: set[str]) -> str | None:
    """The first words of `text` that name one of `cards` (in any form) or `ranks`, else None."""
    mentions = card_mentions(text)
    in_full = next((words for words, card in mentions if card in cards), None)
    if in_full is not None:
        return in_full
    code = next((card for card in sorted(cards) if re.search(rf"(?<!\w){card}(?!\w)", text)), None)
    if code is not None:
        return code
    # The other cards named take their rank words with them.
    rest = text
    for words, _card in mentions:
        rest = rest.replace(words, " ")
    return next((word for rank in sorted(ranks) for word in RANK_WORDS[language](rank) if _names(rest, word)), None)


def _names(text: str, words: str) -> bool:
    # Whole words only: "ace" is not named by "place", nor "дама" by "дамаск"; "семерка" is "семёрка".
    def plain(words: str) -> str:
        return words.lower().replace("ё", "е")
    return re.search(rf"(?<!\w){re.escape(plain(words))}(?!\w)", plain(text)) is not None
