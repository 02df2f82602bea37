"""Property tests over random games of every preset and player count (hypothesis).

Each game is played to the end with random legal moves; after every move the contract of
docs/engine.md is checked: the deck is conserved, the turn and the legal moves agree, the state is
immutable and survives a JSON round trip, and every view is JSON.
"""

import itertools
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.rules.cards import SUITS, sort_cards
from tests.rules.helpers import (
    DECK_36,
    DECK_52,
    GAME,
    card_names_in,
    places,
    play_randomly,
    ranks_mentioned,
)

PRESET_NAMES = sorted(GAME.presets)
MOVE_CAP = 20_000
FULL_CHECK_EVERY = 10  # the JSON round trip and the views cost time in proportion to the log
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def check_state(state, variant, full=True):
    """The contract after a move. Cheap checks always; with `full`, the JSON round trip, every
    seat's view and the exact count of every card in `to_dict()` as well."""
    locations = state.card_locations()
    deck = DECK_52 if len(locations) > len(DECK_36) else DECK_36
    assert sorted(locations) == sorted(deck)
    assert state.scores == [sum(place == f"chests:{seat}" for place in locations.values()) // 4
                            for seat in range(len(state.scores))]

    # The turn and the legal moves agree.
    assert (state.current_player is None) == state.is_over
    legal = state.legal_actions()
    if state.is_over:
        assert legal == []
        assert sum(state.scores) == len(deck) // 4
        assert all(place.startswith("chests:") for place in locations.values())
        assert state.winners == [seat for seat, score in enumerate(state.scores) if score == max(state.scores)]
        assert state.log[-1] == {"type": "end", "seat": None, "scores": state.scores, "winners": state.winners}
    else:
        assert state.winners == []
        check_legal_actions(state, variant, locations, legal)
    if full:
        check_records(state, locations)


def check_records(state, locations):
    """to_dict() places every card exactly once, survives JSON, and every view is JSON."""
    data = state.to_dict()
    pairs = places(data)
    assert Counter(card for card, _ in pairs) == Counter(locations.keys())
    assert dict(pairs) == locations
    assert GAME.state_from_dict(json.loads(json.dumps(data))) == state
    for seat in [None, *range(len(data["hands"]))]:
        view = json.loads(json.dumps(state.view(seat)))
        assert view["hand_sizes"] == [len(hand) for hand in data["hands"]]
        assert view["stock_size"] == len(data["stock"])
        assert view["hand"] == (None if seat is None else data["hands"][seat])
        assert all("type" in event and "seat" in event for event in view["log"])


def check_legal_actions(state, variant, locations, legal):
    seat = state.current_player
    assert legal, "the player to move always has a legal action"
    assert len({json.dumps(action, sort_keys=True) for action in legal}) == len(legal)
    kinds = {action["type"] for action in legal}
    assert len(kinds) == 1
    if variant.questions == "rank-only":
        assert kinds == {"ask"}
    if kinds == {"suits"}:
        rank = state.view(seat)["request"]["rank"]
    holders = {place for place in locations.values() if place.startswith("hand:")}
    for action in legal:
        if action["type"] == "ask":
            assert action["target"] != seat and f"hand:{action['target']}" in holders
        if action["type"] == "suits":
            assert action["suits"] == sorted(action["suits"], key=SUITS.index)
            assert all(locations[rank + suit] != f"hand:{seat}" for suit in action["suits"])


def play_random_game(variant, players, seed):
    """Random legal moves to the end, checking the contract after each one."""
    rng = random.Random(seed)
    state = GAME.new_game(players=players, seed=seed, variant=variant, dealer=rng.randrange(players))
    check_state(state, variant)
    next_full = FULL_CHECK_EVERY
    for move in range(1, MOVE_CAP + 1):
        if state.is_over:
            return state
        full = move == next_full
        if full:  # full checks grow with the log, so they thin out as the game goes on
            next_full += max(FULL_CHECK_EVERY, move // 4)
        before = state.to_dict() if full else (state.card_locations(), state.current_player, state.legal_actions())
        after = state.apply(rng.choice(state.legal_actions()))
        now = state.to_dict() if full else (state.card_locations(), state.current_player, state.legal_actions())
        assert now == before, "apply changed the old state"
        state = after
        check_state(state, variant, full=full or state.is_over)
    pytest.fail(f"no end after {MOVE_CAP} moves")


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("preset", PRESET_NAMES)
@settings(max_examples=5, deadline=None)
@given(seed=SEEDS)
def test_random_games_of_every_preset_end_and_keep_the_contract(preset, players, seed):
    state = play_random_game(GAME.variant(preset=preset), players, seed)
    assert state.is_over


VARIANT_FIELDS = st.fixed_dictionaries({
    "deck": st.sampled_from([36, 52]),
    "hand_size": st.integers(min_value=1, max_value=9),
    "target": st.sampled_from(["any", "next", "same-after-success"]),
    "questions": st.sampled_from(["three", "rank-only"]),
    "must_hold_rank": st.booleans(),
    "deal_all": st.booleans(),
    "show_chests": st.booleans(),
})


@settings(max_examples=60, deadline=None)
@given(fields=VARIANT_FIELDS, players=st.integers(min_value=2, max_value=6), seed=SEEDS)
def test_random_games_of_any_variant_end_and_keep_the_contract(fields, players, seed):
    variant = GAME.variant(**fields)
    if not fields["deal_all"] and fields["hand_size"] * players > fields["deck"]:
        with pytest.raises(ValueError):
            GAME.new_game(players=players, seed=seed, variant=variant)
        return
    assert play_random_game(variant, players, seed).is_over


# -- hidden cards ------------------------------------------------------------------------------------
def seen_by(state, seat):
    """The cards `seat` has seen: its hand, its own draws, public transfers and visible chests."""
    data = state.to_dict()
    seen = set()
    for event in data["events"]:
        if event["type"] == "transfer":
            seen.update(event["cards"])
        if event["type"] == "draw" and seat is not None and event["seat"] == seat:
            seen.add(event["private"]["card"])
    for owner, ranks in enumerate(data["chests"]):
        if data["variant"]["show_chests"] or owner == seat:
            seen.update(rank + suit for rank in ranks for suit in SUITS)
    if seat is not None:
        seen.update(data["hands"][seat])
    return seen


def swap_hidden_cards(state, seat, rng):
    """A state differing from `state` only in cards hidden from `seat`, or None if there is none.

    The stock is reshuffled, and two cards are swapped between other hands and the stock. Both are
    of ranks that the seat's log never names (so no question, answer, transfer or draw it saw
    tells where they are); private parts of other seats' events follow the swap, and the swap must
    not put four of a kind in one hand.
    """
    data = state.to_dict()
    known = ranks_mentioned(state.view(seat)["log"])
    hidden_places = [f"hand:{other}" for other in range(len(data["hands"])) if other != seat] + ["stock"]
    candidates = [(card, place) for card, place in places(data)
                  if place in hidden_places and card[:-1] not in known]
    pairs = [(first, second) for first, second in itertools.combinations(candidates, 2) if first[1] != second[1]]
    rng.shuffle(pairs)
    rng.shuffle(data["stock"])

    for (card_a, _), (card_b, _) in pairs:
        swapped = {card_a: card_b, card_b: card_a}
        hands = [[swapped.get(card, card) for card in hand] for hand in data["hands"]]
        if all(max(Counter(card[:-1] for card in hand).values(), default=0) < 4 for hand in hands):
            data["hands"] = [list(sort_cards(hand)) for hand in hands]
            data["stock"] = [swapped.get(card, card) for card in data["stock"]]
            for event in data["events"]:
                if "card" in event.get("private", {}):
                    event["private"]["card"] = swapped.get(event["private"]["card"], event["private"]["card"])
            break
    other = GAME.state_from_dict(data)
    return None if other == state else other


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(preset=st.sampled_from(PRESET_NAMES), players=st.integers(min_value=2, max_value=6), seed=SEEDS,
       moves=st.integers(min_value=0, max_value=80), data=st.data())
def test_views_hide_what_the_seat_has_not_seen(preset, players, seed, moves, data):
    rng = random.Random(seed)
    state = GAME.new_game(players=players, seed=seed, variant=GAME.variant(preset=preset))
    state = play_randomly(state, rng, moves)
    seat = data.draw(st.sampled_from([None, *range(players)]), label="seat")

    assert card_names_in(state.view(seat)) <= seen_by(state, seat)

    other = swap_hidden_cards(state, seat, rng)
    assume(other is not None)  # over, or nothing hidden left to move
    assert other.view(seat) == state.view(seat)
