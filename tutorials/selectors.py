"""Read paths for lessons, presets and progress."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Count, Prefetch, QuerySet

from tutorials.models import Lesson, LessonProgress, LessonStep, Preset


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
