"""Property tests over random Hearts matches of every preset (hypothesis).

Random legal play must end; after every move the contract of docs/engine.md holds: every card in exactly
one place, the turn and the legal moves agree, the old state is untouched, to_dict survives JSON,
every view is JSON and hides what its seat has not seen.
"""

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.rules import IllegalAction
from games.rules.cards import is_card
from tests.rules.hearts_helpers import DECK, GAME, play_randomly

PRESET_NAMES = sorted(GAME.presets)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
DEAL_CAP = 200          # a match to 100 takes about a dozen deals; play-on ties add a few
VIEW_KEYS = {"game", "seat", "players", "dealer", "deal_number", "pass_direction", "variant", "hand", "hand_sizes",
             "passed", "my_pass", "received", "trick", "leader", "last_trick", "tricks_taken", "points_taken",
             "hearts_broken", "first_trick", "scores", "current_player", "phase", "log", "is_over", "winners"}


def places(data: dict) -> list[tuple[str, str]]:
    """Every (card, place) pair that a state's `to_dict()` records: hands, the table and the tricks."""
    pairs = [(card, f"hand:{seat}") for seat, hand in enumerate(data["hands"]) for card in hand]
    pairs += [(card, "table") for _, card in data["trick"]]
    pairs += [(card, f"tricks:{seat}") for seat, pile in enumerate(data["tricks"]) for card in pile]
    return pairs


def check_state(state, full=True):
    """The contract after a move: cheap checks always, the records and views with `full`."""
    locations = state.card_locations()
    assert sorted(locations) == sorted(DECK)
    spectator_sizes = Counter(place for place in locations.values() if place.startswith("hand:"))
    assert (state.current_player is None) == state.is_over
    legal = state.legal_actions()
    assert legal == state.legal_actions(), "legal_actions is stable"
    if state.is_over:
        assert legal == [] and state.winners
        assert state.winners == [seat for seat, total in enumerate(state.scores) if total == min(state.scores)]
        assert max(state.scores) >= state.view(None)["variant"]["end_at"]
    else:
        assert state.winners == []
        check_legal_actions(state, locations, legal)
    if full:
        data = state.to_dict()
        pairs = places(data)
        assert Counter(card for card, _ in pairs) == Counter(DECK), "every card in exactly one place"
        assert dict(pairs) == locations
        assert GAME.state_from_dict(json.loads(json.dumps(data))) == state
        for seat in (None, 0, 1, 2, 3):
            view = state.view(seat)
            text = json.dumps(view)
            assert json.loads(text) == view and set(view) == VIEW_KEYS
            assert view["hand_sizes"] == [spectator_sizes[f"hand:{other}"] for other in range(4)]
            assert view["hand"] == (None if seat is None else data["hands"][seat])
            assert view["scores"] == state.scores and view["current_player"] == state.current_player
            assert all("type" in event and "seat" in event for event in view["log"])
            unseen = set(DECK) - seen_by(data, seat)
            assert not [card for card in unseen if f'"{card}"' in text], "a view names a card its seat has not seen"


def check_legal_actions(state, locations, legal):
    seat = state.current_player
    assert legal, "the player to move always has a legal action"
    kinds = {action["type"] for action in legal}
    assert len(kinds) == 1 and kinds <= {"pass", "play", "moon"}
    own = [card for card in DECK if locations[card] == f"hand:{seat}"]
    if kinds == {"pass"}:
        assert len(legal) == 286
        assert [action["cards"] for action in legal] == sorted(
            [action["cards"] for action in legal], key=lambda cards: [own.index(card) for card in cards])
        assert all(set(action["cards"]) <= set(own) for action in legal)
    elif kinds == {"play"}:
        cards = [action["card"] for action in legal]
        assert cards == [card for card in own if card in cards], "in deck order, from the hand"
    else:
        assert legal == [{"type": "moon", "choice": "add"}, {"type": "moon", "choice": "subtract"}]


def seen_by(data: dict, seat) -> set[str]:
    """The cards `seat` has seen: every card played, its hand, and its own passes and receipts."""
    seen = {event["card"] for event in data["events"] if event["type"] == "play"}
    if seat is not None:
        seen.update(data["hands"][seat])
        for event in data["events"]:
            if event.get("seat") == seat and "private" in event:
                seen.update(card for card in event["private"].get("cards", []) if is_card(card))
    return seen


def random_move(state, rng):
    action = rng.choice(state.legal_actions())
    if action["type"] == "pass" and rng.random() < 0.5:
        rng.shuffle(action["cards"])            # card sets are accepted in any order
    return action


def play_match(variant, seed, deals, full_every=1):
    """Random legal moves for `deals` deals (or to the end), checking the contract after each."""
    rng = random.Random(seed)
    state = GAME.new_game(4, seed=seed, variant=variant, dealer=rng.randrange(4))
    check_state(state)
    for move in range(1, 60 * DEAL_CAP):
        if state.is_over or state.view(None)["deal_number"] > deals:
            return state
        full = move % full_every == 0
        before = state.to_dict() if full else (state.card_locations(), state.legal_actions())
        after = state.apply(random_move(state, rng))
        assert (state.to_dict() if full else (state.card_locations(), state.legal_actions())) == before, (
            "apply changed the old state")
        state = after
        check_state(state, full=full or state.is_over)
    pytest.fail(f"no end after {DEAL_CAP} deals")


@pytest.mark.parametrize("preset", PRESET_NAMES)
@settings(max_examples=4, deadline=None)
@given(seed=SEEDS)
def test_random_deals_of_every_preset_keep_the_contract_at_every_step(preset, seed):
    state = play_match(GAME.variant(preset), seed, deals=2)
    assert state.is_over or state.view(None)["deal_number"] == 3


@pytest.mark.parametrize("preset", PRESET_NAMES)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_random_matches_of_every_preset_end(preset, seed):
    state = play_match(GAME.variant(preset), seed, deals=DEAL_CAP, full_every=50)
    assert state.is_over


@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_a_whole_short_match_keeps_the_contract_at_every_step(seed):
    assert play_match(GAME.variant("short-50"), seed, deals=DEAL_CAP).is_over


VARIANT_FIELDS = st.fixed_dictionaries({
    "pass_cycle": st.lists(st.sampled_from(["left", "right", "across", "none"]), min_size=1, max_size=5),
    "qs_breaks_hearts": st.sampled_from(["never", "when-discarded", "when-played"]),
    "hearts_broken_by": st.sampled_from(["discard", "any-heart"]),
    "points_on_first_trick": st.sampled_from(["never-unless-forced", "allowed"]),
    "moon": st.sampled_from(["add-to-others", "subtract", "choice"]),
    "end_at": st.integers(min_value=1, max_value=60),
    "tie": st.sampled_from(["shared", "play-on"]),
})


@settings(max_examples=25, deadline=None)
@given(fields=VARIANT_FIELDS, seed=SEEDS)
def test_random_matches_of_any_variant_end_and_keep_the_contract(fields, seed):
    assert play_match(GAME.variant(**fields), seed, deals=DEAL_CAP, full_every=7).is_over


# -- legal actions -----------------------------------------------------------------------------------
@settings(max_examples=20, deadline=None)
@given(preset=st.sampled_from(PRESET_NAMES), seed=SEEDS, moves=st.integers(min_value=0, max_value=150))
def test_every_listed_action_applies_and_nothing_else_does(preset, seed, moves):
    rng = random.Random(seed)
    state = play_randomly(GAME.new_game(4, seed=seed, variant=GAME.variant(preset)), rng, moves)
    assume(not state.is_over)
    legal = state.legal_actions()
    for action in legal:
        state.apply(action)
    if legal[0]["type"] == "play":
        others = [{"type": "play", "card": card} for card in DECK if {"type": "play", "card": card} not in legal]
        for action in others:
            with pytest.raises(IllegalAction):
                state.apply(action)


@settings(max_examples=20, deadline=None)
@given(seed=SEEDS, order=st.permutations([0, 1, 2]))
def test_a_pass_is_accepted_with_its_cards_in_any_order(seed, order):
    state = GAME.new_game(4, seed=seed)
    action = random.Random(seed).choice(state.legal_actions())
    shuffled = {"type": "pass", "cards": [action["cards"][index] for index in order]}
    assert state.apply(shuffled) == state.apply(action)
    assert state.apply({"type": "pass", "cards": tuple(shuffled["cards"])}) == state.apply(action)


# -- hidden cards ------------------------------------------------------------------------------------
def swap_hidden_cards(state, seat, rng):
    """A state differing from `state` only in two cards hidden from `seat` this deal, or None.

    Two cards in the hands of two other seats, neither passed by `seat`, change places; their
    names follow the swap in the other seats' passes and receipts and in this deal's private events.
    """
    data = state.to_dict()
    own_pass = set(data["passes"][seat] or []) if seat is not None else set()
    candidates = [(card, owner) for owner, hand in enumerate(data["hands"]) if owner != seat
                  for card in hand if card not in own_pass]
    pairs = [(first, second) for first in candidates for second in candidates if first[1] < second[1]]
    if not pairs:
        return None
    (card_a, _), (card_b, _) = rng.choice(pairs)
    swapped = {card_a: card_b, card_b: card_a}

    def rename(cards):
        return None if cards is None else [swapped.get(card, card) for card in cards]

    deck_order = {card: index for index, card in enumerate(DECK)}
    data["hands"] = [sorted(rename(hand), key=deck_order.get) for hand in data["hands"]]
    data["passes"] = [sorted(rename(cards), key=deck_order.get) if cards else cards for cards in data["passes"]]
    data["received"] = [sorted(rename(cards), key=deck_order.get) if cards else cards for cards in data["received"]]
    deal_start = max(index for index, event in enumerate(data["events"]) if event["type"] == "deal")
    for event in data["events"][deal_start:]:
        if "private" in event:
            event["private"]["cards"] = sorted(rename(event["private"]["cards"]), key=deck_order.get)
    other = GAME.state_from_dict(data)
    return None if other == state else other


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(preset=st.sampled_from(PRESET_NAMES), seed=SEEDS, moves=st.integers(min_value=0, max_value=140),
       seat=st.sampled_from([None, 0, 1, 2, 3]))
def test_views_hide_what_the_seat_has_not_seen(preset, seed, moves, seat):
    rng = random.Random(seed)
    state = play_randomly(GAME.new_game(4, seed=seed, variant=GAME.variant(preset)), rng, moves)
    view = state.view(seat)
    text = json.dumps(view)
    unseen = set(DECK) - seen_by(state.to_dict(), seat)
    assert not [card for card in unseen if f'"{card}"' in text]
    other = swap_hidden_cards(state, seat, rng)
    assume(other is not None)
    assert other.view(seat) == view
    assert other.card_locations() != state.card_locations()
