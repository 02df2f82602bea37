"""Reading puzzles."""

from __future__ import annotations

from django.db.models import F, Func

from games.rules import get_game
from games.rules.base import IllegalAction
from puzzles.mining import view_key
from puzzles.models import Puzzle, PuzzleAttempt, PuzzleRating
from puzzles.rating import START_RATING


def puzzle_state(puzzle: Puzzle):
    """The position of `puzzle`, replayed by the engine: ValueError if it does not replay to the stored view."""
    engine = get_game(puzzle.game_key)
    state = engine.new_game(players=puzzle.players, seed=puzzle.seed, variant=engine.variant(preset=puzzle.preset),
                            dealer=puzzle.dealer)
    for number, action in enumerate(puzzle.actions, start=1):
        try:
            state = state.apply(action)
        except IllegalAction as error:
            raise ValueError(f"its action {number} is not legal: {error}") from None
    if state.is_over or state.current_player != puzzle.seat:
        raise ValueError(f"after its {len(puzzle.actions)} actions it is not seat {puzzle.seat}'s decision.")
    if view_key(state.view(puzzle.seat)) != puzzle.view_key:
        raise ValueError("the replayed position is not the one that was mined.")
    return state


def learner_rating(*, game_key: str, user=None, session_key: str | None = None) -> float:
    """The learner's puzzle rating in `game_key`: the start rating before a first attempt."""
    row = PuzzleRating.objects.of_learner(user=user, session_key=session_key).filter(game_key=game_key).first()
    return row.rating if row is not None else START_RATING


def next_puzzle(*, game_key: str, theme: str | None = None, user=None, session_key: str | None = None
                ) -> Puzzle | None:
    """The shown puzzle of `game_key` (and `theme`, if one is chosen) that the learner has not tried yet whose
    rating is nearest the learner's; None when every one has been tried."""
    tried = PuzzleAttempt.objects.of_learner(user=user, session_key=session_key).values("puzzle_id")
    puzzles = Puzzle.objects.filter(game_key=game_key, hidden=False).exclude(pk__in=tried)
    if theme is not None:
        puzzles = puzzles.filter(theme=theme)
    rating = learner_rating(game_key=game_key, user=user, session_key=session_key)
    return puzzles.annotate(distance=Func(F("rating") - rating, function="ABS")).order_by("distance", "pk").first()
