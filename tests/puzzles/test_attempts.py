"""A learner's attempts at puzzles: the first one rated (Glicko-2, the learner's and the puzzle's), retries
recorded only, the next puzzle near the learner's rating, and an anonymous learner's ratings moved on sign-in."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from puzzles.models import Puzzle, PuzzleAttempt, PuzzleRating
from puzzles.rating import START_RATING
from puzzles.selectors import learner_rating, next_puzzle, puzzle_state
from puzzles.services import (
    PuzzleAnswerError,
    puzzle_ratings_merge_session_into_user,
)
from tests.puzzles.helpers import attempt, load_mined

pytestmark = pytest.mark.django_db
ANONYMOUS = "an-anonymous-learner-key"


@pytest.fixture
def puzzles() -> list[Puzzle]:
    return load_mined("sunduchok", 3, 7)


def a_wrong_move(puzzle: Puzzle) -> dict:
    return puzzle.losses[0]["action"]


def test_a_first_right_answer_raises_the_learner_lowers_the_puzzle_and_a_retry_moves_nothing(puzzles):
    puzzle = puzzles[0]
    result = attempt(puzzle, puzzle.best, session_key=ANONYMOUS)
    assert result.solved and result.rated and result.loss is None and result.streak == 1
    assert result.rating_after > result.rating_before == START_RATING
    puzzle.refresh_from_db()
    assert puzzle.rating < START_RATING
    retry = attempt(puzzle, a_wrong_move(puzzle), session_key=ANONYMOUS)
    assert not retry.solved and not retry.rated and retry.rating_after == result.rating_after
    assert retry.loss == puzzle.losses[0]["loss"]
    assert Puzzle.objects.get(pk=puzzle.pk).rating == puzzle.rating
    assert PuzzleAttempt.objects.of_learner(session_key=ANONYMOUS).count() == 2


def test_a_first_wrong_answer_lowers_the_learner_and_ends_the_streak(puzzles):
    attempt(puzzles[0], puzzles[0].best, session_key=ANONYMOUS)
    result = attempt(puzzles[1], a_wrong_move(puzzles[1]), session_key=ANONYMOUS)
    assert not result.solved and result.rated and result.streak == 0
    assert result.rating_after < result.rating_before
    rating = PuzzleRating.objects.get(session_key=ANONYMOUS)
    assert (rating.streak, rating.best_streak) == (0, 1)


def test_a_move_not_legal_in_the_position_is_refused_and_changes_nothing(puzzles):
    puzzle = puzzles[0]
    legal = puzzle_state(puzzle).legal_actions()
    illegal = {"type": "ask", "target": 9, "rank": "Q"}
    assert illegal not in legal
    with pytest.raises(PuzzleAnswerError):
        attempt(puzzle, illegal, session_key=ANONYMOUS)
    assert not PuzzleAttempt.objects.exists() and not PuzzleRating.objects.exists()
    assert Puzzle.objects.get(pk=puzzle.pk).rating == START_RATING


def test_the_next_puzzle_is_an_untried_one_nearest_the_learners_rating(puzzles):
    for puzzle, rating in zip(puzzles, (1200, 1480, 1900), strict=True):
        Puzzle.objects.filter(pk=puzzle.pk).update(rating=rating)
    assert next_puzzle(game_key="sunduchok", session_key=ANONYMOUS) == puzzles[1]   # 1480 nearest 1500
    attempt(puzzles[1], a_wrong_move(puzzles[1]), session_key=ANONYMOUS)
    assert learner_rating(game_key="sunduchok", session_key=ANONYMOUS) < START_RATING
    assert next_puzzle(game_key="sunduchok", session_key=ANONYMOUS) == puzzles[0]   # tried ones are skipped
    Puzzle.objects.filter(pk=puzzles[0].pk).update(hidden=True)
    assert next_puzzle(game_key="sunduchok", session_key=ANONYMOUS) == puzzles[2]   # hidden ones too
    assert next_puzzle(game_key="sunduchok", theme="no-such-theme", session_key=ANONYMOUS) is None
    assert next_puzzle(game_key="hearts", session_key=ANONYMOUS) is None


def test_signing_in_moves_an_anonymous_learners_ratings_and_attempts_and_keeps_the_users_own(puzzles):
    user = get_user_model().objects.create_user("solver", password="pw-for-tests")
    attempt(puzzles[0], puzzles[0].best, session_key=ANONYMOUS)
    moved = puzzle_ratings_merge_session_into_user(session_key=ANONYMOUS, user=user)
    assert moved == 1
    assert PuzzleRating.objects.get(user=user).rating > START_RATING
    assert next_puzzle(game_key="sunduchok", user=user) != puzzles[0]

    # Another anonymous browser of the same user: the user's rating in the game stays, the attempts join it.
    attempt(puzzles[1], a_wrong_move(puzzles[1]), session_key="another-browser")
    before = PuzzleRating.objects.get(user=user).rating
    assert puzzle_ratings_merge_session_into_user(session_key="another-browser", user=user) == 1
    assert PuzzleRating.objects.get(user=user).rating == before
    assert not PuzzleRating.objects.filter(session_key="another-browser").exists()
    assert PuzzleAttempt.objects.of_learner(user=user).count() == 2


def test_signing_in_through_the_site_merges_the_browsers_puzzles(client, puzzles):
    from tutorials.sessions import learner_session_key

    client.get("/")
    session = client.session
    key = learner_session_key(session, create=True)
    session.save()
    attempt(puzzles[0], puzzles[0].best, session_key=key)
    user = get_user_model().objects.create_user("solver", password="pw-for-tests")
    client.force_login(user)   # fires user_logged_in as the sign-in form does
    assert PuzzleAttempt.objects.of_learner(user=user).count() == 1
