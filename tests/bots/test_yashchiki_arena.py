"""The arena for Yashchiki: each partnership's mean match points, the partnerships swapping seat pairs."""

import io

from django.core.management import call_command

from benchmarks.arena import TeamResult, format_result, play_match, seatings


def test_the_result_reports_each_partnerships_match_points():
    result = play_match("yashchiki", 4, ["medium", "easy", "medium", "easy"], games=2, seed=3, preset="short")
    assert isinstance(result, TeamResult)
    # Medium against easy: the hard bot's search would make this test slow, and it is tested on its own.
    medium, easy = result.partnerships
    assert (medium.label, easy.label) == ("medium#1+medium#3", "easy#2+easy#4")
    assert medium.levels == ("medium", "medium") and easy.levels == ("easy", "easy")
    for team in result.partnerships:
        assert team.games == 2 and team.decisions > 0 and team.worst_ms >= team.mean_ms > 0
        low, high = team.interval
        assert low <= team.mean <= high and team.mean > 0
        # The second match has the same deals with the partnerships on the other seat pairs.
        on_even, on_odd = team.seat_pair_means
        assert team.mean == (on_even + on_odd) / 2
    assert medium.wins + easy.wins == 2
    difference, (low, high) = result.difference
    assert difference == medium.mean - easy.mean and low <= difference <= high
    text = format_result(result)
    assert "Yashchiki, 4 players, preset short, 2 matches, seed 3" in text
    assert "medium#1+medium#3 minus easy#2+easy#4, per match" in text
    assert any(line.startswith("easy#2+easy#4") for line in text.splitlines())


def test_the_partnerships_swap_seat_pairs_on_the_same_deals():
    plan = seatings(8, 4, seed=1)
    assert len({seating.deal_seed for seating in plan[:4]}) == 1 and plan[0].deal_seed != plan[4].deal_seed
    # Line-up positions 0 and 2 (one partnership) sit in seats 0 and 2, then 1 and 3, and so on.
    assert [sorted((seating.rotation + position) % 4 for position in (0, 2)) for seating in plan[:4]] == [
        [0, 2], [1, 3], [0, 2], [1, 3]]


def test_workers_share_out_the_matches_without_changing_the_result():
    def outcome(workers):
        result = play_match("yashchiki", 4, ["medium"] * 4, games=2, seed=2, preset="short", workers=workers)
        return [(team.mean, team.wins, team.decisions) for team in result.partnerships]

    assert outcome(1) == outcome(2)


def test_the_command_reports_partnership_points():
    out = io.StringIO()
    call_command("arena", "yashchiki", "--bots", "medium,easy,medium,easy", "--games", "1", "--seed", "3",
                 "--preset", "short", stdout=out)
    assert "Yashchiki, 4 players, preset short, 1 matches, seed 3" in out.getvalue()
    assert "medium#1+medium#3" in out.getvalue() and "easy#2+easy#4" in out.getvalue()
