"""Hearts variants, presets, new_game and from_deal: validation, determinism, dealing and the view's shape."""

import dataclasses
import json
import random

import pytest

from games.hearts.rules import PRESET_DESCRIPTIONS, PRESETS, HeartsVariant
from games.rules import GAMES, get_game
from tests.rules.hearts_helpers import DECK, EXAMPLE, GAME, finish_deal, table

DEFAULTS = {"pass_cycle": ["left", "right", "across", "none"], "qs_breaks_hearts": "never",
            "hearts_broken_by": "discard", "points_on_first_trick": "never-unless-forced", "moon": "add-to-others",
            "end_at": 100, "tie": "shared"}


def test_the_game_is_registered_with_its_metadata():
    assert GAMES["hearts"] is GAME and get_game("hearts") is GAME
    assert (GAME.key, GAME.title, GAME.min_players, GAME.max_players) == ("hearts", "Hearts", 4, 4)


# -- variants ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("preset", "changes"), [
    ("standard", {}),
    ("bicycle", {"qs_breaks_hearts": "when-discarded"}),
    ("moon-subtract", {"moon": "subtract"}),
    ("moon-choice", {"moon": "choice"}),
    ("short-50", {"end_at": 50}),
    ("play-on-ties", {"tie": "play-on"}),
    ("openspiel", {"qs_breaks_hearts": "when-played", "hearts_broken_by": "any-heart"}),
])
def test_each_preset_changes_only_its_own_fields(preset, changes):
    variant = GAME.variant(preset=preset)
    assert variant.to_dict() == {**DEFAULTS, **changes}
    assert json.loads(json.dumps(variant.to_dict())) == variant.to_dict()
    assert GAME.presets[preset] == PRESETS[preset]


def test_every_preset_has_a_one_sentence_description():
    assert set(PRESET_DESCRIPTIONS) == set(PRESETS) == set(GAME.preset_descriptions)
    for text in PRESET_DESCRIPTIONS.values():
        assert text[:1].isupper() and text.endswith(".") and text.count(". ") == 0


def test_the_default_variant_is_standard_and_frozen():
    variant = GAME.variant()
    assert variant == GAME.variant(preset="standard") == HeartsVariant()
    with pytest.raises(dataclasses.FrozenInstanceError):
        variant.end_at = 50


def test_a_pass_cycle_list_is_stored_as_a_tuple_and_round_trips():
    variant = GAME.variant(pass_cycle=["across", "none"])
    assert variant.pass_cycle == ("across", "none")
    assert variant.to_dict()["pass_cycle"] == ["across", "none"]
    assert GAME.variant(**variant.to_dict()) == variant


def test_fields_override_the_preset():
    variant = GAME.variant(preset="short-50", end_at=75, tie="play-on")
    assert (variant.end_at, variant.tie) == (75, "play-on")


@pytest.mark.parametrize(("preset", "fields", "message"), [
    ("spades", {}, "no preset 'spades'"),
    ("standard", {"jack_of_diamonds": True}, "Unknown variant field 'jack_of_diamonds'"),
    ("standard", {"pass_cycle": []}, "'pass_cycle'"),
    ("standard", {"pass_cycle": "left"}, "'pass_cycle'"),
    ("standard", {"pass_cycle": ["left", "sideways"]}, "'pass_cycle'"),
    ("standard", {"pass_cycle": None}, "'pass_cycle'"),
    ("standard", {"pass_cycle": [1]}, "'pass_cycle'"),
    ("standard", {"qs_breaks_hearts": True}, "'qs_breaks_hearts'"),
    ("standard", {"qs_breaks_hearts": "always"}, "'qs_breaks_hearts'"),
    ("standard", {"hearts_broken_by": "lead"}, "'hearts_broken_by'"),
    ("standard", {"points_on_first_trick": "never"}, "'points_on_first_trick'"),
    ("standard", {"moon": "none"}, "'moon'"),
    ("standard", {"end_at": 0}, "'end_at'"),
    ("standard", {"end_at": 1001}, "'end_at'"),
    ("standard", {"end_at": "100"}, "'end_at'"),
    ("standard", {"end_at": 100.0}, "'end_at'"),
    ("standard", {"end_at": True}, "'end_at'"),
    ("standard", {"tie": "split"}, "'tie'"),
])
def test_bad_variants_raise_value_error(preset, fields, message):
    with pytest.raises(ValueError, match=message):
        GAME.variant(preset=preset, **fields)


def test_new_game_takes_a_variant_a_dict_or_none():
    assert GAME.new_game(4, seed=1, variant={"end_at": 50}).view(0)["variant"]["end_at"] == 50
    assert GAME.new_game(4, seed=1, variant=None) == GAME.new_game(4, seed=1, variant=GAME.variant())
    with pytest.raises(ValueError):
        GAME.new_game(4, seed=1, variant="short-50")
    with pytest.raises(ValueError):
        GAME.new_game(4, seed=1, variant={"end_at": -1})


# -- new_game ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 5, 6, True, "4", 4.0])
def test_hearts_takes_exactly_four_players(players):
    with pytest.raises(ValueError, match="4 players"):
        GAME.new_game(players, seed=1)


@pytest.mark.parametrize("dealer", [-1, 4, True, "0", None, 1.0])
def test_the_dealer_must_be_a_seat(dealer):
    with pytest.raises(ValueError, match="dealer"):
        GAME.new_game(4, seed=1, dealer=dealer)
    with pytest.raises(ValueError, match="dealer"):
        table(*EXAMPLE, dealer=dealer)


@pytest.mark.parametrize("dealer", range(4))
def test_new_game_shuffles_with_the_seed_and_deals_one_card_at_a_time_from_the_dealers_left(dealer):
    deck = list(DECK)
    random.Random(2024).shuffle(deck)
    state = GAME.new_game(4, seed=2024, dealer=dealer)
    for offset in range(4):
        seat = (dealer + 1 + offset) % 4
        assert set(state.view(seat)["hand"]) == set(deck[offset::4])
        assert state.view(seat)["hand"] == [card for card in DECK if card in deck[offset::4]]
    assert state.log[0] == {"type": "deal", "seat": dealer, "deal_number": 1, "pass": "left",
                            "hand_sizes": [13, 13, 13, 13]}
    assert state.current_player == (dealer + 1) % 4


def test_the_same_seed_gives_the_same_game_and_another_seed_another():
    assert GAME.new_game(4, seed=7) == GAME.new_game(4, seed=7)
    assert GAME.new_game(4, seed=7).to_dict() == GAME.new_game(4, seed=7).to_dict()
    assert GAME.new_game(4, seed=7).view(0)["hand"] != GAME.new_game(4, seed=8).view(0)["hand"]


def test_a_new_game_places_every_card_in_a_hand():
    locations = GAME.new_game(4, seed=3).card_locations()
    assert sorted(locations) == sorted(DECK)
    assert sorted(locations.values()) == sorted(f"hand:{seat}" for seat in range(4) for _ in range(13))


# -- from_deal ---------------------------------------------------------------------------------------
def test_from_deal_keeps_the_hands_in_deck_order():
    state = table(*reversed(EXAMPLE))
    assert state.view(0)["hand"] == [card for card in DECK if card in EXAMPLE[3].split()]
    assert state.view(0)["hand"][:3] == ["2C", "4H", "5H"]
    assert state.card_locations()["2C"] == "hand:0"


@pytest.mark.parametrize(("hands", "stock", "message"), [
    ([EXAMPLE[0].split()] * 4, [], "exactly the 52-card deck"),
    ([hand.split() for hand in EXAMPLE[:3]], [], "4 card lists"),
    ([hand.split() for hand in EXAMPLE] + [[]], [], "4 card lists"),
    ([EXAMPLE[0].split()[:-1], *[hand.split() for hand in EXAMPLE[1:]]], [], "exactly the 52-card deck"),
    ([EXAMPLE[0].split()[:-1], *[hand.split() for hand in EXAMPLE[1:]]], ["9D"], "stock must be empty"),
    ([EXAMPLE[0].split()[:-1], EXAMPLE[1].split() + ["9D"], *[hand.split() for hand in EXAMPLE[2:]]], [],
     "13 cards"),
    ([["1C", *EXAMPLE[0].split()[1:]], *[hand.split() for hand in EXAMPLE[1:]]], [], "'1C' is not a card"),
    ([[10, *EXAMPLE[0].split()[1:]], *[hand.split() for hand in EXAMPLE[1:]]], [], "10 is not a card"),
    ("2C 3C", [], "4 card lists"),
    ([" ".join(EXAMPLE[0]), *[hand.split() for hand in EXAMPLE[1:]]], [], "4 card lists"),
])
def test_from_deal_rejects_anything_but_the_whole_deck_in_four_hands_of_thirteen(hands, stock, message):
    with pytest.raises(ValueError, match=message):
        GAME.from_deal(hands=hands, stock=stock)


# -- later deals -------------------------------------------------------------------------------------
def test_later_deals_come_from_the_seed_and_the_deal_passes_clockwise():
    rng = random.Random(5)
    state = GAME.new_game(4, seed=99, dealer=2)
    for deal_number, dealer in [(2, 3), (3, 0), (4, 1), (5, 2)]:
        state = finish_deal(state, rng)
        deck = list(DECK)
        random.Random(f"99-deal-{deal_number}").shuffle(deck)
        view = state.view(None)
        assert (view["deal_number"], view["dealer"]) == (deal_number, dealer)
        deal_event = [event for event in state.log if event["type"] == "deal"][-1]
        assert deal_event["seat"] == dealer and deal_event["deal_number"] == deal_number
        if view["pass_direction"] != "none":   # before the pass, the hands are exactly as dealt
            for offset in range(4):
                assert set(state.view((dealer + 1 + offset) % 4)["hand"]) == set(deck[offset::4])


def test_a_from_deal_match_deals_its_later_deals_from_its_seed_like_new_game():
    rng = random.Random(1)
    explicit = finish_deal(table(*EXAMPLE, dealer=0, seed=42), rng)
    seeded = finish_deal(GAME.new_game(4, seed=42, dealer=0), rng)
    assert [explicit.view(seat)["hand"] for seat in range(4)] == [seeded.view(seat)["hand"] for seat in range(4)]
    assert explicit.view(None)["dealer"] == seeded.view(None)["dealer"] == 1


# -- the view's shape --------------------------------------------------------------------------------
VIEW_KEYS = {"game", "seat", "players", "dealer", "deal_number", "pass_direction", "variant", "hand", "hand_sizes",
             "passed", "my_pass", "received", "trick", "leader", "last_trick", "tricks_taken", "points_taken",
             "hearts_broken", "first_trick", "scores", "current_player", "phase", "log", "is_over", "winners"}


def test_the_view_at_the_start_of_a_match():
    state = table(*EXAMPLE)
    assert state.view(0) == {
        "game": "hearts", "seat": 0, "players": 4, "dealer": 3, "deal_number": 1, "pass_direction": "left",
        "variant": DEFAULTS, "hand": [card for card in DECK if card in EXAMPLE[0].split()],
        "hand_sizes": [13, 13, 13, 13],
        "passed": [False] * 4, "my_pass": None, "received": None, "trick": [], "leader": None, "last_trick": None,
        "tricks_taken": [0] * 4, "points_taken": [0] * 4, "hearts_broken": False, "first_trick": True,
        "scores": [0] * 4, "current_player": 0, "phase": "pass",
        "log": [{"type": "deal", "seat": 3, "deal_number": 1, "pass": "left", "hand_sizes": [13, 13, 13, 13]}],
        "is_over": False, "winners": [],
    }
    spectator = state.view(None)
    assert set(spectator) == VIEW_KEYS
    assert (spectator["seat"], spectator["hand"], spectator["my_pass"], spectator["received"]) == (None,) * 4


@pytest.mark.parametrize("seat", [-1, 4, True, "0", 1.5])
def test_view_rejects_a_seat_that_is_not_at_the_table(seat):
    with pytest.raises(ValueError):
        table(*EXAMPLE).view(seat)
