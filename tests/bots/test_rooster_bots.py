"""The Chuvash Rooster bots: registered, legal, deciding from the view alone, and sound in clear positions."""

import copy
import random

import pytest

from games.bots import BOTS, LEVELS, get_bot
from tests.bots.rooster_helpers import play_out
from tests.rules.rooster_helpers import GAME, attack, beat, bout, run

SMART = ["medium", "hard"]


def random_positions(players: int, seed: int, every: int = 6):
    """States met in a game of random legal moves: every `every`-th decision."""
    rng = random.Random(seed)
    state = GAME.new_game(players, seed=seed)
    moves = 0
    while not state.is_over:
        if moves % every == 0:
            yield state
        state = state.apply(rng.choice(state.legal_actions()))
        moves += 1


def test_every_level_is_registered():
    assert set(BOTS["rooster"]) == set(LEVELS)
    assert [get_bot("rooster", level).level for level in LEVELS] == list(LEVELS)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_level_returns_one_of_the_legal_actions_and_touches_nothing(players):
    bots = {level: get_bot("rooster", level) for level in LEVELS}
    for state in random_positions(players, seed=players):
        view, legal = state.view(state.current_player), state.legal_actions()
        view_before, legal_before = copy.deepcopy(view), copy.deepcopy(legal)
        for level, bot in bots.items():
            action = bot.choose(view, legal, random.Random(3))
            assert any(action is option for option in legal), (level, action)
        assert view == view_before and legal == legal_before


@pytest.mark.parametrize("preset", ["single-lead", "rank-lead", "short-hands"])
def test_bots_play_whole_games_of_every_preset(preset):
    state = GAME.new_game(4, seed=len(preset), variant=GAME.variant(preset))
    end = play_out(state, ["hard", "medium", "easy", "medium"], seed=2)
    assert end.is_over


@pytest.mark.parametrize("level", LEVELS)
def test_cards_hidden_from_the_bot_do_not_change_its_decision(level):
    # Seats 1 and 2 swap the ten of hearts and the jack of clubs: seat 0, the attacker, cannot tell.
    first = bout("6C 8D 9D KC QS 7H", "10H 7C 8S AD 6S JD", "JC 9H QD 6H 10S KD", rest="stock")
    second = bout("6C 8D 9D KC QS 7H", "JC 7C 8S AD 6S JD", "10H 9H QD 6H 10S KD", rest="stock")
    assert first.view(0) == second.view(0)
    assert first.card_locations() != second.card_locations()
    bot = get_bot("rooster", level)
    for seed in range(3):
        assert (bot.decide(first.view(0), first.legal_actions(), random.Random(seed))
                == bot.decide(second.view(0), second.legal_actions(), random.Random(seed)))


@pytest.mark.parametrize("level", SMART)
def test_a_spade_ace_is_not_spent_on_a_club_six(level):
    state = run(bout("6C 9H", "AS 7C QH 10D 9C 8H", "JS KC", rest="stock"), attack("6C"))
    decision = get_bot("rooster", level).decide(state.view(1), state.legal_actions(), random.Random(0))
    assert decision.action["type"] == "beat" and decision.action["card"] != "AS"
    if level == "medium":
        assert decision.action == beat("6C", "7C")


@pytest.mark.parametrize("level", SMART)
def test_taking_when_nothing_beats(level):
    state = run(bout("AS QS", "6C 7C 6D", "9H 10H", rest="discard"), attack("AS"))
    assert state.legal_actions() == [{"type": "take"}]
    decision = get_bot("rooster", level).decide(state.view(1), state.legal_actions(), random.Random(0))
    assert decision.action == {"type": "take"} and decision.reason.key == "take-cannot"
    assert decision.reason.params == {"cards": ["AS"]}


@pytest.mark.parametrize("level", SMART)
def test_the_aces_decide_for_whoever_attacks_first(level):
    """The source's closing example: ♠K ♠Q ♥K ♥Q against ♣6 ♣7 ♣8 ♣A, nothing else in play. Led
    together, the four clubs cannot all be beaten (only an ace of a higher suit beats an ace)."""
    clubs_first = bout("6C 7C 8C AC", "KS QS KH QH", attacker=0, rest="discard")
    decision = get_bot("rooster", level).decide(clubs_first.view(0), clubs_first.legal_actions(), random.Random(0))
    assert sorted(decision.action["cards"]) == sorted(["6C", "7C", "8C", "AC"])
    assert play_out(clubs_first, [level, "hard"]).rooster == 1
    royals_first = bout("6C 7C 8C AC", "KS QS KH QH", attacker=1, rest="discard")
    assert play_out(royals_first, ["hard", level]).rooster == 0


def test_hard_decides_at_once_with_one_legal_action():
    state = GAME.new_game(3, seed=1)
    assert len(state.legal_actions()) == 1          # the first attack: the lowest card dealt, alone
    decision = get_bot("rooster", "hard").decide(state.view(state.current_player), state.legal_actions(),
                                                 random.Random(0))
    assert decision.action == state.legal_actions()[0] and decision.reason.key == "first-card"
