"""Teachers assign puzzles through the class assignments: a game, a theme or any, how many to solve."""

from __future__ import annotations

import pytest
from django.urls import reverse

from classroom import services as class_services
from classroom.selectors import progress_table
from puzzles.models import Puzzle
from tests.classroom.helpers import class_with_students, practice_assignment, signed_in
from tests.puzzles.helpers import attempt, load_mined

pytestmark = pytest.mark.django_db


@pytest.fixture
def puzzles() -> list[Puzzle]:
    return load_mined("sunduchok", 3, 13)


def test_a_puzzle_assignment_counts_each_puzzle_of_its_theme_solved_since_it_was_set(puzzles):
    classroom, teacher, (ann,) = class_with_students("ann")
    theme = puzzles[1].theme
    of_theme = [puzzle for puzzle in puzzles if puzzle.theme == theme]
    attempt(of_theme[0], of_theme[0].best, user=ann)   # before the assignment: not counted
    assignment = practice_assignment(classroom, teacher, title="Puzzles", rounds=0, puzzles=2, puzzle_theme=theme)
    assert progress_table([assignment], [ann])[(assignment.pk, ann.pk)].puzzles_solved == 0
    for puzzle in puzzles:
        attempt(puzzle, puzzle.losses[0]["action"], user=ann)   # missed: not counted
        attempt(puzzle, puzzle.best, user=ann)
        attempt(puzzle, puzzle.best, user=ann)   # the same puzzle again: once
    progress = progress_table([assignment], [ann])[(assignment.pk, ann.pk)]
    assert progress.puzzles_solved == min(2, len(of_theme))
    assert progress.percent == round(100 * progress.puzzles_solved / 2)
    assert progress.puzzles_url == reverse("puzzle_next", args=["sunduchok"]) + f"?theme={theme}"

    page = signed_in(ann).get(reverse("classes")).content.decode()
    assert f"puzzles solved: {progress.puzzles_solved} of 2" in page
    dashboard = signed_in(teacher).get(reverse("class_dashboard", args=[classroom.pk])).content.decode()
    assert f'puzzles: <span data-fact="puzzles">{progress.puzzles_solved}/2</span>' in dashboard


def test_the_assignment_form_sets_puzzles_and_refuses_a_theme_of_another_game(puzzles):
    classroom, teacher, _ = class_with_students("ann")
    client = signed_in(teacher)
    url = reverse("assignment_new", args=[classroom.pk]) + "?game=sunduchok"
    form = client.get(url).content.decode()
    assert 'name="puzzles"' in form and 'value="the-count"' in form and 'value="the-pass"' not in form
    fields = {"game": "sunduchok", "title": "Counting", "rounds": "0", "preset": "standard", "players": "3",
              "bot_1": "easy", "bot_2": "easy", "goal": "none", "hints": "allow", "puzzles": "5",
              "puzzle_theme": "the-count"}
    assert client.post(url, fields).status_code == 302
    assignment = classroom.assignments.get()
    assert (assignment.puzzles, assignment.puzzle_theme) == (5, "the-count")
    refused = client.post(url, {**fields, "title": "Moon", "puzzle_theme": "blocking-the-moon"})
    assert refused.status_code == 400 and classroom.assignments.count() == 1
    for bad, message in (({"puzzles": 51}, "Set from 0 to 50 puzzles."),
                         ({"puzzles": 0}, "Assign at least one lesson, one round or one puzzle."),
                         ({"puzzle_theme": "the-pass"}, "Choose one of this game's puzzle themes.")):
        with pytest.raises(class_services.ClassroomError, match=message):
            practice_assignment(classroom, teacher, rounds=0, **{"puzzles": 3, **bad})
    assert classroom.assignments.count() == 1
