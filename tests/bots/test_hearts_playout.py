"""The bots' fast deal model mirrors the engine: the heuristic player only ever picks legal cards,
a rollout of a whole deal ends as the engine's deal does, and the sampler's deals fit the view."""

import random

import pytest

from games.bots import get_bot
from games.hearts.bots.knowledge import DealKnowledge
from games.hearts.bots.playout import (
    Rules,
    card_code,
    card_number,
    choose,
    cost,
    hand_of,
    play_out,
    random_card,
)
from games.hearts.bots.sampler import HandSampler
from tests.bots.hearts_helpers import GAME, random_positions, variant

PRESETS = sorted(GAME.presets)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_heuristic_and_random_cards_are_always_legal(preset):
    rng = random.Random(0)
    for seed in range(3):
        for state in random_positions(preset, seed=seed, every=1):
            if state.view(None)["phase"] != "play":
                continue
            knowledge = DealKnowledge(state.view(state.current_player))
            legal = {action["card"] for action in state.legal_actions()}
            placed, led, win_rank, win_seat, points = knowledge.trick_state()
            suit, rank, _ = choose(knowledge.hand, knowledge.seat, placed, led, win_rank, win_seat, points,
                                   knowledge.broken, knowledge.first, knowledge.queen_out, -1,
                                   knowledge.rules.clean_first_trick)
            assert card_code(suit * 13 + rank) in legal
            for shooter in range(4):        # playing for the moon, or blocking one
                suit, rank, _ = choose(knowledge.hand, knowledge.seat, placed, led, win_rank, win_seat, points,
                                       knowledge.broken, knowledge.first, knowledge.queen_out, shooter,
                                       knowledge.rules.clean_first_trick, 0b1111)
                assert card_code(suit * 13 + rank) in legal
            suit, rank = random_card(knowledge.hand, placed, led, knowledge.broken, knowledge.first,
                                     knowledge.rules.clean_first_trick, rng)
            assert card_code(suit * 13 + rank) in legal


@pytest.mark.parametrize("preset", PRESETS)
def test_a_rollout_ends_as_the_engines_deal_with_medium_bots(preset):
    medium = get_bot("hearts", "medium")
    for seed in range(4):
        state = GAME.new_game(4, seed=seed, variant=variant(preset, pass_cycle=["none"]))
        hands = [hand_of(state.view(seat)["hand"]) for seat in range(4)]
        leader = state.current_player
        while state.scores == [0, 0, 0, 0]:
            seat = state.current_player
            state = state.apply(medium.choose(state.view(seat), state.legal_actions(), random.Random(0)))
        taken = [0] * 4
        for event in state.log:
            if event["type"] == "trick":
                taken[event["seat"]] += event["points"]
        rules = Rules.of(state.view(0)["variant"])
        assert play_out(hands, leader, [], [0] * 4, False, True, True, -1, rules) == taken


def test_cost_counts_the_moon_for_and_against():
    assert cost([3, 10, 13, 0], 0, "add-to-others") == 3
    assert cost([26, 0, 0, 0], 0, "add-to-others") == cost([26, 0, 0, 0], 0, "subtract") == -26
    assert cost([0, 26, 0, 0], 0, "add-to-others") == cost([0, 26, 0, 0], 0, "choice") == 26
    assert cost([0, 26, 0, 0], 0, "subtract") == pytest.approx(26 / 3)


def test_card_numbers_round_trip():
    deck = [card_code(number) for number in range(52)]
    assert [card_number(card) for card in deck] == list(range(52))
    assert deck[:2] == ["2C", "3C"] and deck[49] == "QS"


@pytest.mark.parametrize("preset", ["standard", "openspiel"])
def test_sampled_deals_fit_every_view(preset):
    rng = random.Random(1)
    for state in random_positions(preset, seed=11, every=3):
        if state.view(None)["phase"] != "play":
            continue
        view = state.view(state.current_player)
        knowledge = DealKnowledge(view)
        sampler = HandSampler(knowledge)
        assert sampler.consistent
        truth = state.card_locations()
        for seat in range(4):       # the truth itself is one of the deals the knowledge allows
            held = {card_number(card) for card, place in truth.items() if place == f"hand:{seat}"}
            assert all(knowledge.possible[seat] >> number & 1 for number in held) or seat == knowledge.seat
        for _ in range(5):
            hands = sampler.draw(rng)
            assert [sum(map(len, hand)) for hand in hands] == view["hand_sizes"]
            for seat, hand in enumerate(hands):
                for suit, ranks in enumerate(hand):
                    for rank in ranks:
                        assert knowledge.possible[seat] >> (suit * 13 + rank) & 1 or seat == knowledge.seat
