"""Every rule line of sunduchok.md for the standard preset: deal, turn, empty hands, end, score."""

import random

import pytest

from games.rules.cards import RANKS, SUITS
from tests.rules.helpers import (
    DECK_36,
    GAME,
    ask,
    chests_of,
    count,
    hands_of,
    new_events,
    play,
    stock_size,
    suits,
    table,
)

STOCK_BY_PLAYERS = {2: 28, 3: 24, 4: 20, 5: 16, 6: 12}


def dealt_cards(state, seat):
    """The cards `seat` received in the deal: the hand plus any chest laid down straight away."""
    view = state.view(seat)
    return set(view["hand"]) | {rank + suit for rank in view["chests"][seat] for suit in SUITS}


# -- the deal ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "stock"), STOCK_BY_PLAYERS.items())
@pytest.mark.parametrize("seed", [0, 7, 2024])
def test_deal_gives_four_cards_each_and_leaves_the_stock(players, stock, seed):
    state = GAME.new_game(players=players, seed=seed)
    assert [len(dealt_cards(state, seat)) for seat in range(players)] == [4] * players
    assert stock_size(state) == stock
    assert state.log[0] == {"type": "deal", "seat": 0, "hand_sizes": [4] * players, "stock_size": stock}
    assert sorted(state.card_locations()) == sorted(DECK_36)


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("dealer_step", [0, 1, -1])
def test_deal_is_one_card_at_a_time_starting_left_of_the_dealer(players, dealer_step):
    """The seeded shuffle of the deck (random.Random(seed), deck order) is dealt from its top."""
    dealer = dealer_step % players
    seed = 1000 + players
    deck = list(DECK_36)
    random.Random(seed).shuffle(deck)
    state = GAME.new_game(players=players, seed=seed, dealer=dealer)
    for index in range(players):
        seat = (dealer + 1 + index) % players
        assert dealt_cards(state, seat) == set(deck[index: 4 * players: players])
    assert state.to_dict()["stock"] == deck[4 * players:]


def test_the_deal_is_the_same_on_every_machine():
    state = GAME.new_game(players=2, seed=42)
    assert hands_of(state) == ["9C 10S QD QS", "7D 8D KH AC"]
    assert state.to_dict()["stock"][:3] == ["JH", "QH", "KS"]


@pytest.mark.parametrize("players", range(2, 7))
def test_first_player_is_left_of_the_dealer(players):
    for dealer in range(players):
        state = GAME.new_game(players=players, seed=dealer, dealer=dealer)
        assert not any(event["type"] == "chest" for event in state.log), "pick seeds without dealt chests"
        assert state.current_player == (dealer + 1) % players


def test_chests_from_the_deal_are_laid_down_at_once_from_the_dealers_left():
    # Dealer 1: seats 2, 0, 1 in order. Seats 2 and 0 are dealt whole chests and empty hands.
    state = table("KC KD KH KS", "6C 7C 8C 9C", "QC QD QH QS", stock="AS AH", dealer=1)
    assert state.log[1:] == [
        {"type": "chest", "seat": 2, "source": "deal", "rank": "Q"},
        {"type": "chest", "seat": 0, "source": "deal", "rank": "K"},
        # Empty hands: each draws one card at their first turn, and that ends the turn.
        {"type": "draw", "seat": 2, "reason": "empty-hand", "stock_size": 23},
        {"type": "draw", "seat": 0, "reason": "empty-hand", "stock_size": 22},
    ]
    assert chests_of(state) == [["K"], [], ["Q"]]
    assert state.view(1)["chests"] == state.view(None)["chests"] == [["K"], [], ["Q"]]
    assert hands_of(state) == ["AH", "6C 7C 8C 9C", "AS"]
    assert state.current_player == 1
    assert state.scores == [1, 0, 1]


# -- whom and what you may ask ----------------------------------------------------------------------
def test_only_opponents_with_cards_can_be_asked():
    state = table("QH 8D", "", "QD 7H", "KC", dealer=3)
    assert {action["target"] for action in state.legal_actions()} == {2, 3}


def test_only_ranks_you_hold_can_be_asked_in_deck_order():
    state = table("AS QH 8D QC", "7H")
    assert state.legal_actions() == [ask(1, "8"), ask(1, "Q"), ask(1, "A")]


@pytest.mark.parametrize(("hand", "counts"), [("QH", [1, 2, 3]), ("QH QC", [1, 2]), ("QH QC QD", [1])])
def test_the_count_goes_from_one_to_four_minus_held(hand, counts):
    state = table(hand, "QS 7H").apply(ask(1, "Q"))
    assert state.legal_actions() == [count(number) for number in counts]


@pytest.mark.parametrize(("hand", "opponent", "choices"), [
    ("QH", "QS", [["C"], ["D"], ["S"]]),
    ("QH", "QC QS", [["C", "D"], ["C", "S"], ["D", "S"]]),
    ("QD", "QC QH QS", [["C", "H", "S"]]),
    ("QH QC", "QD QS", [["D", "S"]]),
])
def test_suits_are_drawn_from_the_suits_you_do_not_hold(hand, opponent, choices):
    state = table(hand, opponent + " 7H").apply(ask(1, "Q")).apply(count(len(opponent.split())))
    assert state.view(0)["request"] == {"target": 1, "rank": "Q", "count": len(opponent.split())}
    assert state.legal_actions() == [suits(*choice) for choice in choices]


# -- three yeses, and the first "no" ----------------------------------------------------------------
def test_a_transfer_without_a_chest_keeps_the_turn_and_any_opponent_may_be_asked_next():
    state = table("QH 8D", "QD 7H", "QS 8C", stock="AS")
    for action in (ask(1, "Q"), count(1)):
        state = state.apply(action)
    state = play(state, suits("D"),
                 events=[{"type": "suits", "seat": 0, "target": 1, "rank": "Q", "suits": ["D"], "answer": "yes"},
                         {"type": "transfer", "seat": 0, "target": 1, "cards": ["QD"]}],
                 hands=["8D QD QH", "7H", "8C QS"], stock=30, current=0, chests=[[], [], []])
    assert state.legal_actions() == [ask(target, rank) for target in (1, 2) for rank in ("8", "Q")]


# The opponent holds Q♦ Q♠; each request fails at a different question.
FAILURES = {
    "rank": ([ask(1, "8")], {"type": "ask", "seat": 0, "target": 1, "rank": "8", "answer": "no"}),
    "count": ([ask(1, "Q"), count(1)],
              {"type": "count", "seat": 0, "target": 1, "rank": "Q", "count": 1, "answer": "no"}),
    "suits": ([ask(1, "Q"), count(2), suits("C", "D")],
              {"type": "suits", "seat": 0, "target": 1, "rank": "Q", "suits": ["C", "D"], "answer": "no"}),
}


@pytest.mark.parametrize("question", FAILURES)
def test_the_first_no_ends_the_request_and_the_asker_draws(question):
    actions, no_event = FAILURES[question]
    start = table("QH 8D", "QD QS 7H", "9C", stock="AS")
    state = start
    for action in actions:
        state = state.apply(action)
    assert new_events(start, state)[-2:] == [
        no_event, {"type": "draw", "seat": 0, "reason": "failed", "stock_size": 29}]
    assert hands_of(state) == ["8D QH AS", "7H QD QS", "9C"]
    assert state.current_player == 1
    assert state.view(None)["phase"] == "ask" and state.view(None)["request"] is None


@pytest.mark.parametrize("question", FAILURES)
def test_no_draw_after_a_no_when_the_stock_is_empty_and_the_game_goes_on(question):
    actions, no_event = FAILURES[question]
    start = table("QH 8D", "QD QS 7H", "9C", rest=2)
    state = start
    for action in actions:
        state = state.apply(action)
    assert new_events(start, state)[-1] == no_event
    assert hands_of(state) == hands_of(start)
    assert stock_size(state) == 0
    assert state.current_player == 1 and not state.is_over


def test_a_drawn_card_completing_a_chest_is_laid_down_but_the_turn_still_passes():
    state = table("QH QC QD 8D", "7H KC", stock="QS")
    state = play(state, ask(1, "Q"),
                 events=[{"type": "ask", "seat": 0, "target": 1, "rank": "Q", "answer": "no"},
                         {"type": "draw", "seat": 0, "reason": "failed", "stock_size": 29},
                         {"type": "chest", "seat": 0, "source": "draw", "rank": "Q"}],
                 hands=["8D", "7H KC"], stock=29, current=1, chests=[["Q"], []])


def test_losing_your_last_cards_does_not_make_you_draw_until_your_turn():
    state = table("QH QC 8D", "QD QS", "8C 9C", stock="AS AD")
    for action in (ask(1, "Q"), count(2)):
        state = state.apply(action)
    state = play(state, suits("D", "S"),
                 events=[{"type": "suits", "seat": 0, "target": 1, "rank": "Q", "suits": ["D", "S"],
                          "answer": "yes"},
                         {"type": "transfer", "seat": 0, "target": 1, "cards": ["QD", "QS"]},
                         {"type": "chest", "seat": 0, "source": "ask", "rank": "Q"}],
                 hands=["8D", "", "8C 9C"], stock=29, current=0)
    assert state.legal_actions() == [ask(2, "8")]
    state = state.apply(ask(2, "8"))
    state = play(state, count(2),
                 events=[{"type": "count", "seat": 0, "target": 2, "rank": "8", "count": 2, "answer": "no"},
                         {"type": "draw", "seat": 0, "reason": "failed", "stock_size": 28},
                         {"type": "draw", "seat": 1, "reason": "empty-hand", "stock_size": 27}],
                 hands=["8D AS", "AD", "8C 9C"], stock=27, current=2)


def test_a_player_whose_opponents_are_all_empty_passes_without_asking_or_drawing():
    state = table("QH 8D", "", "", stock="AS AD", dealer=2)
    assert state.log[1:] == [
        {"type": "pass", "seat": 0, "reason": "opponents-empty"},
        {"type": "draw", "seat": 1, "reason": "empty-hand", "stock_size": 33},
        {"type": "draw", "seat": 2, "reason": "empty-hand", "stock_size": 32},
    ]
    assert hands_of(state) == ["8D QH", "AS", "AD"]
    assert state.current_player == 0


# -- the end and the score ----------------------------------------------------------------------------
def whole_ranks(ranks):
    return " ".join(rank + suit for rank in ranks for suit in SUITS)


@pytest.mark.parametrize("deck", [36, 52])
def test_the_game_ends_when_the_last_chest_is_laid_down(deck):
    ranks = RANKS[4:] if deck == 36 else RANKS
    others = [rank for rank in ranks if rank != "Q"]
    variant = GAME.variant(preset="deck-52" if deck == 52 else "standard")
    state = table(whole_ranks(others) + " QH QC", "QD QS", rest=None, variant=variant, deck=deck)
    assert state.scores == [len(ranks) - 1, 0] and not state.is_over
    for action in (ask(1, "Q"), count(2)):
        state = state.apply(action)
        assert not state.is_over and state.winners == []
    state = state.apply(suits("D", "S"))
    assert state.is_over
    assert state.current_player is None and state.legal_actions() == []
    assert state.scores == [len(ranks), 0] and state.winners == [0]
    assert state.log[-1] == {"type": "end", "seat": None, "scores": [len(ranks), 0], "winners": [0]}
    assert set(state.card_locations().values()) == {"chests:0"}


@pytest.mark.parametrize(("chests", "winners"), [
    ((4, 4, 1), [0, 1]),
    ((4, 3, 2), [0]),
    ((1, 4, 4), [1, 2]),
    ((3, 3, 3), [0, 1, 2]),
    ((2, 7, 0), [1]),
])
def test_the_score_is_one_point_per_chest_and_ties_share_the_win(chests, winners):
    ranks = iter(RANKS[4:])
    hands = [whole_ranks([next(ranks) for _ in range(number)]) for number in chests]
    state = table(*hands, rest=None)
    assert state.is_over
    assert state.scores == list(chests)
    assert state.winners == winners
    assert state.log[-1] == {"type": "end", "seat": None, "scores": list(chests), "winners": winners}
