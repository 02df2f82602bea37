"""Writing puzzles: the built-in set loaded from its content files, and learners' attempts with their ratings."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from games.coach.base import same_action
from puzzles import rating
from puzzles.documents import FIELDS
from puzzles.models import Puzzle, PuzzleAttempt, PuzzleRating
from puzzles.selectors import PuzzleReplays, puzzle_state, replay_start
from puzzles.signals import puzzle_attempted


class PuzzleImportError(ValueError):
    pass


def puzzles_import(*, documents: list[dict[str, Any]]) -> int:
    """Create the puzzles of `documents` not kept yet (one per game and view); editors' puzzles are left as they
    are. Every new puzzle must replay to its position with its solution legal there, else nothing is created."""
    known = set(Puzzle.objects.values_list("game_key", "view_key"))
    new = {}
    replays = PuzzleReplays()
    puzzles = [(index, Puzzle(**{field: document[field] for field in FIELDS}))
               for index, document in enumerate(documents)]
    # Replayed deal by deal, each deal's puzzles in the order of their actions so that each replay goes on from
    # the one before; created in the documents' order.
    for index, puzzle in sorted(puzzles, key=lambda item: (replay_start(item[1]), len(item[1].actions), item[0])):
        if (puzzle.game_key, puzzle.view_key) in known:
            continue
        try:
            state = puzzle_state(puzzle, replays=replays)
        except ValueError as error:
            raise PuzzleImportError(f"A {puzzle.game_key} puzzle does not replay: {error}") from None
        if puzzle.best not in state.legal_actions():
            raise PuzzleImportError(f"A {puzzle.game_key} puzzle's solution is not legal in its position.")
        known.add((puzzle.game_key, puzzle.view_key))
        new[index] = puzzle
    with transaction.atomic():
        Puzzle.objects.bulk_create([new[index] for index in sorted(new)])
    return len(new)


class PuzzleAnswerError(ValueError):
    """The answer is not a move of the puzzle's position: nothing is recorded."""


@dataclasses.dataclass(frozen=True)
class AttemptResult:
    solved: bool
    loss: float | None            # what the chosen move loses against the solution (None when solved)
    rated: bool                   # the learner's first attempt at this puzzle: both ratings moved
    rating_before: float
    rating_after: float
    streak: int


def puzzle_attempt(*, puzzle: Puzzle, position, action: dict, user=None, session_key: str | None = None
                   ) -> AttemptResult:
    """Record a learner's answer to `puzzle`, a move legal in its `position` (puzzles.selectors.puzzle_state). The
    first attempt of a learner at a puzzle moves the learner's rating in the puzzle's game and the puzzle's own
    (Glicko-2) and the streak of first tries solved; a retry only records the answer. `user` when signed in, else
    the anonymous learner key `session_key`."""
    learner = {"user": user} if user is not None and user.is_authenticated else {"user": None,
                                                                               "session_key": session_key}
    if learner["user"] is None and not session_key:
        raise ValueError("An attempt needs a signed-in user or an anonymous learner key.")
    if not any(same_action(action, legal) for legal in position.legal_actions()):
        raise PuzzleAnswerError(gettext("That move cannot be made in this position."))
    solved = same_action(action, puzzle.best)
    loss = None if solved else next((item["loss"] for item in puzzle.losses if same_action(item["action"], action)),
                                    puzzle.gap)
    with transaction.atomic():
        learner_rating, _ = PuzzleRating.objects.select_for_update().get_or_create(game_key=puzzle.game_key,
                                                                                  **learner)
        rated = not PuzzleAttempt.objects.filter(puzzle=puzzle, **learner).exists()
        before = learner_rating.rating
        if rated:
            puzzle = Puzzle.objects.select_for_update().get(pk=puzzle.pk)
            learner_after, puzzle_after = rating.after_attempt(_rating_of(learner_rating), _rating_of(puzzle),
                                                               solved=solved)
            _set_rating(learner_rating, learner_after)
            _set_rating(puzzle, puzzle_after)
            puzzle.save(update_fields=["rating", "deviation", "volatility"])
            learner_rating.streak = learner_rating.streak + 1 if solved else 0
            learner_rating.best_streak = max(learner_rating.best_streak, learner_rating.streak)
            learner_rating.save()
        attempt = PuzzleAttempt.objects.create(puzzle=puzzle, action=action, solved=solved, rated=rated,
                                               rating_after=learner_rating.rating, **learner)
        transaction.on_commit(lambda: puzzle_attempted.send(sender=PuzzleAttempt, attempt=attempt))
    return AttemptResult(solved=solved, loss=loss, rated=rated, rating_before=before,
                         rating_after=learner_rating.rating, streak=learner_rating.streak)


def puzzle_ratings_merge_session_into_user(*, session_key: str | None, user) -> int:
    """Give a user who just signed in the puzzle ratings and attempts made anonymously in this browser; returns
    the attempts moved. A game the user has a rating in already keeps the user's; otherwise the anonymous one
    becomes the user's."""
    if not session_key or user is None or not user.is_authenticated:
        return 0
    with transaction.atomic():
        games_rated = set(PuzzleRating.objects.filter(user=user).values_list("game_key", flat=True))
        for anonymous in PuzzleRating.objects.select_for_update().filter(user=None, session_key=session_key):
            if anonymous.game_key in games_rated:
                anonymous.delete()
            else:
                anonymous.user, anonymous.session_key = user, None
                anonymous.save(update_fields=["user", "session_key", "updated_at"])
        return PuzzleAttempt.objects.filter(user=None, session_key=session_key).update(user=user, session_key=None)


def _rating_of(row) -> rating.Rating:
    return rating.Rating(row.rating, row.deviation, row.volatility)


def _set_rating(row, value: rating.Rating) -> None:
    row.rating, row.deviation, row.volatility = value.rating, value.deviation, value.volatility
