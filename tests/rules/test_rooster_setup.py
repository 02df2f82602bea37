"""Chuvash Rooster variants, presets, new_game and from_deal: validation, dealing, the first attack of
the first game and of a later game, and the view at the start."""

import dataclasses
import json
import random

import pytest

from games.rooster.rules import PRESET_DESCRIPTIONS, PRESETS, RoosterVariant
from games.rules import GAMES, IllegalAction, get_game
from tests.rules.rooster_helpers import DECK, GAME, PASS, attack, beat, hands_of, run, table

DEFAULTS = {"hand_size": 6, "suit_order": ["S", "H", "D", "C"], "multi_lead": "same-suit"}
# The search for the first attacker under the standard suits, written out as rooster.md lists it
# (with the 7♥ that the source's list skips).
LOWEST_FIRST = ("6C 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H 8S 9C 9D 9H 9S 10C 10D 10H 10S "
                "JC JD JH JS QC QD QH QS KC KD KH KS AC AD AH AS").split()


def test_the_game_is_registered_with_its_metadata():
    assert GAMES["rooster"] is GAME and get_game("rooster") is GAME
    assert (GAME.key, GAME.title, GAME.min_players, GAME.max_players) == ("rooster", "Chuvash Rooster", 2, 6)


# -- variants ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("preset", "changes"), [
    ("standard", {}),
    ("single-lead", {"multi_lead": "single"}),
    ("rank-lead", {"multi_lead": "same-rank"}),
    ("short-hands", {"hand_size": 4}),
])
def test_each_preset_changes_only_its_own_fields(preset, changes):
    variant = GAME.variant(preset=preset)
    assert variant.to_dict() == {**DEFAULTS, **changes}
    assert json.loads(json.dumps(variant.to_dict())) == variant.to_dict()
    assert GAME.presets[preset] == PRESETS[preset]


def test_the_presets_are_the_four_of_the_rules_each_with_a_one_sentence_description():
    assert set(PRESETS) == {"standard", "single-lead", "rank-lead", "short-hands"}
    assert set(PRESET_DESCRIPTIONS) == set(PRESETS) == set(GAME.preset_descriptions)
    for text in PRESET_DESCRIPTIONS.values():
        assert text[:1].isupper() and text.endswith(".")


def test_the_default_variant_is_standard_and_frozen():
    variant = GAME.variant()
    assert variant == GAME.variant(preset="standard") == RoosterVariant()
    with pytest.raises(dataclasses.FrozenInstanceError):
        variant.hand_size = 4


def test_a_suit_order_list_is_stored_as_a_tuple_and_round_trips():
    variant = GAME.variant(suit_order=["C", "D", "H", "S"])
    assert variant.suit_order == ("C", "D", "H", "S")
    assert GAME.variant(**variant.to_dict()) == variant


@pytest.mark.parametrize(("preset", "fields", "message"), [
    ("durak", {}, "no preset 'durak'"),
    ("standard", {"trumps": "S"}, "Unknown variant field 'trumps'"),
    ("standard", {"hand_size": 0}, "'hand_size'"),
    ("standard", {"hand_size": 19}, "'hand_size'"),
    ("standard", {"hand_size": "6"}, "'hand_size'"),
    ("standard", {"hand_size": True}, "'hand_size'"),
    ("standard", {"suit_order": ["S", "H", "D"]}, "'suit_order'"),
    ("standard", {"suit_order": ["S", "H", "D", "D"]}, "'suit_order'"),
    ("standard", {"suit_order": "SHDC"}, "'suit_order'"),
    ("standard", {"suit_order": None}, "'suit_order'"),
    ("standard", {"multi_lead": "any"}, "'multi_lead'"),
    ("standard", {"multi_lead": None}, "'multi_lead'"),
])
def test_bad_variants_raise_value_error(preset, fields, message):
    with pytest.raises(ValueError, match=message):
        GAME.variant(preset=preset, **fields)


def test_new_game_takes_a_variant_a_dict_or_none():
    assert GAME.new_game(3, seed=1, variant={"hand_size": 4}) == GAME.new_game(3, seed=1, variant=GAME.variant(
        "short-hands"))
    assert GAME.new_game(3, seed=1, variant=None) == GAME.new_game(3, seed=1)
    with pytest.raises(ValueError):
        GAME.new_game(3, seed=1, variant="short-hands")


# -- tables ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [0, 1, 7, True, "3", 3.0])
def test_rooster_takes_two_to_six_players(players):
    with pytest.raises(ValueError, match="2 to 6 players"):
        GAME.new_game(players, seed=1)


@pytest.mark.parametrize("seat", [-1, 3, True, "0", 1.0])
def test_the_dealer_and_the_previous_loser_must_be_seats(seat):
    with pytest.raises(ValueError, match="dealer"):
        GAME.new_game(3, seed=1, dealer=seat)
    with pytest.raises(ValueError, match="previous loser"):
        GAME.new_game(3, seed=1, previous_loser=seat)
    with pytest.raises(ValueError, match="dealer"):
        table("6C", "7C", "8C", dealer=seat)


@pytest.mark.parametrize(("players", "hand_size"), [(6, 7), (5, 8), (4, 10), (3, 13)])
def test_hands_that_the_deck_cannot_deal_are_refused(players, hand_size):
    with pytest.raises(ValueError, match="36-card deck"):
        GAME.new_game(players, seed=1, variant={"hand_size": hand_size})
    fitting = GAME.new_game(players, seed=1, variant={"hand_size": 36 // players})
    assert fitting.view(None)["stock_size"] == 36 - players * (36 // players)


@pytest.mark.parametrize(("players", "dealer"), [(2, 0), (2, 1), (3, 2), (4, 1), (5, 4), (6, 3)])
def test_new_game_shuffles_with_the_seed_and_deals_six_each_one_at_a_time_from_the_dealers_left(players, dealer):
    deck = list(DECK)
    random.Random(2024).shuffle(deck)
    state = GAME.new_game(players, seed=2024, dealer=dealer)
    dealt = deck[:6 * players]
    for offset in range(players):
        seat = (dealer + 1 + offset) % players
        assert state.view(seat)["hand"] == [card for card in DECK if card in dealt[offset::players]]
    assert state.to_dict()["stock"] == deck[6 * players:], "the rest, face down, top first"
    view = state.view(None)
    assert (view["stock_size"], view["discard_size"], view["hand_sizes"]) == (36 - 6 * players, 0, [6] * players)
    assert state.log[0] == {"type": "deal", "seat": dealer, "hand_sizes": [6] * players,
                            "stock_size": 36 - 6 * players, "discard_size": 0,
                            "previous_loser": None}


def test_the_first_dealer_is_seat_0_unless_given():
    assert GAME.new_game(4, seed=5).view(None)["dealer"] == 0
    assert table("6C", "7C").view(None)["dealer"] == 0
    assert GAME.new_game(4, seed=5, dealer=2).view(None)["dealer"] == 2


def test_the_same_arguments_give_the_same_game_and_another_seed_another():
    for players in range(2, 7):
        assert GAME.new_game(players, seed=7, dealer=1) == GAME.new_game(players, seed=7, dealer=1)
        assert GAME.new_game(players, seed=7).to_dict() == GAME.new_game(players, seed=7).to_dict()
        assert hands_of(GAME.new_game(players, seed=7)) != hands_of(GAME.new_game(players, seed=8))
    assert GAME.new_game(3, seed="any string") == GAME.new_game(3, seed="any string")


def test_the_six_player_game_deals_the_whole_deck():
    state = GAME.new_game(6, seed=11)
    assert state.view(None)["stock_size"] == 0
    assert sorted(state.card_locations().values()) == sorted(f"hand:{seat}" for seat in range(6) for _ in range(6))


# -- from_deal ---------------------------------------------------------------------------------------
def test_from_deal_takes_the_cards_as_given_and_sorts_the_hands_in_deck_order():
    state = GAME.from_deal(hands=[["AS", "6C", "10H"], ["KD", "7C"]], stock=[card for card in DECK if card not in
                                                                             {"AS", "6C", "10H", "KD", "7C"}])
    assert hands_of(state) == ["6C 10H AS", "7C KD"]
    assert state.card_locations()["AS"] == "hand:0" and state.card_locations()["6D"] == "stock"


def test_from_deal_takes_a_discard_pile_for_positions_late_in_a_game():
    state = table("6C 7C", "8C 9C", rest="discard")
    view = state.view(None)
    assert (view["stock_size"], view["discard_size"]) == (0, 32)
    assert state.card_locations()["AS"] == "discard"


@pytest.mark.parametrize(("hands", "stock", "discard", "message"), [
    ([DECK[:18], DECK[18:]], DECK[:1], [], "dealt twice"),
    ([DECK[:18], DECK[18:35]], [], [], "missing"),
    ([DECK[:18], DECK[18:]], [], ["AS"], "dealt twice"),
    ([[*DECK[:17], "2C"], DECK[18:]], [], [], "'2C' is not a card"),
    ([[*DECK[:17], "10"], DECK[18:]], [], [], "is not a card"),
    ([DECK], [], [], "2 to 6 players"),
    ([DECK[:6], DECK[6:12], DECK[12:18], DECK[18:24], DECK[24:30], DECK[30:33], DECK[33:]], [], [], "2 to 6"),
    ([DECK, []], [], [], "At least two players"),
    ("6C 7C", DECK, [], "hands must be a list"),
    ([DECK[:18], " ".join(DECK[18:])], [], [], "list of card lists"),
    ([DECK[:18], DECK[18:]], "6C", [], "stock must be a list"),
])
def test_from_deal_rejects_anything_but_the_36_card_deck_in_two_to_six_hands(hands, stock, discard, message):
    with pytest.raises(ValueError, match=message):
        GAME.from_deal(hands=hands, stock=stock, discard=discard)


# -- the first attack of the first game --------------------------------------------------------------
def test_the_holder_of_the_six_of_clubs_attacks_with_it_alone_against_the_next_player():
    state = table("7C 8C 9C", "AS KS", "6C JC QC KC", "AH")
    view = state.view(None)
    assert (view["attacker"], view["defender"], view["current_player"], view["phase"]) == (2, 3, 2, "attack")
    assert view["first_card"] == "6C"
    assert state.legal_actions() == [attack("6C")]
    assert state.log[1] == {"type": "first-attacker", "seat": 2, "card": "6C"}
    with pytest.raises(IllegalAction) as raised:
        state.apply(attack("6C", "JC"))         # even several of one suit
    assert raised.value.code == "first-card"
    after = state.apply(attack("6C"))
    assert after.log[-1] == {"type": "attack", "seat": 2, "target": 3, "cards": ["6C"]}
    assert after.view(None)["first_card"] is None


def test_the_first_attack_goes_to_the_next_player_who_holds_cards():
    state = table("9C", "", "6C 7C", "", "8C")
    assert (state.view(None)["attacker"], state.view(None)["defender"]) == (2, 4)
    state = table("9C", "", "8C", "", "6C")
    assert (state.view(None)["attacker"], state.view(None)["defender"]) == (4, 0)


@pytest.mark.parametrize("lowest_dealt", range(len(LOWEST_FIRST) - 4))
def test_when_the_lower_cards_are_in_the_stock_the_lowest_card_dealt_opens(lowest_dealt):
    # Every card below LOWEST_FIRST[lowest_dealt] is in the stock; that card and three above it are
    # dealt, the lowest to seat 2 of three.
    card, *higher = LOWEST_FIRST[lowest_dealt:lowest_dealt + 4]
    state = table(" ".join(higher[:2]), higher[2], card)
    assert (state.view(None)["first_card"], state.view(None)["attacker"], state.view(None)["defender"]) == (card, 2, 0)
    assert state.legal_actions() == [attack(card)]


def test_the_search_puts_the_seven_of_hearts_between_the_seven_of_diamonds_and_the_seven_of_spades():
    assert table("7S 8C", "7H 9C", stock="6C 6D 6H 6S 7C 7D").view(None)["first_card"] == "7H"
    assert table("7S 7H", "8C", stock="6C 6D 6H 6S 7C 7D").view(None)["first_card"] == "7H"
    assert table("7S 8C", "7D 9C", stock="6C 6D 6H 6S 7C 7H").view(None)["first_card"] == "7D"
    assert table("7S 8C", "AS 9C", stock="6C 6D 6H 6S 7C 7D 7H").view(None)["first_card"] == "7S"


def test_the_search_starts_from_the_lowest_suit_of_the_suit_order():
    clubs_high = ["C", "D", "H", "S"]
    assert table("6C 6D", "6S 7S", suit_order=clubs_high).view(None)["first_card"] == "6S"
    assert table("6C 6D", "6H 7S", suit_order=clubs_high).view(None)["first_card"] == "6H"
    assert table("6C 6D", "6H 7S").view(None)["first_card"] == "6C"


def test_after_the_first_attack_leads_are_ordinary():
    # 6♣ against seat 1, who beats it with the 7♣ and, nobody throwing in, attacks next.
    state = run(table("6C 9C 10C", "7C 8D 9D 10D", rest="discard"), attack("6C"))
    state = run(state, beat("6C", "7C"), PASS)
    assert state.view(None)["attacker"] == 1 and state.view(None)["first_card"] is None
    assert attack("8D", "9D", "10D") not in state.legal_actions(), "seat 0 holds only two cards"
    assert attack("8D", "9D") in state.legal_actions()


# -- a later game ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "loser"), [(2, 0), (2, 1), (3, 0), (4, 2), (5, 3), (6, 5), (6, 0)])
def test_in_a_later_game_the_loser_deals_and_the_seat_before_it_attacks_it(players, loser):
    state = GAME.new_game(players, seed=31, dealer=(loser + 1) % players, previous_loser=loser)
    deck = list(DECK)
    random.Random(31).shuffle(deck)
    for offset in range(players):      # dealt from the loser's left
        assert set(state.view((loser + 1 + offset) % players)["hand"]) == set(deck[offset:6 * players:players])
    view = state.view(None)
    assert (view["dealer"], view["attacker"], view["defender"]) == (loser, (loser - 1) % players, loser)
    assert view["first_card"] is None
    assert [event["type"] for event in state.log] == ["deal"] and state.log[0]["previous_loser"] == loser
    hand = state.view(view["attacker"])["hand"]
    leads = state.legal_actions()
    assert [action["cards"] for action in leads if len(action["cards"]) == 1] == [[card] for card in hand]
    suits = {card[-1] for card in hand}
    assert any(len(action["cards"]) > 1 for action in leads) == (len(suits) < len(hand))


def test_from_deal_with_a_previous_loser_has_no_first_card_search():
    state = table("7C 8C", "6C 9C", "AS", previous_loser=1)
    view = state.view(None)
    assert (view["dealer"], view["attacker"], view["defender"], view["first_card"]) == (1, 0, 1, None)
    assert state.legal_actions() == [attack("7C"), attack("8C"), attack("7C", "8C")]


def test_if_the_seat_before_the_loser_holds_nothing_the_nearest_holder_before_it_attacks():
    state = table("7C 8C", "", "6C 9C", "AS", previous_loser=2)
    assert (state.view(None)["attacker"], state.view(None)["defender"]) == (0, 2)


# -- the view at the start ---------------------------------------------------------------------------
VIEW_KEYS = {"game", "seat", "players", "dealer", "variant", "hand", "hand_sizes", "stock_size", "discard_size",
             "first_card", "attacker", "defender", "table", "throw_ranks", "throw_limit", "offer", "out", "rooster",
             "current_player", "phase", "scores", "log", "is_over", "winners"}


def test_the_view_at_the_start_of_a_game():
    state = table("AS 6C", "7C", "8C", rest="discard", dealer=2)
    deal = {"type": "deal", "seat": 2, "hand_sizes": [2, 1, 1], "stock_size": 0, "discard_size": 32,
            "previous_loser": None}
    assert state.view(1) == {
        "game": "rooster", "seat": 1, "players": 3, "dealer": 2, "variant": DEFAULTS, "hand": ["7C"],
        "hand_sizes": [2, 1, 1], "stock_size": 0, "discard_size": 32, "first_card": "6C", "attacker": 0,
        "defender": 1, "table": [], "throw_ranks": [], "throw_limit": 1, "offer": [], "out": [], "rooster": None,
        "current_player": 0, "phase": "attack", "scores": [0, 0, 0],
        "log": [deal, {"type": "first-attacker", "seat": 0, "card": "6C"}], "is_over": False, "winners": [],
    }
    spectator = state.view(None)
    assert set(spectator) == VIEW_KEYS and spectator["hand"] is None and spectator["seat"] is None


@pytest.mark.parametrize("seat", [-1, 3, True, "0", 1.5])
def test_view_rejects_a_seat_that_is_not_at_the_table(seat):
    with pytest.raises(ValueError):
        table("6C", "7C", "8C").view(seat)
