"""What the hard Yashchiki bot knows from the public log: the suits a player was shown to lack, cards
shown in an undeclared pair, cards gone back to the stock, and sampled deals that fit it all."""

import random

from games.rules.cards import suit_of
from games.yashchiki.bots.knowledge import TWOS, YashchikiKnowledge
from tests.bots.test_yashchiki_bots import lacking_hearts
from tests.rules.yashchiki_helpers import play, run, table


def test_a_player_who_drew_for_want_of_a_suit_holds_at_most_the_card_drawn_of_it():
    state = lacking_hearts()
    knowledge = YashchikiKnowledge(state.view(0))
    assert knowledge.most_of_suit(1, "H") == 1 and knowledge.most_of_suit(1, "S") == 5
    assert knowledge.most_of_suit(2, "H") == 2          # nothing known about seat 2's other two cards
    for seed in range(30):
        hands, stock, discard = knowledge.sample(random.Random(seed))
        assert hands[0] == state.view(0)["hand"]
        assert [len(hand) for hand in hands] == state.view(0)["hand_sizes"]
        assert len(stock) == state.view(0)["stock_size"] and discard[-1] == state.view(0)["top_card"]
        assert sum(suit_of(card) == "H" for card in hands[1]) <= 1
        assert len(set(card for hand in hands for card in hand) | set(stock) | set(discard)) == 52


def test_a_card_played_after_the_draw_shows_the_suit_is_gone():
    # Seat 1 draws the three of hearts for want of hearts, then plays a heart when hearts are named:
    # that card must be the one drawn, so of its five cards now only the one drawn since (nobody can
    # follow the hearts after it) may be a heart.
    state = table("QH 9H 4C JD", "5D 6S 7D 8D", "JH QC KC", "AH AS KS", upcard="KH", stock="3H")
    state = run(state, play("QH"), play("JH"), play("AH"), play("9H", suit="H"), play("3H"))
    knowledge = YashchikiKnowledge(state.view(2))
    assert state.view(2)["hand_sizes"][1] == 5
    assert knowledge.most_of_suit(1, "H") == 1 and knowledge.most_of_suit(1, "D") == 5
    # Seat 1's own hand is known to itself, whatever the log says.
    assert YashchikiKnowledge(state.view(1)).hand == state.view(1)["hand"]


def test_an_undeclared_pair_is_seen_in_the_hand():
    state = run(table("9H 9C 3H", "2C 3C 4C", "5C 6D 7D", "8C 10C JC", upcard="QH"),
                play("9C", "9H", declared=False))
    knowledge = YashchikiKnowledge(state.view(1))
    assert knowledge.known[0] == {"9C", "9H"}
    for seed in range(10):
        hands, _, _ = knowledge.sample(random.Random(seed))
        assert {"9C", "9H"} <= set(hands[0])


def test_a_player_who_cannot_answer_a_chain_holds_no_two():
    state = run(table("2H 5C KC", "KS QS 9S 3D", "7C 8D", "3H 4H", upcard="9H", stock="KD QD"), play("2H"))
    assert {"type": "draw", "seat": 1, "count": 2, "reason": "chain"} in state.view(0)["log"]
    knowledge = YashchikiKnowledge(state.view(0))
    # Of the six cards seat 1 holds now, only the two drawn may be twos.
    assert sum(not TWOS <= banned for banned in knowledge.slots[1]) == 2
    # Under free-draw a player may take the chain's cards by choice: nothing is learnt.
    free = run(table("2H 5C KC", "2S QS 9S 3D", "7C 8D", "3H 4H", upcard="9H", preset="free-draw"),
               play("2H"), {"type": "draw"})
    assert sum(not TWOS <= banned for banned in YashchikiKnowledge(free.view(0)).slots[1]) == 6


def test_a_reshuffle_returns_the_played_cards_to_the_unseen():
    # The stock is empty: the five of hearts makes everyone draw from the discard pile reshuffled.
    state = table("QH JH 10H 9D", "KH 3C", "AH 4C", "5H 6C", upcard="2H", rest=3)
    state = run(state, play("QH"), play("KH"), play("AH"), play("5H"))
    view = state.view(0)
    assert any(event["type"] == "reshuffle" for event in view["log"])
    unseen = set(YashchikiKnowledge(view).unseen)
    assert {"2H", "QH", "KH", "AH"} - set(view["hand"]) <= unseen
    assert "5H" not in unseen and not set(view["hand"]) & unseen
