"""The puzzle pages: choose a game and a theme, solve a puzzle (HTMX and plain forms), be shown the solution."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.rules import GAMES
from games.tables import TABLES
from puzzles.models import Puzzle, PuzzleAttempt, PuzzleRating
from puzzles.selectors import puzzle_shown_state, puzzle_state
from tests.puzzles.helpers import load_mined
from tests.web.helpers import assert_no_hidden_cards

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def puzzles() -> dict[str, Puzzle]:
    return {game_key: load_mined(game_key, 1, 11)[0] for game_key in GAMES}


@pytest.fixture
def client():
    """A visitor reading the English pages."""
    from django.test import Client

    return Client(HTTP_ACCEPT_LANGUAGE="en")


def answer(puzzle: Puzzle, action: dict, **fields) -> dict:
    return {"move": len(puzzle.actions), **TABLES[puzzle.game_key].action_form_fields(action), **fields}


def test_the_index_and_a_games_page_list_the_puzzles_and_the_next_one_is_near_the_rating(client, puzzles):
    index = client.get(reverse("puzzles")).content.decode()
    for game_key in GAMES:
        assert reverse("puzzle_game", args=[game_key]) in index
    page = client.get(reverse("puzzle_game", args=["sunduchok"])).content.decode()
    assert "Any theme" in page and "1500" in page
    response = client.get(reverse("puzzle_next", args=["sunduchok"]))
    assert response.status_code == 302
    assert response.url == reverse("puzzle", args=["sunduchok", puzzles["sunduchok"].pk])
    assert client.get("/puzzles/chess/").status_code == 404


@pytest.mark.parametrize("game_key", list(GAMES))
def test_a_puzzle_page_shows_the_seats_view_only_with_the_move_form(client, puzzles, game_key):
    puzzle = puzzles[game_key]
    page = client.get(reverse("puzzle", args=[game_key, puzzle.pk])).content.decode()
    assert "Find the best move." in page and 'class="move-form' in page
    assert_no_hidden_cards(page, puzzle_state(puzzle), puzzle.seat)
    shown = client.get(reverse("puzzle_solution", args=[game_key, puzzle.pk])).content.decode()
    assert "The solution" in shown and 'class="move-form' not in shown
    assert_no_hidden_cards(shown, puzzle_shown_state(puzzle), puzzle.seat)


def test_a_right_answer_explains_and_rates_a_wrong_one_says_its_cost_and_lets_the_learner_retry(client, puzzles):
    puzzle = puzzles["sunduchok"]
    url = reverse("puzzle_answer", args=["sunduchok", puzzle.pk])
    wrong = client.post(url, answer(puzzle, puzzle.losses[0]["action"]), **HTMX).content.decode()
    assert "Not the best move." in wrong and "fewer than the best move" in wrong
    assert 'class="move-form' in wrong and "Your rating: 1500 →" in wrong
    right = client.post(url, answer(puzzle, puzzle.best), **HTMX).content.decode()
    assert "Right: that is the best move." in right and "Every other move brings at least" in right
    assert 'class="move-form' not in right and "Your rating" not in right   # a retry is not rated
    assert PuzzleAttempt.objects.count() == 2 and PuzzleRating.objects.get().rating < 1500

    plain = client.post(url, answer(puzzles["sunduchok"], puzzle.best)).content.decode()
    assert "<html" in plain and "Right: that is the best move." in plain   # without JavaScript: the whole page


def test_bad_answers_get_a_clear_message_and_change_nothing(client, puzzles):
    puzzle = puzzles["hearts"]
    url = reverse("puzzle_answer", args=["hearts", puzzle.pk])
    for fields in ({"move": "0", "type": "juggle"}, {}, answer(puzzle, {"type": "play", "card": "ZZ"})):
        response = client.post(url, fields, **HTMX)
        assert response.status_code == 400 and 'role="alert"' in response.content.decode()
    assert not PuzzleAttempt.objects.exists() and not PuzzleRating.objects.exists()
    Puzzle.objects.filter(pk=puzzle.pk).update(hidden=True)
    assert client.get(reverse("puzzle", args=["hearts", puzzle.pk])).status_code == 404
    assert client.post(url, answer(puzzle, puzzle.best)).status_code == 404
    assert client.get(reverse("puzzle", args=["rooster", puzzle.pk])).status_code == 404   # another game's


def test_a_chosen_theme_is_kept_from_puzzle_to_puzzle(client, puzzles):
    puzzle = puzzles["rooster"]
    response = client.get(reverse("puzzle_next", args=["rooster"]) + f"?theme={puzzle.theme}")
    assert response.url == reverse("puzzle", args=["rooster", puzzle.pk]) + f"?theme={puzzle.theme}"
    page = client.get(response.url).content.decode()
    assert f'name="theme" value="{puzzle.theme}"' in page
    assert reverse("puzzle_next", args=["rooster"]) + f"?theme={puzzle.theme}" in page
    client.post(reverse("puzzle_answer", args=["rooster", puzzle.pk]), answer(puzzle, puzzle.best))
    done = client.get(reverse("puzzle_next", args=["rooster"]) + f"?theme={puzzle.theme}").content.decode()
    assert "You have tried every puzzle of this choice." in done
