"""The arena for Chuvash Rooster: each bot's share of games ended as the rooster, capped games, fair seats."""

import io

from django.core.management import call_command

import benchmarks.arena as arena
from benchmarks.arena import LoserResult, format_result, play_match, seatings


def test_the_result_counts_each_bots_roosters():
    result = play_match("rooster", 3, ["hard", "medium", "easy"], games=3, seed=2)
    assert isinstance(result, LoserResult)
    assert [bot.label for bot in result.bots] == ["hard#1", "medium#2", "easy#3"]
    assert sum(bot.roosters for bot in result.bots) + result.no_loser + result.capped == 3
    for bot in result.bots:
        assert bot.games == 3 and bot.decisions > 0 and bot.worst_ms >= bot.mean_ms > 0
        low, high = bot.interval
        assert low <= bot.share <= high
    text = format_result(result)
    assert "Chuvash Rooster, 3 players, preset standard, 3 games, seed 2" in text
    assert "Rooster share" in text and "Wilson" in text and "capped at 5,000 actions: 0" in text
    assert any(line.startswith("easy#3") for line in text.splitlines())


def test_a_game_past_the_cap_counts_as_having_no_rooster(monkeypatch):
    monkeypatch.setattr(arena.LoserShares, "cap", 4)
    result = play_match("rooster", 2, ["easy", "medium"], games=4, seed=1)
    assert result.capped == 4 and result.no_loser == 0
    assert [bot.roosters for bot in result.bots] == [0, 0]
    assert sum(bot.decisions for bot in result.bots) == 16      # four actions a game


def test_workers_share_out_the_games_without_changing_the_result():
    def outcome(workers):
        result = play_match("rooster", 3, ["medium", "easy", "easy"], games=6, seed=6, workers=workers)
        return [(bot.roosters, bot.decisions) for bot in result.bots], result.no_loser

    assert outcome(1) == outcome(2)


def test_seatings_rotate_the_line_up_over_each_deal():
    plan = seatings(6, 3, seed=1)
    assert [seating.rotation for seating in plan] == [0, 1, 2, 0, 1, 2]
    assert [seating.block for seating in plan] == [0, 0, 0, 1, 1, 1]
    assert len({seating.deal_seed for seating in plan[:3]}) == 1 and plan[0].deal_seed != plan[3].deal_seed
    assert len({seating.rng_seed for seating in plan}) == 6
    # Line-up position p sits in seat (p + rotation) % players: over a block each bot sits in each seat.
    assert sorted(seating.position(0, 3) for seating in plan[:3]) == [0, 1, 2]


def test_the_command_reports_rooster_shares():
    out = io.StringIO()
    call_command("arena", "rooster", "--bots", "medium,easy", "--games", "2", "--seed", "3", stdout=out)
    assert "Chuvash Rooster, 2 players, preset standard, 2 games, seed 3" in out.getvalue()
    assert "medium#1" in out.getvalue() and "easy#2" in out.getvalue()

