"""The named presets of sunduchok.md, each against the standard behaviour it changes."""

import pytest

from games.rules import IllegalAction
from games.rules.cards import RANKS
from tests.rules.helpers import (
    DECK_36,
    DECK_52,
    GAME,
    ask,
    count,
    hands_of,
    new_events,
    play,
    stock_size,
    suits,
    table,
)


def targets(state):
    return sorted({action["target"] for action in state.legal_actions()})


def ranks(state):
    return [action["rank"] for action in state.legal_actions() if action["target"] == targets(state)[0]]


def transfer(state, target, rank, suit_letters):
    """Three successful questions (the caller knows the answer)."""
    for action in (ask(target, rank), count(len(suit_letters)), suits(*suit_letters)):
        state = state.apply(action)
    return state


# -- add-hobby ---------------------------------------------------------------------------------------
ADD_HOBBY = GAME.variant(preset="add-hobby")


@pytest.mark.parametrize(("hands", "rest", "allowed"), [
    (("QH 8D", "QD 7H", "QS 8C", "QC 9H"), "stock", [1]),
    (("QH 8D", "", "QS 8C", "QC 9H"), "stock", [2]),
    (("QH 8D", "", "", "QC 9H"), "stock", [3]),
    (("QH 8D", "QD 7H", "QS 8C", "QC 9H"), 3, [1, 2, 3]),
])
def test_add_hobby_asks_the_next_holder_clockwise_until_the_stock_is_empty(hands, rest, allowed):
    state = table(*hands, rest=rest, variant=ADD_HOBBY)
    assert targets(state) == allowed
    assert targets(table(*hands, rest=rest)) == [seat for seat in (1, 2, 3) if hands[seat]]


def test_add_hobby_refuses_any_other_target_while_the_stock_lasts():
    state = table("QH 8D", "QD 7H", "QS 8C", "QC 9H", variant=ADD_HOBBY)
    with pytest.raises(IllegalAction, match="You must ask Player 2"):
        state.apply(ask(2, "Q"))


def test_add_hobby_frees_the_target_once_the_last_card_is_drawn():
    state = table("QH 8D", "QD 7H", "QS 8C", "9H", stock="AS", rest=3, variant=ADD_HOBBY)
    assert stock_size(state) == 1 and targets(state) == [1]
    state = state.apply(ask(1, "8"))
    assert stock_size(state) == 0 and state.current_player == 1
    assert targets(state) == [0, 2, 3]


# -- nastolnie-igri ----------------------------------------------------------------------------------
def test_nastolnie_igri_keeps_asking_the_same_opponent_after_a_success():
    deal = ("QH 8D 9D", "QD 7H", "QS 8C")
    standard = transfer(table(*deal), 2, "Q", "S")
    assert targets(standard) == [1, 2]

    state = transfer(table(*deal, variant=GAME.variant(preset="nastolnie-igri")), 2, "Q", "S")
    assert state.current_player == 0 and targets(state) == [2]
    assert state.view(1)["locked_target"] == 2
    with pytest.raises(IllegalAction, match="You must ask Player 3"):
        state.apply(ask(1, "Q"))
    # Once that opponent holds nothing more, any opponent with cards will do.
    state = transfer(state, 2, "8", "C")
    assert hands_of(state)[2] == "" and targets(state) == [1]


def test_nastolnie_igri_lock_ends_with_the_turn():
    state = transfer(table("QH 8D 9D", "QD 7H", "QS 8C", variant=GAME.variant(preset="nastolnie-igri")),
                     2, "Q", "S")
    state = state.apply(ask(2, "9"))  # no: draw, and the turn passes
    assert state.current_player == 1
    assert state.view(None)["locked_target"] is None
    assert targets(state) == [0, 2]


# -- deck-52 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 7))
def test_deck_52_deals_four_each_from_fifty_two_cards(players):
    state = GAME.new_game(players=players, seed=players, variant=GAME.variant(preset="deck-52"))
    assert sorted(state.card_locations()) == sorted(DECK_52)
    assert stock_size(state) == 52 - 4 * players
    assert state.log[0]["hand_sizes"] == [4] * players


def test_deck_52_asks_for_the_low_ranks_too():
    state = table("2H 5D", "2D 7H", variant=GAME.variant(preset="deck-52"), deck=52)
    assert ranks(state) == ["2", "5"]
    state = transfer(state, 1, "2", "D")
    assert hands_of(state)[0] == "2D 2H 5D"


def test_a_36_card_deal_is_not_a_deck_52_deal():
    with pytest.raises(ValueError, match="52-card deck"):
        GAME.from_deal(hands=[list(DECK_36[:4]), list(DECK_36[4:8])], stock=list(DECK_36[8:]),
                       variant=GAME.variant(preset="deck-52"))


# -- aurabox -----------------------------------------------------------------------------------------
AURABOX = GAME.variant(preset="aurabox")


def test_aurabox_hands_over_every_card_of_the_rank_on_the_first_question():
    state = table("QH 8D", "QD QS 7H", variant=AURABOX)
    assert all(action["type"] == "ask" for action in state.legal_actions())
    state = play(state, ask(1, "Q"),
                 events=[{"type": "ask", "seat": 0, "target": 1, "rank": "Q", "answer": "yes"},
                         {"type": "transfer", "seat": 0, "target": 1, "cards": ["QD", "QS"]}],
                 hands=["8D QD QH QS", "7H"], stock=31, current=0)
    assert state.legal_actions() == [ask(1, "8"), ask(1, "Q")]
    with pytest.raises(IllegalAction):
        state.apply(count(1))
    state = play(state, ask(1, "8"),
                 events=[{"type": "ask", "seat": 0, "target": 1, "rank": "8", "answer": "no"},
                         {"type": "draw", "seat": 0, "reason": "failed", "stock_size": 30}],
                 hands=["6C 8D QD QH QS", "7H"], stock=30, current=1)


def test_aurabox_completes_a_chest_in_one_question():
    state = table("QH 8D", "QD QS QC 7H", variant=AURABOX)
    state = state.apply(ask(1, "Q"))
    assert new_events(table("QH 8D", "QD QS QC 7H", variant=AURABOX), state)[-1] == {
        "type": "chest", "seat": 0, "source": "ask", "rank": "Q"}
    assert state.scores == [1, 0]


# -- deal-all ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 7))
def test_deal_all_deals_every_card_and_leaves_no_stock(players):
    state = GAME.new_game(players=players, seed=3, variant=GAME.variant(preset="deal-all"), dealer=1)
    assert stock_size(state) == 0
    assert set(state.card_locations().values()) <= {f"{kind}:{seat}" for kind in ("hand", "chests")
                                                    for seat in range(players)}
    sizes = state.log[0]["hand_sizes"]
    assert sum(sizes) == 36 and max(sizes) - min(sizes) <= 1
    # One card at a time from the dealer's left: the first seats get the odd cards.
    assert sizes == [36 // players + ((seat - 2) % players < 36 % players) for seat in range(players)]


def test_deal_all_a_failed_request_passes_without_drawing():
    state = table("QH 8D", "QD 7H", rest=1, variant=GAME.variant(preset="deal-all"))
    before = hands_of(state)
    state = state.apply(ask(1, "Q"))
    play(state, count(1),
         events=[{"type": "count", "seat": 0, "target": 1, "rank": "Q", "count": 1, "answer": "no"}],
         hands=before, stock=0, current=1)


def test_deal_all_refuses_a_deal_with_a_stock():
    with pytest.raises(ValueError, match="stock must be empty"):
        table("QH 8D", "QD 7H", variant=GAME.variant(preset="deal-all"))


# -- open-ranks --------------------------------------------------------------------------------------
OPEN_RANKS = GAME.variant(preset="open-ranks")


def test_open_ranks_may_ask_a_rank_not_held():
    state = table("QH 8D", "KD KS 7H", variant=OPEN_RANKS)
    assert ranks(state) == list(RANKS[4:])
    state = state.apply(ask(1, "K"))
    assert state.legal_actions() == [count(number) for number in (1, 2, 3, 4)]
    state = state.apply(count(2))
    assert len(state.legal_actions()) == 6  # any two of the four suits
    state = state.apply(suits("S", "D"))
    assert hands_of(state) == ["8D QH KD KS", "7H"] and state.current_player == 0


def test_open_ranks_may_not_ask_a_rank_laid_down():
    state = table("QC QD QH QS 8D", "KD 7H", variant=OPEN_RANKS)
    assert "Q" not in ranks(state)
    with pytest.raises(IllegalAction, match="already laid down"):
        state.apply(ask(1, "Q"))


def test_open_ranks_with_hidden_chests_may_ask_a_rank_laid_down_out_of_sight():
    variant = GAME.variant(preset="open-ranks", show_chests=False)
    state = table("KC KD KH KS 8D", "QC QD QH QS 7H", "9C", variant=variant)
    assert "Q" in ranks(state) and "K" not in ranks(state)


# -- hidden-chests -----------------------------------------------------------------------------------
HIDDEN = GAME.variant(preset="hidden-chests")


def test_hidden_chests_show_the_rank_only_to_the_owner():
    state = table("QC QD QH QS 8D", "KC KD KH KS 7H", variant=HIDDEN)
    assert state.view(0)["chests"] == [["Q"], [None]]
    assert state.view(1)["chests"] == [[None], ["K"]]
    assert state.view(None)["chests"] == [[None], [None]]
    assert state.scores == [1, 1]
    public = [{"type": "chest", "seat": 0, "source": "deal"}, {"type": "chest", "seat": 1, "source": "deal"}]
    assert state.log[1:3] == public
    assert state.view(0)["log"][1:3] == [{**public[0], "rank": "Q"}, public[1]]
    assert state.view(1)["log"][1:3] == [public[0], {**public[1], "rank": "K"}]


def test_hidden_chests_views_do_not_depend_on_the_rank_laid_down():
    kings = table("QH 8D", "KC KD KH KS 7H", variant=HIDDEN)
    jacks = table("QH 8D", "JC JD JH JS 7H", variant=HIDDEN)
    assert kings.card_locations() != jacks.card_locations()
    assert kings.view(0) == jacks.view(0)
    assert kings.view(None) == jacks.view(None)
    assert kings.view(1) != jacks.view(1)
