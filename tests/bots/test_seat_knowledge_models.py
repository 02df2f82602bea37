"""The questions the "What your seat knows" panel adds to the hard bots' knowledge models: how many of a rank a
Sunduchok hand may hold at most, the Hearts cards still out and who can still shoot the moon, the Yashchiki
voids and the cards neither in the seat's hand nor in the discard pile."""

from __future__ import annotations

from games.hearts.bots.knowledge import DealKnowledge
from games.hearts.bots.playout import card_code
from games.rules import get_game
from games.rules.cards import RANKS, make_deck
from games.sunduchok.bots.knowledge import PublicKnowledge
from games.yashchiki.bots.knowledge import YashchikiKnowledge
from games.yashchiki.rules import DECK as YASHCHIKI_DECK


def play(state, *actions):
    for action in actions:
        state = state.apply(action)
    return state


def test_sunduchok_the_most_of_a_rank_a_hand_may_hold():
    you, anna = ["QH", "QC", "8D", "AS"], ["QD", "9S", "7H", "KC"]
    state = get_game("sunduchok").from_deal(
        hands=[you, anna], dealer=1, stock=[card for card in make_deck(RANKS[4:]) if card not in you + anna])
    model = PublicKnowledge(state.view(1))
    assert model.most_count(0, "Q") == 3          # four would be a chest laid at once
    # "Queens?" yes — "Two?" no: Anna holds one or three. You held one or two (you may ask for at most 4 - yours),
    # but the card you drew after the "no" may be a third.
    model = PublicKnowledge(play(state, {"type": "ask", "target": 1, "rank": "Q"},
                                 {"type": "count", "count": 2}).view(1))
    assert (model.least_count(0, "Q"), model.most_count(0, "Q")) == (1, 3)
    assert (model.least_count(1, "Q"), model.most_count(1, "Q")) == (1, 3)


def test_hearts_the_cards_still_out_and_who_can_still_shoot_the_moon():
    hearts = get_game("hearts")
    state = hearts.new_game(players=4, seed=3, variant=hearts.variant(pass_cycle=["none"]))
    model = DealKnowledge(state.view(0))
    assert sorted(map(card_code, model.still_out())) == sorted(
        card for card, place in state.card_locations().items() if place != "hand:0")
    assert model.moon_open_to() == [0, 1, 2, 3]
    while not any(state.view(0)["points_taken"]):
        state = state.apply(state.legal_actions()[0])
    model = DealKnowledge(state.view(0))
    taker = next(seat for seat, points in enumerate(model.points) if points)
    assert model.moon_open_to() == [taker]
    assert len(model.still_out()) == 52 - len(state.view(0)["hand"]) - sum(
        1 for place in state.card_locations().values() if place.startswith("tricks") or place == "table")


def test_yashchiki_a_void_lasts_until_a_card_comes_in_and_the_cards_still_out():
    hands = [["8C", "AH", "5D", "6S"], ["2C", "3C", "3D", "3S"], ["QH", "KH", "JD", "JS"], ["JH", "9C", "10C", "7S"]]
    rest = [card for card in YASHCHIKI_DECK if card not in sum(hands, []) + ["KC", "3H"]]
    state = get_game("yashchiki").from_deal(hands=hands, stock=["3H", *rest], upcard="KC", dealer=3)
    model = YashchikiKnowledge(state.view(0))
    assert model.still_out() == [card for card in YASHCHIKI_DECK if card not in ["KC", *hands[0]]]
    # Anna cannot follow hearts and draws: the card drawn may be a heart.
    state = play(state, {"type": "play", "cards": ["8C"], "suit": "H"})
    model = YashchikiKnowledge(state.view(0))
    assert not model.void(1, "H") and model.most_of_suit(1, "H") == 1
    assert "8C" not in model.still_out()
    # She plays a heart later: the one she drew, so none is left.
    state = play(state, {"type": "play", "cards": ["QH"]}, {"type": "play", "cards": ["JH"]},
                 {"type": "play", "cards": ["AH"]}, {"type": "play", "cards": ["3H"]})
    assert YashchikiKnowledge(state.view(0)).void(1, "H")
