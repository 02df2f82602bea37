"""The Sunduchok coach: clear mistakes in hand-built positions (asking the player who just said no, naming a
count the answers rule out), complete worlds, a playout model that plays exactly the engine's rules, fairness
(hidden cards never change an evaluation), determinism, and how often it faults a random player against the
hard bot."""

from __future__ import annotations

import random

import pytest

from games.bots import get_bot
from games.coach.base import Budget
from games.rules import IllegalAction
from games.rules.cards import rank_of, suit_of
from games.sunduchok.bots.knowledge import FULL_RANK, SUIT_BITS, PublicKnowledge, holdings
from games.sunduchok.coach import Playout, Position, SunduchokCoach, World
from tests.bots.helpers import GAME, ask, count, deal, play, suits

COACH = SunduchokCoach()
SMALL = Budget(worlds=8)


def evaluate(state, seed=0, budget=None):
    seat = state.current_player
    return COACH.evaluate(state.view(seat), state.legal_actions(), seed=seed, budget=budget)


# -- clear mistakes -------------------------------------------------------------------------------

def test_asking_the_player_who_just_said_no_is_a_mistake_when_another_asked_for_that_rank():
    # Seat 0 took the Q♦ and Q♥ from seat 1 in plain view; seat 2 then asked seat 1 for queens and heard no,
    # and seat 1 has drawn nothing since. Seat 2 holds the last queen: asking it is a sure chest. Asking
    # seat 1 is a sure no, and the table knows seat 0's three queens: seat 2 comes for them next.
    state = deal("QC 7C 8H 9H", "QD QH 8C 8D", "QS 6C 6D 10C", stock="JC JD JH JS")
    state = play(state, ask(1, "Q"), count(2), suits("D", "H"), ask(1, "7"), ask(2, "8"), ask(1, "Q"))
    assert state.current_player == 0
    evaluation = evaluate(state)
    assert evaluation.best.action == ask(2, "Q")
    assert COACH.judge(evaluation, ask(2, "Q")).kind == "good"
    verdict = COACH.judge(evaluation, ask(1, "Q"))
    assert verdict.kind == "mistake" and verdict.better == ask(2, "Q") and verdict.loss > 0.7
    # The hard bot asks seat 2 too, and says why from the public log.
    assert evaluation.reason.key == "known-holder"
    assert evaluation.reason.params["fact"] == {"kind": "asked", "seat": 2, "rank": "Q"}


def test_a_sure_chest_that_stays_sure_can_wait_a_turn():
    """The same request with nobody able to reach seat 0's queens: the Q♠ is still with seat 2 next turn, and
    a no even draws a card. Played out to the end, the two requests come out within a tenth of a chest (the
    figures of the module's docstring), so the coach calls neither a mistake."""
    state = deal("QC QD QH 7C", "8C 8D 9C 9D", "QS 6C 6D 10C", stock="JC JD JH JS")
    state = play(state, ask(1, "7"), ask(2, "8"), ask(1, "Q"))
    evaluation = evaluate(state)
    assert evaluation.best.action == ask(2, "Q")
    assert COACH.judge(evaluation, ask(1, "Q")).kind == "good"


def test_naming_a_count_the_answers_rule_out_is_a_mistake():
    # Seat 2 asks seat 1 for kings: "one?" yes, "clubs?" no; seat 1 holds exactly one king, and has drawn
    # nothing since. When seat 0 asks seat 1 for kings, "two?" cannot be right.
    state = deal("KC KD 7C 7D", "KS 8C 8D 9C", "KH 6C 6D 10C", stock="JC JD JH JS")
    state = play(state, ask(1, "7"), ask(2, "8"), ask(1, "K"), count(1), suits("C"), ask(1, "K"))
    assert state.current_player == 0 and state.legal_actions() == [count(1), count(2)]
    evaluation = evaluate(state)
    assert COACH.judge(evaluation, count(1)).kind == "good"
    verdict = COACH.judge(evaluation, count(2))
    assert verdict.kind == "mistake" and verdict.better == count(1)


def test_naming_one_when_the_target_took_a_second_card_in_plain_view_throws_a_chest_away():
    # Seat 1 held a king (it asked for kings) and took the K♥ from seat 2 in plain view: it holds two kings,
    # the two seat 0 lacks. "Two?" and then "hearts and spades" complete seat 0's chest; "one?" is a no.
    state = deal("KC KD 7C 7D", "KS 9C 9D 10C", "KH 6C 6D 10D", stock="JC JD JH JS")
    state = play(state, ask(1, "7"), ask(2, "K"), count(1), suits("H"), ask(2, "9"), ask(1, "6"), ask(1, "K"))
    assert state.current_player == 0 and state.legal_actions() == [count(1), count(2)]
    evaluation = evaluate(state)
    assert COACH.judge(evaluation, count(2)).kind == "good"
    verdict = COACH.judge(evaluation, count(1))
    assert verdict.kind == "mistake" and verdict.loss > 0.6
    assert evaluation.reason.key == "likeliest-count"


# -- worlds and the playout model -----------------------------------------------------------------

def random_position(preset, players, seed, moves):
    """The start of a random game, the actions of `moves` random decisions, and the state they reach."""
    rng = random.Random(seed)
    start = GAME.new_game(players, seed=seed, variant=GAME.variant(preset))
    state, actions = start, []
    while len(actions) < moves and not state.is_over:
        actions.append(rng.choice(state.legal_actions()))
        state = state.apply(actions[-1])
    return start, actions, state


def true_world(state, seat):
    """The world the state really is, as the coach's model holds it (every card where it is)."""
    position = Position(state.view(seat))
    data = state.to_dict()
    width = position.width
    hands = [0] * (position.players * width)
    for owner, hand in enumerate(data["hands"]):
        for card in hand:
            hands[owner * width + position.rank_index[rank_of(card)]] |= SUIT_BITS[suit_of(card)]
    stock = tuple((position.rank_index[rank_of(card)], SUIT_BITS[suit_of(card)]) for card in data["stock"])
    laid = {rank for ranks in data["chests"] for rank in ranks}
    return World(position, hands, stock, [rank in laid for rank in position.ranks])


@pytest.mark.parametrize("preset", sorted(GAME.presets))
def test_every_world_is_a_complete_deal_consistent_with_the_public_log(preset):
    for seed in range(4):
        players = 2 + seed
        _, _, state = random_position(preset, players, seed, moves=25 + 10 * seed)
        if state.is_over:
            continue
        seat = state.current_player
        view = state.view(seat)
        knowledge = PublicKnowledge(view)
        worlds = COACH.worlds(view, random.Random(seed), 6)
        assert worlds
        for world in worlds:
            position = world.position
            width = position.width
            for owner in range(players):
                held = world.hands[owner * width:(owner + 1) * width]
                assert sum(bin(mask).count("1") for mask in held) == view["hand_sizes"][owner]
                assert FULL_RANK not in held
                if owner == seat:
                    mine = {rank + suit for index, rank in enumerate(position.ranks)
                            for suit, bit in SUIT_BITS.items() if held[index] & bit}
                    assert mine == set(view["hand"])
                for index, rank in enumerate(position.ranks):
                    if not world.closed[index]:
                        assert held[index] in holdings(knowledge.families[owner][rank])
            assert len(world.stock) == view["stock_size"]
            # Every card of every open rank is in exactly one hand or the stock; closed ranks are nowhere.
            for index in range(width):
                places = [world.hands[owner * width + index] for owner in range(players)]
                places += [bit for rank, bit in world.stock if rank == index]
                union = 0
                for mask in places:
                    assert not union & mask
                    union |= mask
                assert union == (0 if world.closed[index] else FULL_RANK)
            assert sum(world.closed) == sum(len(ranks) for ranks in view["chests"])


@pytest.mark.parametrize("preset", sorted(GAME.presets))
def test_the_playout_model_plays_exactly_the_engines_rules(preset):
    """Started on the true deal and given every action of random whole games, the model stays where the
    engine is: hands, stock, chests, whose turn and which question, and (with chests shown) the families
    the knowledge model reads from the public log."""
    for players in (2, 3, 5):
        rng = random.Random(players)
        state = GAME.new_game(players, seed=players, variant=GAME.variant(preset))
        playout = Playout(true_world(state, state.current_player))
        playout.horizon = 10**9
        moves = 0
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            playout.play_root(action)
            state = state.apply(action)
            moves += 1
            truth = true_world(state, 0) if moves % 25 == 0 or state.is_over else None
            assert playout.chests == state.scores
            assert playout.over == state.is_over
            assert len(playout.stock) - playout.top == state.view(None)["stock_size"]
            if not state.is_over:
                assert (playout.turn, playout.phase) == (state.current_player, state.view(None)["phase"])
            if truth is not None:
                assert playout.hands == truth.hands
                if GAME.variant(preset).show_chests:
                    assert playout.families == truth.position.families
                    assert playout.draws == truth.position.draws


def test_the_playout_policy_plays_legal_moves_to_the_end():
    for preset in ("standard", "add-hobby", "nastolnie-igri", "aurabox", "open-ranks"):
        state = GAME.new_game(4, seed=3, variant=GAME.variant(preset))
        playout = Playout(true_world(state, state.current_player))
        playout.horizon = 10**9
        while not playout.over:
            kind, first, second = playout.decide()
            if kind == "ask":
                action = ask(first, playout.position.ranks[second])
                playout.ask(first, second)
            elif kind == "count":
                action = count(first)
                playout.count(first)
            else:
                action = suits(*[suit for suit, bit in SUIT_BITS.items() if first & bit])
                playout.suits(first)
            assert action in state.legal_actions()
            state = state.apply(action)
        assert state.is_over and playout.chests == state.scores


# -- fairness and determinism ---------------------------------------------------------------------

def hidden_twin(start, actions, state, seat, rng):
    """The same game rebuilt through the engine from a deal that differs only in cards `seat` never saw: two
    cards exchanged between opponents' first hands and the part of the stock nobody has drawn yet. None if no
    exchange tried keeps every view of the seat the same (an exchanged card may have changed an answer)."""
    data = start.to_dict()
    hands = [list(hand) + [rank + suit for rank in ranks for suit in "CDHS"]
             for hand, ranks in zip(data["hands"], data["chests"], strict=True)]
    stock = list(data["stock"])
    drawn = len(stock) - state.view(None)["stock_size"]
    places = [(owner, index) for owner, hand in enumerate(hands) if owner != seat for index in range(len(hand))]
    places += [(None, index) for index in range(drawn, len(stock))]
    for _ in range(40):
        new_hands, new_stock = [list(hand) for hand in hands], list(stock)
        (one, first), (two, second) = rng.sample(places, 2)
        where_one = new_stock if one is None else new_hands[one]
        where_two = new_stock if two is None else new_hands[two]
        where_one[first], where_two[second] = where_two[second], where_one[first]
        try:
            twin = GAME.from_deal(new_hands, new_stock, variant=start.variant, dealer=data["dealer"], seed=data["seed"])
            for action in actions:
                twin = twin.apply(action)
        except IllegalAction:       # the exchange changed an answer: some later action is no longer legal
            continue
        if twin.view(seat) == state.view(seat) and twin.to_dict() != state.to_dict():
            return twin
    return None


def test_states_that_differ_only_in_hidden_cards_get_equal_evaluations():
    rng = random.Random(5)
    compared = 0
    for number in range(12):
        preset = ("standard", "deal-all", "hidden-chests", "aurabox")[number % 4]
        start, actions, state = random_position(preset, 2 + number % 5, 100 + number, moves=8 + 4 * number)
        if state.is_over:
            continue
        seat = state.current_player
        twin = hidden_twin(start, actions, state, seat, rng)
        if twin is None:
            continue
        first = COACH.evaluate(state.view(seat), state.legal_actions(), seed=number, budget=SMALL)
        second = COACH.evaluate(twin.view(seat), twin.legal_actions(), seed=number, budget=SMALL)
        assert first == second
        compared += 1
    assert compared >= 9


def test_an_evaluation_is_the_same_for_a_seed_and_varies_with_it():
    _, _, state = random_position("standard", 3, 7, moves=20)
    first, again = evaluate(state, seed=3, budget=SMALL), evaluate(state, seed=3, budget=SMALL)
    assert first == again
    assert any(evaluate(state, seed=seed, budget=SMALL).values != first.values for seed in range(4, 8))


# -- how it judges whole games --------------------------------------------------------------------

def test_random_moves_are_marked_mistakes_far_more_often_than_the_hard_bots():
    judged = {"easy": [0, 0], "hard": [0, 0]}
    for number in range(2):
        levels = ["easy" if (seat + number) % 2 == 0 else "hard" for seat in range(3)]
        rng = random.Random(number)
        state = GAME.new_game(3, seed=40 + number)
        decision = 0
        while not state.is_over:
            seat = state.current_player
            view, legal = state.view(seat), state.legal_actions()
            action = get_bot("sunduchok", levels[seat]).choose(view, legal, rng)
            if len(legal) > 1:
                evaluation = COACH.evaluate(view, legal, seed=decision, budget=Budget(worlds=12), include=action)
                judged[levels[seat]][0] += COACH.judge(evaluation, action).kind == "mistake"
                judged[levels[seat]][1] += 1
            state = state.apply(action)
            decision += 1
    easy, hard = (mistakes / decisions for mistakes, decisions in judged.values())
    assert easy >= 0.15
    assert easy >= 3 * hard
