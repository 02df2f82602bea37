"""Yashchiki setup (yashchiki.md): the 15 deals and their hand sizes, dealing, the up-card, the first
player, the rotation of the dealer, determinism, from_deal's checks and the presets."""

import random

import pytest

from games.rules import IllegalAction
from tests.rules.yashchiki_helpers import DECK, GAME, hands_of, of_type, play_randomly, table

STANDARD_SIZES = [8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8]


def finished_match(preset, seed, dealer=0):
    state = play_randomly(GAME.new_game(seed=seed, variant=GAME.variant(preset), dealer=dealer),
                          random.Random(seed), 20000)
    assert state.is_over
    return state


@pytest.mark.parametrize(("preset", "sizes"), [("standard", STANDARD_SIZES), ("short", STANDARD_SIZES[:8])])
def test_a_match_deals_each_hand_size_in_turn_and_passes_the_deal_clockwise(preset, sizes):
    state = finished_match(preset, seed=7, dealer=2)
    deals = of_type(state.log, "deal")
    assert [event["deal_number"] for event in deals] == list(range(1, len(sizes) + 1))
    assert [event["hand_sizes"] for event in deals] == [[size] * 4 for size in sizes]
    assert [event["stock_size"] for event in deals] == [52 - 4 * size - 1 for size in sizes]
    assert [event["seat"] for event in deals] == [(2 + index) % 4 for index in range(len(sizes))]
    ends = of_type(state.log, "deal-end")
    assert [event["deal_number"] for event in ends] == list(range(1, len(sizes) + 1))
    assert state.log[-1]["type"] == "end"


def test_each_deal_opens_with_the_deal_event_and_closes_with_its_score():
    state = finished_match("short", seed=3)
    kinds = [event["type"] for event in state.log if event["type"] in ("deal", "deal-end", "end")]
    assert kinds == ["deal", "deal-end"] * 8 + ["end"]
    assert state.log[0]["type"] == "deal"


@pytest.mark.parametrize("dealer", range(4))
def test_cards_are_dealt_one_at_a_time_from_the_dealers_left_then_the_up_card_then_the_stock(dealer):
    seed = 1234 + dealer
    state = GAME.new_game(seed=seed, dealer=dealer)
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    expected = [[] for _ in range(4)]
    for index, card in enumerate(deck[:32]):
        expected[(dealer + 1 + index) % 4].append(card)
    deal = state.log[0]
    assert deal == {"type": "deal", "seat": dealer, "deal_number": 1, "hand_sizes": [8] * 4, "stock_size": 19,
                    "upcard": deck[32]}
    # The first player may have drawn already (no card of the up-card's suit): compare the dealt cards.
    for seat in range(4):
        drawn = [card for event in state.view(seat)["log"] if event["type"] == "draw" and event["seat"] == seat
                 for card in event["cards"]]
        assert sorted(state.view(seat)["hand"], key=DECK.index) == sorted(expected[seat] + drawn, key=DECK.index)
    locations = state.card_locations()
    assert locations[deck[32]] == "discard"
    stock_size = state.view(None)["stock_size"]
    assert {card for card, place in locations.items() if place == "stock"} == set(deck[52 - stock_size:]), (
        "draws come from the top of the stock, the cards after the up-card")


def test_the_up_card_sets_the_suit_and_the_dealers_left_plays_first():
    state = table("KH 3C", "QH", "JH", "AH", upcard="5H", dealer=1)
    view = state.view(None)
    assert (view["top_card"], view["suit"], view["direction"], view["chain"]) == ("5H", "H", "clockwise", 0)
    assert state.current_player == 2 and view["dealer"] == 1
    assert state.legal_actions() == [{"type": "play", "cards": ["JH"]}]


def test_a_first_player_without_the_suit_draws_and_the_next_seat_plays():
    state = table("KC 3C", "QH", "JH", "AH", upcard="5H", stock="4H")
    assert state.log[1:] == [{"type": "draw", "seat": 0, "count": 1, "reason": "no-card"}]
    assert hands_of(state)[0] == "3C 4H KC" and state.current_player == 1


def test_the_view_names_partner_deal_and_hand_size():
    state = table("KH", "QH", "JH", "AH", upcard="5H", deal_number=8, dealer=0)
    for seat in range(4):
        view = state.view(seat)
        assert view["partner"] == (seat + 2) % 4
        assert (view["deal_number"], view["deals"], view["hand_size"]) == (8, 15, 1)
        assert view["scores"] == [0] * 4 and view["team_totals"] == [0, 0]
    assert state.view(None)["partner"] is None and state.view(None)["hand"] is None
    assert state.current_player == 1


@pytest.mark.parametrize("preset", sorted(GAME.presets))
def test_new_game_is_deterministic(preset):
    arguments = {"seed": 99, "variant": GAME.variant(preset), "dealer": 1}
    first, second = GAME.new_game(**arguments), GAME.new_game(**arguments)
    assert first == second and first.to_dict() == second.to_dict()
    assert GAME.new_game(**{**arguments, "seed": 100}).card_locations() != first.card_locations()


@pytest.mark.parametrize("arguments", [{"players": 3}, {"players": 5}, {"dealer": 4}, {"dealer": -1},
                                       {"dealer": "0"}])
def test_new_game_takes_four_players_and_a_seat_as_dealer(arguments):
    with pytest.raises(ValueError):
        GAME.new_game(**arguments)


def deal_parts():
    hands = [DECK[0:8], DECK[8:16], DECK[16:24], DECK[24:32]]
    return hands, DECK[33:], DECK[32]


@pytest.mark.parametrize("change", [
    "missing stock card", "card twice", "extra card", "up-card twice", "no up-card", "three hands", "five hands",
    "empty hand", "not a card", "hands a string", "stock a string", "deal number 0", "deal number 16", "dealer 4",
])
def test_from_deal_refuses_anything_but_the_52_card_deck_in_four_hands_with_an_up_card(change):
    hands, stock, upcard = deal_parts()
    arguments = {"hands": hands, "stock": stock, "upcard": upcard}
    if change == "missing stock card":
        arguments["stock"] = stock[1:]
    elif change == "card twice":
        arguments["stock"] = [*stock[1:], hands[0][0]]
    elif change == "extra card":
        arguments["hands"] = [[*hands[0], hands[1][0]], *hands[1:]]
    elif change == "up-card twice":
        arguments["stock"] = [*stock, upcard]
    elif change == "no up-card":
        arguments["upcard"] = None
        arguments["stock"] = [upcard, *stock]
    elif change == "three hands":
        arguments["hands"] = [hands[0], hands[1], hands[2] + hands[3]]
    elif change == "five hands":
        arguments["hands"] = [*hands[:3], hands[3][:4], hands[3][4:]]
    elif change == "empty hand":
        arguments["hands"] = [hands[0] + hands[3], hands[1], hands[2], []]
    elif change == "not a card":
        arguments["upcard"] = "1H"
    elif change == "hands a string":
        arguments["hands"] = "2C 3C"
    elif change == "stock a string":
        arguments["stock"] = " ".join(stock)
    elif change == "deal number 0":
        arguments["deal_number"] = 0
    elif change == "deal number 16":
        arguments["deal_number"] = 16
    else:
        arguments["dealer"] = 4
    with pytest.raises(ValueError):
        GAME.from_deal(**arguments)


def test_from_deal_accepts_hands_of_any_size_for_lessons():
    hands, stock, upcard = deal_parts()
    state = GAME.from_deal(hands=[hands[0][:1], hands[1][:3], hands[2], hands[3]],
                           stock=hands[0][1:] + hands[1][3:] + stock, upcard=upcard, dealer=2, deal_number=15)
    assert state.view(None)["hand_sizes"][:2] in ([1, 3], [1, 4])
    assert state.view(None)["deal_number"] == 15 and state.view(None)["dealer"] == 2


def test_presets_change_exactly_their_fields():
    standard = GAME.variant().to_dict()
    assert standard == {"hand_sizes": STANDARD_SIZES, "ace_points": 0, "upcard_effect": False,
                        "nine_same_colour": False, "draw_when_able": False, "two_penalty": "chain-plus-one"}
    expected = {
        "standard": {},
        "crates": {"ace_points": 1, "upcard_effect": True, "nine_same_colour": True},
        "free-draw": {"draw_when_able": True},
        "short": {"hand_sizes": STANDARD_SIZES[:8]},
    }
    assert sorted(GAME.presets) == sorted(expected)
    for preset, changes in expected.items():
        fields = GAME.variant(preset).to_dict()
        assert {key: value for key, value in fields.items() if standard[key] != value} == changes


@pytest.mark.parametrize("fields", [
    {"hand_sizes": []}, {"hand_sizes": [0]}, {"hand_sizes": [13]}, {"hand_sizes": [8.0]}, {"hand_sizes": "8"},
    {"hand_sizes": [True]}, {"ace_points": 2}, {"ace_points": True}, {"upcard_effect": 1},
    {"nine_same_colour": "yes"}, {"draw_when_able": None}, {"two_penalty": "double"}, {"jokers": 2},
])
def test_bad_variant_fields_raise_value_error(fields):
    with pytest.raises(ValueError):
        GAME.variant(**fields)


def test_unknown_preset_raises_value_error():
    with pytest.raises(ValueError):
        GAME.variant("crazy-eights")


def test_a_custom_hand_sizes_variant_sets_the_number_of_deals():
    state = GAME.new_game(seed=5, variant=GAME.variant(hand_sizes=[2, 1]))
    assert state.view(0)["deals"] == 2 and len(state.view(0)["hand"]) in (2, 3)
    state = play_randomly(state, random.Random(5), 2000)
    assert state.is_over and [event["hand_sizes"] for event in of_type(state.log, "deal")] == [[2] * 4, [1] * 4]
    with pytest.raises(IllegalAction):
        state.apply({"type": "draw"})
