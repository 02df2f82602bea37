"""Editors hide a puzzle, change its theme within its game's and explain it in /admin/, with history."""

from __future__ import annotations

import pytest
from reversion.models import Version

from puzzles.models import Puzzle
from tests.puzzles.helpers import load_mined

pytestmark = pytest.mark.django_db


@pytest.fixture
def puzzle() -> Puzzle:
    return load_mined("sunduchok", 1, 2)[0]


def change(puzzle: Puzzle, **fields) -> dict:
    return {"theme": puzzle.theme, "explanation_ru": "", "explanation_en": "", "_save": "Save", **fields}


def test_an_editor_changes_the_theme_hides_and_explains_a_puzzle_with_history(editor_client, puzzle):
    url = f"/admin/puzzles/puzzle/{puzzle.pk}/change/"
    page = editor_client.get(url)
    assert page.status_code == 200
    assert "reading-answers" in page.content.decode() and "the-pass" not in page.content.decode()
    other = next(theme for theme in ("the-count", "the-suits") if theme != puzzle.theme)
    response = editor_client.post(url, change(puzzle, theme=other, hidden="on",
                                              explanation_en="Two said **yes**: ask for the count."))
    assert response.status_code == 302
    puzzle.refresh_from_db()
    assert (puzzle.theme, puzzle.hidden, puzzle.explanation_en) == (other, True,
                                                                   "Two said **yes**: ask for the count.")
    assert Version.objects.get_for_object(puzzle).count() == 1
    assert editor_client.get(f"/admin/puzzles/puzzle/{puzzle.pk}/history/").status_code == 200


def test_a_theme_of_another_game_and_a_new_puzzle_by_hand_are_refused(editor_client, puzzle):
    before = (puzzle.theme, puzzle.hidden)
    response = editor_client.post(f"/admin/puzzles/puzzle/{puzzle.pk}/change/", change(puzzle, theme="the-pass"))
    assert response.status_code == 200 and "errorlist" in response.content.decode()
    puzzle.refresh_from_db()
    assert (puzzle.theme, puzzle.hidden) == before
    assert editor_client.get("/admin/puzzles/puzzle/add/").status_code == 403
    listing = editor_client.get("/admin/puzzles/puzzle/?theme=" + puzzle.theme).content.decode()
    assert f"/admin/puzzles/puzzle/{puzzle.pk}/change/" in listing
    assert f"/admin/puzzles/puzzle/{puzzle.pk}/change/" not in editor_client.get(
        "/admin/puzzles/puzzle/?theme=the-pass").content.decode()
