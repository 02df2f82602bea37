"""The built-in puzzles (content/puzzles/, `manage.py mine_puzzles`): each replays, each game has its set."""

from __future__ import annotations

import pytest
from django.conf import settings

from games.coach import Budget, get_coach
from games.rules import GAMES
from puzzles.documents import read_puzzle_files
from puzzles.models import Puzzle
from puzzles.selectors import PuzzleReplays, puzzle_state, replay_start
from puzzles.themes import THEMES

DOCUMENTS = read_puzzle_files(settings.BASE_DIR / "content" / "puzzles")
BUILT_IN_PER_GAME = 150
BUILT_IN_PER_THEME = 10   # every theme a learner may choose has puzzles enough to practise it
SAMPLE_PER_GAME = 3   # puzzles whose solution a larger evaluation checks again


def _puzzle(document: dict) -> Puzzle:
    return Puzzle(**{field: value for field, value in document.items()})


@pytest.mark.parametrize("game_key", list(GAMES))
def test_every_game_has_its_built_in_set_with_each_puzzle_once(game_key):
    puzzles = [document for document in DOCUMENTS if document["game_key"] == game_key]
    assert len(puzzles) >= BUILT_IN_PER_GAME
    assert len({document["view_key"] for document in puzzles}) == len(puzzles)
    assert {document["theme"] for document in puzzles} <= set(THEMES[game_key])


@pytest.mark.parametrize(("game_key", "theme"), [(game_key, theme) for game_key in GAMES for theme in THEMES[game_key]])
def test_every_theme_of_every_game_has_its_built_in_puzzles(game_key, theme):
    puzzles = [document for document in DOCUMENTS if document["game_key"] == game_key and document["theme"] == theme]
    assert len(puzzles) >= BUILT_IN_PER_THEME


@pytest.mark.parametrize("document", DOCUMENTS,
                         ids=lambda document: f"{document['game_key']}-{document['view_key'][:8]}")
def test_a_built_in_puzzle_replays_to_its_position_and_its_solution_is_legal(document):
    state = puzzle_state(_puzzle(document))
    assert document["best"] in state.legal_actions()
    mistake = get_coach(document["game_key"]).thresholds.mistake
    assert document["losses"] and all(item["loss"] > mistake for item in document["losses"])


@pytest.mark.parametrize("game_key", list(GAMES))
def test_a_larger_evaluation_agrees_with_the_stored_solutions(game_key):
    coach = get_coach(game_key)
    puzzles = [document for document in DOCUMENTS if document["game_key"] == game_key]
    for document in puzzles[::max(1, len(puzzles) // SAMPLE_PER_GAME)][:SAMPLE_PER_GAME]:
        state = puzzle_state(_puzzle(document))
        evaluation = coach.evaluate(state.view(document["seat"]), state.legal_actions(), seed="check",
                                    budget=Budget(worlds=3 * coach.budget.worlds))
        assert evaluation.best.action == document["best"]


def test_replaying_a_games_puzzles_one_after_another_reaches_each_position_as_a_replay_from_the_deal():
    # The built-in Yashchiki set takes several puzzles from each match; loading goes on from the last position.
    by_game = sorted((document for document in DOCUMENTS if document["game_key"] == "yashchiki"),
                     key=lambda document: (document["seed"], len(document["actions"])))
    replays = PuzzleReplays()
    continued = 0
    for document in by_game[:12]:
        continued += replays.replayed_part(replay_start(_puzzle(document)), document["actions"])[0] > 0
        state = puzzle_state(_puzzle(document), replays=replays)
        alone = puzzle_state(_puzzle(document))
        assert state.view(document["seat"]) == alone.view(document["seat"])
        assert state.legal_actions() == alone.legal_actions()
    assert continued > 0


def test_a_puzzle_that_leaves_an_earlier_puzzles_line_is_replayed_from_the_deal_and_its_bad_action_named():
    first, *_ = [document for document in DOCUMENTS if document["game_key"] == "yashchiki"]
    replays = PuzzleReplays()
    puzzle_state(_puzzle(first), replays=replays)
    changed = dict(first, actions=[*first["actions"][:3], {"type": "nonsense"}, *first["actions"][4:]])
    with pytest.raises(ValueError, match="its action 4 is not legal"):
        puzzle_state(_puzzle(changed), replays=replays)
