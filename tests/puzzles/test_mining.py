"""Mining puzzles from bot games (puzzles/mining.py) and keeping them as content (documents, services)."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command

from games.coach import get_coach
from games.rules import GAMES
from puzzles.documents import read_puzzle_files, write_puzzles
from puzzles.mining import mine
from puzzles.models import Puzzle
from puzzles.selectors import puzzle_state
from puzzles.services import PuzzleImportError, puzzles_import
from puzzles.themes import THEMES
from tests.puzzles.helpers import SMALL


@pytest.fixture(scope="module")
def mined() -> dict[str, list]:
    return {game_key: mine(game_key, count=2, seed=5, budget=SMALL) for game_key in GAMES}


@pytest.mark.parametrize("game_key", list(GAMES))
def test_a_mined_puzzle_replays_to_its_position_where_its_solution_is_clearly_best(mined, game_key):
    puzzles = mined[game_key]
    assert len(puzzles) == 2
    coach = get_coach(game_key)
    for puzzle in puzzles:
        state = puzzle_state(Puzzle(**{field: getattr(puzzle, field) for field in (
            "game_key", "preset", "players", "seed", "dealer", "seat", "best", "view_key")},
            actions=list(puzzle.actions)))
        assert puzzle.best in state.legal_actions()
        # Every other candidate loses more than the game's mistake threshold (in the confirming evaluation).
        assert puzzle.losses and all(loss > coach.thresholds.mistake for _, loss in puzzle.losses)
        assert puzzle.gap == min(loss for _, loss in puzzle.losses)
        assert puzzle.theme in THEMES[game_key]
    assert len({puzzle.view_key for puzzle in puzzles}) == len(puzzles)


def test_mining_is_the_same_for_a_seed_and_another_for_another(mined):
    assert mine("sunduchok", count=2, seed=5, budget=SMALL) == mined["sunduchok"]
    assert mine("sunduchok", count=2, seed=6, budget=SMALL) != mined["sunduchok"]


@pytest.mark.django_db
def test_built_in_puzzle_files_load_once_and_a_puzzle_that_does_not_replay_loads_nothing(mined, tmp_path):
    for game_key, puzzles in mined.items():
        write_puzzles(tmp_path / f"{game_key}.json", puzzles, command="test")
    documents = read_puzzle_files(tmp_path)
    assert puzzles_import(documents=documents) == 8
    assert puzzles_import(documents=documents) == 0   # kept once: loading again creates nothing
    assert Puzzle.objects.count() == 8

    Puzzle.objects.all().delete()
    broken = json.loads((tmp_path / "hearts.json").read_text())
    broken["puzzles"][1]["actions"] = broken["puzzles"][1]["actions"][:-1]   # the position before the decision
    (tmp_path / "hearts.json").write_text(json.dumps(broken))
    with pytest.raises(PuzzleImportError, match="hearts puzzle does not replay"):
        puzzles_import(documents=read_puzzle_files(tmp_path))
    assert not Puzzle.objects.exists()


@pytest.mark.django_db
def test_mine_puzzles_writes_the_games_file_and_refuses_bad_arguments(tmp_path, capsys):
    output = tmp_path / "rooster.json"
    call_command("mine_puzzles", "rooster", "--count", "1", "--seed", "3", "--output", str(output))
    content = json.loads(output.read_text())
    assert content["mined_by"] == "manage.py mine_puzzles rooster --count 1 --seed 3"
    assert len(content["puzzles"]) == 1 and content["puzzles"][0]["game_key"] == "rooster"
    for arguments, message in ((["chess"], "Unknown game"), (["rooster", "--count", "0"], "at least 1"),
                               (["rooster", "--preset", "no-such"], "Unknown preset")):
        with pytest.raises(CommandError, match=message):
            call_command("mine_puzzles", *arguments, "--output", str(tmp_path / "unwritten.json"))
    assert not (tmp_path / "unwritten.json").exists()
