"""Reading puzzles."""

from __future__ import annotations

from games.rules import get_game
from games.rules.base import IllegalAction
from puzzles.mining import view_key
from puzzles.models import Puzzle


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
