"""Variants, new_game and from_deal: validation and determinism."""

import dataclasses

import pytest

from games.rules import GAMES, get_game
from games.sunduchok.rules import PRESETS
from tests.rules.helpers import DECK_36, GAME

DEFAULTS = {"deck": 36, "hand_size": 4, "target": "any", "questions": "three", "must_hold_rank": True,
            "deal_all": False, "show_chests": True}


def test_the_game_is_registered_with_its_metadata():
    assert GAMES["sunduchok"] is GAME and get_game("sunduchok") is GAME
    assert (GAME.key, GAME.min_players, GAME.max_players) == ("sunduchok", 2, 6)
    assert isinstance(GAME.title, str) and GAME.title
    with pytest.raises(ValueError, match="Unknown game"):
        get_game("durak")


# -- variants ----------------------------------------------------------------------------------------
def test_the_presets_are_the_eight_of_the_rules():
    assert set(GAME.presets) == {"standard", "add-hobby", "nastolnie-igri", "deck-52", "aurabox", "deal-all",
                                 "open-ranks", "hidden-chests"}


@pytest.mark.parametrize(("preset", "changes"), [
    ("standard", {}),
    ("add-hobby", {"target": "next"}),
    ("nastolnie-igri", {"target": "same-after-success"}),
    ("deck-52", {"deck": 52}),
    ("aurabox", {"questions": "rank-only"}),
    ("deal-all", {"deal_all": True}),
    ("open-ranks", {"must_hold_rank": False}),
    ("hidden-chests", {"show_chests": False}),
])
def test_each_preset_changes_only_its_own_fields(preset, changes):
    variant = GAME.variant(preset=preset)
    assert dataclasses.asdict(variant) == {**DEFAULTS, **changes}
    assert GAME.presets[preset] == PRESETS[preset]


def test_the_default_variant_is_standard_and_frozen():
    variant = GAME.variant()
    assert variant == GAME.variant(preset="standard")
    with pytest.raises(dataclasses.FrozenInstanceError):
        variant.deck = 52


def test_fields_override_the_preset():
    variant = GAME.variant(preset="aurabox", deck=52, show_chests=False)
    assert (variant.questions, variant.deck, variant.show_chests) == ("rank-only", 52, False)


@pytest.mark.parametrize(("preset", "fields", "message"), [
    ("durak", {}, "no preset 'durak'"),
    ("standard", {"colour": True}, "Unknown variant field 'colour'"),
    ("standard", {"deck": 40}, "'deck'"),
    ("standard", {"deck": "36"}, "'deck'"),
    ("standard", {"deck": 36.0}, "'deck'"),
    ("standard", {"hand_size": 0}, "'hand_size'"),
    ("standard", {"hand_size": 10}, "'hand_size'"),
    ("standard", {"hand_size": True}, "'hand_size'"),
    ("standard", {"target": "left"}, "'target'"),
    ("standard", {"questions": "two"}, "'questions'"),
    ("standard", {"must_hold_rank": 1}, "'must_hold_rank'"),
    ("standard", {"deal_all": 0}, "'deal_all'"),
    ("standard", {"show_chests": "yes"}, "'show_chests'"),
    ("deck-52", {"deck": None}, "'deck'"),
])
def test_bad_variants_raise_value_error(preset, fields, message):
    with pytest.raises(ValueError, match=message):
        GAME.variant(preset=preset, **fields)


def test_new_game_takes_a_variant_as_a_dict_of_fields():
    state = GAME.new_game(players=3, seed=1, variant={"deck": 52})
    assert state.view(None)["variant"] == {**DEFAULTS, "deck": 52}
    with pytest.raises(ValueError):
        GAME.new_game(players=3, seed=1, variant={"deck": 53})
    with pytest.raises(ValueError):
        GAME.new_game(players=3, seed=1, variant="aurabox")


# -- new_game ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", [None, GAME.variant(preset="deal-all"), GAME.variant(preset="deck-52")])
def test_new_game_is_deterministic(variant):
    first = GAME.new_game(players=4, seed=99, variant=variant, dealer=2)
    again = GAME.new_game(players=4, seed=99, variant=variant, dealer=2)
    assert first == again and first.to_dict() == again.to_dict()


def test_different_seeds_give_different_deals():
    deals = {tuple(GAME.new_game(players=3, seed=seed).to_dict()["stock"]) for seed in range(30)}
    assert len(deals) == 30


def test_the_dealer_moves_the_deal_round_the_table():
    by_dealer = [GAME.new_game(players=3, seed=5, dealer=dealer).to_dict()["hands"] for dealer in range(3)]
    assert by_dealer[1] == by_dealer[0][-1:] + by_dealer[0][:-1]
    assert by_dealer[2] == by_dealer[0][-2:] + by_dealer[0][:-2]


@pytest.mark.parametrize(("players", "dealer"), [
    (1, 0), (7, 0), (0, 0), (-2, 0), ("3", 0), (2.0, 0), (None, 0), (True, 0),
    (3, -1), (3, 3), (3, "0"), (3, None), (3, 1.0), (3, True), (3, False),
])
def test_new_game_rejects_bad_tables(players, dealer):
    with pytest.raises(ValueError):
        GAME.new_game(players=players, seed=1, dealer=dealer)


def test_new_game_rejects_hands_larger_than_the_deck():
    with pytest.raises(ValueError, match="need more than 36 cards"):
        GAME.new_game(players=5, seed=1, variant={"hand_size": 8})
    assert GAME.new_game(players=4, seed=1, variant={"hand_size": 9}).view(None)["stock_size"] == 0


# -- from_deal ---------------------------------------------------------------------------------------
HANDS = [list(DECK_36[0:8:2]), list(DECK_36[1:8:2])]
STOCK = list(DECK_36[8:])


def test_from_deal_takes_the_cards_as_given():
    state = GAME.from_deal(hands=HANDS, stock=STOCK, dealer=1, seed=3)
    assert state.to_dict()["hands"] == HANDS and state.to_dict()["stock"] == STOCK
    assert state.current_player == 0


@pytest.mark.parametrize(("hands", "stock", "message"), [
    (HANDS, STOCK[1:], "missing"),
    (HANDS, STOCK + ["AS"], "dealt twice"),
    ([HANDS[0], HANDS[1] + [HANDS[0][0]]], STOCK, "dealt twice"),
    (HANDS, ["2C"] + STOCK[1:], "not in this deck"),
    (HANDS, STOCK + ["2C"], "not in this deck"),
    (HANDS, ["1H"] + STOCK[1:], "not a card"),
    (HANDS, ["QX"] + STOCK[1:], "not a card"),
    (HANDS, ["qh"] + STOCK[1:], "not a card"),
    (HANDS, [""] + STOCK[1:], "not a card"),
    (HANDS, [12] + STOCK[1:], "not a card"),
    (HANDS, [None] + STOCK[1:], "not a card"),
    ([HANDS[0] + HANDS[1]], STOCK, "2 to 6 players"),
    ([[]] * 7, list(DECK_36), "2 to 6 players"),
    ("QH QC", STOCK, "list of card lists"),
])
def test_from_deal_rejects_anything_but_exactly_the_deck(hands, stock, message):
    with pytest.raises(ValueError, match=message):
        GAME.from_deal(hands=hands, stock=stock, dealer=0)


def test_from_deal_rejects_a_bad_dealer():
    with pytest.raises(ValueError, match="dealer"):
        GAME.from_deal(hands=HANDS, stock=STOCK, dealer=2)
