"""Every rule line of rooster.md about a bout, each on a hand-built deal: leads, defence, throw-ins,
taking, the end of a bout, the next attacker, refills, going out and the rooster; then the presets."""

import itertools
import random

import pytest

from games.rules import IllegalAction
from tests.rules.rooster_helpers import (
    DECK,
    GAME,
    PASS,
    TAKE,
    attack,
    beat,
    bout,
    hands_of,
    new_events,
    of_type,
    run,
    table_of,
    throw,
)


def illegal_code(state, action):
    with pytest.raises(IllegalAction) as raised:
        state.apply(action)
    return raised.value.code


def who(state):
    """(phase, attacker, defender, player to move, seats still to be offered throw-ins)."""
    view = state.view(None)
    return view["phase"], view["attacker"], view["defender"], view["current_player"], view["offer"]


# -- leads -------------------------------------------------------------------------------------------
def test_the_attacker_may_lead_one_card_or_any_several_of_one_suit():
    state = bout("7C 8C 9C 7D 8D AS", "6C 6D 6H 6S JH QH", rest="discard")
    hand = state.view(0)["hand"]
    expected = [list(cards) for size in range(1, 7) for cards in itertools.combinations(hand, size)
                if len({card[-1] for card in cards}) == 1]
    leads = [action["cards"] for action in state.legal_actions()]
    assert sorted(leads) == sorted(expected) and len(leads) == 7 + 3 + 1
    assert leads == sorted(leads, key=lambda cards: (len(cards), [DECK.index(card) for card in cards])), (
        "shorter leads first, then in deck order")
    after = state.apply(attack("7C", "8C", "9C"))
    assert after.log[-1] == {"type": "attack", "seat": 0, "target": 1, "cards": ["7C", "8C", "9C"]}
    assert table_of(after) == [("7C", None), ("8C", None), ("9C", None)]
    assert who(after) == ("defend", 0, 1, 1, [])


def test_several_cards_of_one_rank_may_not_be_led():
    state = bout("7C 7D 7H 8C", "6C 6D 6H 6S JH QH", rest="discard")
    assert illegal_code(state, attack("7C", "7D")) == "lead-one-suit"
    assert illegal_code(state, attack("7C", "7D", "7H")) == "lead-one-suit"
    assert all(len({card[-1] for card in action["cards"]}) == 1 for action in state.legal_actions())


def test_no_more_cards_may_be_led_than_the_defender_holds():
    state = bout("7C 8C 9C 10C", "6D 6H", rest="discard")
    assert max(len(action["cards"]) for action in state.legal_actions()) == 2
    with pytest.raises(IllegalAction) as raised:
        state.apply(attack("7C", "8C", "9C"))
    assert (raised.value.code, raised.value.params) == ("lead-limit", {"limit": 2})
    assert state.apply(attack("8C", "10C")).view(None)["hand_sizes"] == [2, 2]


def test_the_cards_of_a_lead_may_be_named_in_any_order():
    state = bout("7C 8C 9C", "6D 6H 6S", rest="discard")
    assert state.apply(attack("9C", "7C")) == state.apply(attack("7C", "9C"))
    assert state.apply({"type": "attack", "cards": ("9C", "7C")}) == state.apply(attack("7C", "9C"))


# -- defence -----------------------------------------------------------------------------------------
def test_the_defender_beats_card_by_card_in_any_order():
    state = run(bout("7C 8C 9C 6S", "10C JC QC KC 6H", rest="discard"), attack("7C", "8C", "9C"))
    state = run(state, beat("8C", "QC"))
    assert table_of(state) == [("7C", None), ("8C", "QC"), ("9C", None)]
    assert who(state) == ("defend", 0, 1, 1, [])
    state = run(state, beat("9C", "10C"), beat("7C", "JC"))
    assert table_of(state) == [("7C", "JC"), ("8C", "QC"), ("9C", "10C")]
    assert hands_of(state) == ["6S", "6H KC"]
    assert [event["type"] for event in state.log[-3:]] == ["beat", "beat", "beat"]
    assert state.log[-1] == {"type": "beat", "seat": 1, "attack": "7C", "card": "JC"}


def test_the_defender_may_take_instead_of_beating_whenever_a_card_is_unbeaten():
    state = run(bout("7C 8C 9C 6S", "10C JC QC KC 6H", rest="discard"), attack("7C", "8C"))
    assert TAKE in state.legal_actions()
    state = run(state, beat("7C", "10C"))
    assert state.legal_actions()[-1] == TAKE


# -- taking ------------------------------------------------------------------------------------------
def test_taking_at_once_picks_up_only_the_led_cards_and_the_player_after_the_defender_attacks():
    state = run(bout("7C 8C KS", "9C 6D", "7D 8H", rest="discard"), attack("7C", "8C"))
    after = state.apply(TAKE)
    assert new_events(state, after) == [{"type": "take", "seat": 1, "cards": ["7C", "8C"]}]
    assert hands_of(after) == ["KS", "6D 7C 8C 9C", "7D 8H"]
    assert who(after) == ("attack", 2, 0, 2, [])


def test_taking_later_picks_up_every_card_on_the_table_attacking_beating_and_thrown_in():
    state = run(bout("7C 7D KS", "9C 6D 6H", "9D 8H", rest="discard"), attack("7C"), beat("7C", "9C"))
    state = run(state, throw("7D"), PASS)
    assert who(state) == ("defend", 0, 1, 1, [])
    assert state.legal_actions() == [TAKE], "neither six beats the 7♦"
    after = state.apply(TAKE)
    assert new_events(state, after) == [{"type": "take", "seat": 1, "cards": ["7C", "7D", "9C"]}]
    assert hands_of(after) == ["KS", "6D 6H 7C 7D 9C", "8H 9D"]
    assert after.view(None)["discard_size"] == state.view(None)["discard_size"]
    assert who(after) == ("attack", 2, 0, 2, [])


def test_in_a_two_player_game_the_attacker_attacks_again_after_a_take():
    state = run(bout("7C 8C 9D", "6D 6H", rest="discard"), attack("7C", "8C"), TAKE)
    assert who(state) == ("attack", 0, 1, 0, [])


# -- throwing in -------------------------------------------------------------------------------------
# Four players: seat 0 attacks seat 1 with the 7♣, which seat 1 beats with the 9♣.
THROW_IN = ("7C 8D QS", "9C 10H JS QC KC AC", "KH AH", "7H 9H 9S")


def throw_in_table():
    return run(bout(*THROW_IN, rest="discard"), attack("7C"), beat("7C", "9C"))


def test_throw_ins_are_offered_to_the_attacker_first_then_clockwise_never_to_the_defender():
    state = throw_in_table()
    assert who(state) == ("throw", 0, 1, 0, [2, 3])
    view = state.view(None)
    assert (view["throw_ranks"], view["throw_limit"]) == (["7", "9"], 5)


def test_everyone_is_asked_even_with_nothing_to_throw_and_a_pass_without_throwing_hands_the_offer_on():
    state = throw_in_table()
    assert state.legal_actions() == [PASS], "seat 0 holds no seven or nine"
    state = state.apply(PASS)
    assert who(state) == ("throw", 0, 1, 2, [3])
    assert state.log[-1] == {"type": "pass", "seat": 0}
    assert state.legal_actions() == [PASS]
    state = state.apply(PASS)
    assert who(state) == ("throw", 0, 1, 3, [])


def test_cards_of_the_attacking_and_the_beating_ranks_may_be_thrown_one_at_a_time():
    state = run(throw_in_table(), PASS, PASS)
    assert state.legal_actions() == [throw("7H"), throw("9H"), throw("9S"), PASS]
    assert illegal_code(state, throw("9H", "9S")) == "throw-one"
    after = state.apply(throw("9S"))
    assert new_events(state, after) == [{"type": "throw", "seat": 3, "target": 1, "cards": ["9S"]}]
    assert who(after) == ("throw", 0, 1, 3, []), "the thrower keeps the turn"
    assert table_of(after) == [("7C", "9C"), ("9S", None)]
    assert after.view(None)["throw_limit"] == 4


def test_a_pass_after_throwing_hands_the_turn_to_the_defender_and_then_the_offer_starts_over_at_the_attacker():
    state = run(throw_in_table(), PASS, PASS, throw("9S"), throw("7H"), PASS)
    assert who(state) == ("defend", 0, 1, 1, [])
    assert table_of(state) == [("7C", "9C"), ("9S", None), ("7H", None)]
    state = run(state, beat("7H", "10H"))
    assert state.view(None)["phase"] == "defend", "one card is still unbeaten"
    state = run(state, beat("9S", "JS"))
    assert who(state) == ("throw", 0, 1, 0, [2, 3])
    assert state.view(None)["throw_ranks"] == ["7", "9", "10", "J"]


def test_the_bout_is_beaten_off_when_everyone_asked_passes_and_the_defender_attacks_next():
    state = run(throw_in_table(), PASS, PASS, throw("9S"), throw("7H"), PASS, beat("7H", "10H"), beat("9S", "JS"))
    assert run(state, PASS, PASS).legal_actions() == [throw("9H"), PASS], "seat 3 is asked again"
    after = run(state, PASS, PASS, PASS)
    assert new_events(state, after)[-1] == {"type": "beaten-off", "seat": 1, "cards": ["7C", "9C", "9S", "JS", "7H",
                                                                                        "10H"]}
    assert after.view(None)["discard_size"] == state.view(None)["discard_size"] + 6
    assert after.view(None)["table"] == []
    assert who(after) == ("attack", 1, 2, 1, [])


def test_unbeaten_cards_never_outnumber_the_defenders_hand():
    # The defender keeps one card after beating the 7♣: one card may be thrown in, not two.
    state = run(bout("7C 7D 7H", "9C 8D", "7S", rest="discard"), attack("7C"), beat("7C", "9C"))
    assert state.view(None)["throw_limit"] == 1
    state = state.apply(throw("7D"))
    assert state.view(None)["throw_limit"] == 0
    assert state.legal_actions() == [PASS]
    with pytest.raises(IllegalAction) as raised:
        state.apply(throw("7H"))
    assert raised.value.code == "throw-limit"


def test_the_offer_skips_players_without_cards_and_wraps_round_the_table():
    hands = ("KH", "AH", "", "6D 7D", "7C 8C", "9C 6S")
    state = run(bout(*hands, attacker=4, rest="discard"), attack("7C"), beat("7C", "9C"))
    assert who(state) == ("throw", 4, 5, 4, [0, 1, 3])


# -- the end of a bout -------------------------------------------------------------------------------
def test_the_bout_is_beaten_off_at_once_when_the_defender_has_no_cards_left():
    state = run(bout("7C 7D 7H", "9C 8D", "7S", rest="discard"), attack("7C"), beat("7C", "9C"), throw("7D"),
                PASS)
    after = state.apply(beat("7D", "8D"))
    assert new_events(state, after) == [
        {"type": "beat", "seat": 1, "attack": "7D", "card": "8D"},
        {"type": "beaten-off", "seat": 1, "cards": ["7C", "9C", "7D", "8D"]},
        {"type": "out", "seat": 1},
    ]
    # The defender would attack next, but is out: the next holder clockwise attacks the one after it.
    assert who(after) == ("attack", 2, 0, 2, [])
    assert after.view(None)["out"] == [1]


def test_after_a_take_a_player_without_cards_is_skipped_as_attacker_and_as_defender():
    state = run(bout("7C 8S", "9D", "", "6H 7H", rest="discard"), attack("7C"), TAKE)
    assert who(state) == ("attack", 3, 0, 3, [])
    state = run(bout("7C 8S", "9D", "6S", "", "6H 7H", attacker=4, rest="discard"), attack("6H"), TAKE)
    assert who(state) == ("attack", 1, 2, 1, [])


def test_the_defender_is_the_next_player_clockwise_who_holds_cards():
    state = run(bout("7C 8S", "", "9D 6D", "6H 7H", rest="discard"), attack("7C"))
    assert state.view(None)["defender"] == 2 and state.log[-1]["target"] == 2


# -- refills -----------------------------------------------------------------------------------------
def test_the_refill_starts_with_the_bouts_attacker_and_goes_clockwise_until_the_stock_runs_out():
    hands = ("JS QS KS AS AH", "10C JC 6H 7H 8H 9H", "QC KC 6D 7D 8D", "9D 10D JD QD KD AD")
    state = run(bout(*hands, attacker=1, stock="6S 7S 8S 9S", rest="discard"), attack("10C", "JC"),
                beat("10C", "QC"), beat("JC", "KC"))
    assert who(state) == ("throw", 1, 2, 1, [3, 0])
    after = run(state, PASS, PASS, PASS)
    events = new_events(state, after)
    assert [event["type"] for event in events] == ["pass", "pass", "pass", "beaten-off", "draw", "draw"]
    assert events[-2:] == [{"type": "draw", "seat": 1, "count": 2}, {"type": "draw", "seat": 2, "count": 2}]
    assert hands_of(after) == ["JS QS KS AH AS", "6H 6S 7H 7S 8H 9H", "6D 7D 8D 8S 9S", "9D 10D JD QD KD AD"]
    assert after.view(None)["stock_size"] == 0
    assert after.view(1)["log"][-2] == {"type": "draw", "seat": 1, "count": 2, "cards": ["6S", "7S"]}
    assert after.view(2)["log"][-1] == {"type": "draw", "seat": 2, "count": 2, "cards": ["8S", "9S"]}
    assert after.view(2)["log"][-2] == {"type": "draw", "seat": 1, "count": 2}
    assert after.view(None)["out"] == [], "seat 0 is short of six but holds cards"
    assert who(after) == ("attack", 2, 3, 2, [])


def test_after_a_take_the_attacker_draws_first_and_nobody_beyond_six():
    hands = ("7C 8C 9C 6S 10H", "6D 7D 8D 9D", "10C JC 6H 7H 8H 9H")
    state = run(bout(*hands, attacker=2, stock="10S JS QS KS AS AH", rest="discard"), attack("10C", "JC"), TAKE)
    draws = of_type(state.log, "draw")
    assert draws == [{"type": "draw", "seat": 2, "count": 2}, {"type": "draw", "seat": 1, "count": 2}]
    assert hands_of(state) == ["6S 7C 8C 9C 10C 10H JC", "6D 7D 8D 9D QS KS", "6H 7H 8H 9H 10S JS"]
    assert state.view(None)["stock_size"] == 2
    assert who(state) == ("attack", 1, 2, 1, [])


# -- going out and the rooster -----------------------------------------------------------------------
def test_a_player_who_runs_out_while_the_stock_lasts_draws_and_stays_in():
    state = run(bout("7C", "9C 6D", stock="10S JS QS KS AS AH", rest="discard"), attack("7C"))
    assert state.view(None)["hand_sizes"] == [0, 2] and state.view(None)["out"] == []
    after = state.apply(beat("7C", "9C"))
    assert [event["type"] for event in new_events(state, after)] == ["beat", "beaten-off", "draw"]
    assert after.view(None)["hand_sizes"] == [6, 1] and after.view(None)["out"] == []
    assert who(after) == ("attack", 1, 0, 1, [])


def test_players_go_out_only_once_the_bout_is_over_and_the_refill_done():
    state = run(bout("7C", "9C 6D", "8S", rest="discard"), attack("7C"))
    assert state.view(None)["out"] == [] and state.view(None)["hand_sizes"][0] == 0
    state = state.apply(beat("7C", "9C"))
    assert who(state) == ("throw", 0, 1, 2, []), "seat 0 holds nothing and is not asked"
    assert state.view(None)["out"] == []
    after = state.apply(PASS)
    assert [event["type"] for event in new_events(state, after)] == ["pass", "beaten-off", "out"]
    assert after.log[-1] == {"type": "out", "seat": 0}
    assert after.view(None)["out"] == [0]
    assert who(after) == ("attack", 1, 2, 1, [])


def test_the_last_player_holding_cards_is_the_rooster_and_loses():
    state = run(bout("7C", "6D 9S", rest="discard"), attack("7C"))
    after = state.apply(beat("7C", "9S"))
    assert new_events(state, after)[-2:] == [{"type": "out", "seat": 0},
                                             {"type": "end", "seat": 1, "rooster": 1, "winners": [0]}]
    assert after.is_over and after.current_player is None and after.legal_actions() == []
    assert (after.scores, after.winners) == ([0, 1], [0])
    view = after.view(None)
    assert (view["rooster"], view["phase"], view["attacker"], view["defender"], view["is_over"]) == (
        1, None, None, None, True)
    assert (view["throw_ranks"], view["throw_limit"]) == ([], 0)


def test_when_nobody_is_left_holding_cards_there_is_no_rooster_and_everyone_wins():
    state = run(bout("7C", "9S", rest="discard"), attack("7C"))
    after = state.apply(beat("7C", "9S"))
    assert new_events(state, after) == [
        {"type": "beat", "seat": 1, "attack": "7C", "card": "9S"},
        {"type": "beaten-off", "seat": 1, "cards": ["7C", "9S"]},
        {"type": "out", "seat": 0}, {"type": "out", "seat": 1},
        {"type": "end", "seat": None, "rooster": None, "winners": [0, 1]},
    ]
    assert (after.is_over, after.scores, after.winners, after.view(None)["rooster"]) == (True, [0, 0], [0, 1], None)


def test_the_game_goes_on_while_two_players_hold_cards():
    state = run(bout("7C", "9S 6D", "6H 7H", rest="discard"), attack("7C"), beat("7C", "9S"), PASS)
    assert not state.is_over and state.view(None)["out"] == [0]
    assert who(state) == ("attack", 1, 2, 1, [])


def test_a_six_player_game_plays_to_a_rooster():
    rng = random.Random(6)
    state = GAME.new_game(6, seed=6)
    assert state.view(None)["stock_size"] == 0
    for _ in range(5000):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.is_over
    out = state.view(None)["out"]
    assert len(out) in (5, 6) and len(set(out)) == len(out)
    assert state.winners == [seat for seat in range(6) if seat != state.view(None)["rooster"]]


# -- presets -----------------------------------------------------------------------------------------
HAND = ("7C 7D 7H 8C 8D AS", "6C 6D 6H 6S JH QH")


def lead_sets(state):
    return [action["cards"] for action in state.legal_actions()]


def test_single_lead_allows_only_one_card_at_a_time():
    standard, single = bout(*HAND, rest="discard"), bout(*HAND, rest="discard", preset="single-lead")
    assert lead_sets(single) == [[card] for card in HAND[0].split()]
    assert lead_sets(single) == [cards for cards in lead_sets(standard) if len(cards) == 1]
    assert illegal_code(single, attack("7C", "8C")) == "lead-single"
    assert single.apply(attack("7C")).legal_actions() == standard.apply(attack("7C")).legal_actions()


def test_rank_lead_allows_several_of_one_rank_instead_of_one_suit():
    standard, by_rank = bout(*HAND, rest="discard"), bout(*HAND, rest="discard", preset="rank-lead")
    singles = [cards for cards in lead_sets(standard) if len(cards) == 1]
    assert lead_sets(by_rank) == singles + [["7C", "7D"], ["7C", "7H"], ["7D", "7H"], ["8C", "8D"],
                                            ["7C", "7D", "7H"]]
    assert illegal_code(by_rank, attack("7C", "8C")) == "lead-one-rank"
    assert by_rank.apply(attack("7H", "7C")).log[-1]["cards"] == ["7C", "7H"]


def test_short_hands_deal_and_refill_four_cards():
    state = GAME.new_game(4, seed=3, variant=GAME.variant("short-hands"))
    assert state.view(None)["hand_sizes"] == [4] * 4 and state.view(None)["stock_size"] == 20
    hands = ("7C 8C 9C", "6D 7D 8D 9D")
    short = run(bout(*hands, stock="10S JS QS KS", rest="discard", preset="short-hands"), attack("7C"), TAKE)
    assert of_type(short.log, "draw") == [{"type": "draw", "seat": 0, "count": 2}]
    assert short.view(None)["hand_sizes"] == [4, 5]
    standard = run(bout(*hands, stock="10S JS QS KS", rest="discard"), attack("7C"), TAKE)
    assert of_type(standard.log, "draw") == [{"type": "draw", "seat": 0, "count": 4}]
    assert lead_sets(bout(*hands, rest="discard", preset="short-hands")) == lead_sets(bout(*hands, rest="discard"))
