"""The arena for Hearts: single deals, mean points per deal with 95% intervals, fair seats."""

import io
import math

import pytest
from django.core.management import call_command

import benchmarks.arena as arena
from benchmarks.arena import PointsResult, format_result, mean_interval, play_match
from games.hearts.bots import hard


@pytest.fixture
def quick_hard(monkeypatch):
    """The hard bot searching less: these tests are about the bookkeeping."""
    monkeypatch.setattr(hard, "PLAY_BUDGET", 3000)
    monkeypatch.setattr(hard, "PASS_BUDGET", 3000)
    monkeypatch.setattr(hard, "MIN_SAMPLES", 4)


def test_each_game_is_one_deal_and_its_points_are_counted(quick_hard):
    result = play_match("hearts", 4, ["hard", "medium", "easy", "easy"], games=8, seed=2)
    assert isinstance(result, PointsResult)
    assert [bot.label for bot in result.bots] == ["hard#1", "medium#2", "easy#3", "easy#4"]
    assert all(bot.deals == 8 and bot.decisions >= 8 * 13 for bot in result.bots)
    # Each deal hands out 26 points (78 to the others after a moon): the means add up accordingly.
    total = sum(bot.mean for bot in result.bots) * 8
    moons = sum(bot.moons for bot in result.bots)
    assert total == pytest.approx(26 * (8 - moons) + 78 * moons)
    for bot in result.bots:
        low, high = bot.interval
        assert low <= bot.mean <= high


def test_the_same_seed_gives_the_same_match():
    def outcome(seed):
        result = play_match("hearts", 4, ["medium", "easy", "medium", "easy"], games=4, seed=seed)
        return [(bot.mean, bot.decisions) for bot in result.bots]

    assert outcome(5) == outcome(5)


def test_workers_share_out_the_deals_without_changing_the_result():
    def outcome(workers):
        result = play_match("hearts", 4, ["medium", "easy", "medium", "easy"], games=8, seed=6, workers=workers)
        return [(bot.mean, bot.moons, bot.decisions) for bot in result.bots]

    assert outcome(1) == outcome(2)
    with pytest.raises(ValueError, match="at least one worker"):
        play_match("hearts", 4, ["easy"] * 4, games=1, seed=1, workers=0)


def test_seats_rotate_and_the_pass_direction_follows_the_cycle(monkeypatch):
    """Four games of a block are one deal with the line-up rotated; blocks cycle the pass direction."""
    seen = []
    real_new_game = arena.get_game("hearts").new_game

    def new_game(players, seed, variant=None, dealer=0):
        seen.append((seed, dealer, variant.pass_cycle))
        return real_new_game(players, seed=seed, variant=variant, dealer=dealer)

    monkeypatch.setattr(arena.get_game("hearts"), "new_game", new_game)
    play_match("hearts", 4, ["easy"] * 4, games=12, seed=1)
    assert [dealer for _, dealer, _ in seen] == [0] * 4 + [1] * 4 + [2] * 4
    assert len({seed for seed, _, _ in seen[:4]}) == 1 and seen[0][0] != seen[4][0]
    assert [cycle for _, _, cycle in seen[::4]] == [("left",), ("right",), ("across",)]


def test_mean_interval_is_the_normal_approximation():
    mean, deviation, (low, high) = mean_interval([0, 2, 4, 6])
    assert mean == 3 and deviation == pytest.approx(math.sqrt(20 / 3))
    assert high - mean == pytest.approx(1.959964 * deviation / 2)
    assert mean - low == pytest.approx(high - mean)


def test_the_table_reports_points_per_deal():
    text = format_result(play_match("hearts", 4, ["medium", "easy", "easy", "easy"], games=4, seed=3))
    assert "Hearts, 4 players, preset standard, 4 deals, seed 3" in text
    assert "Points per deal, fewer is better" in text and "normal approximation" in text
    assert any(line.startswith("medium#1") for line in text.splitlines())


def test_the_command_takes_the_players_from_the_bots():
    out = io.StringIO()
    call_command("arena", "hearts", "--bots", "medium,easy,easy,easy", "--games", "4", "--seed", "4", stdout=out)
    assert "Hearts, 4 players, preset standard, 4 deals, seed 4" in out.getvalue()
    assert "easy#4" in out.getvalue()


def test_sunduchok_still_reports_win_shares():
    text = format_result(play_match("sunduchok", 2, ["medium", "easy"], games=2, seed=4))
    assert "Win share" in text and "Wilson" in text
