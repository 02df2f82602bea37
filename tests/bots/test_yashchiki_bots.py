"""The Yashchiki bots: registered, legal in every shape of position, deciding from the view alone, and
sound in clear positions."""

import copy
import random

import pytest

from games.bots import BOTS, LEVELS, get_bot
from games.yashchiki.bots import hard
from tests.bots.yashchiki_helpers import decide, decisions_of_deals
from tests.rules.yashchiki_helpers import GAME, play, random_action, run, table

SMART = ["medium", "hard"]


def random_positions(preset: str, seed: int, every: int = 3, moves: int = 240):
    """States met in a match of random legal moves (drawing at will only now and then)."""
    rng = random.Random(seed)
    state = GAME.new_game(4, seed=seed, variant=GAME.variant(preset))
    for move in range(moves):
        if state.is_over:
            return
        if move % every == 0:
            yield state
        state = state.apply(random_action(state.legal_actions(), rng, draw_chance=0.1))


def test_every_level_is_registered():
    assert set(BOTS["yashchiki"]) == set(LEVELS)
    assert [get_bot("yashchiki", level).level for level in LEVELS] == list(LEVELS)


@pytest.mark.parametrize("preset", ["standard", "crates", "free-draw", "short"])
def test_every_level_returns_one_of_the_legal_actions_and_touches_nothing(preset):
    bots = {level: get_bot("yashchiki", level) for level in LEVELS}
    shapes = set()
    for state in random_positions(preset, seed=len(preset)):
        view, legal = state.view(state.current_player), state.legal_actions()
        shapes |= {(action["type"], len(action.get("cards", [])), action.get("declared"), "suit" in action)
                   for action in legal}
        shapes |= {"chain"} if view["chain"] else set()
        view_before, legal_before = copy.deepcopy(view), copy.deepcopy(legal)
        for level, bot in bots.items():
            action = bot.choose(view, legal, random.Random(3))
            assert any(action is option for option in legal), (level, action)
            if level != "easy":
                # The smart bots never draw by choice nor play a pair without declaring it.
                assert action["type"] == "play" and action.get("declared") is not False, action
        assert view == view_before and legal == legal_before
    assert {("play", 1, None, False), ("play", 1, None, True), ("play", 2, True, False),
            ("play", 2, False, False), "chain"} <= shapes
    if preset == "free-draw":
        assert ("draw", 0, None, False) in shapes


@pytest.mark.parametrize("level", LEVELS)
def test_cards_hidden_from_the_bot_do_not_change_its_decision(level):
    # Seats 1 and 2 swap the king of spades and the queen of diamonds: seat 0 cannot tell.
    first = table("8H 3H 7S JS 5D", "KS 4C 9D", "QD 6C 10D", "2C 3C 4H", upcard="KH")
    second = table("8H 3H 7S JS 5D", "QD 4C 9D", "KS 6C 10D", "2C 3C 4H", upcard="KH")
    assert first.view(0) == second.view(0) and first.card_locations() != second.card_locations()
    bot = get_bot("yashchiki", level)
    for seed in range(3):
        assert (bot.decide(first.view(0), first.legal_actions(), random.Random(seed))
                == bot.decide(second.view(0), second.legal_actions(), random.Random(seed)))


@pytest.mark.parametrize("level", SMART)
def test_a_chain_is_answered_with_a_two_rather_than_drawing(level):
    # Seat 0 plays the two of hearts; seat 1 may draw at will but answers, with the two of the suit
    # it can go on with.
    state = run(table("2H 5C KC", "2D 2S KS QS 9S", "7C 8D", "3H 4H", upcard="9H", preset="free-draw"),
                play("2H"))
    assert state.current_player == 1 and state.view(1)["chain"] == 1
    assert {"type": "draw"} in state.legal_actions()
    decision = decide(state, level)
    assert decision.action == play("2S")
    assert decision.reason.key == "answer-chain" and decision.reason.params == {"card": "2S", "target": 2, "draw": 3}


@pytest.mark.parametrize("level", SMART)
def test_the_eight_goes_before_the_low_cards_naming_the_suit_held(level):
    state = table("3H 8H JH 4S 7S KS 6C", "2C 3C 4C", "5C 6D 7D", "8C 9C 10C", upcard="QH")
    decision = decide(state, level)
    assert decision.action == play("8H", suit="S")
    assert decision.reason.key == "name-suit" and decision.reason.params == {"card": "8H", "suit": "S"}


@pytest.mark.parametrize("level", SMART)
def test_a_pair_is_declared(level):
    state = table("9H 9C 3H", "2C 3C 4C", "5C 6D 7D", "8C 10C JC", upcard="QH")
    decision = decide(state, level)
    assert decision.action["cards"] == ["9C", "9H"] and decision.action["declared"] is True
    assert decision.action["suit"] == "H"      # the three of hearts is left to follow with
    assert decision.reason.key == "pair"


def test_hard_declares_a_pair_that_leaves_one_card():
    # A pair of aces sheds no points, but three cards down to one may go out at the next turn: played out to
    # the end of the deal such a pair is worth far more than the ace alone, which the medium rating cannot see.
    state = table("4S AC AH", "2C 3C 4C", "5C 6D 7D", "8C 10C JC", upcard="QC")
    view, legal = state.view(0), state.legal_actions()
    assert hard.HardBot().habit(view, legal).action == play("AC", "AH", declared=True)
    assert decide(state, "hard").action == play("AC", "AH", declared=True)


@pytest.mark.parametrize("level", SMART)
def test_a_second_three_is_shed_but_a_lone_three_is_kept(level):
    # Two threes cost 3 + 3 + 50: shed one of them before a jack (the hard bot declares them both, leaving
    # one card; played out to the deal's end the pair and the single three come out alike). One three
    # costs 3: the jack goes first.
    two_threes = table("3H 3S JH", "2C 3C 4C", "5C 6D 7D", "8C 9C 10C", upcard="QH")
    shed = play("3H") if level == "medium" else play("3H", "3S", declared=True)
    assert decide(two_threes, level).action == shed
    one_three = table("3H 2S JH", "4S 3C 4C", "5C 6D 7D", "8C 9C 10C", upcard="QH")
    assert decide(one_three, level).action == play("JH")


@pytest.mark.parametrize("level", SMART)
def test_a_four_hits_the_opponent_about_to_go_out(level):
    # Seat 1 holds one card: the four of hearts makes it miss its turn and play passes to the partner.
    state = table("4H KH 5S JS", "QC", "5C 6D 7D", "8C 9C 10C", upcard="QH")
    decision = decide(state, level)
    assert decision.action == play("4H")
    assert decision.reason.key == "skip" and decision.reason.params == {"card": "4H", "target": 1, "partner": 2}


def lacking_hearts():
    """Seat 1 cannot follow hearts and draws the jack of spades; seats 2 and 3 follow; seat 0 is to play
    its nine of hearts, the only card it may play, and name a suit."""
    state = table("QH 9H 4C JD", "5D 6S 7D 8D", "JH QC KC", "AH AS KS", upcard="KH", stock="JS")
    state = run(state, play("QH"))
    assert state.view(0)["log"][-1] == {"type": "draw", "seat": 1, "count": 1, "reason": "no-card"}
    return run(state, play("JH"), play("AH"))


def test_hard_names_the_suit_the_next_opponent_was_shown_to_lack():
    # Of seat 1's five cards only the one drawn can be a heart: the hard bot names hearts and says why;
    # the medium bot names a suit it holds a card of.
    state = lacking_hearts()
    assert state.current_player == 0
    decision = decide(state, "hard")
    assert decision.action == play("9H", suit="H")
    assert decision.reason.key == "name-scarce"
    assert decision.reason.params == {"card": "9H", "suit": "H", "target": 1, "most": 1, "count": 5}
    assert decide(state, "medium").action == play("9H", suit="C")


def test_hard_plays_legal_moves_and_forced_moves_without_search(monkeypatch):
    for state, _, decision in decisions_of_deals(["hard", "medium", "hard", "medium"], seed=4, deals=3):
        if state.current_player % 2 == 0:
            assert decision.action in state.legal_actions()

    def no_search(*args):
        raise AssertionError("a forced move needs no search")

    monkeypatch.setattr(hard, "play_outs", no_search)
    forced = run(table("2H 5C KC", "2S KS QS 9S", "7C 8D", "3H 4H", upcard="9H"), play("2H"))
    assert forced.legal_actions() == [play("2S")]
    assert decide(forced, "hard").action == play("2S")
