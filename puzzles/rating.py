"""Glicko-2 ratings of learners and puzzles (Glickman, "Example of the Glicko-2 system"), by the glicko2 package.

A first attempt at a puzzle is a game between the learner and the puzzle: a right answer is the learner's win.
Both ratings move, each against the other's rating as it stood before the attempt, as on puzzle sites: a puzzle
that many strong learners miss climbs, one that beginners solve sinks.
"""

from __future__ import annotations

import dataclasses

import glicko2

# Glicko-2's usual start: rating 1500, deviation 350, volatility 0.06.
START_RATING, START_DEVIATION, START_VOLATILITY = 1500.0, 350.0, 0.06


@dataclasses.dataclass(frozen=True)
class Rating:
    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


def rated_against(rating: Rating, opponents: list[tuple[Rating, float]]) -> Rating:
    """`rating` after one rating period of games against `opponents`, each (their rating, the score: 1 won,
    0 lost, 0.5 drawn)."""
    player = glicko2.Player(rating=rating.rating, rd=rating.deviation, vol=rating.volatility)
    player.update_player([opponent.rating for opponent, _ in opponents],
                         [opponent.deviation for opponent, _ in opponents], [score for _, score in opponents])
    return Rating(player.getRating(), player.getRd(), player.vol)


def after_attempt(learner: Rating, puzzle: Rating, *, solved: bool) -> tuple[Rating, Rating]:
    """The learner's and the puzzle's ratings after the learner's first attempt at the puzzle."""
    score = 1.0 if solved else 0.0
    return rated_against(learner, [(puzzle, score)]), rated_against(puzzle, [(learner, 1.0 - score)])
