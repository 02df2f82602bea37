"""Playing the tricks: the 2♣ lead, following suit, no trumps, the first-trick rule and its exception,
breaking hearts and leading them, the Q♠ under each preset, and the worked example of hearts.md."""

import pytest

from games.rules import IllegalAction
from tests.rules.hearts_helpers import (
    ALL_HEARTS_LEAD,
    EXAMPLE,
    EXAMPLE_TRICKS,
    FIRST_TRICK_TO_SEAT_3,
    HEARTS_LEAD,
    ONLY_HEARTS,
    QUEEN_AND_HEARTS,
    QUEEN_LEAD,
    VOID_IN_CLUBS,
    hand,
    in_deck_order,
    new_events,
    no_pass_table,
    of_type,
    play,
    play_cards,
)


def playable(state) -> str:
    return " ".join(action["card"] for action in state.legal_actions())


def broken(state) -> bool:
    return state.view(None)["hearts_broken"]


def illegal(state, card):
    with pytest.raises(IllegalAction) as raised:
        state.apply(play(card))
    return raised.value.code, raised.value.params


# -- the worked example of hearts.md ------------------------------------------------------------------
def test_the_worked_example_nine_of_diamonds_ace_then_queen_of_spades_and_a_heart_is_fourteen_points():
    state = play_cards(no_pass_table(EXAMPLE), EXAMPLE_TRICKS[0])
    assert state.log[-1] == {"type": "trick", "seat": 0, "cards": ["2C", "AC", "3C", "4C"], "points": 0}
    assert state.current_player == 0 and state.view(None)["leader"] == 0
    after = play_cards(state, EXAMPLE_TRICKS[1])
    assert new_events(state, after) == [
        {"type": "play", "seat": 0, "card": "9D"},
        {"type": "play", "seat": 1, "card": "AD"},
        {"type": "play", "seat": 2, "card": "QS"},
        {"type": "play", "seat": 3, "card": "4H"},
        {"type": "hearts-broken", "seat": 3, "card": "4H"},
        {"type": "trick", "seat": 1, "cards": ["9D", "AD", "QS", "4H"], "points": 14},
    ]
    view = after.view(None)
    assert view["points_taken"] == [0, 14, 0, 0] and view["tricks_taken"] == [1, 1, 0, 0]
    assert view["last_trick"] == {"winner": 1, "cards": [{"seat": 0, "card": "9D"}, {"seat": 1, "card": "AD"},
                                                         {"seat": 2, "card": "QS"}, {"seat": 3, "card": "4H"}]}
    assert view["trick"] == [] and view["leader"] == 1 and after.current_player == 1
    assert {card: after.card_locations()[card] for card in ("9D", "AD", "QS", "4H", "2C")} == {
        "9D": "tricks:1", "AD": "tricks:1", "QS": "tricks:1", "4H": "tricks:1", "2C": "tricks:0"}


def test_cards_of_the_trick_in_progress_are_on_the_table():
    state = play_cards(no_pass_table(EXAMPLE), "2C AC")
    view = state.view(None)
    assert view["trick"] == [{"seat": 3, "card": "2C"}, {"seat": 0, "card": "AC"}] and view["leader"] == 3
    assert state.card_locations()["2C"] == state.card_locations()["AC"] == "table"
    assert view["hand_sizes"] == [12, 13, 13, 12] and view["first_trick"] is True


# -- the first trick ---------------------------------------------------------------------------------
def test_the_holder_of_the_two_of_clubs_leads_it_and_nothing_else():
    state = no_pass_table(EXAMPLE)
    assert state.current_player == 3 and playable(state) == "2C"
    assert illegal(state, "9C") == ("lead-two-of-clubs", {})
    assert illegal(state, "AH") == ("lead-two-of-clubs", {})


def test_the_others_must_follow_clubs_on_the_first_trick_without_having_to_beat():
    state = play_cards(no_pass_table(EXAMPLE), "2C")
    assert playable(state) == "10C JC QC KC AC"
    state = play_cards(state, "10C")
    assert playable(state) == "3C 5C 6C"
    assert illegal(state, "AD") == ("follow-suit", {"suit": "C"})


def swap(deal, first, second):
    """The deal with two cards exchanged between the hands holding them."""
    return tuple(" ".join({first: second, second: first}.get(card, card) for card in hand.split()) for hand in deal)


def test_without_clubs_no_heart_and_no_queen_of_spades_on_the_first_trick():
    state = play_cards(no_pass_table(VOID_IN_CLUBS), "2C AC 3C")
    assert state.current_player == 2 and playable(state) == "AD"
    assert illegal(state, "KH") == ("no-points-first-trick", {"card": "KH"})
    state = play_cards(no_pass_table(swap(VOID_IN_CLUBS, "KH", "QS")), "2C AC 3C")
    assert playable(state) == "AD"
    assert illegal(state, "QS") == ("no-points-first-trick", {"card": "QS"})
    assert play_cards(state, "AD").log[-1] == {"type": "trick", "seat": 0, "cards": ["2C", "AC", "3C", "AD"],
                                               "points": 0}


def test_with_only_hearts_and_the_queen_of_spades_any_card_goes_on_the_first_trick():
    state = play_cards(no_pass_table(QUEEN_AND_HEARTS), "2C AC 3C")
    assert playable(state) == hand(state, 2) == in_deck_order("QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    after = play_cards(state, "QS")
    assert after.log[-1] == {"type": "trick", "seat": 0, "cards": ["2C", "AC", "3C", "QS"], "points": 13}
    assert not broken(after), "the Q♠ does not break hearts in the standard game"


def test_with_only_hearts_any_heart_goes_on_the_first_trick_and_breaks_hearts():
    state = play_cards(no_pass_table(ONLY_HEARTS), "2C AC 3C")
    assert playable(state) == hand(state, 2)
    after = play_cards(state, "AH")
    assert new_events(state, after)[:2] == [{"type": "play", "seat": 2, "card": "AH"},
                                            {"type": "hearts-broken", "seat": 2, "card": "AH"}]


def test_points_on_the_first_trick_when_the_variant_allows_them():
    state = play_cards(no_pass_table(VOID_IN_CLUBS, points_on_first_trick="allowed"), "2C AC 3C")
    assert playable(state) == hand(state, 2)
    after = play_cards(state, "KH")
    assert after.log[-1] == {"type": "trick", "seat": 0, "cards": ["2C", "AC", "3C", "KH"], "points": 1}
    assert broken(after)


def test_first_trick_is_true_until_the_first_trick_is_complete():
    state = no_pass_table(EXAMPLE)
    flags = []
    for card in "2C AC 3C 4C 9D".split():
        flags.append(state.view(None)["first_trick"])
        state = state.apply(play(card))
    assert flags == [True, True, True, True, False]


# -- following suit, no trumps ---------------------------------------------------------------------------
def test_follow_suit_when_you_can_but_any_card_when_you_cannot():
    state = play_cards(no_pass_table(EXAMPLE), EXAMPLE_TRICKS[0] + " 9D")
    assert playable(state) == "10D JD QD KD AD"
    assert illegal(state, "2S") == ("follow-suit", {"suit": "D"})
    state = play_cards(state, "10D")
    assert playable(state) == hand(state, 2)       # no diamonds: anything, the Q♠ and hearts included


def test_no_trumps_the_ace_of_spades_does_not_beat_the_two_of_diamonds():
    state = play_cards(no_pass_table(VOID_IN_CLUBS), "2C AC 3C AD")
    assert state.log[-1] == {"type": "trick", "seat": 0, "cards": ["2C", "AC", "3C", "AD"], "points": 0}
    after = play_cards(state, "2D AS 2H 2S")
    assert after.log[-1] == {"type": "trick", "seat": 0, "cards": ["2D", "AS", "2H", "2S"], "points": 1}
    assert after.current_player == 0


def test_the_highest_card_of_the_led_suit_wins_and_leads_next():
    state = play_cards(no_pass_table(EXAMPLE), "2C QC 6C 8C")
    assert state.log[-1]["seat"] == 0 and state.current_player == 0
    state = play_cards(no_pass_table(EXAMPLE), "2C 10C 6C 8C")
    assert state.log[-1]["seat"] == 0
    state = play_cards(no_pass_table(EXAMPLE), EXAMPLE_TRICKS[0] + " 9D 10D QS 4H")
    assert state.log[-1] == {"type": "trick", "seat": 1, "cards": ["9D", "10D", "QS", "4H"], "points": 14}


# -- leading hearts and breaking them -----------------------------------------------------------------
def test_hearts_cannot_be_led_before_they_are_broken():
    state = play_cards(no_pass_table(HEARTS_LEAD), FIRST_TRICK_TO_SEAT_3)
    assert state.current_player == 3 and playable(state) == "AS"
    assert illegal(state, "2H") == ("hearts-not-broken", {})


def test_a_discarded_heart_breaks_hearts_and_then_hearts_may_be_led():
    state = play_cards(no_pass_table(HEARTS_LEAD), FIRST_TRICK_TO_SEAT_3)
    after = play_cards(state, "AS KH")
    assert after.log[-1] == {"type": "hearts-broken", "seat": 0, "card": "KH"} and broken(after)
    after = play_cards(after, "2S 3S")
    assert after.log[-1] == {"type": "trick", "seat": 3, "cards": ["AS", "KH", "2S", "3S"], "points": 1}
    assert playable(after) == hand(after, 3)
    assert len(of_type(play_cards(after, "2H").log, "hearts-broken")) == 1, "hearts break once"


def test_a_leader_with_only_hearts_may_lead_one_and_that_does_not_break_hearts():
    state = play_cards(no_pass_table(ALL_HEARTS_LEAD), FIRST_TRICK_TO_SEAT_3)
    assert playable(state) == hand(state, 3) == in_deck_order("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    after = play_cards(state, "2H")
    assert not broken(after) and not of_type(after.log, "hearts-broken")
    after = play_cards(after, "AH 2S 6S")      # a heart followed on a heart lead does not break them either
    assert not broken(after) and after.log[-1]["seat"] == 0


def test_any_heart_played_breaks_hearts_under_any_heart():
    state = play_cards(no_pass_table(ALL_HEARTS_LEAD, preset="openspiel"), FIRST_TRICK_TO_SEAT_3)
    after = play_cards(state, "2H")
    assert after.log[-1] == {"type": "hearts-broken", "seat": 3, "card": "2H"}


def test_with_only_the_queen_of_spades_and_hearts_the_leader_must_lead_the_queen():
    state = play_cards(no_pass_table(QUEEN_LEAD), FIRST_TRICK_TO_SEAT_3)
    assert state.current_player == 3 and playable(state) == "QS"
    assert illegal(state, "2H") == ("queen-before-hearts", {})


# -- the Q♠ and breaking hearts under each preset ------------------------------------------------------
@pytest.mark.parametrize(("preset", "broken_by"), [("standard", "4H"), ("bicycle", "QS"), ("openspiel", "QS"),
                                                   ("moon-choice", "4H")])
def test_a_discarded_queen_of_spades_breaks_hearts_under_bicycle_and_openspiel_only(preset, broken_by):
    state = play_cards(no_pass_table(EXAMPLE, preset=preset), EXAMPLE_TRICKS[0])
    after = play_cards(state, EXAMPLE_TRICKS[1])
    events = new_events(state, after)
    assert of_type(events, "hearts-broken") == [{"type": "hearts-broken", "seat": 2 if broken_by == "QS" else 3,
                                                 "card": broken_by}]
    assert events.index(of_type(events, "hearts-broken")[0]) == (3 if broken_by == "QS" else 4)


@pytest.mark.parametrize(("preset", "breaks"), [("standard", False), ("bicycle", False), ("openspiel", True)])
def test_a_led_queen_of_spades_breaks_hearts_only_when_any_queen_play_does(preset, breaks):
    state = play_cards(no_pass_table(QUEEN_LEAD, preset=preset), FIRST_TRICK_TO_SEAT_3)
    after = play_cards(state, "QS")
    assert broken(after) is breaks
    assert of_type(new_events(state, after), "hearts-broken") == (
        [{"type": "hearts-broken", "seat": 3, "card": "QS"}] if breaks else [])
    after = play_cards(after, "2D 2S AS")
    assert after.log[-1] == {"type": "trick", "seat": 2, "cards": ["QS", "2D", "2S", "AS"], "points": 13}


@pytest.mark.parametrize("preset", ["standard", "bicycle", "openspiel"])
def test_the_queen_of_spades_on_the_first_trick_under_each_preset(preset):
    state = play_cards(no_pass_table(QUEEN_AND_HEARTS, preset=preset), "2C AC 3C QS")
    assert broken(state) is (preset != "standard")
