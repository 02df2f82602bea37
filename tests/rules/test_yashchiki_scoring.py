"""Yashchiki scoring (yashchiki.md): the end of a deal, the point table, +50 once for more than one
three, team totals, the next deal, and the winners after the last deal."""

import pytest

from games.rules import IllegalAction
from tests.rules.yashchiki_helpers import DRAW, hands_of, new_events, of_type, play, public, table

POINTS = {"A": 0, "2": 20, "3": 3, "4": 15, "5": 30, "6": 30, "7": 20, "8": 50, "9": 30, "10": 25, "J": 10,
          "Q": 10, "K": 10}


def deal_end(state) -> dict:
    ends = of_type(state.log, "deal-end")
    assert len(ends) == 1
    return ends[0]


def go_out(seat_1: str, seat_2: str = "KD", seat_3: str = "KS", preset: str = "standard"):
    """Seat 0 goes out with its single J♥ on the Q♥; the others keep the hands given."""
    return table("JH", seat_1, seat_2, seat_3, upcard="QH", preset=preset).apply(play("JH"))


def play_out(state, cap: int = 5000):
    """The first legal action each time until the match ends (capped: a match that never ends fails)."""
    for _ in range(cap):
        if state.is_over:
            return state
        state = state.apply(state.legal_actions()[0])
    pytest.fail(f"no end after {cap} actions")


@pytest.mark.parametrize("rank", sorted(POINTS))
def test_each_rank_scores_its_points(rank):
    state = go_out(f"{rank}C")
    end = deal_end(state)
    assert end["points"] == [0, POINTS[rank], 10, 10]
    assert end["hands"] == [[], [f"{rank}C"], ["KD"], ["KS"]]
    assert end["seat"] == 0 and end["deal_number"] == 1


def test_under_crates_an_ace_scores_one():
    assert deal_end(go_out("AC", "AD", "AS", preset="crates"))["points"] == [0, 1, 1, 1]
    assert deal_end(go_out("AC", "AD", "AS"))["points"] == [0, 0, 0, 0]


@pytest.mark.parametrize(("hand", "points"), [
    ("3C", 3), ("3C 3D", 3 + 3 + 50), ("3C 3D 3S", 9 + 50), ("3C 3D 3S AC", 9 + 50), ("3C KC", 13),
    ("3C 3D 8C", 3 + 3 + 50 + 50),
    ("2C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", 20 + 15 + 30 + 30 + 20 + 50 + 30 + 25 + 10 * 3),
])
def test_more_than_one_three_adds_fifty_once(hand, points):
    assert deal_end(go_out(hand))["points"][1] == points


def test_the_deal_end_records_totals_and_team_totals_and_the_next_deal_starts():
    state = go_out("8C 3C", "KC 3D", "4C")
    end = deal_end(state)
    assert end["points"] == [0, 53, 13, 15]
    assert end["totals"] == [0, 53, 13, 15] and end["team_totals"] == [13, 68]
    assert state.scores == [0, 53, 13, 15]
    view = state.view(0)
    assert view["team_totals"] == [13, 68] and view["scores"] == [0, 53, 13, 15]
    deal = of_type(state.log, "deal")[-1]
    assert deal["seat"] == 0 and deal["deal_number"] == 2 and deal["hand_sizes"] == [7] * 4
    assert (view["deal_number"], view["hand_size"], view["dealer"]) == (2, 7, 0)
    assert view["stock_size"] + view["discard_size"] + sum(view["hand_sizes"]) == 52
    assert (view["direction"], view["chain"]) == ("clockwise", 0)
    assert not state.is_over and state.winners == []


def test_totals_add_up_over_deals():
    state = table("JH", "KC", "3C 3D", "AC", upcard="QH", deal_number=14, dealer=3)
    state = state.apply(play("JH"))
    assert state.scores == [0, 10, 56, 0]
    # Deal 15 is dealt from the seed; play it out with the first legal action each time.
    state = play_out(state)
    ends = of_type(state.log, "deal-end")
    assert [end["deal_number"] for end in ends] == [14, 15]
    expected = [first + second for first, second in zip(ends[0]["points"], ends[1]["points"], strict=True)]
    assert state.scores == expected == ends[1]["totals"]
    assert state.log[-1] == {"type": "end", "seat": None, "winners": state.winners,
                             "team_totals": [expected[0] + expected[2], expected[1] + expected[3]]}


@pytest.mark.parametrize(("last", "options"), [("2H", {}), ("5H", {}), ("7H", {}), ("4H", {}), ("6H", {}),
                                               ("10H", {}), ("8H", {"suit": "C"}), ("9H", {"suit": "S"})])
def test_the_last_cards_effect_does_not_apply(last, options):
    state = table(last, "KC 2C", "JC", "AC", upcard="QH")
    after = state.apply(play(last, **options))
    events = new_events(state, after)
    assert [event["type"] for event in events][:3] == ["play", "deal-end", "deal"]
    assert all(event["type"] not in ("draw", "miss", "reverse") for event in events[:2])
    assert deal_end(after)["points"] == [0, 30, 10, 0]
    assert of_type(after.log, "deal")[-1]["deal_number"] == 2


def test_a_declared_pair_may_be_the_last_two_cards():
    state = table("KC KH", "QC 2C", "JC", "AC", upcard="5H")
    after = state.apply(play("KC", "KH", declared=True))
    assert deal_end(after)["seat"] == 0 and deal_end(after)["points"] == [0, 30, 10, 0]


def test_an_undeclared_pair_of_the_last_two_cards_does_not_end_the_deal():
    state = table("KC KH", "QC 2C", "JC", "AC", upcard="5H")
    after = state.apply(play("KC", "KH", declared=False))
    assert of_type(after.log, "deal-end") == [] and len(hands_of(after)[0].split()) == 3


def last_deal(seat_1: str, seat_2: str, seat_3: str, preset: str = "short"):
    state = table("JH", seat_1, seat_2, seat_3, upcard="QH", deal_number=8 if preset == "short" else 15,
                  dealer=3, preset=preset)
    return state.apply(play("JH"))


def test_the_partnership_with_the_lower_total_wins_after_the_last_deal():
    state = last_deal("KC", "KD 3C", "AS")
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert state.team_totals == [13, 10] and state.winners == [1, 3]
    assert state.log[-1] == {"type": "end", "seat": None, "winners": [1, 3], "team_totals": [13, 10]}
    view = state.view(2)
    assert view["is_over"] and view["winners"] == [1, 3] and view["current_player"] is None
    assert view["chain"] == 0 and view["chain_draw"] == 0
    with pytest.raises(IllegalAction) as error:
        state.apply(play("KC"))
    assert error.value.code == "game-over"
    with pytest.raises(IllegalAction):
        state.apply(DRAW)


def test_equal_team_totals_share_the_win():
    state = last_deal("KC", "KD", "AS", preset="standard")
    assert state.team_totals == [10, 10] and state.winners == [0, 1, 2, 3]


def test_the_partner_going_out_still_scores_the_other_partners_hand():
    state = last_deal("AC", "8D", "AS")
    assert state.team_totals == [50, 0] and state.winners == [1, 3]
    assert public(state)["deal_number"] == 8


def test_a_match_of_a_custom_length_ends_after_its_last_deal():
    state = table("JH", "KC", "KD", "AS", upcard="QH", hand_sizes=[1, 1])
    state = state.apply(play("JH"))
    assert not state.is_over and public(state)["deal_number"] == 2 and public(state)["dealer"] == 0
    state = play_out(state)
    assert [end["deal_number"] for end in of_type(state.log, "deal-end")] == [1, 2]
