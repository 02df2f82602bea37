"""Bots decide from the view and the legal actions alone: every action legal, nothing mutated,
and hidden cards that do not change the view do not change the decision."""

import copy
import random

import pytest

from benchmarks.arena import play_match
from games.bots import LEVELS, get_bot
from tests.bots.helpers import GAME, SETUPS, deal, random_positions

# Whole games with every level at the table, for every preset and table size.
VALID_SETUPS = [(preset, players) for preset, players in SETUPS
                if GAME.variant(preset).deal_all or players * 4 <= GAME.variant(preset).deck]


@pytest.mark.parametrize(("preset", "players"), VALID_SETUPS)
def test_every_level_returns_one_of_the_legal_actions(preset, players):
    bots = {level: get_bot("sunduchok", level) for level in LEVELS}
    for state in random_positions(preset, players, seed=players, every=20):
        view, legal = state.view(state.current_player), state.legal_actions()
        for level, bot in bots.items():
            action = bot.choose(view, legal, random.Random(3))
            assert any(action is option for option in legal), (level, action)


@pytest.mark.parametrize(("preset", "players"), VALID_SETUPS)
def test_bots_play_whole_games_of_every_preset(preset, players):
    levels = ["hard"] + [("medium", "easy")[seat % 2] for seat in range(players - 1)]
    result = play_match("sunduchok", players, levels, games=1, seed=17, preset=preset)
    assert sum(bot.wins for bot in result.bots) == pytest.approx(1)


@pytest.mark.parametrize("level", LEVELS)
def test_decide_leaves_the_view_and_the_legal_actions_untouched(level):
    bot = get_bot("sunduchok", level)
    for state in random_positions("standard", 3, seed=4, every=5):
        view, legal = state.view(state.current_player), state.legal_actions()
        view_before, legal_before = copy.deepcopy(view), copy.deepcopy(legal)
        bot.decide(view, legal, random.Random(0))
        assert view == view_before
        assert legal == legal_before


@pytest.mark.parametrize("level", LEVELS)
def test_cards_hidden_from_the_bot_do_not_change_its_decision(level):
    # Seats 1 and 2 swap the eight of diamonds and the king of spades: seat 0 cannot tell.
    first = deal("QH QC 8C AS", "8D 9H KC 6D", "KS 7H 10C JD")
    second = deal("QH QC 8C AS", "KS 9H KC 6D", "8D 7H 10C JD")
    assert first.view(0) == second.view(0)
    assert first.card_locations() != second.card_locations()
    bot = get_bot("sunduchok", level)
    for seed in range(5):
        assert (bot.decide(first.view(0), first.legal_actions(), random.Random(seed))
                == bot.decide(second.view(0), second.legal_actions(), random.Random(seed)))
