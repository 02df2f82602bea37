"""Property tests over random Chuvash Rooster games of every preset and table size (hypothesis).

Random legal play must end; after every move the contract of docs/engine.md and the invariants of
rooster.md hold: every card in exactly one place, the turn and the legal moves agree, the old state
is untouched, to_dict survives JSON, every view is JSON and hides what its seat has not seen, and
states differing only in hidden cards look alike to the seats they are hidden from.
"""

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.rooster.rules import beats
from games.rules import IllegalAction
from tests.rules import hidden_cards
from tests.rules.rooster_helpers import DECK, GAME, card_names_in, play_randomly

PRESET_NAMES = sorted(GAME.presets)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.integers(min_value=2, max_value=6)
# rooster.md: random play ends, but the arena and bots cap a game at 5,000 actions; random games
# take a few hundred at most, so reaching the cap here means the game does not end.
ACTION_CAP = 5000
PUBLIC_EVENT_CARDS = {"attack": "cards", "throw": "cards", "beat": "card", "first-attacker": "card"}


def places(data: dict) -> list[tuple[str, str]]:
    """Every (card, place) pair that a state's `to_dict()` records: hands, stock, discard and table."""
    pairs = [(card, f"hand:{seat}") for seat, hand in enumerate(data["hands"]) for card in hand]
    pairs += [(card, "stock") for card in data["stock"]]
    pairs += [(card, "discard") for card in data["discard"]]
    pairs += [(card, "table") for pair in data["table"] for card in pair if card is not None]
    return pairs


def public_cards(data: dict) -> set[str]:
    """The cards every seat has seen: each card led, beaten with or thrown in, and the first card."""
    seen = set()
    for event in data["events"]:
        value = event.get(PUBLIC_EVENT_CARDS.get(event["type"], ""))
        seen.update([value] if isinstance(value, str) else value or [])
    return seen


def seen_by(data: dict, seat) -> set[str]:
    return hidden_cards.seen_by(data, seat, public_cards)


def next_holder(sizes, seat):
    players = len(sizes)
    return next((seat + offset) % players for offset in range(1, players) if sizes[(seat + offset) % players])


def check_state(state, turn=True, records=True):
    """The contract and the rules' invariants after a move: cheap checks always, the rules of the
    turn with `turn`, the records and every seat's view with `records`."""
    locations = state.card_locations()
    assert sorted(locations, key=DECK.index) == list(DECK), "the 36 cards, each once"
    assert (state.current_player is None) == state.is_over
    legal = state.legal_actions()
    assert legal == state.legal_actions(), "legal_actions is stable"
    assert bool(legal) != state.is_over, "the player to move always has a legal action"
    if not (turn or records):
        return
    view = state.view(None)
    players = view["players"]
    sizes = [sum(place == f"hand:{seat}" for place in locations.values()) for seat in range(players)]
    assert view["hand_sizes"] == sizes
    assert view["stock_size"] == sum(place == "stock" for place in locations.values())
    assert view["discard_size"] == sum(place == "discard" for place in locations.values())
    assert sum(place == "table" for place in locations.values()) == sum(
        1 + (pair["beat"] is not None) for pair in view["table"])
    if state.is_over:
        holders = [seat for seat in range(players) if sizes[seat]]
        assert legal == [] and len(holders) <= 1 and view["stock_size"] == 0 and view["table"] == []
        assert view["rooster"] == (holders[0] if holders else None)
        assert state.winners == [seat for seat in range(players) if seat != view["rooster"]]
        assert state.scores == [int(seat == view["rooster"]) for seat in range(players)]
        assert sorted(view["out"]) == [seat for seat in range(players) if not sizes[seat]]
    else:
        assert state.winners == [] and state.scores == [0] * players
        if turn:
            check_turn(state, view, sizes, legal)
    if records:
        check_records(state, locations, sizes)


def check_turn(state, view, sizes, legal):
    attacker, defender, phase = view["attacker"], view["defender"], view["phase"]
    unbeaten = [pair["attack"] for pair in view["table"] if pair["beat"] is None]
    assert legal, "the player to move always has a legal action"
    assert defender == next_holder(sizes, attacker), "the defender is the next holder after the attacker"
    assert len(unbeaten) <= sizes[defender], "unbeaten cards never outnumber the defender's hand"
    assert set(view["out"]) <= {seat for seat in range(len(sizes)) if not sizes[seat]}
    hand = state.view(state.current_player)["hand"]
    if phase == "attack":
        assert state.current_player == attacker and view["table"] == [] and sizes[attacker]
        for action in legal:
            assert action["type"] == "attack" and set(action["cards"]) <= set(hand)
            assert 1 <= len(action["cards"]) <= sizes[defender]
            assert action["cards"] == sorted(action["cards"], key=DECK.index)
        rule = view["variant"]["multi_lead"]
        if view["first_card"] is not None:
            assert legal == [{"type": "attack", "cards": [view["first_card"]]}]
        elif rule == "single":
            assert all(len(action["cards"]) == 1 for action in legal)
        else:
            def shared(card):
                return card[-1] if rule == "same-suit" else card[:-1]
            assert all(len({shared(card) for card in action["cards"]}) == 1 for action in legal)
    elif phase == "defend":
        assert state.current_player == defender and unbeaten and legal[-1] == {"type": "take"}
        order = view["variant"]["suit_order"]
        assert legal[:-1] == [{"type": "beat", "attack": attack, "card": card}
                              for attack in unbeaten for card in hand if beats(card, attack, order)]
    else:
        assert phase == "throw" and view["table"]
        recent = state.log[len(state.log) - len(unbeaten):] if unbeaten else []
        assert [event["cards"][0] for event in recent if event["type"] == "throw"] == unbeaten, (
            "only the cards just thrown in by the player asked are unbeaten")
        assert state.current_player != defender and sizes[defender]
        last = state.log[-1]
        assert sizes[state.current_player] or (last["type"], last["seat"]) == ("throw", state.current_player), (
            "only a player who has just thrown in their last card is asked with an empty hand")
        assert legal[-1] == {"type": "pass"}
        ranks = {card[:-1] for pair in view["table"] for card in pair.values() if card is not None}
        assert sorted(ranks) == sorted(view["throw_ranks"])
        limit = sizes[defender] - len(unbeaten)
        assert view["throw_limit"] == limit
        assert legal[:-1] == ([{"type": "throw", "cards": [card]} for card in hand if card[:-1] in ranks]
                              if limit > 0 else [])


def check_records(state, locations, sizes):
    data = state.to_dict()
    pairs = places(data)
    assert Counter(card for card, _ in pairs) == Counter(DECK), "every card in exactly one place"
    assert dict(pairs) == locations
    restored = GAME.state_from_dict(json.loads(json.dumps(data)))
    assert restored == state and restored.legal_actions() == state.legal_actions()
    for seat in (None, *range(len(sizes))):
        view = state.view(seat)
        text = json.dumps(view)
        assert json.loads(text) == view
        assert view["hand"] == (None if seat is None else data["hands"][seat])
        assert view["hand_sizes"] == sizes and view["current_player"] == state.current_player
        assert all("type" in event and "seat" in event for event in view["log"])
        assert card_names_in(view) <= seen_by(data, seat), "a view names a card its seat has not seen"
        assert restored.view(seat) == view


def play_game(players, variant, seed, turn_every=1, records_every=1, apply_all=False):
    """Random legal moves to the end, checking the contract after each (the rules of the turn every
    `turn_every` moves, the records and views every `records_every`); returns the final state and
    the number of moves."""
    rng = random.Random(seed)
    dealer = rng.randrange(players)
    previous_loser = rng.choice([None, rng.randrange(players)])
    state = GAME.new_game(players, seed=seed, variant=variant, dealer=dealer, previous_loser=previous_loser)
    check_state(state)
    for move in range(1, ACTION_CAP + 1):
        if state.is_over:
            return state, move
        full = move % records_every == 0
        before = state.to_dict() if full else state.card_locations()
        legal = state.legal_actions()
        if apply_all:
            for action in legal:
                state.apply(action)
        action = rng.choice(legal)
        if "cards" in action and rng.random() < 0.5:
            action = {**action, "cards": rng.sample(action["cards"], len(action["cards"]))}
        after = state.apply(action)
        assert (state.to_dict() if full else state.card_locations()) == before, "apply changed the old state"
        if full:
            assert after.log[:len(state.log)] == state.log, "the log only ever grows"
        state = after
        check_state(state, turn=move % turn_every == 0 or state.is_over, records=full or state.is_over)
    pytest.fail(f"no end after {ACTION_CAP} actions")


@pytest.mark.parametrize("preset", PRESET_NAMES)
@settings(max_examples=8, deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_random_games_of_every_preset_keep_the_contract_at_every_step(preset, seed, players):
    state, _ = play_game(players, GAME.variant(preset), seed, records_every=4, apply_all=True)
    assert state.is_over


@settings(max_examples=80, deadline=None)
@given(seed=SEEDS, players=PLAYERS, preset=st.sampled_from(PRESET_NAMES))
def test_random_games_end(seed, players, preset):
    state, moves = play_game(players, GAME.variant(preset), seed, turn_every=10, records_every=50)
    assert state.is_over and moves < ACTION_CAP


@st.composite
def variants(draw):
    players = draw(PLAYERS)
    fields = {"hand_size": draw(st.integers(min_value=1, max_value=36 // players)),
              "suit_order": draw(st.permutations(["S", "H", "D", "C"])),
              "multi_lead": draw(st.sampled_from(["same-suit", "single", "same-rank"]))}
    return players, GAME.variant(**fields)


@settings(max_examples=15, deadline=None)
@given(table=variants(), seed=SEEDS)
def test_random_games_of_any_variant_end_and_keep_the_contract(table, seed):
    players, variant = table
    state, _ = play_game(players, variant, seed, records_every=10)
    assert state.is_over


@settings(max_examples=20, deadline=None)
@given(seed=SEEDS, players=PLAYERS, dealer=st.integers(0, 5), loser=st.one_of(st.none(), st.integers(0, 5)),
       preset=st.sampled_from(PRESET_NAMES))
def test_new_game_is_deterministic(seed, players, dealer, loser, preset):
    arguments = {"seed": seed, "variant": GAME.variant(preset), "dealer": dealer % players,
                 "previous_loser": None if loser is None else loser % players}
    first, second = GAME.new_game(players, **arguments), GAME.new_game(players, **arguments)
    assert first == second and first.to_dict() == second.to_dict()
    assert json.dumps(first.to_dict()) == json.dumps(second.to_dict())


# -- legal actions -----------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, players=PLAYERS, preset=st.sampled_from(PRESET_NAMES), moves=st.integers(0, 150))
def test_every_listed_action_applies_and_no_other_single_card_does(seed, players, preset, moves):
    rng = random.Random(seed)
    state = play_randomly(GAME.new_game(players, seed=seed, variant=GAME.variant(preset)), rng, moves)
    assume(not state.is_over)
    legal = state.legal_actions()
    for action in legal:
        state.apply(action)
    kind = legal[0]["type"]
    if kind == "beat":
        attacks = {pair["attack"] for pair in state.view(None)["table"]}
        others = [{"type": "beat", "attack": attack, "card": card} for attack in attacks for card in DECK]
    else:
        others = [{"type": kind, "cards": [card]} for card in DECK]
    for action in others:
        if action not in legal:
            with pytest.raises(IllegalAction):
                state.apply(action)


# -- hidden cards ------------------------------------------------------------------------------------
def swap_hidden_cards(state, seat, rng):
    return hidden_cards.swap_hidden_cards(GAME, DECK, state, seat, rng, public_cards)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(seed=SEEDS, players=PLAYERS, preset=st.sampled_from(PRESET_NAMES), moves=st.integers(0, 200),
       seat=st.integers(-1, 5))
def test_views_hide_what_the_seat_has_not_seen(seed, players, preset, moves, seat):
    seat = None if seat < 0 else seat % players
    rng = random.Random(seed)
    state = play_randomly(GAME.new_game(players, seed=seed, variant=GAME.variant(preset)), rng, moves)
    view = state.view(seat)
    assert card_names_in(view) <= seen_by(state.to_dict(), seat)
    if seat is None:
        assert view["hand"] is None and card_names_in(view) <= public_cards(state.to_dict())
    other = swap_hidden_cards(state, seat, rng)
    assume(other is not None)
    assert other.view(seat) == view


def mentions(action, cards) -> bool:
    return bool((set(action.get("cards", [])) | {action.get("attack"), action.get("card")}) & set(cards))


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, players=st.integers(3, 6), data=st.data())
def test_deals_differing_only_in_other_hands_look_alike_to_the_seat_while_the_cards_stay_hidden(seed, players, data):
    """Seats 1 and 2 exchange a card before the game (neither the first card); the same public
    actions are played on both deals until one of the two cards is shown."""
    dealt = GAME.new_game(players, seed=seed)
    hands = [dealt.view(seat)["hand"] for seat in range(players)]
    first_card = dealt.view(None)["first_card"]
    card_1 = data.draw(st.sampled_from([card for card in hands[1] if card != first_card]))
    card_2 = data.draw(st.sampled_from([card for card in hands[2] if card != first_card]))
    swapped = [list(hand) for hand in hands]
    swapped[1] = [card_2 if card == card_1 else card for card in hands[1]]
    swapped[2] = [card_1 if card == card_2 else card for card in hands[2]]
    stock = dealt.to_dict()["stock"]
    states = [GAME.from_deal(hands=hands, stock=stock, seed=seed),
              GAME.from_deal(hands=swapped, stock=stock, seed=seed)]
    assert states[0].card_locations() != states[1].card_locations()
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(0, 300))):
        assert states[0].view(0) == states[1].view(0) and states[0].view(None) == states[1].view(None)
        if states[0].is_over:
            break
        action = rng.choice(states[0].legal_actions())
        if mentions(action, (card_1, card_2)):
            break
        states = [state.apply(action) for state in states]


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, players=st.integers(2, 5), data=st.data())
def test_deals_differing_only_deep_in_the_stock_look_alike_to_everyone_until_those_cards_are_drawn(seed, players,
                                                                                                     data):
    dealt = GAME.new_game(players, seed=seed)
    hands = [dealt.view(seat)["hand"] for seat in range(players)]
    stock = dealt.to_dict()["stock"]
    low, high = sorted(data.draw(st.lists(st.integers(0, len(stock) - 1), min_size=2, max_size=2, unique=True)))
    swapped = list(stock)
    swapped[low], swapped[high] = stock[high], stock[low]
    states = [GAME.from_deal(hands=hands, stock=stock, seed=seed), GAME.from_deal(hands=hands, stock=swapped,
                                                                                  seed=seed)]
    assert states[0].card_locations() == states[1].card_locations() and states[0] != states[1]
    rng = random.Random(seed)
    # The card at `low` is still in the stock while fewer than low + 1 cards have been drawn.
    while not states[0].is_over and len(stock) - states[0].view(None)["stock_size"] <= low:
        for seat in (None, *range(players)):
            assert states[0].view(seat) == states[1].view(seat)
        action = rng.choice(states[0].legal_actions())
        states = [state.apply(action) for state in states]
