"""Addresses of lesson pages, written out without the URL configuration.

The lesson player's URLs are built later; the admin's preview links already point at the path it
will serve, so they work as soon as it exists.
"""

from __future__ import annotations

from urllib.parse import quote


def lesson_url(lesson) -> str:
    return f"/learn/{quote(lesson.game_key)}/{quote(lesson.slug)}/"


def lesson_step_url(lesson, number: int) -> str:
    """The page that shows step `number` (1-based) of `lesson` as the learner sees it."""
    return f"{lesson_url(lesson)}?step={int(number)}"


def course_url(game_key: str) -> str:
    """A game's course page: its lessons in order with the learner's progress."""
    return f"/learn/{quote(game_key)}/"
