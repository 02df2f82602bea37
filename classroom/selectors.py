"""Read paths of classes: who may see what, and each student's progress on each assignment.

A teacher sees only the classes they teach; a student sees only their own assignments and rounds.
Results come from the rounds' games (status, scores, winners) and the students' lesson progress.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db.models import Exists, OuterRef, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _

from classroom.models import Assignment, Classroom, Membership, PracticeRound
from games.models import Game, GameReview
from games.preset_uses import PresetUse
from games.review_selectors import REVIEW_VERSION
from games.rules import get_game
from games.tables import class_goal, round_outcomes, round_text
from games.tables.goals import Goal, Outcome
from puzzles.models import PuzzleAttempt
from puzzles.themes import THEMES
from tutorials.models import LessonProgress

TEACHERS_GROUP = "Teachers"


class Status:
    DONE = "done"
    IN_PROGRESS = "in-progress"
    NOT_STARTED = "not-started"
    OVERDUE = "overdue"


STATUS_LABELS = {
    Status.DONE: pgettext_lazy("assignment status", "Done"),
    Status.IN_PROGRESS: pgettext_lazy("assignment status", "In progress"),
    Status.NOT_STARTED: pgettext_lazy("assignment status", "Not started"),
    Status.OVERDUE: pgettext_lazy("assignment status", "Overdue"),
}


# -- who may do what -----------------------------------------------------------------------------

def may_create_classes(user) -> bool:
    return bool(user and user.is_authenticated
                and (user.is_superuser or user.groups.filter(name=TEACHERS_GROUP).exists()))


def is_teacher(user, classroom: Classroom) -> bool:
    return bool(user and user.is_authenticated and classroom.teachers.filter(pk=user.pk).exists())


def classes_taught(user) -> QuerySet[Classroom]:
    if not (user and user.is_authenticated):
        return Classroom.objects.none()
    return Classroom.objects.filter(teachers=user).order_by("archived", "name", "pk")


def classroom_for_teacher(*, classroom_id: int, user) -> Classroom | None:
    """The class if `user` teaches it; None otherwise (the view answers 404 either way)."""
    return classes_taught(user).filter(pk=classroom_id).first()


def assignment_for_teacher(*, assignment_id: int, user) -> Assignment | None:
    return (Assignment.objects.filter(pk=assignment_id, classroom__teachers=user).select_related("classroom")
            .first() if user and user.is_authenticated else None)


def assignment_for_student(*, assignment_id: int, user) -> Assignment | None:
    if not (user and user.is_authenticated):
        return None
    assignment = (Assignment.objects.filter(pk=assignment_id, classroom__memberships__student=user)
                  .select_related("classroom").first())
    if assignment is None or user not in assignment_students(assignment):
        return None
    return assignment


def round_for_teacher(*, round_id: int, user) -> PracticeRound | None:
    """A student's round, for a teacher of the class the student is still in."""
    if not (user and user.is_authenticated):
        return None
    still_member = Membership.objects.filter(classroom=OuterRef("assignment__classroom"), student=OuterRef("student"))
    return (PracticeRound.objects.filter(Exists(still_member), pk=round_id, assignment__classroom__teachers=user)
            .select_related("assignment__classroom", "game", "student").first())


# -- students and their rounds -------------------------------------------------------------------

def class_students(classroom: Classroom) -> list[Any]:
    return [membership.student for membership in
            classroom.memberships.select_related("student").order_by("student__username")]


def assignment_students(assignment: Assignment) -> list[Any]:
    """The students an assignment is for: those chosen, or the whole class, while they are in it."""
    members = class_students(assignment.classroom)
    chosen = set(assignment.chosen_students.values_list("pk", flat=True))
    return [student for student in members if not chosen or student.pk in chosen]


def rounds_of(assignment: Assignment, student) -> list[PracticeRound]:
    return list(PracticeRound.objects.filter(assignment=assignment, student=student)
                .select_related("game").order_by("number"))


@dataclasses.dataclass(frozen=True)
class RoundResult:
    """A round as the class pages show it: finished or not, and once finished its outcome as the game reads it
    (games.tables.round_outcome: won, and the game's own figures) and in words."""

    round: PracticeRound
    finished: bool
    outcome: Outcome | None

    @property
    def number(self) -> int:
        return self.round.number

    @property
    def won(self) -> bool:
        return self.outcome is not None and self.outcome.won

    @property
    def text(self) -> str:
        """"won, 3 chests", "12 points, place 2", "not the rooster"; "" while the round is played."""
        return round_text(self.round.game.game_key, self.outcome) if self.outcome is not None else ""


def _student_seat(game: Game) -> int:
    return next(seat for seat, info in enumerate(game.seats) if info["kind"] == "human")


def round_results(rounds: Iterable[PracticeRound]) -> list[RoundResult]:
    """The rounds' results, the finished games' outcomes read in one go (games.tables.round_outcomes)."""
    rounds = list(rounds)
    finished = [practice for practice in rounds if practice.game.is_over]
    outcomes = dict(zip((practice.pk for practice in finished),
                        round_outcomes([(practice.game, _student_seat(practice.game)) for practice in finished]),
                        strict=True))
    return [RoundResult(round=practice, finished=practice.pk in outcomes, outcome=outcomes.get(practice.pk))
            for practice in rounds]


def round_result(practice: PracticeRound) -> RoundResult:
    return round_results([practice])[0]


def assignment_goal(assignment: Assignment) -> Goal:
    """The assignment's goal kind, from its game (games.tables.class_goals); "just play" if the game no longer
    offers it."""
    return class_goal(assignment.game_key, assignment.goal) or class_goal(assignment.game_key, Assignment.NO_GOAL)


@dataclasses.dataclass(frozen=True)
class Progress:
    """One student's standing on one assignment."""

    assignment: Assignment
    results: list[RoundResult]
    lessons_done: int
    lessons_total: int
    lesson_stars: int
    status: str
    # The coach's accuracy over the rounds reviewed so far ({"decisions", "good", "percent"}; dashboard only).
    accuracy: dict[str, int] | None = None
    puzzles_solved: int = 0   # the assignment's puzzles solved so far, at most the number asked for

    @property
    def rounds_finished(self) -> int:
        return sum(result.finished for result in self.results)

    @property
    def wins(self) -> int:
        return sum(result.won for result in self.results)

    @property
    def hints_used(self) -> int:
        """The hints asked for at the tables of the student's rounds, played or being played."""
        return sum(result.round.game.hints_used for result in self.results)

    @property
    def hints_shown(self) -> str | None:
        """The hints used as a cell shows them: the number, or "forbidden" where the teacher turned them off."""
        if self.assignment.hints == Game.Hints.FORBID:
            return _("forbidden")
        return str(self.hints_used)

    def _outcomes(self) -> list[Outcome]:
        return [result.outcome for result in self.results if result.outcome is not None]

    @property
    def goal_met(self) -> bool | None:
        """None while the goal can still go either way; True or False once it is decided."""
        assignment = self.assignment
        return assignment_goal(assignment).decide(self._outcomes(), count=assignment.goal_count,
                                                  rounds=assignment.rounds)

    @property
    def goal_progress(self) -> str:
        """Where the student stands: "wins: 1 (goal: 2)", "chests per round: 3, 2", "points per deal…: 4.5"."""
        assignment = self.assignment
        return assignment_goal(assignment).progress(self._outcomes(), count=assignment.goal_count,
                                                    rounds=assignment.rounds)

    @property
    def percent(self) -> int:
        """How much of the work is done: rounds finished, lessons completed and puzzles solved, as one bar."""
        total = self.assignment.rounds + self.lessons_total + self.assignment.puzzles
        done = self.rounds_finished + self.lessons_done + self.puzzles_solved
        return round(100 * done / total) if total else 100

    @property
    def puzzles_url(self) -> str:
        """Where the student solves the assignment's puzzles: the game's next one, of the theme if one is set."""
        url = reverse("puzzle_next", args=[self.assignment.game_key])
        return f"{url}?theme={self.assignment.puzzle_theme}" if self.assignment.puzzle_theme else url

    @property
    def puzzle_theme(self) -> str:
        return str(THEMES[self.assignment.game_key].get(self.assignment.puzzle_theme, "")) or gettext("any theme")

    @property
    def next_round(self) -> int | None:
        """The round the student's button starts or resumes; None when every round is finished."""
        unfinished = next((result.number for result in self.results if not result.finished), None)
        if unfinished is not None:
            return unfinished
        return len(self.results) + 1 if len(self.results) < self.assignment.rounds else None

    @property
    def goal(self) -> str:
        return goal_text(self.assignment)

    @property
    def game_title(self) -> str:
        return game_title(self.assignment)

    @property
    def status_label(self) -> str:
        return str(STATUS_LABELS[self.status])

    def cell_facts(self) -> dict[str, str]:
        """What the student's cell of the dashboard shows, fact by fact (keys of CELL_FACT_HEADERS), as text; the
        CSV has the same. A fact the assignment has no part for (no rounds, no puzzles) or not known yet (the
        goal still open, no round reviewed) is left out."""
        assignment = self.assignment
        facts = {"status": self.status_label}
        if assignment.rounds:
            facts["rounds"] = f"{self.rounds_finished}/{assignment.rounds}"
            facts["result"] = self.goal_progress
            if self.goal_met is not None:
                facts["goal"] = gettext("goal reached") if self.goal_met else gettext("goal missed")
            facts["hints"] = self.hints_shown
            if self.accuracy:
                facts["accuracy"] = str(self.accuracy["percent"])
        if assignment.puzzles:
            facts["puzzles"] = f"{self.puzzles_solved}/{assignment.puzzles}"
        return facts


# The CSV's columns of one assignment: each fact of a dashboard cell (Progress.cell_facts), in its order.
CELL_FACT_HEADERS = {
    "status": gettext_lazy("%(assignment)s: status"),
    "rounds": gettext_lazy("%(assignment)s: rounds finished"),
    "result": gettext_lazy("%(assignment)s: result"),
    "goal": gettext_lazy("%(assignment)s: goal"),
    "hints": gettext_lazy("%(assignment)s: hints used"),
    "accuracy": gettext_lazy("%(assignment)s: accuracy, %%"),
    "puzzles": gettext_lazy("%(assignment)s: puzzles solved"),
}


def goal_text(assignment: Assignment) -> str:
    """The assignment's goal in words, as its game says it: "goal: win at least 2 of 3 rounds"."""
    return assignment_goal(assignment).text(count=assignment.goal_count, rounds=assignment.rounds)


def game_title(assignment: Assignment) -> str:
    return gettext(get_game(assignment.game_key).title)


def _status(assignment: Assignment, *, done: bool, started: bool, now: datetime) -> str:
    if done:
        return Status.DONE
    if assignment.due_at is not None and assignment.due_at < now:
        return Status.OVERDUE
    return Status.IN_PROGRESS if started else Status.NOT_STARTED


def progress_table(assignments: Iterable[Assignment], students: Iterable[Any]) -> dict[tuple[int, int], Progress]:
    """(assignment id, student id) -> Progress, for the assignments each student is given.

    A fixed number of queries whatever the size of the class: a dashboard of 30 students and
    10 assignments must not make 300 round trips.
    """
    assignments = list(assignments)
    students = list(students)
    student_ids = [student.pk for student in students]
    rounds: dict[tuple[int, int], list[PracticeRound]] = defaultdict(list)
    for practice in (PracticeRound.objects.filter(assignment__in=assignments, student_id__in=student_ids)
                     .select_related("game").order_by("number")):
        rounds[(practice.assignment_id, practice.student_id)].append(practice)
    lessons = {assignment.pk: [lesson.pk for lesson in assignment.lessons.all()] for assignment in assignments}
    progress_rows = {(row.lesson_id, row.user_id): row for row in LessonProgress.objects.filter(
        user_id__in=student_ids, lesson_id__in={pk for pks in lessons.values() for pk in pks})}
    chosen = {assignment.pk: set(assignment.chosen_students.values_list("pk", flat=True)) for assignment in assignments}
    now = timezone.now()
    solved = _puzzles_solved([assignment for assignment in assignments if assignment.puzzles], student_ids)
    results_of: dict[tuple[int, int], list[RoundResult]] = defaultdict(list)
    for result in round_results(practice for practices in rounds.values() for practice in practices):
        results_of[(result.round.assignment_id, result.round.student_id)].append(result)
    table = {}
    for assignment in assignments:
        for student in students:
            if chosen[assignment.pk] and student.pk not in chosen[assignment.pk]:
                continue
            results = results_of.get((assignment.pk, student.pk), [])
            lesson_rows = [progress_rows.get((lesson, student.pk)) for lesson in lessons[assignment.pk]]
            lessons_done = sum(1 for row in lesson_rows if row is not None and row.completed)
            rounds_done = sum(result.finished for result in results)
            puzzles_solved = min(assignment.puzzles, solved.get((assignment.pk, student.pk), 0))
            done = (rounds_done == assignment.rounds and lessons_done == len(lesson_rows)
                    and puzzles_solved == assignment.puzzles)
            started = bool(results) or any(row is not None for row in lesson_rows) or puzzles_solved > 0
            table[(assignment.pk, student.pk)] = Progress(
                assignment=assignment, results=results, lessons_done=lessons_done, lessons_total=len(lesson_rows),
                lesson_stars=sum(row.stars for row in lesson_rows if row is not None and row.completed),
                status=_status(assignment, done=done, started=started, now=now), puzzles_solved=puzzles_solved)
    return table


def _puzzles_solved(assignments: list[Assignment], student_ids: list[int]) -> dict[tuple[int, int], int]:
    """(assignment id, student id) -> the puzzles of the assignment's game and theme the student solved since it
    was set, each puzzle once: one query for them all."""
    if not assignments:
        return {}
    attempts = (PuzzleAttempt.objects.filter(
        user_id__in=student_ids, solved=True, puzzle__game_key__in={assignment.game_key for assignment in assignments},
        created_at__gte=min(assignment.created_at for assignment in assignments))
        .values_list("user_id", "puzzle_id", "puzzle__game_key", "puzzle__theme", "created_at"))
    puzzles: dict[tuple[int, int], set[int]] = defaultdict(set)
    for user_id, puzzle_id, game_key, theme, created_at in attempts:
        for assignment in assignments:
            if (game_key == assignment.game_key and created_at >= assignment.created_at
                    and assignment.puzzle_theme in ("", theme)):
                puzzles[(assignment.pk, user_id)].add(puzzle_id)
    return {key: len(ids) for key, ids in puzzles.items()}


# -- pages ---------------------------------------------------------------------------------------

def student_overview(user) -> list[dict[str, Any]]:
    """/classes/ for a student: each class with the student's assignments, newest due first."""
    if not (user and user.is_authenticated):
        return []
    classes = list(Classroom.objects.filter(memberships__student=user).order_by("name", "pk"))
    overview = []
    for classroom in classes:
        assignments = list(classroom.assignments.prefetch_related("lessons").order_by("due_at", "created_at"))
        table = progress_table(assignments, [user])
        overview.append({"classroom": classroom,
                         "progress": [table[(assignment.pk, user.pk)] for assignment in assignments
                                      if (assignment.pk, user.pk) in table]})
    return overview


def dashboard(classroom: Classroom) -> dict[str, Any]:
    """The teacher's view of a class: one row per student, one column per assignment."""
    students = class_students(classroom)
    assignments = list(classroom.assignments.prefetch_related("lessons").order_by("created_at", "pk"))
    table = progress_table(assignments, students)
    accuracy = assignment_accuracy(assignments, [student.pk for student in students])
    columns = [{"assignment": assignment, "game_title": game_title(assignment), "goal": goal_text(assignment),
                "hints": assignment.get_hints_display()} for assignment in assignments]
    rows = []
    for student in students:
        cells = [table.get((assignment.pk, student.pk)) for assignment in assignments]
        cells = [cell and dataclasses.replace(cell, accuracy=accuracy.get((cell.assignment.pk, student.pk)))
                 for cell in cells]
        given = [cell for cell in cells if cell is not None]
        finished = sum(cell.rounds_finished for cell in given)
        wins = sum(cell.wins for cell in given)
        lessons_total = sum(cell.lessons_total for cell in given)
        rows.append({
            "student": student, "cells": list(zip(columns, cells, strict=True)),
            "rounds_finished": finished, "wins": wins,
            "win_rate": round(100 * wins / finished) if finished else None,
            "lessons_done": sum(cell.lessons_done for cell in given), "lessons_total": lessons_total,
            "lesson_stars": sum(cell.lesson_stars for cell in given),
        })
    return {"classroom": classroom, "students": students, "assignments": assignments, "columns": columns,
            "rows": rows, "teachers": list(classroom.teachers.order_by("username"))}


def dashboard_csv_rows(classroom: Classroom) -> list[list[str]]:
    """The dashboard as a table of text: a header row, then one row per student.

    Each assignment has a column for every fact its dashboard cell can show (`Progress.cell_facts`, marked
    data-fact in the template), in the same order; the header names the assignment and its game."""
    data = dashboard(classroom)
    header = [_("Student"), _("Rounds finished"), _("Wins"), _("Win rate, %"), _("Lessons completed"),
              _("Lesson stars")]
    for column in data["columns"]:
        name = f"{column['assignment'].title} ({column['game_title']})"
        header += [str(label) % {"assignment": name} for label in CELL_FACT_HEADERS.values()]
    rows = [header]
    for row in data["rows"]:
        line = [row["student"].get_username(), str(row["rounds_finished"]), str(row["wins"]),
                "" if row["win_rate"] is None else str(row["win_rate"]),
                f"{row['lessons_done']}/{row['lessons_total']}", str(row["lesson_stars"])]
        for _column, cell in row["cells"]:
            facts = cell.cell_facts() if cell is not None else {}
            line += [facts.get(fact, "") for fact in CELL_FACT_HEADERS]
        rows.append(line)
    return rows


def assignment_results(assignment: Assignment) -> dict[str, Any]:
    """The assignment page: each student's rounds and the chart of results."""
    students = assignment_students(assignment)
    table = progress_table([assignment], students)
    rows = [{"student": student, "progress": table[(assignment.pk, student.pk)]} for student in students]
    rounds = max(assignment.rounds, 1)
    chart = [{"name": row["student"].get_username(),
              "finished": row["progress"].rounds_finished, "wins": row["progress"].wins,
              "finished_percent": round(100 * row["progress"].rounds_finished / rounds),
              "wins_percent": round(100 * row["progress"].wins / rounds)} for row in rows]
    return {"assignment": assignment, "classroom": assignment.classroom, "rows": rows, "chart": chart,
            "goal": goal_text(assignment), "game_title": game_title(assignment),
            "deal_numbers": list(range(1, assignment.rounds + 1))}


def assignment_accuracy(assignments: list[Assignment], student_ids: list[int]) -> dict[tuple[int, int], dict]:
    """(assignment id, student id) -> {"decisions", "good", "percent"}: the coach's verdicts on the decisions of
    the student's rounds reviewed so far (kept reviews, games.models.GameReview; nothing is computed here — a
    round is reviewed when its deal view or the student's own review of it is opened)."""
    counts: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    rounds = {practice.game_id: (practice.assignment_id, practice.student_id) for practice in
              PracticeRound.objects.filter(assignment__in=assignments, student_id__in=student_ids)}
    for game_id, decisions in GameReview.objects.filter(game_id__in=rounds, version=REVIEW_VERSION).values_list(
            "game_id", "decisions"):
        total = counts[rounds[game_id]]
        total[0] += len(decisions)
        total[1] += sum(1 for decision in decisions if decision["verdict"] == "good")
    return {key: {"decisions": decisions, "good": good, "percent": round(100 * good / decisions)}
            for key, (decisions, good) in counts.items() if decisions}


def assignment_preset_uses(preset) -> list[PresetUse]:
    """The assignments set under `preset` (games.preset_uses): they keep the rules they were set with, so they are
    only counted, for the editor to know who plays it."""
    count = Assignment.objects.filter(game_key=preset.game_key, preset=preset.slug).count()
    return [PresetUse(kind=gettext("Class assignments"), count=count)]
