"""Property tests over random Yashchiki matches of every preset (hypothesis).

Random legal play must end; after every move the contract of docs/engine.md and the invariants of
yashchiki.md hold: every card in exactly one place, the turn and the legal moves agree, the old state
is untouched, to_dict survives JSON, every view is JSON and hides what its seat has not seen, states
differing only in hidden cards look alike to the seats they are hidden from, and the scores are the
deal-end points added up. Matches are kept to a few deals (`hand_sizes`) so that the run stays fast.
"""

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.rules import IllegalAction
from tests.rules import hidden_cards
from tests.rules.yashchiki_helpers import DECK, GAME, card_names_in, of_type, play_randomly, random_action

PRESET_NAMES = sorted(GAME.presets)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
DEALS = st.lists(st.integers(min_value=1, max_value=8), min_size=1, max_size=2)
# A random standard match of 15 deals takes about 4,500 actions; a deal of eight cards rarely
# takes more than a few hundred, so reaching the cap on two deals means a deal does not end.
ACTION_CAP = 6000
# Under free-draw a random player who draws whenever it may lets a deal run on and on; the
# termination tests make it prefer a play.
FREE_DRAW_CHANCE = 0.1
POINTS = {"A": 0, "2": 20, "3": 3, "4": 15, "5": 30, "6": 30, "7": 20, "8": 50, "9": 30, "10": 25, "J": 10,
          "Q": 10, "K": 10}


def variant(preset, hand_sizes):
    return GAME.variant(preset, hand_sizes=hand_sizes)


def places(data: dict) -> list[tuple[str, str]]:
    """Every (card, place) pair that a state's `to_dict()` records: hands, stock and discard pile."""
    pairs = [(card, f"hand:{seat}") for seat, hand in enumerate(data["hands"]) for card in hand]
    pairs += [(card, "stock") for card in data["stock"]]
    pairs += [(card, "discard") for card in data["discard"]]
    return pairs


def public_cards(data: dict) -> set[str]:
    """The cards every seat has seen: up-cards, cards played or shown in an undeclared pair, and the
    hands shown at each deal's end."""
    seen = set()
    for event in data["events"]:
        if event["type"] == "deal":
            seen.add(event["upcard"])
        elif event["type"] in ("play", "undeclared-pair"):
            seen.update(event["cards"])
        elif event["type"] == "deal-end":
            seen.update(card for hand in event["hands"] for card in hand)
    return seen


def seen_by(data: dict, seat) -> set[str]:
    return hidden_cards.seen_by(data, seat, public_cards)


def hand_points(hand, ace_points):
    points = sum(ace_points if card[:-1] == "A" else POINTS[card[:-1]] for card in hand)
    return points + 50 * (sum(card[:-1] == "3" for card in hand) > 1)


def check_state(state, records=True):
    """The contract and the rules' invariants: cheap checks always, the records and views with `records`."""
    locations = state.card_locations()
    assert sorted(locations, key=DECK.index) == list(DECK), "the 52 cards, each once"
    assert (state.current_player is None) == state.is_over
    legal = state.legal_actions()
    assert bool(legal) != state.is_over, "the player to move always has a legal action"
    view = state.view(None)
    sizes = [sum(place == f"hand:{seat}" for place in locations.values()) for seat in range(4)]
    assert view["hand_sizes"] == sizes
    assert view["stock_size"] == sum(place == "stock" for place in locations.values())
    assert view["discard_size"] == sum(place == "discard" for place in locations.values()) >= 1
    assert locations[view["top_card"]] == "discard"
    assert state.team_totals == [state.scores[0] + state.scores[2], state.scores[1] + state.scores[3]]
    if state.is_over:
        assert legal == [] and view["deals"] == view["deal_number"]
        best = min(state.team_totals)
        assert state.winners == [seat for seat in range(4) if state.team_totals[seat % 2] == best]
    else:
        assert state.winners == [] and all(sizes), "a deal ends as soon as a hand is empty"
        hand = [card for card in DECK if locations[card] == f"hand:{state.current_player}"]
        check_turn(view, hand, legal)
    if records:
        check_records(state, locations, sizes)


def check_scores(state):
    """The scores add up the deal-end points; each deal-end: the player who went out scores 0, every
    other hand its points by the table."""
    ends = of_type(state.log, "deal-end")
    assert state.scores == [sum(end["points"][seat] for end in ends) for seat in range(4)]
    assert len(ends) == state.view(None)["deal_number"] - (not state.is_over)
    ace_points = state.view(None)["variant"]["ace_points"]
    for end in ends:
        assert end["hands"][end["seat"]] == []
        assert end["points"] == [hand_points(hand, ace_points) for hand in end["hands"]]
    if state.is_over:
        assert state.log[-1] == {"type": "end", "seat": None, "winners": state.winners,
                                 "team_totals": state.team_totals}


def check_turn(view, hand, legal):
    suit, chain = view["suit"], view["chain"]
    draws = [action for action in legal if action["type"] == "draw"]
    plays = [action for action in legal if action["type"] == "play"]
    assert plays, "a player with nothing to play draws automatically"
    assert draws == ([{"type": "draw"}] if view["variant"]["draw_when_able"] and view["stock_size"] + view[
        "discard_size"] > 1 else [])
    for action in plays:
        cards = action["cards"]
        assert set(cards) <= set(hand) and cards == sorted(cards, key=DECK.index)
        if chain:
            assert len(cards) == 1 and cards[0][:-1] == "2"
        elif len(cards) == 1:
            assert cards[0][-1] == suit
        else:
            assert cards[0][:-1] == cards[1][:-1] and suit in (cards[0][-1], cards[1][-1])
        assert ("suit" in action) == (cards[0][:-1] in "89" and action.get("declared", True))
    if chain:
        assert view["chain_draw"] == (chain + 1 if view["variant"]["two_penalty"] == "chain-plus-one" else 2 * chain)
    else:
        assert {action["cards"][0] for action in plays if len(action["cards"]) == 1} == {
            card for card in hand if card[-1] == suit}, "every card of the suit to follow may be played"


def check_records(state, locations, sizes):
    data = state.to_dict()
    pairs = places(data)
    assert Counter(card for card, _ in pairs) == Counter(DECK), "every card in exactly one place"
    assert dict(pairs) == locations
    restored = GAME.state_from_dict(json.loads(json.dumps(data)))
    assert restored == state and restored.legal_actions() == state.legal_actions()
    check_scores(state)
    for seat in (None, 0, 1, 2, 3):
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view
        assert view["hand"] == (None if seat is None else data["hands"][seat])
        assert view["hand_sizes"] == sizes and view["current_player"] == state.current_player
        assert all("type" in event and "seat" in event for event in view["log"])
        assert card_names_in(view) <= seen_by(data, seat), "a view names a card its seat has not seen"
        assert restored.view(seat) == view


def play_match(game_variant, seed, draw_chance=FREE_DRAW_CHANCE, check_every=1, records_every=1, apply_all=False,
               cap=ACTION_CAP):
    """Random legal moves to the end (or `cap`), checking the contract every `check_every` moves (the
    records, views and the old state every `records_every`); returns the final state and the number
    of moves."""
    rng = random.Random(seed)
    state = GAME.new_game(seed=seed, variant=game_variant, dealer=rng.randrange(4))
    check_state(state)
    for move in range(1, cap + 1):
        if state.is_over:
            return state, move
        full = move % records_every == 0
        before = state.to_dict() if full else None
        legal = state.legal_actions()
        if apply_all:
            for action in legal:
                state.apply(action)
        action = random_action(legal, rng, draw_chance)
        if "cards" in action and rng.random() < 0.5:
            action = {**action, "cards": rng.sample(action["cards"], len(action["cards"]))}
        after = state.apply(action)
        if full:
            assert state.to_dict() == before, "apply changed the old state"
            assert after.log[:len(state.log)] == state.log, "the log only ever grows"
        state = after
        if full or move % check_every == 0 or state.is_over:
            check_state(state, records=full or state.is_over)
    return state, cap


@pytest.mark.parametrize("preset", PRESET_NAMES)
@settings(max_examples=4, deadline=None)
@given(seed=SEEDS, hand_sizes=st.lists(st.integers(min_value=1, max_value=5), min_size=1, max_size=2))
def test_random_matches_of_every_preset_keep_the_contract_at_every_step(preset, seed, hand_sizes):
    # Capped to keep the run short: test_random_matches_end checks that matches end.
    state, moves = play_match(variant(preset, hand_sizes), seed, check_every=2, records_every=40, apply_all=True,
                              cap=800)
    assert state.is_over or moves == 800


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, preset=st.sampled_from(PRESET_NAMES), hand_sizes=DEALS,
       two_penalty=st.sampled_from(["chain-plus-one", "two-per-two"]))
def test_random_matches_end(seed, preset, hand_sizes, two_penalty):
    game_variant = GAME.variant(preset, hand_sizes=hand_sizes, two_penalty=two_penalty)
    state, moves = play_match(game_variant, seed, check_every=10, records_every=500)
    assert state.is_over and moves < ACTION_CAP


@pytest.mark.parametrize("preset", ["standard", "crates"])
def test_a_whole_random_match_ends_after_its_deals(preset):
    state, moves = play_match(GAME.variant(preset), seed=2024, check_every=1000, records_every=5000, cap=20000)
    assert state.is_over and len(of_type(state.log, "deal-end")) == 15


@settings(max_examples=4, deadline=None)
@given(seed=SEEDS)
def test_free_draw_players_who_draw_at_will_still_keep_the_contract(seed):
    # Capped: drawing at every chance may keep a deal going well past the cap.
    state, _ = play_match(variant("free-draw", [6]), seed, draw_chance=1.0, check_every=5, records_every=60,
                          cap=300)
    assert state.is_over or state.legal_actions()


@settings(max_examples=20, deadline=None)
@given(seed=SEEDS, dealer=st.integers(0, 3), preset=st.sampled_from(PRESET_NAMES))
def test_new_game_and_play_are_deterministic(seed, dealer, preset):
    arguments = {"seed": seed, "variant": variant(preset, [4, 2]), "dealer": dealer}
    first, second = GAME.new_game(**arguments), GAME.new_game(**arguments)
    assert first == second and json.dumps(first.to_dict()) == json.dumps(second.to_dict())
    actions, rng = [], random.Random(seed)
    for _ in range(400):
        if first.is_over:
            break
        actions.append(random_action(first.legal_actions(), rng, FREE_DRAW_CHANCE))
        first = first.apply(actions[-1])
    for action in actions:
        second = second.apply(action)
    assert first == second, "reshuffles and later deals follow the seed"


# -- legal actions -----------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, preset=st.sampled_from(PRESET_NAMES), moves=st.integers(0, 300))
def test_every_listed_action_applies_and_no_other_single_card_does(seed, preset, moves):
    rng = random.Random(seed)
    state = play_randomly(GAME.new_game(seed=seed, variant=GAME.variant(preset)), rng, moves, FREE_DRAW_CHANCE)
    assume(not state.is_over)
    legal = state.legal_actions()
    for action in legal:
        assert state.apply(action) != state
    singles = [{"type": "play", "cards": [card], **({"suit": suit} if card[:-1] in "89" else {})}
               for card in DECK for suit in ("C", "D", "H", "S")]
    for action in singles:
        if action not in legal:
            with pytest.raises(IllegalAction):
                state.apply(action)


# -- hidden cards ------------------------------------------------------------------------------------
def swap_hidden_cards(state, seat, rng):
    return hidden_cards.swap_hidden_cards(GAME, DECK, state, seat, rng, public_cards)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(seed=SEEDS, preset=st.sampled_from(PRESET_NAMES), moves=st.integers(0, 400), seat=st.integers(-1, 3))
def test_views_hide_what_the_seat_has_not_seen(seed, preset, moves, seat):
    seat = None if seat < 0 else seat
    rng = random.Random(seed)
    state = play_randomly(GAME.new_game(seed=seed, variant=GAME.variant(preset)), rng, moves, FREE_DRAW_CHANCE)
    view = state.view(seat)
    assert card_names_in(view) <= seen_by(state.to_dict(), seat)
    if seat is None:
        assert view["hand"] is None and card_names_in(view) <= public_cards(state.to_dict())
    other = swap_hidden_cards(state, seat, rng)
    assume(other is not None)
    assert other.view(seat) == view


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, data=st.data())
def test_deals_differing_only_deep_in_the_stock_look_alike_to_everyone_until_those_cards_are_drawn(seed, data):
    """Within the first deal: the deal-end shows every hand, and the next deal is dealt afresh."""
    dealt = GAME.new_game(seed=seed, dealer=3)
    hands = [dealt.to_dict()["hands"][seat] for seat in range(4)]
    stock, upcard = dealt.to_dict()["stock"], dealt.view(None)["top_card"]
    # The first player may have drawn already: give the deal back as it was dealt.
    drawn = [card for event in dealt.to_dict()["events"] if event["type"] == "draw"
             for card in event["private"]["cards"]]
    hands = [[card for card in hand if card not in drawn] for hand in hands]
    stock = drawn + stock
    low, high = sorted(data.draw(st.lists(st.integers(len(drawn), len(stock) - 1), min_size=2, max_size=2,
                                          unique=True)))
    swapped = list(stock)
    swapped[low], swapped[high] = stock[high], stock[low]
    states = [GAME.from_deal(hands=hands, stock=order, upcard=upcard, dealer=3, seed=seed)
              for order in (stock, swapped)]
    assert states[0] == dealt
    assert states[0].card_locations() == states[1].card_locations() and states[0] != states[1]
    rng = random.Random(seed)
    # The card at `low` is still in the stock while no more than `low` cards have been drawn.
    while (not states[0].is_over and states[0].view(None)["deal_number"] == 1
           and not of_type(states[0].log, "reshuffle") and len(stock) - states[0].view(None)["stock_size"] <= low):
        for seat in (None, 0, 1, 2, 3):
            assert states[0].view(seat) == states[1].view(seat)
        action = rng.choice(states[0].legal_actions())
        states = [state.apply(action) for state in states]
