"""Write paths for lessons, presets and progress: built-in presets, lesson imports, step numbers, progress."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import reversion
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from games import services as game_services
from games.models import Game, Preset
from games.narration import narrator_for
from games.rules import IllegalAction
from games.selectors import narration_language
from tutorials.documents import LessonDocument, set_translated_texts
from tutorials.feedback import wrong_answer_text
from tutorials.models import Lesson, LessonProgress, LessonStep
from tutorials.payloads import PayloadError, is_right_answer, lesson_seat_names, position_from_payload
from tutorials.practice import practice_outcome
from tutorials.step_checks import check_lesson_steps, lesson_replay_problems

# -- lessons ------------------------------------------------------------------------------------

class LessonImportError(Exception):
    """A lesson file that cannot be imported; the message names the file (and the step)."""


@dataclasses.dataclass
class ImportReport:
    created: list[str] = dataclasses.field(default_factory=list)
    updated: list[str] = dataclasses.field(default_factory=list)
    skipped: list[str] = dataclasses.field(default_factory=list)

    def builtin_summary(self, what: str) -> str:
        """What `load_builtin_data` says of a load of built-in `what` (an update there is a reset to the files)."""
        return (f"{what}: {len(self.created)} created, {len(self.updated)} reset, "
                f"{len(self.skipped)} left as they were.")


def lessons_import(*, documents: Sequence[LessonDocument], overwrite: bool, user=None,
                   comment: str = "Imported from lesson files") -> ImportReport:
    """Create the lessons of `documents`, and replace existing ones (same game and slug) if `overwrite`.

    A replaced lesson gets exactly the file's steps. Every lesson and step is validated — steps by
    replaying them through the engine — and one invalid document refuses the whole import:
    LessonImportError, and nothing is changed. The import is one revision in the lessons' history.
    """
    report = ImportReport()
    with import_revision(comment=comment, user=user):
        for document in documents:
            _import_lesson(document, overwrite=overwrite, report=report)
    return report


@contextlib.contextmanager
def import_revision(*, comment: str, user=None) -> Iterator[None]:
    """One transaction and one revision in the history for an import: all of it is kept, or none."""
    with transaction.atomic(), reversion.create_revision():
        reversion.set_comment(comment)
        if user is not None:
            reversion.set_user(user)
        yield


def _import_lesson(document: LessonDocument, *, overwrite: bool, report: ImportReport) -> None:
    data = document.data
    label = f"{data['game']}/{data['slug']}"
    lesson = Lesson.objects.filter(game_key=data["game"], slug=data["slug"]).first()
    if lesson is not None and not overwrite:
        report.skipped.append(label)
        return
    preset = None
    if data["preset"] is not None:
        preset = Preset.objects.filter(game_key=data["game"], slug=data["preset"]).first()
        if preset is None:
            raise LessonImportError(f"{document.source}: there is no preset '{data['preset']}' for {data['game']}.")
    is_new = lesson is None
    if is_new:
        lesson = Lesson(game_key=data["game"], slug=data["slug"])
    lesson.order, lesson.published, lesson.preset = data["order"], data["published"], preset
    set_translated_texts(lesson, data)
    full_clean_or_raise(lesson, where=document.source)
    if not is_new:
        # Old steps go before the lesson is saved, so that its version does not list them.
        lesson.steps.all().delete()
    lesson.save()
    try:
        check_lesson_steps(game_key=data["game"], variant=lesson.variant(),
                           steps=[(step["number"], step["kind"], step["payload"]) for step in data["steps"]])
    except PayloadError as error:
        raise LessonImportError(f"{document.source}: {error}") from None
    for step_data in data["steps"]:
        step = LessonStep(lesson=lesson, number=step_data["number"], kind=step_data["kind"],
                          payload=step_data["payload"])
        set_translated_texts(step, step_data)
        full_clean_or_raise(step, where=f"{document.source}, step {step_data['number']}")
        step.save()
    (report.created if is_new else report.updated).append(label)


def full_clean_or_raise(instance, *, where: str, error: type[Exception] = LessonImportError) -> None:
    """Validate `instance` as the admin does; on failure raise `error` naming `where` and every problem."""
    try:
        instance.full_clean()
    except ValidationError as invalid:
        problems = "; ".join(f"{field}: {' '.join(messages)}" if field != "__all__" else " ".join(messages)
                             for field, messages in invalid.message_dict.items())
        raise error(f"{where}: {problems}") from None


# Far above any step number (at most MAX_STEP_NUMBER), so that parked steps never collide.
PARKING_OFFSET = 10_000


def lesson_steps_park(*, step_ids: Iterable[int]) -> None:
    """Move steps out of the way of (lesson, number) uniqueness before they are renumbered or deleted.

    Saving steps one by one cannot swap two numbers (the first save would collide with the second
    step); parking them first at number + PARKING_OFFSET makes any reordering possible. Call it
    inside the transaction that then saves the new numbers.
    """
    step_ids = list(step_ids)
    if step_ids:
        LessonStep.objects.filter(pk__in=step_ids, number__lt=PARKING_OFFSET).update(
            number=F("number") + PARKING_OFFSET)


def lesson_steps_park_all(*, lesson_id: int) -> None:
    """Park every step of a lesson (see lesson_steps_park): before restoring an old version of it."""
    lesson_steps_park(step_ids=LessonStep.objects.filter(lesson_id=lesson_id).values_list("pk", flat=True))


# -- progress -----------------------------------------------------------------------------------

HINT_COST = 10
WRONG_ANSWER_COST = 5
# The explanation of a question step (which may name the right move) shows after this many wrong answers on the
# step; before that the learner reads what is wrong with their own move, and may ask for it at HINT_COST. A step's
# payload may bring it forward to the first wrong answer ("explain_after_first_wrong").
WRONG_ANSWERS_BEFORE_EXPLANATION = 2


def wrong_answers_before_explanation(payload: dict) -> int:
    """How many wrong answers bring a question step's explanation: one where its editor chose so, else two."""
    return 1 if payload.get("explain_after_first_wrong") else WRONG_ANSWERS_BEFORE_EXPLANATION


def explanation_shown(state: dict, *, payload: dict) -> bool:
    """Whether the explanation of the question step whose payload is `payload` is shown to the learner whose step
    state is `state`."""
    return bool(state.get("explained")) or state.get("wrong", 0) >= wrong_answers_before_explanation(payload)


def progress_score(*, hints_used: int, wrong_answers: int) -> int:
    return max(0, 100 - HINT_COST * hints_used - WRONG_ANSWER_COST * wrong_answers)


def progress_record_step(*, lesson: Lesson, step_number: int, user=None, session_key: str | None = None,
                         hints_used: int = 0, wrong_answers: int = 0, completed: bool = False) -> LessonProgress:
    """Record that the learner reached step `step_number`, with the hints and wrong answers spent there.

    The learner is `user` when signed in, otherwise the anonymous `session_key`
    (tutorials.sessions.learner_session_key). `completed` marks the lesson done. Once a lesson is
    done its score stays: going through it again is practice.
    """
    return _progress_update(lesson=lesson, step_number=step_number, user=user, session_key=session_key,
                            hints_used=hints_used, wrong_answers=wrong_answers, completed=completed)


def _progress_update(*, lesson: Lesson, step_number: int, user, session_key: str | None, hints_used: int = 0,
                     wrong_answers: int = 0, completed: bool = False,
                     change_step: Callable[[dict], tuple[int, int]] | None = None) -> LessonProgress:
    """progress_record_step, and `change_step(state)` on the step's state under the same row lock.

    `change_step` edits the step's entry of `step_states` in place and returns the hints and wrong
    answers it costs, decided from what the row holds now, so that two tabs cannot both charge for
    the same hint.
    """
    owner = _owner(user=user, session_key=session_key)
    with transaction.atomic():
        progress, _ = LessonProgress.objects.select_for_update().get_or_create(lesson=lesson, **owner)
        progress.furthest_step = max(progress.furthest_step, step_number)
        if change_step is not None:
            state = dict(progress.step_states.get(str(step_number), {}))
            more_hints, more_wrong = change_step(state)
            hints_used, wrong_answers = hints_used + more_hints, wrong_answers + more_wrong
            others = {key: value for key, value in progress.step_states.items() if key != str(step_number)}
            progress.step_states = {**others, str(step_number): state} if state else others
        if not progress.completed:
            progress.hints_used += hints_used
            progress.wrong_answers += wrong_answers
            progress.score = progress_score(hints_used=progress.hints_used, wrong_answers=progress.wrong_answers)
            progress.completed = completed
        progress.save()
    return progress


def progress_merge_session_into_user(*, session_key: str | None, user) -> int:
    """Give a user who just signed in the progress made anonymously in this browser; returns rows moved.

    Where the user already has progress in the same lesson, the better of the two is kept (completed
    first, then the higher score, then the further step) and the furthest step of both.
    """
    if not session_key or user is None or not user.is_authenticated:
        return 0
    with transaction.atomic():
        anonymous = list(LessonProgress.objects.select_for_update().filter(session_key=session_key))
        mine = {progress.lesson_id: progress for progress in LessonProgress.objects.select_for_update().filter(
            user=user, lesson_id__in=[progress.lesson_id for progress in anonymous])}
        for progress in anonymous:
            existing = mine.get(progress.lesson_id)
            if existing is None:
                progress.user, progress.session_key = user, None
                progress.save(update_fields=["user", "session_key", "updated_at"])
                continue
            furthest = max(existing.furthest_step, progress.furthest_step)
            existing.step_states = _merged_step_states(existing.step_states, progress.step_states)
            if _rank(progress) > _rank(existing):
                existing.completed, existing.score = progress.completed, progress.score
                existing.hints_used, existing.wrong_answers = progress.hints_used, progress.wrong_answers
            existing.furthest_step = furthest
            progress.delete()
            existing.save()
    return len(anonymous)


def _merged_step_states(mine: dict, other: dict) -> dict:
    """Both learners' step states: a hint shown or a question answered in either counts as done."""
    merged = {key: dict(value) for key, value in other.items()}
    for key, state in mine.items():
        into = merged.setdefault(key, {})
        into["hints"] = max(state.get("hints", 0), into.get("hints", 0))
        into["answered"] = bool(state.get("answered") or into.get("answered"))
        into["wrong"] = max(state.get("wrong", 0), into.get("wrong", 0))
        into["explained"] = bool(state.get("explained") or into.get("explained"))
        if "move" in state:
            into["move"] = state["move"]
        if "practice" in state:
            into["practice"] = state["practice"]
    return merged


def _rank(progress: LessonProgress) -> tuple:
    return (progress.completed, progress.score if progress.completed else -1, progress.furthest_step)


def _owner(*, user, session_key: str | None) -> dict:
    if user is not None and user.is_authenticated:
        return {"user": user}
    if session_key:
        return {"session_key": session_key}
    raise ValueError("Progress belongs to a signed-in user or an anonymous session key; neither was given.")


# -- the lesson player --------------------------------------------------------------------------

class AnswerRejected(Exception):
    """A posted answer that is no move at all here (illegal, or the step asks nothing); for the learner."""


class StepBroken(AnswerRejected):
    """A step whose data no longer replays (its preset or the rules changed under it): nothing to answer or play
    until its editors mend it (the admin lists it)."""


def _refuse_a_broken_step(lesson: Lesson, step: LessonStep) -> None:
    if lesson_replay_problems(lesson, steps=[step]):
        raise StepBroken(_("This step cannot be shown: its example no longer fits the lesson's rules. The lesson's "
                           "editors can see it; go on with the next step."))


@dataclasses.dataclass(frozen=True)
class AnswerOutcome:
    right: bool
    progress: LessonProgress
    position: Any   # the question's position (an engine state)
    after: Any      # the position after the learner's move
    feedback: str = ""   # after a wrong move: what is wrong with it (tutorials.feedback)


@dataclasses.dataclass(frozen=True)
class FinishOutcome:
    progress: LessonProgress
    unanswered: list[int]   # numbers of the steps still to do (questions, practice games); [] once completed


def lesson_answer_question(*, lesson: Lesson, step: LessonStep, action: dict[str, Any], user=None,
                           session_key: str | None = None) -> AnswerOutcome:
    """Judge the learner's move on a question step and record it.

    A right answer marks the step answered and opens the next one; a wrong one costs
    WRONG_ANSWER_COST, unless the step was already answered right (trying again is practice), comes
    with what is wrong with that move, and is counted on the step: the step's explanation waits for
    the second, or the first where the step says so (explanation_shown). An illegal move or a step that
    asks nothing raises AnswerRejected (with the engine's refusal, narrated) and records nothing; a step
    that no longer replays, StepBroken.
    """
    if step.kind != LessonStep.Kind.QUESTION:
        raise AnswerRejected(_("This step asks no question: use the lesson's Next and Back links."))
    _refuse_a_broken_step(lesson, step)
    position = position_from_payload(lesson.game_key, lesson.variant(), step.payload)
    seat = step.payload.get("seat", 0)
    names = lesson_seat_names(position.players, seat)
    try:
        after = position.apply(action)
    except IllegalAction as error:
        narrator = narrator_for(lesson.game_key, names, seat, narration_language())
        raise AnswerRejected(narrator.illegal(error)) from None
    right = is_right_answer(position, step.payload, action)
    feedback = "" if right else wrong_answer_text(game_key=lesson.game_key, state=position, payload=step.payload,
                                                  action=action, names=names, language=narration_language())
    following = lesson.steps.filter(number__gt=step.number).order_by("number").values_list("number", flat=True).first()

    def change(state: dict) -> tuple[int, int]:
        if right:
            # The learner's own right move: the examples that go on from here go on with it.
            state["answered"], state["move"] = True, dict(action)
            return 0, 0
        state["wrong"] = state.get("wrong", 0) + 1
        return 0, 0 if state.get("answered") else 1

    progress = _progress_update(lesson=lesson, step_number=step.number, user=user, session_key=session_key,
                                change_step=change)
    if right and following is not None:
        progress = progress_record_step(lesson=lesson, step_number=following, user=user, session_key=session_key)
    return AnswerOutcome(right=right, progress=progress, position=position, after=after, feedback=feedback)


def lesson_reveal_hint(*, lesson: Lesson, step: LessonStep, user=None, session_key: str | None = None
                       ) -> LessonProgress:
    """Show the step's next hint, at HINT_COST (free once the question was answered right)."""
    available = len(step.hints) if step.kind == LessonStep.Kind.QUESTION else 0

    def change(state: dict) -> tuple[int, int]:
        shown = state.get("hints", 0)
        if shown >= available:
            return 0, 0
        state["hints"] = shown + 1
        return (0 if state.get("answered") else 1), 0

    return _progress_update(lesson=lesson, step_number=step.number, user=user, session_key=session_key,
                            change_step=change)


def lesson_reveal_explanation(*, lesson: Lesson, step: LessonStep, user=None, session_key: str | None = None
                              ) -> LessonProgress:
    """Show the step's explanation before the wrong answers bring it (explanation_shown), at HINT_COST: it is
    recorded as a hint, and free once the question was answered right."""
    available = step.kind == LessonStep.Kind.QUESTION and bool((step.explanation or "").strip())

    def change(state: dict) -> tuple[int, int]:
        if not available or explanation_shown(state, payload=step.payload):
            return 0, 0
        state["explained"] = True
        return (0 if state.get("answered") else 1), 0

    return _progress_update(lesson=lesson, step_number=step.number, user=user, session_key=session_key,
                            change_step=change)


def lesson_finish(*, lesson: Lesson, user=None, session_key: str | None = None) -> FinishOutcome:
    """Complete the lesson if every question step was answered right and every practice game reached its
    goal; its score then stays."""
    steps = list(lesson.steps.order_by("number"))
    last = steps[-1].number if steps else 0
    owner = _owner(user=user, session_key=session_key)
    progress = LessonProgress.objects.filter(lesson=lesson, **owner).first()
    states = progress.step_states if progress is not None else {}
    unanswered = [step.number for step in steps if not _step_done(step, states.get(str(step.number), {}))]
    if progress is not None and progress.completed:
        return FinishOutcome(progress=progress, unanswered=[])
    progress = progress_record_step(lesson=lesson, step_number=last, user=user, session_key=session_key,
                                    completed=not unanswered)
    return FinishOutcome(progress=progress, unanswered=unanswered)


def _step_done(step: LessonStep, state: dict) -> bool:
    """Whether a step is done for lesson_finish: a question answered right, a practice game's goal reached (a game
    that missed it is offered again)."""
    if step.kind == LessonStep.Kind.QUESTION:
        return bool(state.get("answered"))
    if step.kind == LessonStep.Kind.PRACTICE:
        game = Game.objects.filter(pk=state["practice"]).first() if state.get("practice") else None
        return game is not None and practice_outcome(step=step, game=game).status == "met"
    return True


def lesson_start_practice(*, lesson: Lesson, step: LessonStep, human_name: str, user=None,
                          session_key: str | None = None) -> Game:
    """Start the practice game of a practice step from its deal, and remember it on the step."""
    if step.kind != LessonStep.Kind.PRACTICE:
        raise AnswerRejected(_("This step has no practice game."))
    _refuse_a_broken_step(lesson, step)
    payload = step.payload
    deal = payload["deal"]
    owner = user if user is not None and user.is_authenticated else None
    with transaction.atomic():
        game = game_services.game_create(
            game_key=lesson.game_key, preset=lesson.preset.slug if lesson.preset_id else "standard",
            players=len(deal["hands"]), bot_levels=list(payload["bots"]), human_name=human_name, owner=owner,
            seed=deal.get("seed", 0), dealer=deal.get("dealer", 0),
            deal={"hands": deal["hands"], "stock": deal.get("stock", [])}, variant=lesson.variant().to_dict(),
            human_seat=payload.get("seat", 0), opening_actions=payload.get("actions", []))

        def change(state: dict) -> tuple[int, int]:
            state["practice"] = str(game.pk)
            return 0, 0

        _progress_update(lesson=lesson, step_number=step.number, user=user, session_key=session_key,
                         change_step=change)
    return game
