"""The Yashchiki coach: clear mistakes in hand-built positions (a suit named that the next opponent is known
to hold, a last pair not declared, a chain of twos taken instead of passed on), the worlds it samples (only
what the view shows), fairness (hidden cards never change an evaluation), determinism, and the value of a
deal that ends inside the horizon."""

from __future__ import annotations

import random

import pytest

from games.bots import get_bot
from games.yashchiki.coach import YashchikiCoach, expected_points
from games.yashchiki.rules import score_hand
from tests.rules.yashchiki_helpers import DRAW, GAME, play, run, table

COACH = YashchikiCoach()


def evaluate(state, seed=0, budget=None):
    return COACH.evaluate(state.view(state.current_player), state.legal_actions(), seed=seed, budget=budget)


def verdicts(evaluation) -> dict[str, str]:
    """Each valued action's verdict, keyed by a short name ("9C:H", "8D+8H declared", "draw")."""
    return {name(value.action): COACH.judge(evaluation, value.action).kind for value in evaluation.values}


def name(action: dict) -> str:
    if action["type"] == "draw":
        return "draw"
    text = "+".join(action["cards"])
    if "declared" in action:
        text += " declared" if action["declared"] else " undeclared"
    return f"{text}:{action['suit']}" if "suit" in action else text


def eights_shown():
    """Seat 1 showed the 8♦ and 8♥ in an undeclared pair (they went back to its hand, with a penalty card),
    then drew for want of clubs. Seat 0 is to play its 9♣, its only club, and name a suit for seat 1."""
    state = table("QH QC 9C 5D JD 4H", "8D 8H", "JH KC 2S 6D 9D", "9H AC 10D QS 7D", upcard="KH", stock="JS 4S")
    return run(state, play("QH"), play("8D", "8H", declared=False), play("JH"), play("9H", suit="C"),
               play("QC"), play("KC"), play("AC"))


# -- clear mistakes ---------------------------------------------------------------------------------------------

def test_naming_a_suit_the_next_opponent_is_known_to_hold_is_a_mistake():
    state = eights_shown()
    log = state.view(0)["log"]
    assert {"type": "undeclared-pair", "seat": 1, "cards": ["8D", "8H"]} in log
    assert {"type": "draw", "seat": 1, "count": 1, "reason": "no-card"} in log
    assert state.current_player == 0 and [name(action) for action in state.legal_actions()] == [
        "9C:C", "9C:D", "9C:H", "9C:S"]
    for seed in range(3):
        evaluation = evaluate(state, seed=seed)
        judged = verdicts(evaluation)
        # Hearts or diamonds let seat 1 shed its two eights at once (100 points); clubs make it draw.
        assert judged["9C:H"] == judged["9C:D"] == "mistake"
        assert judged["9C:C"] == "good"
        assert COACH.judge(evaluation, play("9C", suit="H")).better == evaluation.best.action
        assert evaluation.value_of(play("9C", suit="C")).value > evaluation.value_of(play("9C", suit="H")).value + 12


def test_not_declaring_the_last_two_cards_is_a_mistake():
    # The pair of eights, declared, goes out and ends the deal; undeclared, it goes back with a penalty card.
    state = table("8D 8H", "2C 3H 4C 6C", "5C 6D 7D QC", "8C 9C 10C JC", upcard="QH")
    evaluation = evaluate(state)
    judged = verdicts(evaluation)
    assert judged["8D+8H undeclared"] == "mistake"
    for suit in "CDHS":
        assert judged[f"8D+8H declared:{suit}"] == "good"
    assert name(evaluation.best.action).startswith("8D+8H declared")
    assert evaluation.reason is not None and evaluation.reason.key == "go-out"


def test_drawing_instead_of_passing_the_chain_on_is_a_mistake():
    # Free draw: seat 1 may take the chain's two cards, or answer with its 2♠, which leaves it the 9♠ and
    # makes seat 2, holding no two, draw three.
    state = run(table("2H 5C KC QD", "2S 9S", "7C 8D 4S", "3H 4H 10D", upcard="9H", preset="free-draw"),
                play("2H"))
    assert state.current_player == 1 and state.legal_actions() == [play("2S"), DRAW]
    evaluation = evaluate(state)
    assert verdicts(evaluation) == {"2S": "good", "draw": "mistake"}
    assert evaluation.reason is not None and evaluation.reason.key == "answer-chain"


# -- worlds and values ----------------------------------------------------------------------------------------

def test_the_worlds_keep_what_the_view_shows():
    state = eights_shown()
    view = state.view(0)
    for world in COACH.worlds(view, random.Random(1), 24):
        assert list(world.hands[0]) == view["hand"]
        assert [len(hand) for hand in world.hands] == view["hand_sizes"]
        assert {"8D", "8H"} <= set(world.hands[1])
        # Of seat 1's four cards only the one drawn for want of clubs may be a club.
        assert sum(card.endswith("C") for card in world.hands[1]) <= 1
        assert len(world.stock) == view["stock_size"] and world.discard[-1] == view["top_card"]
        assert world.suit == view["suit"] and world.current_player == 0
        assert sorted(world.card_locations()) == sorted(state.card_locations())


def test_a_deal_ended_inside_the_horizon_counts_its_real_points_more_being_better():
    state = table("8D 8H", "2C 3H 4C 6C", "5C 6D 7D QC", "8C 9C 10C JC", upcard="QH")
    view, going_out = state.view(0), play("8D", "8H", declared=True, suit="C")
    for world in COACH.worlds(view, random.Random(2), 6):
        opponents = score_hand(world.hands[1], world.variant) + score_hand(world.hands[3], world.variant)
        assert COACH.outcome(world, view, going_out, random.Random(0)) == opponents - score_hand(
            world.hands[2], world.variant)


def test_a_hands_points_weigh_more_when_an_opponent_is_about_to_go_out():
    def expected(hand: str, opponent: str) -> float:
        return expected_points(table(hand, opponent, "5C 6D 7D", "8C 9C 10C", upcard="JH"))[0]

    calm = expected("KH KS QH QS", "2C 3C 4C") - expected("AH AS AD AC", "2C 3C 4C")
    tense = expected("KH KS QH QS", "2C") - expected("AH AS AD AC", "2C")
    assert 0 < calm < tense < 40


# -- fairness and determinism -----------------------------------------------------------------------------------

def rebuilt_with_hidden_cards_moved(seed: int, moves: int):
    """A random position with a choice, in a first deal, and the same position rebuilt through the engine with
    two unseen cards of one suit exchanged between the other seats' hands and the stock below the cards drawn
    reshuffled; None when the position has no choice or no such exchange exists."""
    bots = [get_bot("yashchiki", level) for level in ("easy", "medium", "easy", "medium")]
    start = GAME.new_game(4, seed=seed)
    deal = start.to_dict()
    rng = random.Random(seed)
    actions, state = [], start
    for _ in range(moves):
        if state.deal_number != 1 or state.is_over:
            return None
        action = bots[state.current_player].choose(state.view(state.current_player), state.legal_actions(), rng)
        actions.append(action)
        state = state.apply(action)
    if state.deal_number != 1 or state.is_over or len(state.legal_actions()) < 2:
        return None
    seat = state.current_player
    others = [other for other in range(4) if other != seat]
    hands = [list(hand) for hand in deal["hands"]]
    shown = {card for event in state.log if event["type"] == "undeclared-pair" for card in event["cards"]}
    # Cards of one suit, neither a two (who can answer a chain) nor shown: the moves replay as they were.
    held = [(other, card) for other in others for card in hands[other]
            if card in state.hands[other] and card not in shown and not card.startswith("2")]
    pairs = [(first, second) for first in held for second in held
             if first[0] < second[0] and first[1][-1] == second[1][-1]]
    if not pairs:
        return None
    (one, first), (other, second) = rng.choice(pairs)
    hands[one][hands[one].index(first)], hands[other][hands[other].index(second)] = second, first
    stock = list(deal["stock"])
    drawn = len(stock) - len(state.stock) if not any(event["type"] == "reshuffle" for event in state.log) else None
    if drawn is not None:
        undrawn = stock[drawn:]
        rng.shuffle(undrawn)
        stock = stock[:drawn] + undrawn
    moved = run(GAME.from_deal(hands=hands, stock=stock, upcard=deal["discard"][0], dealer=deal["dealer"], seed=seed),
                *actions)
    return state, moved


@pytest.mark.parametrize("seed", [3, 7, 11, 19])
def test_hidden_cards_never_change_an_evaluation(seed):
    rebuilt = next(filter(None, (rebuilt_with_hidden_cards_moved(seed, moves) for moves in range(12 + seed, 0, -1))))
    state, moved = rebuilt
    seat = state.current_player
    assert len(state.legal_actions()) > 1
    assert state.view(seat) == moved.view(seat) and state.card_locations() != moved.card_locations()
    first = COACH.evaluate(state.view(seat), state.legal_actions(), seed=f"fair-{seed}")
    second = COACH.evaluate(moved.view(seat), moved.legal_actions(), seed=f"fair-{seed}")
    assert first == second
    assert COACH.evaluate(state.view(seat), state.legal_actions(), seed=f"fair-{seed}") == first


def test_the_worlds_shrink_with_many_candidates_and_undeclared_pairs_share_one_playout():
    # Three eights on hearts: two pairs with the 8♥ (each declared naming four suits, and undeclared) and the
    # 8♥ alone naming four: fourteen candidates.
    state = table("8C 8D 8H 3S", "2C 3C 4C", "5C 6D 7D", "9C 10C JC", upcard="QH")
    legal = state.legal_actions()
    assert len(legal) == 14
    evaluation = evaluate(state)
    assert evaluation.worlds == 150 // 14
    undeclared = [value for value in evaluation.values if value.action.get("declared") is False]
    assert len(undeclared) == 2 and undeclared[0].outcomes == undeclared[1].outcomes
