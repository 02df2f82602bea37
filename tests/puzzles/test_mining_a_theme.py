"""Mining for one theme (puzzles.mining.mine's `theme`, `manage.py mine_puzzles --theme`): only decisions that can
be of the theme are evaluated, only puzzles of it are kept, and the command adds them to the game's file."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from django.core.management import CommandError, call_command

from games import registry
from games.bots import get_bot
from games.coach import get_coach
from games.hearts.puzzle_themes import MOON_ALERT
from games.rules import GAMES
from puzzles.documents import write_puzzles
from puzzles.mining import mine
from puzzles.themes import THEMES, could_be_of_theme
from tests.puzzles.helpers import SMALL, mined_documents


def decisions(game_key: str, seed: int, preset: str = "standard"):
    """(view, coach's candidates) of every decision with a choice in one game of easy bots."""
    engine, coach, bot = GAMES[game_key], get_coach(game_key), get_bot(game_key, "easy")
    players = registry.engine(game_key).table_size
    state = engine.new_game(players=players, seed=seed, variant=engine.variant(preset=preset))
    rng = random.Random(seed)
    while not state.is_over:
        view, legal = state.view(state.current_player), state.legal_actions()
        if len(legal) > 1:
            yield view, coach.candidates(view, legal)
        state = state.apply(bot.decide(view, legal, rng).action)


def possible_themes(game_key: str, view: dict, candidates: list[dict]) -> set[str]:
    return {theme for theme in THEMES[game_key] if could_be_of_theme(game_key, view, candidates, theme)}


def test_a_hearts_decision_can_be_the_pass_only_when_passing_and_blocking_the_moon_only_against_a_moon_threat():
    seen = Counter()
    for view, candidates in decisions("hearts", seed=4):
        themes = possible_themes("hearts", view, candidates)
        points, others = view["points_taken"], [seat for seat in range(4) if seat != view["seat"]]
        threat = sum(points) >= MOON_ALERT and any(points[seat] == sum(points) for seat in others)
        assert ("the-pass" in themes) == (view["phase"] == "pass")
        assert ("blocking-the-moon" in themes) == (view["phase"] == "play" and threat)
        assert ("ducking" in themes) == (view["phase"] == "play" and bool(view["trick"]) and not threat)
        seen.update(themes)
    assert seen["the-pass"] and seen["blocking-the-moon"] and seen["ducking"] and seen["the-lead"]


def test_a_yashchiki_decision_can_be_answering_the_chain_only_with_a_chain_to_answer():
    chains = 0
    for view, candidates in decisions("yashchiki", seed=2, preset="short"):
        themes = possible_themes("yashchiki", view, candidates)
        assert ("answering-the-chain" in themes) == (view["chain"] > 0)
        assert view["chain"] == 0 or themes == {"answering-the-chain"}
        chains += view["chain"] > 0
    assert chains


def test_a_sunduchok_ask_can_be_about_whom_or_which_rank_and_nothing_else():
    for view, candidates in decisions("sunduchok", seed=3):
        themes = possible_themes("sunduchok", view, candidates)
        kinds = {action["type"] for action in candidates}
        if kinds == {"ask"}:
            assert themes <= {"whom-to-ask", "reading-answers"} and themes
        else:
            assert themes == {{"count": "the-count", "suits": "the-suits"}[kind] for kind in kinds}


def test_mining_for_a_theme_keeps_only_puzzles_of_it_and_none_known_already():
    tally = Counter()
    puzzles = mine("yashchiki", count=2, seed=11, theme="answering-the-chain", tally=tally)
    assert len(puzzles) == 2 and {puzzle.theme for puzzle in puzzles} == {"answering-the-chain"}
    assert tally["games"] >= 1 and tally["looked"] >= 2
    # The same games again: a view known already is passed over for the next puzzle.
    assert mine("yashchiki", count=1, seed=11, theme="answering-the-chain",
                known=frozenset({puzzles[0].view_key})) == puzzles[1:]


def test_mining_for_a_theme_decided_by_the_runner_up_too_keeps_only_that_theme():
    # An ask could be about whom or about which rank until the evaluation names the runner-up.
    puzzles = mine("sunduchok", count=2, seed=7, budget=SMALL, theme="whom-to-ask")
    assert len(puzzles) == 2 and {puzzle.theme for puzzle in puzzles} == {"whom-to-ask"}


@pytest.mark.django_db
def test_mine_puzzles_with_a_theme_adds_its_puzzles_to_the_games_file(tmp_path, capsys):
    output = tmp_path / "yashchiki.json"
    before = list(mined_documents("yashchiki", 1, 11))
    write_puzzles(output, [], kept=before, command="manage.py mine_puzzles yashchiki --count 1 --seed 11")
    for _ in range(2):   # the same games again: the puzzles the file has are not found twice
        call_command("mine_puzzles", "yashchiki", "--theme", "answering-the-chain", "--count", "1", "--seed", "11",
                     "--output", str(output))
        said = capsys.readouterr().out
        assert said.startswith("1 yashchiki puzzles added in ")
        assert said.rstrip().endswith("puzzles in all): answering-the-chain 1")
    content = json.loads(output.read_text())
    assert content["mined_by"] == ("manage.py mine_puzzles yashchiki --count 1 --seed 11; "
                                   + "; ".join(["manage.py mine_puzzles yashchiki --theme answering-the-chain "
                                                "--count 1 --seed 11"] * 2))
    puzzles = content["puzzles"]
    assert puzzles[:1] == before and len(puzzles) == 3
    assert [puzzle["theme"] for puzzle in puzzles[1:]] == ["answering-the-chain"] * 2
    assert len({puzzle["view_key"] for puzzle in puzzles}) == 3


@pytest.mark.django_db
def test_mine_puzzles_refuses_a_theme_of_another_game_and_writes_nothing(tmp_path):
    output = tmp_path / "rooster.json"
    with pytest.raises(CommandError, match="Unknown theme 'the-pass' for rooster: choose one of what-to-lead, "
                                           "beat-or-take, throwing-in"):
        call_command("mine_puzzles", "rooster", "--theme", "the-pass", "--output", str(output))
    assert not output.exists()
