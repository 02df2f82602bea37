"""Scoring a deal, shooting the moon in each mode, and the end of the match (100, 50, ties)."""

import random

import pytest

from games.rules import IllegalAction
from tests.rules.hearts_helpers import (
    EXAMPLE,
    GAME,
    MOON,
    MOON_TRICKS,
    MOON_WITHOUT_ALL_TRICKS,
    THIRTEEN_HEARTS,
    THIRTEEN_HEARTS_TRICKS,
    finish_deal,
    moon,
    new_events,
    no_pass_table,
    of_type,
    play_tricks,
    with_totals,
)


def deal_end(state):
    return of_type(state.log, "deal-end")[-1]


# -- scoring a deal ----------------------------------------------------------------------------------
def test_a_heart_is_one_point_and_the_queen_of_spades_thirteen():
    state = no_pass_table(THIRTEEN_HEARTS)
    state = play_tricks(state, THIRTEEN_HEARTS_TRICKS[:-1])
    assert state.view(None)["points_taken"] == [13, 0, 0, 0]
    last = play_tricks(state, THIRTEEN_HEARTS_TRICKS[-1:])
    assert new_events(state, last)[4:7] == [
        {"type": "trick", "seat": 3, "cards": ["2S", "JS", "10S", "QS"], "points": 13},
        {"type": "deal-end", "seat": None, "points": [13, 0, 0, 13], "moon": None, "totals": [13, 0, 0, 13]},
        {"type": "deal", "seat": 0, "deal_number": 2, "pass": "none", "hand_sizes": [13, 13, 13, 13]},
    ]
    assert last.scores == [13, 0, 0, 13]


def test_thirteen_hearts_without_the_queen_of_spades_is_not_a_moon():
    state = play_tricks(no_pass_table(THIRTEEN_HEARTS, preset="moon-choice"), THIRTEEN_HEARTS_TRICKS)
    assert deal_end(state)["moon"] is None and deal_end(state)["points"] == [13, 0, 0, 13]
    assert state.view(None)["phase"] == "play"


@pytest.mark.parametrize("seed", range(8))
def test_every_deal_without_a_moon_scores_26_and_the_totals_add_up(seed):
    rng = random.Random(seed)
    state = GAME.new_game(4, seed=seed, variant={"end_at": 1000})
    totals = [0, 0, 0, 0]
    for _ in range(4):
        before = state
        state = finish_deal(state, rng)
        end = deal_end(state)
        assert sum(end["points"]) == (26 if end["moon"] is None else 78)
        points_taken = before.view(None)["points_taken"]
        assert all(points >= 0 for points in points_taken)
        totals = [total + points for total, points in zip(totals, end["points"], strict=True)]
        assert end["totals"] == totals == state.scores


def test_scores_count_only_completed_deals():
    state = play_tricks(no_pass_table(THIRTEEN_HEARTS), THIRTEEN_HEARTS_TRICKS[:-1])
    assert state.scores == [0, 0, 0, 0] and state.view(None)["scores"] == [0, 0, 0, 0]


# -- the moon --------------------------------------------------------------------------------------------
def test_the_moon_gives_each_other_player_26_in_the_standard_game():
    state = play_tricks(no_pass_table(MOON), MOON_TRICKS)
    assert deal_end(state) == {"type": "deal-end", "seat": None, "points": [0, 26, 26, 26], "moon": 0,
                               "totals": [0, 26, 26, 26]}


def test_earlier_totals_are_kept_when_someone_shoots_the_moon():
    state = play_tricks(with_totals(no_pass_table(MOON), [40, 10, 20, 30]), MOON_TRICKS)
    assert deal_end(state)["totals"] == [40, 36, 46, 56] == state.scores


def test_the_moon_does_not_need_every_trick():
    state = play_tricks(no_pass_table(THIRTEEN_HEARTS), MOON_WITHOUT_ALL_TRICKS)
    assert of_type(state.log, "trick")[-1]["seat"] == 3
    assert deal_end(state)["moon"] == 0 and deal_end(state)["points"] == [0, 26, 26, 26]


def test_the_moon_subtracts_26_from_the_shooter_under_moon_subtract():
    state = play_tricks(with_totals(no_pass_table(MOON, preset="moon-subtract"), [40, 10, 20, 30]), MOON_TRICKS)
    assert deal_end(state) == {"type": "deal-end", "seat": None, "points": [-26, 0, 0, 0], "moon": 0,
                               "totals": [14, 10, 20, 30]}


def test_under_moon_choice_the_shooter_chooses_before_the_deal_is_scored():
    before = play_tricks(no_pass_table(MOON, preset="moon-choice"), MOON_TRICKS[:-1])
    state = play_tricks(before, MOON_TRICKS[-1:])
    assert of_type(new_events(before, state), "deal-end") == []
    view = state.view(0)
    assert (state.current_player, view["phase"], view["points_taken"]) == (0, "moon", [26, 0, 0, 0])
    assert view["leader"] is None and view["first_trick"] is False
    assert state.legal_actions() == [moon("add"), moon("subtract")]
    assert all(place == "tricks:0" for place in state.card_locations().values())
    added = state.apply(moon("add"))
    assert new_events(state, added)[0] == {"type": "deal-end", "seat": None, "points": [0, 26, 26, 26], "moon": 0,
                                           "totals": [0, 26, 26, 26]}
    subtracted = state.apply(moon("subtract"))
    assert new_events(state, subtracted)[0] == {"type": "deal-end", "seat": None, "points": [-26, 0, 0, 0],
                                                "moon": 0, "totals": [-26, 0, 0, 0]}
    assert subtracted.view(None)["deal_number"] == 2


@pytest.mark.parametrize("choice", ["both", "ADD", "", 1, None, True, ["add"]])
def test_a_moon_choice_must_be_add_or_subtract(choice):
    state = play_tricks(no_pass_table(MOON, preset="moon-choice"), MOON_TRICKS)
    with pytest.raises(IllegalAction) as raised:
        state.apply(moon(choice))
    assert raised.value.code == "moon-choice"


# -- the end of the match --------------------------------------------------------------------------------
def test_the_match_ends_when_a_total_reaches_100_and_the_lowest_total_wins():
    state = play_tricks(with_totals(no_pass_table(THIRTEEN_HEARTS), [87, 50, 60, 70]), THIRTEEN_HEARTS_TRICKS)
    assert state.log[-2:] == [
        {"type": "deal-end", "seat": None, "points": [13, 0, 0, 13], "moon": None, "totals": [100, 50, 60, 83]},
        {"type": "end", "seat": None, "winners": [1]},
    ]
    assert state.is_over and state.current_player is None and state.winners == [1]
    assert state.legal_actions() == []
    view = state.view(2)
    assert (view["is_over"], view["phase"], view["winners"], view["scores"]) == (True, None, [1], [100, 50, 60, 83])
    assert sorted(set(state.card_locations().values())) == ["tricks:0", "tricks:3"]


def test_the_match_goes_on_below_100():
    state = play_tricks(with_totals(no_pass_table(THIRTEEN_HEARTS), [86, 50, 60, 70]), THIRTEEN_HEARTS_TRICKS)
    assert not state.is_over and state.scores == [99, 50, 60, 83] and state.winners == []
    assert state.view(None)["deal_number"] == 2


def test_short_50_ends_at_50():
    start = no_pass_table(THIRTEEN_HEARTS, preset="short-50")
    assert play_tricks(with_totals(start, [37, 20, 10, 5]), THIRTEEN_HEARTS_TRICKS).winners == [2]
    assert not play_tricks(with_totals(start, [36, 20, 10, 5]), THIRTEEN_HEARTS_TRICKS).is_over


def test_a_tie_for_the_lowest_total_is_a_shared_win():
    state = play_tricks(with_totals(no_pass_table(THIRTEEN_HEARTS), [90, 40, 40, 70]), THIRTEEN_HEARTS_TRICKS)
    assert state.is_over and state.winners == [1, 2]
    assert state.log[-1] == {"type": "end", "seat": None, "winners": [1, 2]}


def test_under_play_on_ties_a_tie_for_the_lowest_total_deals_again():
    start = with_totals(no_pass_table(THIRTEEN_HEARTS, preset="play-on-ties"), [90, 40, 40, 70])
    state = play_tricks(start, THIRTEEN_HEARTS_TRICKS)
    assert not state.is_over and state.scores == [103, 40, 40, 83]
    assert state.log[-2:] == [{"type": "deal", "seat": 0, "deal_number": 2, "pass": "none",
                               "hand_sizes": [13, 13, 13, 13]}, {"type": "no-pass", "seat": None}]
    rng = random.Random(4)
    while not state.is_over:
        state = finish_deal(state, rng)
        end = deal_end(state)
        lowest = min(end["totals"])
        tied = [seat for seat, total in enumerate(end["totals"]) if total == lowest]
        assert state.is_over == (len(tied) == 1)
    assert state.winners == tied and len(tied) == 1


def test_under_play_on_ties_a_single_lowest_total_ends_the_match():
    start = with_totals(no_pass_table(THIRTEEN_HEARTS, preset="play-on-ties"), [90, 40, 41, 70])
    assert play_tricks(start, THIRTEEN_HEARTS_TRICKS).winners == [1]


def test_a_moon_can_decide_the_end():
    state = play_tricks(with_totals(no_pass_table(MOON), [80, 60, 70, 90]), MOON_TRICKS)
    assert deal_end(state)["totals"] == [80, 86, 96, 116] and state.winners == [0]
    state = play_tricks(with_totals(no_pass_table(MOON, preset="moon-subtract"), [99, 60, 70, 90]), MOON_TRICKS)
    assert not state.is_over and state.scores == [73, 60, 70, 90]


@pytest.mark.parametrize("preset", ["standard", "short-50", "play-on-ties", "moon-subtract"])
def test_random_matches_end_with_the_lowest_totals_winning(preset):
    rng = random.Random(preset)
    state = GAME.new_game(4, seed=preset, variant=GAME.variant(preset))
    while not state.is_over:
        state = finish_deal(state, rng)
    end_at = state.view(None)["variant"]["end_at"]
    assert max(state.scores) >= end_at
    assert state.winners == [seat for seat, total in enumerate(state.scores) if total == min(state.scores)]
    assert state.log[-1] == {"type": "end", "seat": None, "winners": state.winners}
    ends = of_type(state.log, "deal-end")
    assert all(max(end["totals"]) < end_at for end in ends[:-1]) or preset == "play-on-ties"
    assert [event["deal_number"] for event in of_type(state.log, "deal")] == list(range(1, len(ends) + 1))
    assert [event["seat"] for event in of_type(state.log, "deal")] == [number % 4 for number in range(
        len(ends))]


def test_the_example_deal_scores_after_thirteen_tricks():
    state = no_pass_table(EXAMPLE)
    rng = random.Random(0)
    state = finish_deal(state, rng)
    assert len(of_type(state.log, "trick")) == 13
    assert sum(deal_end(state)["points"]) in (26, 78)
