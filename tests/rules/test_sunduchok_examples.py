"""The three worked examples of sunduchok.md, move by move.

Each step names the action and everything that must follow from it: the new public log events,
every hand (as its owner sees it), the chests, the stock size and the player to move.
"""

from tests.rules.helpers import ask, count, hands_of, replay, stock_size, suits, table


def said(seat, target, rank, answer, **question):
    """The log event of one question: ask (rank only), count or suits."""
    kind = next(iter(question), "ask")
    return {"type": kind, "seat": seat, "target": target, "rank": rank, **question, "answer": answer}


def drew(seat, reason, stock):
    return {"type": "draw", "seat": seat, "reason": reason, "stock_size": stock}


def test_example_1_two_queens_pass_to_you():
    # You: Q♥ Q♣ 8♦ A♠. Opponent: Q♦ Q♠ 7♥ K♣.
    state = table("QH QC 8D AS", "QD QS 7H KC")
    assert state.log == [{"type": "deal", "seat": 1, "hand_sizes": [4, 4], "stock_size": 28}]
    assert hands_of(state) == ["8D QC QH AS", "7H QD QS KC"] and state.current_player == 0
    state = replay(state, [
        # "Queens?" yes
        (ask(1, "Q"), [said(0, 1, "Q", "yes")],
         ["8D QC QH AS", "7H QD QS KC"], [[], []], 28, 0),
        # "Two?" yes
        (count(2), [said(0, 1, "Q", "yes", count=2)],
         ["8D QC QH AS", "7H QD QS KC"], [[], []], 28, 0),
        # "Diamonds and spades?" yes: Q♦ Q♠ pass to you and you lay down the chest of queens;
        # nobody draws and your turn goes on.
        (suits("D", "S"), [said(0, 1, "Q", "yes", suits=["D", "S"]),
                           {"type": "transfer", "seat": 0, "target": 1, "cards": ["QD", "QS"]},
                           {"type": "chest", "seat": 0, "source": "ask", "rank": "Q"}],
         ["8D AS", "7H KC"], [["Q"], []], 28, 0),
    ])
    assert state.scores == [1, 0]
    # Now you may look for eights or aces.
    assert state.legal_actions() == [ask(1, "8"), ask(1, "A")]


def test_example_1_offers_exactly_the_questions_of_the_example():
    state = table("QH QC 8D AS", "QD QS 7H KC")
    assert state.legal_actions() == [ask(1, "8"), ask(1, "Q"), ask(1, "A")]
    state = state.apply(ask(1, "Q"))
    assert state.legal_actions() == [count(1), count(2)]
    assert state.apply(count(2)).legal_actions() == [suits("D", "S")]


def test_example_2_the_failed_suit_guess():
    # You: Q♥ 8♦ A♠ 10♣. Opponent: Q♦ Q♠ 7♥ K♣. The stock's top card is 9♣.
    state = replay(table("QH 8D AS 10C", "QD QS 7H KC", stock="9C"), [
        (ask(1, "Q"), [said(0, 1, "Q", "yes")],
         ["8D 10C QH AS", "7H QD QS KC"], [[], []], 28, 0),
        (count(2), [said(0, 1, "Q", "yes", count=2)],
         ["8D 10C QH AS", "7H QD QS KC"], [[], []], 28, 0),
        # "Diamonds and clubs?" no. Even Q♦ stays; you draw 9♣ and the turn passes clockwise.
        (suits("D", "C"), [said(0, 1, "Q", "no", suits=["C", "D"]), drew(0, "failed", 27)],
         ["8D 9C 10C QH AS", "7H QD QS KC"], [[], []], 27, 1),
    ])
    assert state.view(None)["hand_sizes"] == [5, 4]
    # Only the drawer learns which card it was.
    assert state.view(0)["log"][-1] == {**drew(0, "failed", 27), "card": "9C"}
    assert state.view(1)["log"][-1] == drew(0, "failed", 27)


def test_example_3_an_empty_hand_waits_then_draws_one_card_and_passes():
    state = replay(table("QH QC", "QD QS 7H 7C", "8H 8C 9H 9C", stock="AS AD KH"), [
        (ask(1, "Q"), [said(0, 1, "Q", "yes")],
         ["QC QH", "7C 7H QD QS", "8C 8H 9C 9H"], [[], [], []], 26, 0),
        (count(2), [said(0, 1, "Q", "yes", count=2)],
         ["QC QH", "7C 7H QD QS", "8C 8H 9C 9H"], [[], [], []], 26, 0),
        # Seat 0 lays down their last cards: no more questions, the turn passes, nobody draws.
        (suits("D", "S"), [said(0, 1, "Q", "yes", suits=["D", "S"]),
                           {"type": "transfer", "seat": 0, "target": 1, "cards": ["QD", "QS"]},
                           {"type": "chest", "seat": 0, "source": "ask", "rank": "Q"},
                           {"type": "pass", "seat": 0, "reason": "no-cards"}],
         ["", "7C 7H", "8C 8H 9C 9H"], [["Q"], [], []], 26, 1),
        (ask(2, "7"), [said(1, 2, "7", "no"), drew(1, "failed", 25)],
         ["", "7C 7H AS", "8C 8H 9C 9H"], [["Q"], [], []], 25, 2),
        # At their next turn the empty-handed player draws one card, and that ends the turn.
        (ask(1, "8"), [said(2, 1, "8", "no"), drew(2, "failed", 24), drew(0, "empty-hand", 23)],
         ["KH", "7C 7H AS", "8C 8H 9C 9H AD"], [["Q"], [], []], 23, 1),
    ])
    assert state.view(0)["log"][-1]["card"] == "KH"


def test_example_3_an_empty_hand_is_skipped_when_the_stock_is_empty():
    # All 36 cards dealt: clubs and diamonds of the other ranks to seat 1, hearts and spades to seat 2.
    others = ("6", "7", "8", "9", "10", "J", "K", "A")
    seat_1 = "QD QS " + " ".join(rank + suit for rank in others for suit in "CD")
    seat_2 = " ".join(rank + suit for rank in others for suit in "HS")
    state = table("QH QC", seat_1, seat_2, rest=None)
    hand_1, hand_2 = hands_of(state)[1].replace("QD QS ", ""), hands_of(state)[2]
    assert stock_size(state) == 0
    state = replay(state, [
        (ask(1, "Q"), [said(0, 1, "Q", "yes")], ["QC QH", hands_of(state)[1], hand_2], [[], [], []], 0, 0),
        (count(2), [said(0, 1, "Q", "yes", count=2)], ["QC QH", hands_of(state)[1], hand_2], [[], [], []], 0, 0),
        (suits("D", "S"), [said(0, 1, "Q", "yes", suits=["D", "S"]),
                           {"type": "transfer", "seat": 0, "target": 1, "cards": ["QD", "QS"]},
                           {"type": "chest", "seat": 0, "source": "ask", "rank": "Q"},
                           {"type": "pass", "seat": 0, "reason": "no-cards"}],
         ["", hand_1, hand_2], [["Q"], [], []], 0, 1),
        (ask(2, "6"), [said(1, 2, "6", "yes")], ["", hand_1, hand_2], [["Q"], [], []], 0, 1),
        # A "no" with an empty stock: nothing to draw, the turn simply passes.
        (count(1), [said(1, 2, "6", "no", count=1)], ["", hand_1, hand_2], [["Q"], [], []], 0, 2),
        (ask(1, "6"), [said(2, 1, "6", "yes")], ["", hand_1, hand_2], [["Q"], [], []], 0, 2),
        # Seat 0 has nothing to draw and is skipped, waiting for the count.
        (count(1), [said(2, 1, "6", "no", count=1), {"type": "skip", "seat": 0}],
         ["", hand_1, hand_2], [["Q"], [], []], 0, 1),
    ])
    assert not state.is_over


def test_example_3_a_lone_player_passes_while_empty_hands_draw():
    state = replay(table("QH QC 7H 8H", "QD QS", "7C 7D 7S", stock="AS AD"), [
        (ask(1, "Q"), [said(0, 1, "Q", "yes")], ["7H 8H QC QH", "QD QS", "7C 7D 7S"], [[], [], []], 27, 0),
        (count(2), [said(0, 1, "Q", "yes", count=2)],
         ["7H 8H QC QH", "QD QS", "7C 7D 7S"], [[], [], []], 27, 0),
        # Seat 1 loses its last cards and waits: no draw until its turn.
        (suits("D", "S"), [said(0, 1, "Q", "yes", suits=["D", "S"]),
                           {"type": "transfer", "seat": 0, "target": 1, "cards": ["QD", "QS"]},
                           {"type": "chest", "seat": 0, "source": "ask", "rank": "Q"}],
         ["7H 8H", "", "7C 7D 7S"], [["Q"], [], []], 27, 0),
        (ask(2, "7"), [said(0, 2, "7", "yes")], ["7H 8H", "", "7C 7D 7S"], [["Q"], [], []], 27, 0),
        (count(3), [said(0, 2, "7", "yes", count=3)], ["7H 8H", "", "7C 7D 7S"], [["Q"], [], []], 27, 0),
        # Taking the last sevens empties both opponents: seat 0 passes without asking or drawing,
        # and each empty-handed player draws one card on their turn.
        (suits("C", "D", "S"), [said(0, 2, "7", "yes", suits=["C", "D", "S"]),
                                {"type": "transfer", "seat": 0, "target": 2, "cards": ["7C", "7D", "7S"]},
                                {"type": "chest", "seat": 0, "source": "ask", "rank": "7"},
                                {"type": "pass", "seat": 0, "reason": "opponents-empty"},
                                drew(1, "empty-hand", 26), drew(2, "empty-hand", 25)],
         ["8H", "AS", "AD"], [["Q", "7"], [], []], 25, 0),
    ])
    assert state.legal_actions() == [ask(1, "8"), ask(2, "8")]
