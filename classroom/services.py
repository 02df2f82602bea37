"""Write paths of classes: creating and running a class, setting assignments, starting rounds.

Every function checks that the acting user may do it (ClassroomDenied otherwise) and raises
ClassroomError with a message for the person on bad input, changing nothing.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from classroom.live import announce_change
from classroom.models import Assignment, Classroom, Membership, PracticeRound
from classroom.selectors import (
    assignment_students,
    is_teacher,
    may_create_classes,
    rounds_of,
)
from games import services as game_services
from games.bots import LEVELS
from games.models import Game, Preset
from games.rules import GAMES, get_game
from games.selectors import player_name
from games.tables import class_goal
from puzzles.themes import THEMES
from tutorials.models import Lesson

# No 0/O, 1/I/L: a code read aloud or copied from a board must not be misread.
JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 8
MAX_ROUNDS = 20
MAX_PUZZLES = 50


class ClassroomError(ValueError):
    """Bad input from a teacher or student; the message says what to fix."""


class ClassroomDenied(PermissionError):
    """The user may not do this in this class."""


def _new_join_code() -> str:
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def _require_teacher(classroom: Classroom, user) -> None:
    if not is_teacher(user, classroom):
        raise ClassroomDenied(_("Only this class's teachers may do that."))


def _clean_name(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise ClassroomError(_("Give the class a name."))
    if len(name) > 100:
        raise ClassroomError(_("A class name has at most 100 characters."))
    return name


# -- classes ---------------------------------------------------------------------------------

def classroom_create(*, teacher, name: str) -> Classroom:
    if not may_create_classes(teacher):
        raise ClassroomDenied(_("Only teachers may create classes."))
    name = _clean_name(name)
    for _attempt in range(10):
        try:
            with transaction.atomic():
                classroom = Classroom.objects.create(name=name, join_code=_new_join_code())
                classroom.teachers.add(teacher)
                return classroom
        except IntegrityError:   # the code was taken: draw another
            continue
    raise RuntimeError("Could not find a free join code.")


def classroom_rename(*, classroom: Classroom, user, name: str) -> Classroom:
    _require_teacher(classroom, user)
    classroom.name = _clean_name(name)
    classroom.save(update_fields=["name"])
    return classroom


def classroom_set_archived(*, classroom: Classroom, user, archived: bool) -> Classroom:
    """An archived class keeps its results but takes no new students and starts no new rounds."""
    _require_teacher(classroom, user)
    classroom.archived = archived
    classroom.save(update_fields=["archived"])
    return classroom


def classroom_add_teacher(*, classroom: Classroom, user, username: str) -> Any:
    _require_teacher(classroom, user)
    co_teacher = get_user_model().objects.filter(username=(username or "").strip()).first()
    if co_teacher is None:
        raise ClassroomError(_("There is no user “%(name)s” on the site.") % {"name": username})
    if Membership.objects.filter(classroom=classroom, student=co_teacher).exists():
        # A teacher sees every student's results: a classmate must not, just as a teacher cannot join as a student.
        raise ClassroomError(_("“%(name)s” is a student of this class: remove them from it first.")
                             % {"name": co_teacher.get_username()})
    classroom.teachers.add(co_teacher)
    return co_teacher


def classroom_remove_student(*, classroom: Classroom, user, student_id: int) -> None:
    """The student leaves the class; their games stay theirs, and teachers no longer see them."""
    _require_teacher(classroom, user)
    deleted, _details = Membership.objects.filter(classroom=classroom, student_id=student_id).delete()
    if not deleted:
        raise ClassroomError(_("That student is not in this class."))
    announce_change(classroom_id=classroom.pk)


def classroom_join(*, code: str, student) -> Classroom:
    code = (code or "").strip().upper().replace(" ", "").replace("-", "")
    classroom = Classroom.objects.filter(join_code=code).first()
    if classroom is None:
        raise ClassroomError(_("No class has the code “%(code)s”. Check it with your teacher.") % {"code": code})
    if classroom.archived:
        raise ClassroomError(_("The class “%(name)s” is archived and takes no new students.") % {"name": classroom})
    if is_teacher(student, classroom):
        raise ClassroomError(_("You teach this class."))
    _membership, created = Membership.objects.get_or_create(classroom=classroom, student=student)
    if created:
        transaction.on_commit(lambda: announce_change(classroom_id=classroom.pk))
    return classroom


# -- assignments -----------------------------------------------------------------------------

def assignment_create(*, classroom: Classroom, user, title: str, game_key: str, lessons: Iterable[Lesson] = (),
                      preset: str = "standard", players: int = 3,
                      bot_levels: list[str] | None = None, rounds: int = 0, goal: str = Assignment.NO_GOAL,
                      goal_count: int = 0, hints: str = Game.Hints.ALLOW, due_at: datetime | None = None,
                      same_deals: bool = False, students: Iterable[Any] = (), puzzles: int = 0,
                      puzzle_theme: str = "") -> Assignment:
    """One game's assignment. `goal` is one of that game's goal kinds (games.tables.class_goals), `goal_count`
    its N, checked against the goal's own range; `hints` whether the rounds' tables offer the hint; `puzzles`
    the game's puzzles to solve (of `puzzle_theme`, or of any theme when it is empty)."""
    _require_teacher(classroom, user)
    if classroom.archived:
        raise ClassroomError(_("An archived class takes no new assignments."))
    title = (title or "").strip()
    if not title:
        raise ClassroomError(_("Give the assignment a title."))
    lessons = list(lessons)
    if game_key not in GAMES:
        raise ClassroomError(_("There is no game “%(game)s”.") % {"game": game_key})
    engine = get_game(game_key)
    if not 0 <= rounds <= MAX_ROUNDS:
        raise ClassroomError(_("Set from 0 to %(most)s rounds.") % {"most": MAX_ROUNDS})
    if not 0 <= puzzles <= MAX_PUZZLES:
        raise ClassroomError(_("Set from 0 to %(most)s puzzles.") % {"most": MAX_PUZZLES})
    if puzzle_theme and puzzle_theme not in THEMES.get(game_key, {}):
        raise ClassroomError(_("Choose one of this game's puzzle themes."))
    if not lessons and not rounds and not puzzles:
        raise ClassroomError(_("Assign at least one lesson, one round or one puzzle."))
    if any(lesson.game_key != game_key for lesson in lessons):
        raise ClassroomError(_("Every lesson must be of the assignment's game."))
    preset_row = Preset.objects.filter(game_key=game_key, slug=preset).first()
    if preset_row is None:
        raise ClassroomError(_("There are no rules “%(preset)s” for this game.") % {"preset": preset})
    if not preset_row.shown_to_learners:
        raise ClassroomError(_("The rules “%(name)s” are hidden from learners: choose one of the rule sets offered.")
                             % {"name": preset_row.name})
    if not engine.min_players <= players <= engine.max_players:
        raise ClassroomError(_("This game takes %(low)s to %(high)s players.")
                             % {"low": engine.min_players, "high": engine.max_players})
    bot_levels = list(bot_levels or ["medium"] * (players - 1))
    if len(bot_levels) != players - 1 or any(level not in LEVELS for level in bot_levels):
        raise ClassroomError(_("Choose a bot level for each of the %(count)s other seats.") % {"count": players - 1})
    try:
        variant = preset_row.variant()
    except ValueError as error:
        raise ClassroomError(str(error)) from None
    goal_kind = class_goal(game_key, goal)
    if goal_kind is None:
        raise ClassroomError(_("Choose one of the goals offered."))
    if goal != Assignment.NO_GOAL:
        low, high = goal_kind.count_range(rounds=rounds, variant=variant.to_dict())
        if not low <= goal_count <= high:
            raise ClassroomError(goal_kind.range_message(rounds=rounds, variant=variant.to_dict()))
        if not rounds:
            raise ClassroomError(_("A goal needs at least one round."))
    if hints not in Game.Hints.values:
        raise ClassroomError(_("Choose whether the hint is allowed, counted or forbidden."))
    if due_at is not None and due_at <= timezone.now():
        raise ClassroomError(_("The due date must be in the future."))
    students = list(students)
    members = set(classroom.memberships.values_list("student_id", flat=True))
    if any(student.pk not in members for student in students):
        raise ClassroomError(_("Choose students of this class only."))
    with transaction.atomic():
        assignment = Assignment.objects.create(
            classroom=classroom, title=title[:120], game_key=game_key, preset=preset,
            variant=variant.to_dict(), players=players, bot_levels=bot_levels, rounds=rounds, goal=goal,
            goal_count=goal_count if goal != Assignment.NO_GOAL else 0, hints=hints, due_at=due_at,
            same_deals=same_deals, puzzles=puzzles, puzzle_theme=puzzle_theme if puzzles else "",
            seeds=[secrets.randbelow(game_services.MAX_SEED) for _ in range(rounds)] if same_deals else [],
            created_by=user)
        assignment.lessons.set(lessons)
        assignment.chosen_students.set(students)
    transaction.on_commit(lambda: announce_change(classroom_id=classroom.pk))
    return assignment


def round_start_next(*, assignment: Assignment, student) -> Game:
    """The student's next round of the assignment, or the round they are still playing.

    With "same deals", round k is dealt from the assignment's k-th seed for everyone; the dealer, too, follows
    from the seed (games.services.game_create), so every deal of the round, a match's later ones included, is
    the same for everyone. The round's table offers the hint as the assignment says.
    """
    if student not in assignment_students(assignment):
        raise ClassroomDenied(_("This assignment is not yours."))
    if assignment.classroom.archived:
        raise ClassroomError(_("The class is archived: no new rounds can be started."))
    with transaction.atomic():
        # Lock the student's membership row so that two clicks cannot start two rounds at once.
        Membership.objects.select_for_update().filter(classroom=assignment.classroom, student=student).first()
        played = rounds_of(assignment, student)
        unfinished = next((practice.game for practice in played if not practice.game.is_over), None)
        if unfinished is not None:
            return unfinished
        if len(played) >= assignment.rounds:
            raise ClassroomError(_("You have played every round of this assignment."))
        number = len(played) + 1
        game = game_services.game_create(
            game_key=assignment.game_key, preset=assignment.preset, variant=assignment.variant,
            players=assignment.players, bot_levels=assignment.bot_levels, human_name=player_name(student),
            owner=student, seed=assignment.seeds[number - 1] if assignment.same_deals else None,
            hints=assignment.hints)
        PracticeRound.objects.create(assignment=assignment, student=student, number=number, game=game)
    transaction.on_commit(lambda: announce_change(classroom_id=assignment.classroom_id))
    return game
