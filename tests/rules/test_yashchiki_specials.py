"""Yashchiki play (yashchiki.md): following suit, drawing, the special cards 2, 4, 5, 6, 7, 8, 9 and 10
alone and together, the declared pair and the undeclared-pair penalty, free-draw, the empty stock and
the up-card under `crates`. Seat 3 deals, so seat 0 moves first, unless a test says otherwise."""

import pytest

from games.rules import IllegalAction
from tests.rules.yashchiki_helpers import DRAW, hands_of, new_events, play, public, run, table


def step(state, action, events, current):
    """Apply `action`, check the public events it caused and the next player; return the new state."""
    after = state.apply(action)
    assert new_events(state, after) == events
    assert after.current_player == current
    return after


def played(seat, *cards, suit, declared=None):
    event = {"type": "play", "seat": seat, "cards": list(cards), "suit": suit}
    if declared:
        event["declared"] = True
    return event


def drew(seat, count, reason):
    return {"type": "draw", "seat": seat, "count": count, "reason": reason}


def chain_of(state):
    view = public(state)
    return view["chain"], view["chain_draw"]


def illegal(state, action) -> str:
    before = state.to_dict()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert state.to_dict() == before
    return error.value.code


# -- following suit and drawing -----------------------------------------------------------------------
def test_a_player_holding_the_suit_must_play_it_and_an_eight_is_no_exception():
    state = table("KH 5C 8S 3H", "QH 4D", "JH 4S", "AH 4C", upcard="7H")
    assert state.legal_actions() == [play("3H"), play("KH")]
    assert illegal(state, play("5C")) == "follow-suit"
    assert illegal(state, play("8S", suit="H")) == "follow-suit"


def test_a_player_who_cannot_follow_draws_one_the_drawn_card_is_not_played_and_the_turn_passes():
    state = table("KH 3C", "QC 4D", "JH 4S", "AH 4C", upcard="7H", stock="9H 10H")
    state = step(state, play("KH"), [played(0, "KH", suit="H"), drew(1, 1, "no-card")], current=2)
    assert hands_of(state)[1] == "4D 9H QC"
    assert state.view(1)["log"][-1]["cards"] == ["9H"], "the drawer sees the card drawn"
    assert "cards" not in state.view(2)["log"][-1], "the others see only the count"
    assert public(state)["stock_size"] == 52 - 8 - 1 - 1


def test_several_players_in_a_row_who_cannot_follow_each_draw_one():
    state = table("KH 3C", "QC 4D", "JD 4S", "AH 4C", upcard="7H", stock="9C 10C")
    step(state, play("KH"), [played(0, "KH", suit="H"), drew(1, 1, "no-card"), drew(2, 1, "no-card")], current=3)


# -- 2: the chain -------------------------------------------------------------------------------------
def test_a_two_answered_by_a_two_of_another_suit_sets_that_suit_and_the_next_without_a_two_draws_three():
    state = table("2H KC", "2S 6C", "KD 7C", "QS 8C", upcard="KH", stock="3D 4D 5D 9D")
    state = step(state, play("2H"), [played(0, "2H", suit="H")], current=1)
    assert chain_of(state) == (1, 2)
    assert state.legal_actions() == [play("2S")]
    assert illegal(state, play("6C")) == "chain-two"
    state = step(state, play("2S"), [played(1, "2S", suit="S"), drew(2, 3, "chain")], current=3)
    assert hands_of(state)[2] == "3D 4D 5D 7C KD"
    assert chain_of(state) == (0, 0) and public(state)["suit"] == "S", "the next player follows the last two's suit"
    assert state.legal_actions() == [play("QS")]


@pytest.mark.parametrize(("penalty", "draws"), [("chain-plus-one", [2, 3, 4]), ("two-per-two", [2, 4, 6])])
def test_the_chain_draw_count(penalty, draws):
    for twos in (1, 2, 3):
        hands = ["2H KC", "2S KD", "2C KS", "3S 4C"]
        for seat in range(twos, 3):
            hands[seat] = hands[seat].replace("2", "9")
        state = table(*hands, upcard="KH", two_penalty=penalty)
        for seat in range(twos):
            state = state.apply(play(hands[seat].split()[0]))
            if seat < twos - 1:
                assert chain_of(state) == (seat + 1, draws[seat])
        assert [event for event in state.log if event.get("reason") == "chain"] == [
            drew(twos, draws[twos - 1], "chain")]
        assert chain_of(state) == (0, 0)


def test_inside_a_chain_only_single_twos_may_be_played():
    state = table("2H KC", "2D 2S 6C", "2C 7C", "QS 8C", upcard="KH")
    state = state.apply(play("2H"))
    assert state.legal_actions() == [play("2D"), play("2S")]
    assert illegal(state, play("2D", "2S", declared=True)) == "chain-single"
    assert illegal(state, play("2D", "2S", declared=False)) == "chain-single"
    state = step(state, play("2D"), [played(1, "2D", suit="D")], current=2)
    assert chain_of(state) == (2, 3)


def test_a_declared_pair_of_twos_counts_as_one_two():
    state = table("2H 2S KC", "3D 6C", "KS 7C", "QD 8C", upcard="KH")
    state = step(state, play("2S", "2H", declared=True),
                 [played(0, "2H", "2S", suit="S", declared=True), drew(1, 2, "chain")], current=2)
    assert public(state)["suit"] == "S"


def test_under_free_draw_drawing_inside_a_chain_is_taking_the_chain_penalty():
    state = table("2H KC", "2S 6C", "KH 7C", "QS 8C", upcard="AH", preset="free-draw")
    state = state.apply(play("2H"))
    assert state.legal_actions() == [play("2S"), DRAW]
    state = step(state, DRAW, [drew(1, 2, "chain")], current=2)
    assert chain_of(state) == (0, 0) and public(state)["suit"] == "H"
    assert "2S" in hands_of(state)[1]


# -- 4, 5, 6, 7, 10 -----------------------------------------------------------------------------------
def test_a_four_makes_the_next_player_miss_a_turn():
    state = table("4H KC", "QH 6C", "JH 7C", "AH 8C", upcard="KH")
    step(state, play("4H"), [played(0, "4H", suit="H"), {"type": "miss", "seat": 1}], current=2)


def test_a_declared_pair_of_fours_skips_only_one_player():
    state = table("4C 4H KC", "QC 6C", "JC 7C", "AC 8C", upcard="KH")
    step(state, play("4C", "4H", declared=True),
         [played(0, "4H", "4C", suit="C", declared=True), {"type": "miss", "seat": 1}], current=2)


def test_a_five_makes_everyone_draw_one_from_the_next_player_round_to_the_player():
    state = table("5H KC", "QH 6C", "JH 7C", "AH 8C", upcard="KH", stock="2D 3D 4D 6D 7D")
    state = step(state, play("5H"), [played(0, "5H", suit="H")] + [drew(seat, 1, "five") for seat in (1, 2, 3, 0)],
                 current=1)
    assert hands_of(state) == ["6D KC", "2D 6C QH", "3D 7C JH", "4D 8C AH"]
    assert public(state)["suit"] == "H"


def test_a_declared_pair_of_fives_makes_everyone_draw_once():
    state = table("5D 5H KC", "QD 6C", "JD 7C", "AD 8C", upcard="KH")
    step(state, play("5D", "5H", declared=True),
         [played(0, "5H", "5D", suit="D", declared=True)] + [drew(seat, 1, "five") for seat in (1, 2, 3, 0)],
         current=1)


def test_a_six_moves_again_and_a_six_followed_by_an_eight():
    state = table("6H 8H KC", "QC 2C", "JC 7C", "AC 9C", upcard="KH")
    state = step(state, play("6H"), [played(0, "6H", suit="H")], current=0)
    assert state.legal_actions() == [play("8H", suit=suit) for suit in "CDHS"]
    step(state, play("8H", suit="C"), [played(0, "8H", suit="C")], current=1)


def test_a_six_whose_player_then_cannot_follow_draws_one_and_the_turn_passes():
    state = table("6H KC", "QH 2C", "JH 7C", "AH 9C", upcard="KH", stock="10H")
    state = step(state, play("6H"), [played(0, "6H", suit="H"), drew(0, 1, "no-card")], current=1)
    assert hands_of(state)[0] == "10H KC", "the card drawn is not played"


def test_a_declared_pair_of_sixes_gives_one_extra_move():
    state = table("6C 6H KC QC", "QH 2D", "JH 7C", "AH 9C", upcard="KH")
    state = step(state, play("6C", "6H", declared=True), [played(0, "6H", "6C", suit="C", declared=True)],
                 current=0)
    step(state, play("KC"), [played(0, "KC", suit="C"), drew(1, 1, "no-card")], current=2)


def test_a_seven_makes_the_next_player_draw_one_and_then_play():
    state = table("7H KC", "QC 2C", "JH 4C", "AH 9C", upcard="KH", stock="10H")
    state = step(state, play("7H"), [played(0, "7H", suit="H"), drew(1, 1, "seven")], current=1)
    assert state.legal_actions() == [play("10H")]


def test_a_seven_then_a_draw_that_does_not_help_passes_the_turn():
    state = table("7H KC", "QC 2C", "JH 4C", "AH 9C", upcard="KH", stock="10C 3C")
    step(state, play("7H"), [played(0, "7H", suit="H"), drew(1, 1, "seven"), drew(1, 1, "no-card")], current=2)


def test_a_ten_reverses_the_direction_and_a_second_ten_restores_it():
    state = table("10H KC", "QC 2C", "10S 7C", "9H 3S 3D", upcard="KH")
    state = step(state, play("10H"), [played(0, "10H", suit="H"), {"type": "reverse", "seat": 0}], current=3)
    assert public(state)["direction"] == "anticlockwise"
    state = step(state, play("9H", suit="S"), [played(3, "9H", suit="S")], current=2)
    state = step(state, play("10S"), [played(2, "10S", suit="S"), {"type": "reverse", "seat": 2}], current=3)
    assert public(state)["direction"] == "clockwise"


def test_a_four_played_after_a_ten_reversed_the_direction_skips_the_right_hand_seat():
    state = table("10H KC", "QH 2C", "JH 7C", "4H 9C", upcard="KH")
    state = run(state, play("10H"))
    step(state, play("4H"), [played(3, "4H", suit="H"), {"type": "miss", "seat": 2}], current=1)


def test_a_chain_runs_against_the_direction_after_a_ten():
    state = table("10H KC", "QH 2C", "JC 7C", "2H 9C", upcard="KH")
    state = run(state, play("10H"), play("2H"))
    assert state.log[-1] == drew(2, 2, "chain") and state.current_player == 1


# -- 8 and 9: naming a suit ---------------------------------------------------------------------------
def test_an_eight_names_any_suit_its_own_included():
    state = table("8H KC", "QD 2C", "JH 4C", "AH 9C", upcard="KH")
    assert state.legal_actions() == [play("8H", suit=suit) for suit in "CDHS"]
    step(state, play("8H", suit="D"), [played(0, "8H", suit="D")], current=1)
    step(state, play("8H", suit="H"), [played(0, "8H", suit="H"), drew(1, 1, "no-card")], current=2)


@pytest.mark.parametrize(("nine", "suits"), [("9C", "CS"), ("9S", "CS"), ("9D", "DH"), ("9H", "DH")])
def test_under_crates_a_nine_names_its_own_suit_or_the_other_of_its_colour(nine, suits):
    suit = nine[-1]
    state = table(f"{nine} K{suit}", "QD 2C", "JH 4C", "AH 3C", upcard=f"J{suit}" if suit != "H" else "QH",
                  preset="crates")
    assert state.legal_actions() == [play(nine, suit=named) for named in suits] + [play(f"K{suit}")]
    other = next(named for named in "CDHS" if named not in suits)
    assert illegal(state, play(nine, suit=other)) == "named-suit"
    # An 8 still names any suit under crates.
    assert len(table("8H KC", "QD", "JD", "AD", upcard="KH", preset="crates").legal_actions()) == 4


def test_under_crates_a_declared_pair_of_nines_names_from_the_upper_cards_colour():
    """The card of the suit to follow goes first; the upper card names the suit (engine fix: the
    choice used to follow the pair's last card in deck order instead)."""
    state = table("9H 9S KC", "QD 2C", "JD 4C", "AD 3C", upcard="AS", preset="crates")
    pairs = [action for action in state.legal_actions() if len(action["cards"]) == 2]
    assert pairs == [play("9H", "9S", declared=True, suit="D"), play("9H", "9S", declared=True, suit="H"),
                     play("9H", "9S", declared=False)]
    assert illegal(state, play("9S", "9H", declared=True, suit="S")) == "named-suit"
    step(state, play("9S", "9H", declared=True, suit="D"), [played(0, "9S", "9H", suit="D", declared=True)],
         current=1)


# -- declared and undeclared pairs --------------------------------------------------------------------
def test_a_declared_pair_goes_down_matching_card_first_and_the_upper_card_sets_the_suit():
    state = table("KC KH 3C", "QC 2C", "JC 4C", "AC 9C", upcard="5H")
    assert [action for action in state.legal_actions() if len(action["cards"]) == 2] == [
        play("KC", "KH", declared=True), play("KC", "KH", declared=False)]
    state = step(state, play("KH", "KC", declared=True), [played(0, "KH", "KC", suit="C", declared=True)],
                 current=1)
    assert public(state)["top_card"] == "KC" and hands_of(state)[0] == "3C"


def test_a_declared_pair_of_eights_names_a_suit_once():
    state = table("8C 8H 3C", "QD 2C", "JC 4C", "AC 9C", upcard="5H")
    assert play("8C", "8H", declared=True, suit="S") in state.legal_actions()
    step(state, play("8C", "8H", declared=True, suit="D"), [played(0, "8H", "8C", suit="D", declared=True)],
         current=1)


def test_a_pair_needs_one_card_of_the_suit_to_follow():
    state = table("KC KD 5H", "QD 2C", "JC 4C", "AC 9C", upcard="3H")
    assert state.legal_actions() == [play("5H")]
    assert illegal(state, play("KC", "KD", declared=True)) == "pair-suit"


def test_an_undeclared_pair_goes_back_to_the_hand_with_one_penalty_card_and_the_turn_passes():
    state = table("KC KH 3C", "QH 2C", "JC 4C", "AC 9C", upcard="5H", stock="10S")
    state = step(state, play("KH", "KC", declared=False),
                 [{"type": "undeclared-pair", "seat": 0, "cards": ["KC", "KH"]}, drew(0, 1, "pair")], current=1)
    assert hands_of(state)[0] == "3C 10S KC KH"
    assert public(state)["suit"] == "H" and public(state)["top_card"] == "5H"


def test_an_undeclared_pair_is_offered_only_while_a_card_can_be_drawn():
    # Nothing in the stock and only the up-card on the discard pile: no penalty card to draw.
    state = table("KC KH", "QH 2C", "JC 4C", "AC 9C", upcard="5H", rest=3)
    assert state.legal_actions() == [play("KH"), play("KC", "KH", declared=True)]
    assert illegal(state, play("KC", "KH", declared=False)) == "nothing-to-draw"


def test_three_of_a_rank_offer_each_pair_never_the_triple():
    state = table("KC KD KH 3C", "QH 2C", "JC 4C", "AC 9C", upcard="5H")
    pairs = [action["cards"] for action in state.legal_actions() if action.get("declared")]
    assert pairs == [["KC", "KH"], ["KD", "KH"]]
    assert illegal(state, {"type": "play", "cards": ["KC", "KD", "KH"], "declared": True}) == "cards-list"


# -- free-draw ----------------------------------------------------------------------------------------
def test_under_free_draw_a_player_may_draw_instead_of_playing():
    state = table("KH 3C", "QH 2C", "JH 4C", "AH 9C", upcard="5H", stock="10H", preset="free-draw")
    assert state.legal_actions() == [play("KH"), DRAW]
    state = step(state, DRAW, [drew(0, 1, "choice")], current=1)
    assert hands_of(state)[0] == "3C 10H KH"
    assert illegal(table("KH 3C", "QH", "JH", "AH", upcard="5H"), DRAW) == "draw-not-allowed"


def test_under_free_draw_there_is_no_draw_when_nothing_can_be_drawn():
    state = table("KH 3C", "QH 2C", "JH 4C", "AH 9C", upcard="5H", rest=1, preset="free-draw")
    assert state.legal_actions() == [play("KH")]
    assert illegal(state, DRAW) == "nothing-to-draw"


# -- the empty stock ----------------------------------------------------------------------------------
def reshuffle_table(seed):
    """Seats 0 to 2 play hearts on the A♥, seat 3 holds none and the stock is empty."""
    return run(table("3H 3D", "JH 3C", "QH 3S", "KC", upcard="AH", rest=0, seed=seed),
               play("3H"), play("JH"), play("QH"))


def test_an_empty_stock_is_refilled_from_the_discard_pile_but_its_top_card():
    state = reshuffle_table(seed=0)
    assert state.log[-2:] == [{"type": "reshuffle", "seat": None, "count": 3}, drew(3, 1, "no-card")]
    drawn = state.view(3)["log"][-1]["cards"]
    assert len(drawn) == 1 and drawn[0] in ("AH", "3H", "JH")
    view = public(state)
    assert (view["stock_size"], view["discard_size"], view["top_card"]) == (2, 1, "QH")
    assert {card for card, place in state.card_locations().items() if place == "stock"} == {"AH", "3H", "JH"} - {
        drawn[0]}


def test_the_reshuffle_follows_the_matchs_seed():
    assert reshuffle_table(seed=5) == reshuffle_table(seed=5)
    outcomes = {(tuple(reshuffle_table(seed).view(3)["log"][-1]["cards"]), tuple(reshuffle_table(seed).to_dict()[
        "stock"])) for seed in range(12)}
    assert len(outcomes) > 1, "another seed, another order"


def test_a_draw_with_nothing_left_anywhere_is_skipped():
    state = table("KC", "QH 2C", "JH 4C", "AC 9C", upcard="5H", rest=1)
    assert state.log[1:] == [drew(0, 0, "no-card")]
    assert state.current_player == 1 and hands_of(state)[0] == "KC"


def test_a_chain_penalty_draws_what_the_stock_and_one_reshuffle_give_and_the_chain_ends():
    state = table("2H 3C", "KC 3D", "QH 3S", "KD", upcard="AH", rest=3)
    step(state, play("2H"), [played(0, "2H", suit="H"), {"type": "reshuffle", "seat": None, "count": 1},
                             drew(1, 1, "chain")], current=2)


# -- the up-card --------------------------------------------------------------------------------------
UPCARD_HANDS = ("KH 3C", "QH 3D", "JH 3S", "AH 4C")


@pytest.mark.parametrize("upcard", ["2H", "4H", "5H", "6H", "7H", "8H", "9H", "10H"])
def test_the_standard_up_card_only_sets_the_suit(upcard):
    state = table(*UPCARD_HANDS, upcard=upcard)
    assert state.log[1:] == [] and state.current_player == 0
    assert (public(state)["suit"], public(state)["chain"], public(state)["direction"]) == ("H", 0, "clockwise")


@pytest.mark.parametrize(("upcard", "events", "current", "direction"), [
    ("2H", [drew(0, 2, "chain")], 1, "clockwise"),
    ("4H", [{"type": "miss", "seat": 0}], 1, "clockwise"),
    ("5H", [drew(seat, 1, "five") for seat in (0, 1, 2, 3)], 0, "clockwise"),
    ("6H", [], 3, "clockwise"),
    ("7H", [drew(0, 1, "seven")], 0, "clockwise"),
    ("10H", [{"type": "reverse", "seat": 3}], 2, "anticlockwise"),
])
def test_under_crates_the_up_card_acts_as_if_the_dealer_had_played_it(upcard, events, current, direction):
    state = table(*UPCARD_HANDS, upcard=upcard, preset="crates")
    assert state.log[1:] == [{"type": "upcard-effect", "seat": 3, "card": upcard}, *events]
    assert state.current_player == current and public(state)["direction"] == direction
    assert public(state)["suit"] == "H" and public(state)["chain"] == 0


def test_under_crates_a_two_up_card_starts_a_chain_the_first_player_may_answer():
    state = table("2S KC", "QH 3D", "JH 3S", "AH 4C", upcard="2H", preset="crates")
    assert state.current_player == 0 and chain_of(state) == (1, 2)
    assert state.legal_actions() == [play("2S")]
    step(state, play("2S"), [played(0, "2S", suit="S"), drew(1, 3, "chain")], current=2)


@pytest.mark.parametrize("upcard", ["8D", "9D"])
def test_under_crates_an_eight_or_nine_up_card_keeps_its_own_suit(upcard):
    state = table("KD 3C", "QH 3D", "JH 3S", "AH 4C", upcard=upcard, preset="crates")
    assert state.log[1:] == [] and state.current_player == 0 and public(state)["suit"] == "D"
