"""Glicko-2 ratings of learners and puzzles (puzzles/rating.py)."""

import pytest

from puzzles.rating import Rating, after_attempt, rated_against


def test_the_update_matches_glickmans_worked_example():
    # "Example of the Glicko-2 system" (Glickman, 2013): a 1500 player with deviation 200 and volatility 0.06
    # beats a 1400 (deviation 30) and loses to a 1550 (100) and a 1700 (300).
    before = Rating(1500, 200, 0.06)
    after = rated_against(before, [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    assert before == Rating(1500, 200, 0.06)   # ratings are values: the update makes new ones


def test_a_solved_puzzle_raises_the_learner_and_lowers_the_puzzle_and_a_miss_the_reverse():
    learner, puzzle = Rating(1500, 200), Rating(1600, 100)
    learner_after, puzzle_after = after_attempt(learner, puzzle, solved=True)
    assert learner_after.rating > learner.rating and puzzle_after.rating < puzzle.rating
    assert learner_after.deviation < learner.deviation and puzzle_after.deviation < puzzle.deviation
    learner_after, puzzle_after = after_attempt(learner, puzzle, solved=False)
    assert learner_after.rating < learner.rating and puzzle_after.rating > puzzle.rating
    # The surer rating moves less: the puzzle (deviation 100) less than the learner (200).
    assert abs(puzzle_after.rating - puzzle.rating) < abs(learner_after.rating - learner.rating)
