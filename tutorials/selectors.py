"""Read paths for lessons, presets and progress."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from django.db.models import Count, Prefetch, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.history import game_history
from games.models import Game
from games.rules import GAMES
from games.selectors import game_get_for_visitor, narrate_events, position_context
from tutorials.models import Lesson, LessonProgress, LessonStep, Preset
from tutorials.payloads import position_from_payload
from tutorials.services import HINT_COST, WRONG_ANSWER_COST, lesson_seat_names


def presets_for_game(game_key: str) -> QuerySet[Preset]:
    return Preset.objects.filter(game_key=game_key).order_by("order", "slug")


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


def progress_for(lesson_ids: Iterable[int], *, user, session_key: str | None) -> dict[int, LessonProgress]:
    """{lesson id: progress} of the signed-in `user`, or else of the anonymous `session_key`."""
    if user is not None and user.is_authenticated:
        rows = LessonProgress.objects.filter(user=user)
    elif session_key:
        rows = LessonProgress.objects.filter(session_key=session_key)
    else:
        return {}
    return {progress.lesson_id: progress for progress in rows.filter(lesson_id__in=list(lesson_ids))}


# -- the lesson player --------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class PracticeOutcome:
    status: str           # "playing", "met" (the goal was reached) or "missed"
    learner_moves: int    # the learner's moves so far (after the step's opening actions)
    game: Game


def lesson_for_visitor(*, game_key: str, slug: str, user) -> Lesson | None:
    """The lesson a visitor may open: published ones, and drafts for staff (the admin's previews)."""
    return lesson_get(game_key=game_key, slug=slug, published_only=not sees_drafts(user))


def progress_of(lesson: Lesson, *, user, session_key: str | None) -> LessonProgress | None:
    return progress_for([lesson.pk], user=user, session_key=session_key).get(lesson.pk)


def learn_index(*, user, session_key: str | None) -> list[dict[str, Any]]:
    """Every game with its lessons in order, each with the learner's progress (drafts for staff)."""
    games = [(key, game, list(lessons_for_game(key, published_only=not sees_drafts(user))))
             for key, game in GAMES.items()]
    progress = progress_for([lesson.pk for _, _, lessons in games for lesson in lessons],
                            user=user, session_key=session_key)
    return [{"key": key, "title": str(game.title),
             "lessons": [_lesson_row(lesson, progress.get(lesson.pk)) for lesson in lessons]}
            for key, game, lessons in games]


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
            "completed": bool(progress and progress.completed), "stars": _stars(progress), "status": status,
            "score": progress.score if progress is not None and progress.completed else None}


def _stars(progress: LessonProgress | None) -> dict[str, Any]:
    earned = progress.stars if progress is not None else 0
    return {"earned": earned, "shown": "★" * earned + "☆" * (3 - earned),
            "label": _("%(earned)s of 3 stars") % {"earned": earned}}


def step_position(lesson: Lesson, step: LessonStep):
    """The engine state the step shows, or None for a step without a table."""
    if "deal" not in step.payload:
        return None
    return position_from_payload(lesson.game_key, lesson.variant(), step.payload)


def step_shows_position(lesson: Lesson, number: int, state) -> bool:
    """Whether step `number` of the lesson shows exactly the position `state`."""
    step = next((step for step in lesson.steps.all() if step.number == number), None)
    shown = step_position(lesson, step) if step is not None else None
    return shown is not None and shown.to_dict() == state.to_dict()


def step_table_context(lesson: Lesson, step: LessonStep, *, show_all_hands: bool = False) -> dict[str, Any]:
    """The table of a step as the learner's seat sees it ({} for a step without a table).

    The learner may make a move only on a question step; all hands are shown face up only when the
    payload allows it and the learner asked for it.
    """
    state = step_position(lesson, step)
    if state is None:
        return {}
    return {**payload_table_context(state, step.payload, can_move=step.kind == LessonStep.Kind.QUESTION,
                                    can_show_all=step.kind != LessonStep.Kind.PRACTICE, show_all_hands=show_all_hands),
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
                        show_all_hands: bool = False, user=None, session=None) -> dict[str, Any]:
    """Everything the lesson page shows at the step numbered `number` (one of the lesson's steps)."""
    steps = list(lesson.steps.all())
    index = next(index for index, step in enumerate(steps) if step.number == number)
    step = steps[index]
    state = (progress.step_states if progress is not None else {}).get(str(step.number), {})
    hints = step.hints if step.kind == LessonStep.Kind.QUESTION else []
    shown = min(state.get("hints", 0), len(hints))
    context = {
        "lesson": lesson, "step": step, "kind": step.kind, "number": number,
        "position": index + 1, "total": len(steps),
        "step_url": lesson.step_url(number),
        "prev_url": lesson.step_url(steps[index - 1].number) if index > 0 else None,
        "next_url": lesson.step_url(steps[index + 1].number) if index + 1 < len(steps) else lesson_done_url(lesson),
        "is_last": index + 1 == len(steps),
        "all_hands_url": f"{lesson.step_url(number)}&all=1", "show_all_hands": show_all_hands,
        "answer_url": f"{lesson.get_absolute_url()}answer/", "hint_url": f"{lesson.get_absolute_url()}hint/",
        "practice_url": f"{lesson.get_absolute_url()}practice/",
        "answered": bool(state.get("answered")), "hints": hints[:shown], "hints_left": len(hints) - shown,
        "hint_number": shown + 1, "hint_cost": HINT_COST, "wrong_cost": WRONG_ANSWER_COST,
        "score": progress.score if progress is not None else 100,
        "completed": bool(progress and progress.completed),
        # A retry after a wrong answer keeps the other hands open if the learner opened them.
        "hidden_fields": {"step": number, **({"all": 1} if show_all_hands else {})},
        **step_table_context(lesson, step, show_all_hands=show_all_hands),
    }
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
    context = {"goal": goal_text(payload["goal"], max_moves=payload.get("max_moves")), "game": None}
    game = game_get_for_visitor(game_id=game_id, user=user, session=session or {}) if game_id else None
    if game is not None:
        outcome = practice_outcome(step=step, game=game)
        context.update({"game": game, "status": outcome.status, "learner_moves": outcome.learner_moves})
    return context


def goal_text(goal: dict[str, Any], *, max_moves: int | None = None) -> str:
    if goal["type"] == "chests":
        text = ngettext("Collect %(count)s chest", "Collect %(count)s chests", goal["count"]) % {"count": goal["count"]}
    else:
        text = _("Win the game")
    if max_moves:
        return ngettext("%(goal)s within %(moves)s move.", "%(goal)s within %(moves)s moves.", max_moves) % {
            "goal": text, "moves": max_moves}
    return f"{text}."


def practice_outcome(*, step: LessonStep, game: Game) -> PracticeOutcome:
    """Whether the learner reached the practice step's goal in `game`.

    The goal counts as soon as it is reached (a chest goal before the game ends); it is missed when
    the game ends without it, or when the learner has used the step's `max_moves` and must move again.
    """
    payload = step.payload
    seat, goal, limit = payload.get("seat", 0), payload["goal"], payload.get("max_moves")
    history = game_history(game)
    opening = len(payload.get("actions", []))
    moves = 0
    for number in range(opening, history.move_count + 1):
        state = history.states[number]
        if number > opening and history.actions[number - 1].seat == seat:
            moves += 1
        if _goal_reached(goal, state, seat):
            return PracticeOutcome("met", moves, game)
        if state.is_over or (limit is not None and moves >= limit and state.current_player == seat):
            return PracticeOutcome("missed", moves, game)
    return PracticeOutcome("playing", moves, game)


def _goal_reached(goal: dict[str, Any], state, seat: int) -> bool:
    if goal["type"] == "chests":
        return state.scores[seat] >= goal["count"]
    return state.is_over and seat in state.winners


def answer_result_context(lesson: Lesson, step: LessonStep, *, position, after) -> dict[str, Any]:
    """What a right answer did, as the learner's seat saw it: the new log lines and the hand after it."""
    seat = step.payload.get("seat", 0)
    names = lesson_seat_names(len(step.payload["deal"]["hands"]), seat)
    before, now = position.view(seat), after.view(seat)
    return {"lines": narrate_events(lesson.game_key, now["log"][len(before["log"]):], names=names, seat=seat),
            "hand": now["hand"], "chests": [rank for rank in now["chests"][seat] if rank] if "chests" in now else []}


def lesson_end_context(lesson: Lesson, *, progress: LessonProgress, unanswered: list[int], user) -> dict[str, Any]:
    steps_total = lesson.steps.count()
    return {"lesson": lesson, "progress": progress, "stars": _stars(progress), "score": progress.score,
            "completed": progress.completed, "hints_used": progress.hints_used,
            "wrong_answers": progress.wrong_answers, "total": steps_total,
            "unanswered": [{"number": number, "url": lesson.step_url(number)} for number in unanswered],
            "next_lesson": next_lesson(lesson, user=user), "first_url": lesson.step_url(1)}


def next_lesson(lesson: Lesson, *, user) -> Lesson | None:
    """The lesson after `lesson` in its game's order (drafts only for staff)."""
    lessons = list(lessons_for_game(lesson.game_key, published_only=not sees_drafts(user)))
    ids = [other.pk for other in lessons]
    if lesson.pk not in ids:
        return None
    index = ids.index(lesson.pk)
    return lessons[index + 1] if index + 1 < len(lessons) else None


def sees_drafts(user) -> bool:
    return user is not None and user.is_authenticated and user.is_staff
