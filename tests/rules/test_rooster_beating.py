"""The ranked-suit beating relation of Chuvash Rooster: the source's examples, every pair of cards
against an independent statement of the definition, and the order it forms."""

import itertools

import pytest

from games.rooster.rules import beats
from tests.rules.rooster_helpers import DECK, TAKE, attack, beat, bout, run

# Written out here rather than taken from the engine, so that the check is independent of it.
RANK_VALUES = {rank: value for value, rank in enumerate(["6", "7", "8", "9", "10", "J", "Q", "K", "A"])}
SUIT_ORDERS = [list(order) for order in itertools.permutations("SHDC")]    # highest first; the first is standard


def beats_by_definition(card, other, suit_order=("S", "H", "D", "C")):
    """Same suit and higher rank, or a higher suit and the same rank or higher."""
    rank, suit = RANK_VALUES[card[:-1]], card[-1]
    other_rank, other_suit = RANK_VALUES[other[:-1]], other[-1]
    height, other_height = len(suit_order) - suit_order.index(suit), len(suit_order) - suit_order.index(other_suit)
    if suit == other_suit:
        return rank > other_rank
    return height > other_height and rank >= other_rank


def relation(suit_order):
    return {(card, other) for card in DECK for other in DECK if beats(card, other, suit_order)}


# -- the source's own examples -------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "other", "expected"), [
    ("KD", "8C", True),     # ♦К старше ♣8
    ("9S", "6D", True),     # ♠9 старше ♦6
    ("10S", "8C", True),    # ♠10 кроет ♣8 ...
    ("10S", "AC", False),   # ... но не кроет ♣Т: the suit is higher, the rank lower
    ("AC", "10S", False),   # ♣Т не кроет ♠10: the rank is higher, the suit lower
    ("8C", "KD", False),
    ("6D", "9S", False),
    ("8C", "10S", False),
])
def test_the_sources_examples(card, other, expected):
    assert beats(card, other) is expected
    assert beats(card, other, ["S", "H", "D", "C"]) is expected


def test_the_ace_of_spades_beats_every_other_card_and_nothing_beats_it():
    others = [card for card in DECK if card != "AS"]
    assert all(beats("AS", card) for card in others)
    assert not any(beats(card, "AS") for card in DECK)


def test_the_six_of_clubs_beats_nothing_and_every_other_card_beats_it():
    others = [card for card in DECK if card != "6C"]
    assert all(beats(card, "6C") for card in others)
    assert not any(beats("6C", card) for card in DECK)


def test_the_same_rank_of_a_higher_suit_beats_and_of_a_lower_suit_does_not():
    assert beats("7S", "7H") and beats("7H", "7D") and beats("7D", "7C") and beats("7S", "7C")
    assert not beats("7H", "7S") and not beats("7C", "7D")


# -- every pair against the definition -----------------------------------------------------------------
@pytest.mark.parametrize("suit_order", SUIT_ORDERS, ids="".join)
def test_every_pair_of_cards_follows_the_definition(suit_order):
    assert relation(suit_order) == {(card, other) for card in DECK for other in DECK
                                    if beats_by_definition(card, other, suit_order)}


def test_the_suit_order_changes_the_relation():
    assert beats("7C", "7S", ["C", "D", "H", "S"]) and not beats("7C", "7S")
    assert beats("AC", "6S", ["C", "D", "H", "S"]) and not beats("AC", "6S")
    assert relation(SUIT_ORDERS[0]) != relation(["C", "D", "H", "S"])


def test_the_standard_relation_has_its_expected_size():
    # Same suit: 4 × C(9, 2) = 144 pairs; across suits: C(4, 2) suit pairs × 45 rank pairs (rank ≥ other).
    assert len(relation(SUIT_ORDERS[0])) == 144 + 6 * 45


@pytest.mark.parametrize("suit_order", [SUIT_ORDERS[0], ["C", "D", "H", "S"], ["H", "C", "S", "D"]], ids="".join)
def test_beating_is_a_strict_partial_order(suit_order):
    pairs = relation(suit_order)
    assert not any((card, card) in pairs for card in DECK), "irreflexive"
    assert not any((other, card) in pairs for card, other in pairs), "antisymmetric"
    beaten_by = {card: {other for first, other in pairs if first == card} for card in DECK}
    for card, middle in pairs:
        assert beaten_by[middle] <= beaten_by[card], f"transitive through {card} > {middle}"


def test_cards_that_neither_beat_each_other_exist_and_are_not_equal():
    # "карты считаются равнозначными и друг друга не кроют"
    assert not beats("10S", "AC") and not beats("AC", "10S")
    incomparable = [(card, other) for card, other in itertools.combinations(DECK, 2)
                    if not beats(card, other) and not beats(other, card)]
    assert ("AC", "10S") in incomparable or ("10S", "AC") in incomparable
    assert len(incomparable) == 36 * 35 // 2 - len(relation(SUIT_ORDERS[0]))


# -- the relation at the table -------------------------------------------------------------------------
def test_the_defender_may_beat_exactly_with_the_cards_that_beat():
    state = run(bout("8C AC", "KD 10S 9S 6D 7C 8S", rest="discard"), attack("8C", "AC"))
    beats_offered = sorted((action["attack"], action["card"]) for action in state.legal_actions()
                           if action["type"] == "beat")
    assert beats_offered == sorted(
        (attacking, card) for attacking in ("8C", "AC") for card in state.view(1)["hand"]
        if beats_by_definition(card, attacking))
    assert ("8C", "10S") in beats_offered and ("AC", "10S") not in beats_offered
    assert state.legal_actions()[-1] == TAKE


def test_the_tables_suit_order_decides_what_beats():
    clubs_high = bout("7S 8S", "7C 9D 6H", suit_order=["C", "D", "H", "S"], rest="discard")
    state = run(clubs_high, attack("7S"))
    assert {action.get("card") for action in state.legal_actions()} == {"7C", "9D", None}
    assert run(state, beat("7S", "7C")).view(None)["table"] == [{"attack": "7S", "beat": "7C"}]


def test_the_sources_closing_example_clubs_attacking_first_win():
    # ♠K ♠Q ♥K ♥Q against ♣6 ♣7 ♣8 ♣A: led all at once, the clubs cannot all be beaten, for only an
    # ace beats an ace.
    state = run(bout("6C 7C 8C AC", "QH KH QS KS", rest="discard"), attack("6C", "7C", "8C", "AC"))
    assert not [action for action in state.legal_actions() if action.get("attack") == "AC"]
    state = run(state, beat("6C", "QH"), beat("7C", "KH"), beat("8C", "QS"), TAKE)
    assert state.is_over and state.view(None)["rooster"] == 1 and state.winners == [0]


def test_the_sources_closing_example_the_high_cards_attacking_first_win():
    state = bout("QH KH QS KS", "6C 7C 8C AC", rest="discard")
    state = run(state, attack("QH", "KH"))
    assert state.legal_actions() == [TAKE], "no club beats a heart"
    state = run(state, TAKE)
    # Seat 1 took; the next attacker is the seat after it, seat 0 again.
    state = run(state, attack("QS", "KS"))
    assert state.legal_actions() == [TAKE]
    state = run(state, TAKE)
    assert state.is_over and state.view(None)["rooster"] == 1 and state.winners == [0]
