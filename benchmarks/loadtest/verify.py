"""After the bench: is every game the learners played finished, with a log that replays to its stored result?

The bench command runs under the caller's settings, while the games live in the bench database that only
the workers' environment names; so `manage.py bench_web` runs `main` in a subprocess in that same
environment (`manage.py shell -c`, Django's own way to run code under given settings): it reads a JSON
list of game ids on stdin and prints a JSON list of checks. The replay starts from the stored deal and
applies the log itself, checking each entry's seat, rather than asking games.history, whose per-process
cache could answer without reading the log.
"""

from __future__ import annotations

import dataclasses
import json
import sys

from games.history import start_state
from games.models import Game
from games.rules import IllegalAction


@dataclasses.dataclass(frozen=True)
class GameCheck:
    game_id: str
    finished: bool
    consistent: bool
    problem: str = ""   # why the log is not consistent; empty when it is


def check_game(game: Game) -> GameCheck:
    """The log is numbered 0..move_count-1 without gaps, each entry is the move of the seat to play, and
    replaying it ends where the row says: over exactly when finished, with the stored scores and winners."""
    finished = game.status == Game.Status.FINISHED

    def inconsistent(problem: str) -> GameCheck:
        return GameCheck(str(game.pk), finished=finished, consistent=False, problem=problem)

    log = list(game.actions.order_by("number").values_list("number", "seat", "action"))
    numbers = [number for number, _seat, _action in log]
    if numbers != list(range(game.move_count)):
        return inconsistent(f"the log's numbers are not 0..{game.move_count - 1}")
    state = start_state(game)
    for number, seat, action in log:
        if state.current_player != seat:
            return inconsistent(f"action {number} is seat {seat}'s, but seat {state.current_player} was to play")
        try:
            state = state.apply(action)
        except IllegalAction as error:
            return inconsistent(f"action {number} is illegal: {error}")
    if state.is_over != finished:
        replayed = "over" if state.is_over else "not over"
        return inconsistent(f"the replayed game is {replayed}, the row says {game.status}")
    if finished and (list(state.scores), list(state.winners)) != (game.scores, game.winners):
        return inconsistent(f"the replay scores {state.scores} (winners {state.winners}), "
                            f"the row {game.scores} (winners {game.winners})")
    return GameCheck(str(game.pk), finished=finished, consistent=True)


def check_games(game_ids: list[str]) -> list[GameCheck]:
    """A check of each id; a game missing from the database is neither finished nor consistent."""
    games = {str(game.pk): game for game in Game.objects.filter(pk__in=game_ids)}
    return [check_game(games[game_id]) if game_id in games
            else GameCheck(game_id, finished=False, consistent=False, problem="no such game in the database")
            for game_id in game_ids]


def main() -> None:
    checks = check_games(json.load(sys.stdin))
    json.dump([dataclasses.asdict(check) for check in checks], sys.stdout)
