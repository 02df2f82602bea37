"""Read paths for lessons, presets and progress."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db.models import Count, Prefetch, QuerySet
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from core.visitors import sees_drafts
from games import registry
from games.narration import narrator_for
from games.practice_goals import goal_text
from games.rules import GAMES
from games.selectors import (
    game_get_for_visitor,
    games_of_visitor,
    narrate_events,
    narration_language,
    position_context,
    session_game_ids,
    unfinished_games_of_visitor,
)
from games.tables import hand_summary
from tutorials import jsontext
from tutorials.feedback import editor_feedback, same_move, wrong_answer_text, wrong_options
from tutorials.links import course_url
from tutorials.markdown import render_markdown
from tutorials.models import Lesson, LessonProgress, LessonStep
from tutorials.payloads import lesson_seat_names, position_from_payload
from tutorials.practice import practice_goal, practice_outcome
from tutorials.services import HINT_COST, WRONG_ANSWER_COST, explanation_shown, wrong_answers_before_explanation
from tutorials.sessions import learner_session_key
from tutorials.step_checks import REPLAY_ERRORS, continuation_index, follow_choices, lesson_replay_problems

logger = logging.getLogger(__name__)


def lessons_for_game(game_key: str, *, published_only: bool = True) -> QuerySet[Lesson]:
    """The game's lessons in order, each with `step_count`."""
    lessons = (Lesson.objects.filter(game_key=game_key).select_related("preset")
               .annotate(step_count=Count("steps")).order_by("order", "slug"))
    if published_only:
        lessons = lessons.filter(published=True)
    return lessons


def lesson_get(*, game_key: str, slug: str, published_only: bool = True) -> Lesson | None:
    """One lesson with its preset and its steps (in order, prefetched), or None."""
    lessons = Lesson.objects.filter(game_key=game_key, slug=slug).select_related("preset").prefetch_related(
        Prefetch("steps", queryset=LessonStep.objects.order_by("number")))
    if published_only:
        lessons = lessons.filter(published=True)
    return lessons.first()


def progress_of_learner(*, user, session_key: str | None) -> QuerySet[LessonProgress]:
    """Every progress row of the signed-in `user`, or else of the anonymous `session_key` (none without either)."""
    if user is not None and user.is_authenticated:
        return LessonProgress.objects.filter(user=user)
    if session_key:
        return LessonProgress.objects.filter(session_key=session_key)
    return LessonProgress.objects.none()


def progress_for(lesson_ids: Iterable[int], *, user, session_key: str | None) -> dict[int, LessonProgress]:
    """{lesson id: progress} of the signed-in `user`, or else of the anonymous `session_key`."""
    if not (user is not None and user.is_authenticated) and not session_key:
        return {}
    rows = progress_of_learner(user=user, session_key=session_key)
    return {progress.lesson_id: progress for progress in rows.filter(lesson_id__in=list(lesson_ids))}


# -- the lesson player --------------------------------------------------------------------------

def lesson_for_visitor(*, game_key: str, slug: str, user) -> Lesson | None:
    """The lesson a visitor may open: published ones, and drafts for staff (the admin's previews)."""
    return lesson_get(game_key=game_key, slug=slug, published_only=not sees_drafts(user))


def progress_of(lesson: Lesson, *, user, session_key: str | None) -> LessonProgress | None:
    return progress_for([lesson.pk], user=user, session_key=session_key).get(lesson.pk)


def learn_index(*, user, session_key: str | None) -> list[dict[str, Any]]:
    """Every game's course (course_for_game), in the games' order."""
    return _courses(list(GAMES), user=user, session_key=session_key)


def course_for_game(game_key: str, *, user, session_key: str | None) -> dict[str, Any]:
    """A game's course page: its title, its sentence, its lessons in order (drafts for staff) each with the
    learner's progress, and how many are completed."""
    return _courses([game_key], user=user, session_key=session_key)[0]


def _courses(game_keys: list[str], *, user, session_key: str | None) -> list[dict[str, Any]]:
    games = [(key, list(lessons_for_game(key, published_only=not sees_drafts(user)))) for key in game_keys]
    progress = progress_for([lesson.pk for _, lessons in games for lesson in lessons],
                            user=user, session_key=session_key)
    courses = []
    for key, lessons in games:
        rows = [_lesson_row(lesson, progress.get(lesson.pk)) for lesson in lessons]
        courses.append({"key": key, "title": _(GAMES[key].title), "description": registry.game(key).description,
                        "url": course_url(key), "lessons": rows,
                        "completed": sum(1 for row in rows if row["completed"])})
    return courses


def _lesson_row(lesson: Lesson, progress: LessonProgress | None) -> dict[str, Any]:
    steps = lesson.step_count
    furthest = min(progress.furthest_step, steps) if progress is not None else 0
    if progress is not None and progress.completed:
        status = _("Completed")
    elif furthest:
        status = _("Step %(furthest)s of %(steps)s") % {"furthest": furthest, "steps": steps}
    else:
        status = _("Not started")
    return {"lesson": lesson, "url": lesson.get_absolute_url(), "steps": steps, "furthest": furthest,
            # The step reached (the lesson's address shows it too, after a redirect).
            "resume_url": lesson.step_url(furthest) if furthest else lesson.get_absolute_url(),
            "completed": bool(progress and progress.completed), "stars": _stars(progress), "status": status,
            "score": progress.score if progress is not None and progress.completed else None}


# -- continue where you left off --------------------------------------------------------------------

RESUME_GAMES = 3


def learner_resume(*, user, session) -> dict[str, Any] | None:
    """"Continue where you left off" for a returning learner — one with lesson progress or a game, signed in or
    through this browser's session: the next lesson (`lesson`, a lesson row with its game's `game_title`, or
    None) and up to RESUME_GAMES unfinished games (games.selectors.unfinished_games_of_visitor). None for a
    first-time visitor, and when there is nothing to continue."""
    session_key = learner_session_key(session)
    if not (user is not None and user.is_authenticated) and not session_key and not session_game_ids(session):
        return None   # a newcomer: no query
    progress = [row for row in progress_of_learner(user=user, session_key=session_key)
                .select_related("lesson").order_by("-updated_at") if row.lesson.published or sees_drafts(user)]
    latest_game = games_of_visitor(user=user, session=session).order_by("-updated_at").first()
    lesson = _next_lesson(progress, latest_game, user=user)
    games = unfinished_games_of_visitor(user=user, session=session, limit=RESUME_GAMES)
    if lesson is None and not games:
        return None
    return {"lesson": lesson, "games": games}


def _next_lesson(progress: list[LessonProgress], latest_game, *, user) -> dict[str, Any] | None:
    """The most recently touched unfinished lesson; or else the first lesson not yet started of the game the learner
    last worked on (in a lesson or at a table). `progress` is the learner's, the most recently touched first."""
    unfinished = next((row for row in progress if not row.completed), None)
    if unfinished is not None:
        game_key = unfinished.lesson.game_key
    else:
        last = [(row.updated_at, row.lesson.game_key) for row in progress[:1]]
        last += [(latest_game.updated_at, latest_game.game_key)] if latest_game is not None else []
        if not last:
            return None
        game_key = max(last)[1]
    if game_key not in GAMES:
        return None
    lessons = list(lessons_for_game(game_key, published_only=not sees_drafts(user)))
    mine = {row.lesson_id: row for row in progress}
    if unfinished is not None:
        lesson = next((lesson for lesson in lessons if lesson.pk == unfinished.lesson_id), None)
    else:
        lesson = next((lesson for lesson in lessons if lesson.pk not in mine), None)
    if lesson is None:
        return None
    return {**_lesson_row(lesson, mine.get(lesson.pk)), "game_title": _(GAMES[game_key].title)}


def _stars(progress: LessonProgress | None) -> dict[str, Any]:
    earned = progress.stars if progress is not None else 0
    return {"earned": earned, "shown": "★" * earned + "☆" * (3 - earned),
            "label": _("%(earned)s of 3 stars") % {"earned": earned}}


def learner_choices(progress: LessonProgress | None) -> dict[int, dict]:
    """{question step number: the move the learner answered it with}, from the learner's progress."""
    states = progress.step_states if progress is not None else {}
    return {int(number): state["move"] for number, state in states.items() if isinstance(state.get("move"), dict)}


def step_payload(lesson: Lesson, step: LessonStep, choices: dict[int, dict] | None = None) -> dict[str, Any]:
    """The step's payload as this learner reaches it: an example that goes on from an earlier question
    goes on with the learner's own right answer to it (tutorials.step_checks.follow_choices)."""
    if not choices or "deal" not in step.payload:
        return step.payload
    earlier = [(other.payload, choices.get(other.number)) for other in lesson.steps.all()
               if other.kind == LessonStep.Kind.QUESTION and other.number < step.number]
    try:
        variant = lesson.variant()
    except REPLAY_ERRORS:
        return step.payload   # the lesson's rules no longer read: its steps say so (lesson_step_context)
    return follow_choices(game_key=lesson.game_key, variant=variant, payload=step.payload, earlier=earlier)


def step_table_context(lesson: Lesson, step: LessonStep, *, show_all_hands: bool | None = None,
                       choices: dict[int, dict] | None = None) -> dict[str, Any]:
    """The table of a step as the learner's seat sees it ({} for a step without a table).

    The learner may make a move only on a question step. A step whose payload has "show_all_hands"
    shows every hand face up from the start (its text may speak of them), unless the learner hid them
    (`show_all_hands` False); None means the step's own choice.
    """
    if "deal" not in step.payload:
        return {}
    payload = step_payload(lesson, step, choices)
    state = position_from_payload(lesson.game_key, lesson.variant(), payload)
    opened = bool(step.payload.get("show_all_hands")) if show_all_hands is None else show_all_hands
    return {**payload_table_context(state, payload, can_move=step.kind == LessonStep.Kind.QUESTION,
                                    can_show_all=step.kind != LessonStep.Kind.PRACTICE, show_all_hands=opened),
            "has_table": True}


def payload_table_context(state, payload: dict[str, Any], *, can_move: bool, can_show_all: bool = True,
                          show_all_hands: bool = False) -> dict[str, Any]:
    """The table of a payload's position `state` (a lesson step's or a rules example's) as its seat sees it.

    The seats are named as lessons name them; the other hands open only when the payload offers it,
    `can_show_all` allows it and the reader asked; without `can_move` no move form is offered.
    """
    seat = payload.get("seat", 0)
    can_show_all = can_show_all and bool(payload.get("show_all_hands"))
    context = position_context(state, names=lesson_seat_names(len(payload["deal"]["hands"]), seat), seat=seat,
                               can_move=can_move, show_all_hands=show_all_hands and can_show_all)
    if not can_move:
        context["choices"] = None
    context.update({"can_show_all": can_show_all, "move_number": len(payload.get("actions", []))})
    return context


def lesson_step_context(lesson: Lesson, *, number: int, progress: LessonProgress | None,
                        show_all_hands: bool | None = None, user=None, session=None) -> dict[str, Any]:
    """Everything the lesson page shows at the step numbered `number` (one of the lesson's steps).

    `show_all_hands`: True or False when the learner opened or hid the other hands, None for the step's
    own choice."""
    steps = list(lesson.steps.all())
    index = next(index for index, step in enumerate(steps) if step.number == number)
    step = steps[index]
    state = (progress.step_states if progress is not None else {}).get(str(step.number), {})
    hints = step.hints if step.kind == LessonStep.Kind.QUESTION else []
    shown = min(state.get("hints", 0), len(hints))
    explanation = (step.explanation or "").strip() if step.kind == LessonStep.Kind.QUESTION else ""
    context = {
        "lesson": lesson, "step": step, "kind": step.kind, "number": number,
        "position": index + 1, "total": len(steps),
        "step_url": lesson.step_url(number),
        "prev_url": lesson.step_url(steps[index - 1].number) if index > 0 else None,
        "next_url": lesson.step_url(steps[index + 1].number) if index + 1 < len(steps) else lesson_done_url(lesson),
        "is_last": index + 1 == len(steps),
        "all_hands_url": f"{lesson.step_url(number)}&all=1", "hide_hands_url": f"{lesson.step_url(number)}&all=0",
        "answer_url": f"{lesson.get_absolute_url()}answer/", "hint_url": f"{lesson.get_absolute_url()}hint/",
        "practice_url": f"{lesson.get_absolute_url()}practice/",
        "explanation_url": f"{lesson.get_absolute_url()}explanation/",
        # The explanation may name the right move: it waits for the second wrong answer (or the first, where the
        # step says so), or the learner's request.
        "explanation": explanation if explanation and explanation_shown(state, payload=step.payload) else "",
        "can_explain": bool(explanation) and not explanation_shown(state, payload=step.payload),
        "explained_after_first_wrong": wrong_answers_before_explanation(step.payload) == 1,
        "answered": bool(state.get("answered")), "hints": hints[:shown], "hints_left": len(hints) - shown,
        "hint_number": shown + 1, "hint_cost": HINT_COST, "wrong_cost": WRONG_ANSWER_COST,
        "score": progress.score if progress is not None else 100,
        "completed": bool(progress and progress.completed),
    }
    # A retry after a wrong answer keeps the other hands as the learner left them.
    context["hidden_fields"] = {"step": number, **({} if show_all_hands is None else {"all": int(show_all_hands)})}
    problems = lesson_replay_problems(lesson, steps=[step])
    if problems:
        # The data changed under the step (its preset, an engine's rules): the learner reads that it cannot be
        # shown and may go on; the editors see it on the lesson's admin pages.
        logger.warning("Lesson %s/%s, step %s no longer replays: %s", lesson.game_key, lesson.slug, number,
                       problems[0][1])
        context.update({"step_broken": True, "show_all_hands": False})
        return context
    context.update(step_table_context(lesson, step, show_all_hands=show_all_hands, choices=learner_choices(progress)))
    context.setdefault("show_all_hands", False)
    if step.kind == LessonStep.Kind.PRACTICE:
        context["practice"] = _practice_context(step, state.get("practice"), user=user, session=session)
    return context


def step_number_to_show(lesson: Lesson, requested: str | None, *, furthest: int) -> int:
    """The number of the step to show for `?step=`: that step; else the nearest one (out of range:
    the first or the last; between two numbers: the next); without one, the furthest step reached."""
    numbers = [step.number for step in lesson.steps.all()]
    try:
        wanted = int(requested) if requested is not None else furthest
    except ValueError:
        wanted = furthest
    return next((number for number in numbers if number >= wanted), numbers[-1])


def lesson_done_url(lesson: Lesson) -> str:
    return f"{lesson.get_absolute_url()}done/"


def _practice_context(step: LessonStep, game_id: str | None, *, user, session) -> dict[str, Any]:
    payload = step.payload
    context = {"goal": goal_text(practice_goal(payload)), "game": None}
    game = game_get_for_visitor(game_id=game_id, user=user, session=session or {}) if game_id else None
    if game is not None:
        outcome = practice_outcome(step=step, game=game)
        context.update({"game": game, "status": outcome.status, "learner_moves": outcome.learner_moves})
    return context


def answer_result_context(lesson: Lesson, step: LessonStep, *, position, after, action: dict,
                          progress: LessonProgress | None) -> dict[str, Any]:
    """What a right answer did, as the learner's seat saw it: the new log lines; where the example cannot go
    on from the learner's move, the right move it goes on with instead (`example_move`); and, only where the
    page shown next has no table of its own (a text step, or the lesson's end), the hand after the move and
    what the table says of it ("Your chests: queens and kings", `show_hand`). A page with a table shows the
    hand there, at the position that page is about, which may be later than the move: a second hand above
    it would be out of date."""
    seat = step.payload.get("seat", 0)
    names = lesson_seat_names(len(step.payload["deal"]["hands"]), seat)
    before, now = position.view(seat), after.view(seat)
    narrator = narrator_for(lesson.game_key, names, seat, narration_language())
    result = {"lines": narrate_events(lesson.game_key, now["log"][len(before["log"]):], names=names, seat=seat),
              **hand_summary(lesson.game_key, now, narrator, seat=seat), "example_move": None}
    following = next((other for other in lesson.steps.all() if other.number > step.number), None)
    if following is not None:
        continued = step_payload(lesson, following, learner_choices(progress))
        at = continuation_index(step.payload, continued)
        if at is not None and not same_move(position, continued["actions"][at], action):
            result["example_move"] = narrator.action_text(continued["actions"][at], before)
    result["show_hand"] = following is None or "deal" not in following.payload
    return result


def lesson_end_context(lesson: Lesson, *, progress: LessonProgress, unanswered: list[int], user) -> dict[str, Any]:
    steps_total = lesson.steps.count()
    return {"lesson": lesson, "progress": progress, "stars": _stars(progress), "score": progress.score,
            "completed": progress.completed, "hints_used": progress.hints_used,
            "wrong_answers": progress.wrong_answers, "total": steps_total,
            "unanswered": [{"number": step.number, "url": lesson.step_url(step.number), "kind": step.kind}
                           for step in lesson.steps.all() if step.number in unanswered],
            "next_lesson": next_lesson(lesson, user=user), "first_url": lesson.step_url(1)}


def next_lesson(lesson: Lesson, *, user) -> Lesson | None:
    """The lesson after `lesson` in its game's order (drafts only for staff)."""
    lessons = list(lessons_for_game(lesson.game_key, published_only=not sees_drafts(user)))
    ids = [other.pk for other in lessons]
    if lesson.pk not in ids:
        return None
    index = ids.index(lesson.pk)
    return lessons[index + 1] if index + 1 < len(lessons) else None


WRONG_ANSWERS_SHOWN = 40


def wrong_answer_rows(lesson: Lesson, step: LessonStep) -> tuple[list[dict[str, Any]], int]:
    """What a learner reads after each wrong move of a question step, for its editors: rows of the move in
    words, the action (to copy into the payload's "feedback") and the text shown (the editor's, or the
    generated one), in the active language; at most WRONG_ANSWERS_SHOWN rows, and how many were left out."""
    payload = step.payload
    state = position_from_payload(lesson.game_key, lesson.variant(), payload)
    seat, language = payload.get("seat", 0), narration_language()
    names = lesson_seat_names(state.players, seat)
    narrator = narrator_for(lesson.game_key, names, seat, language)
    options = wrong_options(state, payload)
    rows = [{"move": narrator.action_text(option, state.view(seat)), "action": jsontext.dumps(option),
             "text": wrong_answer_text(game_key=lesson.game_key, state=state, payload=payload, action=option,
                                       names=names, language=language),
             "written": editor_feedback(state, payload, option, language) is not None}
            for option in options[:WRONG_ANSWERS_SHOWN]]
    return rows, max(0, len(options) - WRONG_ANSWERS_SHOWN)


# -- editors ------------------------------------------------------------------------------------

EDITORS_GROUP = "Editors"   # made by migration 0002; tutorials.editor_services gives and takes its rights


def user_is_editor(user) -> bool:
    """A staff user in the Editors group: one who may sign in to the admin and edit lessons."""
    return user.is_staff and user.groups.filter(name=EDITORS_GROUP).exists()


GUIDES = settings.BASE_DIR / "docs"


def writing_lessons_guide(*, language: str) -> tuple[str, SafeString]:
    """docs/writing-lessons.md (or its Russian twin), as the admin shows it: its first heading as the page's title
    and the rest as sanitised HTML."""
    name = "writing-lessons.ru.md" if language == "ru" else "writing-lessons.md"
    title, _newline, body = (GUIDES / name).read_text(encoding="utf-8").partition("\n")
    # The screenshots are linked from docs/ as ../static/docs/… (so that the file reads right where it lies), and
    # served by the site from its static files.
    images = f"{settings.STATIC_URL}docs/"
    body = body.replace("](../static/docs/", f"]({images}")
    return title.removeprefix("# ").strip(), render_markdown(body, images_under=images)
