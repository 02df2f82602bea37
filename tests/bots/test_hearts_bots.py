"""The Hearts bots decide from the view and the legal actions alone: every action legal in every
phase and preset, nothing mutated, and cards hidden from the bot do not change its decision."""

import copy
import random

import pytest

from games.bots import BOTS, LEVELS, get_bot
from games.bots.random_bot import RandomBot
from games.hearts.bots import hard
from games.hearts.bots.hard import HardBot
from games.hearts.bots.medium import MediumBot
from tests.bots.hearts_helpers import GAME, moon_choice_position, random_positions, scripted


def test_the_three_levels_are_registered():
    assert set(BOTS["hearts"]) == set(LEVELS)
    assert isinstance(get_bot("hearts", "easy"), RandomBot)
    assert isinstance(get_bot("hearts", "medium"), MediumBot)
    assert isinstance(get_bot("hearts", "hard"), HardBot)


@pytest.mark.parametrize("preset", sorted(GAME.presets))
def test_every_level_returns_one_of_the_legal_actions(preset):
    bots = {level: get_bot("hearts", level) for level in LEVELS}
    phases = set()
    positions = list(random_positions(preset, seed=len(preset), every=11, deals=2))
    if preset == "moon-choice":
        positions.append(moon_choice_position())
    for state in positions:
        view, legal = state.view(state.current_player), state.legal_actions()
        phases.add(view["phase"])
        for level, bot in bots.items():
            action = bot.choose(view, legal, random.Random(3))
            assert any(action is option for option in legal), (level, action)
    assert {"pass", "play"} <= phases
    if preset == "moon-choice":
        assert "moon" in phases


@pytest.mark.parametrize("level", LEVELS)
def test_bots_play_whole_deals_of_every_preset(level, monkeypatch):
    """A bot of the level in every seat: the deal always ends, whatever the rules (the hard bot
    searching less, to keep the test quick)."""
    monkeypatch.setattr(hard, "PLAY_BUDGET", 3000)
    monkeypatch.setattr(hard, "PASS_BUDGET", 3000)
    monkeypatch.setattr(hard, "MIN_SAMPLES", 4)
    bot = get_bot("hearts", level)
    for number, preset in enumerate(sorted(GAME.presets)):
        state = GAME.new_game(4, seed=number, variant=GAME.variant(preset))
        rng = random.Random(number)
        while state.view(None)["deal_number"] == 1 and not state.is_over:
            state = state.apply(bot.choose(state.view(state.current_player), state.legal_actions(), rng))


@pytest.mark.parametrize("level", LEVELS)
def test_decide_leaves_the_view_and_the_legal_actions_untouched(level):
    bot = get_bot("hearts", level)
    for state in random_positions("standard", seed=4, every=9):
        view, legal = state.view(state.current_player), state.legal_actions()
        view_before, legal_before = copy.deepcopy(view), copy.deepcopy(legal)
        bot.decide(view, legal, random.Random(0))
        assert view == view_before
        assert legal == legal_before


def _two_deals_alike_for_seat_0():
    """Seats 1 and 2 swap the 5♦ and the 9♦ (and the 3♠ and the J♠): seat 0 cannot tell the deals apart."""
    first = [["2C", "3C", "KC", "AC", "4D", "KD", "2H", "7H", "QH", "AH", "4S", "8S", "KS"],
             ["4C", "5C", "6C", "7C", "5D", "6D", "7D", "3H", "4H", "5H", "3S", "5S", "6S"],
             ["8C", "9C", "10C", "9D", "10D", "JD", "QD", "6H", "8H", "9H", "JS", "7S", "9S"],
             ["JC", "QC", "2D", "3D", "8D", "AD", "10H", "JH", "KH", "2S", "10S", "QS", "AS"]]
    second = copy.deepcopy(first)
    second[1][second[1].index("5D")], second[2][second[2].index("9D")] = "9D", "5D"
    second[1][second[1].index("3S")], second[2][second[2].index("JS")] = "JS", "3S"
    return first, second


@pytest.mark.parametrize("level", LEVELS)
def test_cards_hidden_from_the_bot_do_not_change_its_decision(level):
    first_hands, second_hands = _two_deals_alike_for_seat_0()
    bot = get_bot("hearts", level)
    # The pass (dealer 3: seat 0 passes first) and a play after the first trick.
    passing = [GAME.from_deal(hands=hands, stock=[], dealer=3) for hands in (first_hands, second_hands)]
    playing = [scripted(hands, "2C 4C 8C JC  QC AC 5C 9C") for hands in (first_hands, second_hands)]
    for first, second in (passing, playing):
        assert first.current_player == second.current_player == 0
        assert first.view(0) == second.view(0)
        assert first.card_locations() != second.card_locations()
        for seed in range(3):
            assert (bot.decide(first.view(0), first.legal_actions(), random.Random(seed))
                    == bot.decide(second.view(0), second.legal_actions(), random.Random(seed)))


def test_the_same_view_and_seed_give_the_same_hard_decision():
    bot = get_bot("hearts", "hard")
    for state in random_positions("standard", seed=8, every=13):
        view, legal = state.view(state.current_player), state.legal_actions()
        assert bot.decide(view, legal, random.Random(5)) == bot.decide(copy.deepcopy(view), legal, random.Random(5))
