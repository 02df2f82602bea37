"""The hard Chuvash Rooster bot's memory: what a taker holds, what is beaten off, where the cards below
the first attacker's card can be, and deals sampled to fit it all."""

import random

from games.bots import get_bot
from games.rooster.bots.knowledge import RoosterKnowledge
from tests.rules.rooster_helpers import PASS, TAKE, attack, beat, bout, run, table

HANDS = ("6C 7C 9D JH QS AC", "6D 8C 10D KH 7S 9C", "7D 8D JD QH KS AS")


def test_a_taker_is_known_to_hold_the_cards_until_it_plays_them():
    state = run(bout(*HANDS, rest="stock"), attack("6C", "7C"), beat("6C", "8C"), TAKE)
    # Seat 1 took 6♣ 7♣ and its own 8♣ back; seat 2 attacks now and the rest refilled from the stock.
    assert state.view(None)["attacker"] == 2
    knowledge = RoosterKnowledge(state.view(0))
    assert knowledge.known[1] == {"6C", "7C", "8C"}
    assert knowledge.known[2] == set() and knowledge.discard == set()
    state = run(state, attack("7D"), TAKE)
    # Seat 0 took 7♦; seat 1 attacks with a card it took: that card is no longer in its known hand.
    assert state.view(None)["attacker"] == 1
    state = run(state, attack("6C", "7C"))
    knowledge = RoosterKnowledge(state.view(2))
    assert knowledge.known[1] == {"8C"} and knowledge.known[0] == {"7D"}
    assert {"6C", "7C"} <= knowledge.table


def test_beaten_off_cards_are_out_of_the_game_and_never_sampled():
    state = run(bout(*HANDS, rest="stock"), attack("6C"), beat("6C", "9C"), PASS, PASS)
    view = state.view(2)
    assert view["discard_size"] == 2
    knowledge = RoosterKnowledge(view)
    assert knowledge.discard == {"6C", "9C"}
    assert not {"6C", "9C"} & set(knowledge.unseen)
    rng = random.Random(0)
    for _ in range(20):
        hands, stock = knowledge.sample(rng)
        assert [len(hand) for hand in hands] == view["hand_sizes"] and len(stock) == view["stock_size"]
        assert set(hands[2]) == set(view["hand"])
        dealt = [card for hand in hands for card in hand] + stock
        assert len(dealt) == len(set(dealt)) == 36 - 2
        assert not {"6C", "9C"} & set(dealt)


def test_cards_below_the_first_attackers_card_lie_in_the_stock_until_someone_draws():
    # 6♣ and 6♦ are in the stock, so 6♥ opens the first game: the hands cannot hold the two sixes.
    state = table("6H 9C 10C JC QC KC", "7C 8C AC 7D 8D 9D", "10D JD QD KD AD 7H", stock="6C 6D")
    knowledge = RoosterKnowledge(state.view(2))
    assert knowledge.below_first == {"6C", "6D"}
    rng = random.Random(1)
    for _ in range(50):
        hands, stock = knowledge.sample(rng)
        assert {"6C", "6D"} <= set(stock)
    # Once seat 1 has drawn, a card below 6♥ may be in its hand; seat 2 (still six cards) drew nothing.
    state = run(state, attack("6H"), TAKE)
    knowledge = RoosterKnowledge(state.view(2))
    assert knowledge.drawn[0] and not knowledge.drawn[2]
    placed = set()
    for _ in range(200):
        hands, stock = knowledge.sample(rng)
        placed |= {seat for seat, hand in enumerate(hands) for card in hand if card in {"6C", "6D"}}
    assert placed == {0}


def test_a_position_begun_late_in_a_game_counts_the_discard_no_event_names():
    """A lesson's position: 29 cards already beaten off, 7♣ the lowest card dealt, so the four sixes
    lie in that discard pile."""
    state = run(table("7C 8C AC", "KS QS KH QH", rest="discard"), attack("7C"))
    view = state.view(1)
    knowledge = RoosterKnowledge(view)
    assert knowledge.unnamed_discard == 29 and knowledge.below_first == {"6C", "6D", "6H", "6S"}
    assert not knowledge.all_known()            # seat 0's two cards could be any two of 27
    hands, stock = knowledge.sample(random.Random(0))
    assert stock == [] and len(hands[0]) == 2 and not {"6C", "6D", "6H", "6S"} & set(hands[0])
    decision = get_bot("rooster", "hard").decide(view, state.legal_actions(), random.Random(0))
    assert decision.action in state.legal_actions()
