"""The hard bot reads the public log: on positions where the evidence pins a holding down it asks
that player for that rank and names the exact count and suits."""

import random

from games.bots import get_bot
from tests.bots.helpers import GAME, ask, count, deal, play, said, suits

HARD = get_bot("sunduchok", "hard")


def hard_turn(state, seed=0):
    """Let the hard bot play its three questions; return the decisions and the final state."""
    seat = state.current_player
    decisions = []
    while state.current_player == seat and len(decisions) < 3:
        decision = HARD.decide(state.view(seat), state.legal_actions(), random.Random(seed))
        decisions.append(decision)
        state = state.apply(decision.action)
    return decisions, state


def test_the_suits_an_asker_named_and_the_cards_it_took_give_its_queens_away():
    # Seat 1 asks seat 2 for queens and takes two (diamonds and spades); it had named two queens
    # and those suits, so it already held one or two of clubs and hearts. Seat 0 holds the heart:
    # seat 1 holds exactly the queens of clubs, diamonds and spades.
    state = deal("QH 8D AS 7C", "QC 9H KC 6D", "QD QS 7H 10C", dealer=0)
    state = play(state, ask(2, "Q"), count(2), suits("D", "S"), ask(2, "K"),   # no: seat 1 draws
                 ask(0, "7"), count(1), suits("S"))                              # no: seat 2 draws
    assert state.current_player == 0
    decisions, state = hard_turn(state)
    assert [decision.action for decision in decisions] == [ask(1, "Q"), count(3), suits("C", "D", "S")]
    assert state.view(0)["chests"][0] == ["Q"]
    assert "Player 2 took the queens of diamonds and spades from Player 3" in said(decisions[0].reason)


def test_a_no_sends_the_hard_bot_to_the_other_opponent():
    # Everything is dealt; seat 2 says no to queens, so the three queens seat 0 lacks are with seat 1.
    state = deal("QH 6C 6D 7C 7D 8C 8D 9C 9D 10C 10D JC",
                 "QC QD QS 6H 7H 8H 9H 10H JH KC KD AS",
                 "6S 7S 8S 9S 10S JD JS KH KS AC AD AH", preset="deal-all", dealer=0)
    state = play(state, ask(2, "Q"), ask(0, "A"))
    assert state.current_player == 0
    decisions, _ = hard_turn(state)
    assert [decision.action for decision in decisions] == [ask(1, "Q"), count(3), suits("C", "D", "S")]
    assert said(decisions[0].reason) == "Player 2 asked for queens earlier, and no queen has left that hand since."
    assert said(decisions[0].reason, "ru") == \
        "Раньше от игрока 2 уже был вопрос о дамах, и с тех пор из этой руки не ушло ни одной дамы."
    assert said(decisions[0].reason, viewer=1) == "You asked for queens earlier, and no queen has left that hand since."


def test_with_everything_dealt_two_handed_the_hard_bot_never_hears_no():
    # Two players, no stock: every card the hard bot cannot see is in the other hand.
    easy = get_bot("sunduchok", "easy")
    for seed in range(3):
        state = GAME.new_game(2, seed=seed, variant=GAME.variant("deal-all"))
        rng = random.Random(seed)
        while not state.is_over:
            bot = HARD if state.current_player == 0 else easy
            state = state.apply(bot.choose(state.view(state.current_player), state.legal_actions(), rng))
        answers = [event["answer"] for event in state.log if event["type"] in ("ask", "count", "suits")
                   and event["seat"] == 0]
        assert answers and set(answers) == {"yes"}


def test_the_count_and_suits_follow_the_answers_already_given():
    # Seat 1 answered yes to two kings when seat 0 asked, then no to clubs and diamonds. Seat 0 holds
    # the king of hearts, so the two kings are the spade and one of clubs and diamonds.
    state = deal("KH 8D AS 7C", "KC KS 9H 6D", "QD QS 7H 10C", stock="6C 6H 6S")
    state = play(state, ask(1, "K"), count(2), suits("C", "D"),        # no: seat 0 draws 6C
                 ask(2, "9"), ask(0, "7"), count(2))                    # seats 1 and 2 fail, drawing 6H, 6S
    assert state.current_player == 0
    decisions, _ = hard_turn(state)
    assert decisions[0].action == ask(1, "K")
    assert decisions[1].action == count(2)
    assert decisions[2].action["suits"] in (["C", "S"], ["D", "S"])
