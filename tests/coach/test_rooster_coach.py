"""The Chuvash Rooster coach: clear mistakes in hand-built endgames (a lead the taker is known to beat, taking
when a cheap beat ends the danger, passing when a throw-in forces a take), fairness (hidden cards never
change an evaluation), determinism, the horizon's parts (the moves counted from the view, the narrowing of
very many leads, the chance of being the rooster at a stopped playout)."""

from __future__ import annotations

import random

import pytest

from games.bots import get_bot
from games.coach.base import Budget
from games.rooster.bots.playout import Model
from games.rooster.coach import MAX_VALUED, RoosterCoach, legal_count, rooster_chance, valued_count
from tests.rules.rooster_helpers import DECK, GAME, TAKE, attack, beat, bout, card_names_in, run, throw

COACH = RoosterCoach()
SMALL = Budget(worlds=8)
PASS = {"type": "pass"}


def evaluate(state, seed=0, budget=None):
    return COACH.evaluate(state.view(state.current_player), state.legal_actions(), seed=seed, budget=budget)


def reason_key(evaluation) -> str | None:
    return evaluation.reason.key if evaluation.reason else None


# -- clear mistakes -------------------------------------------------------------------------------

def test_leading_a_card_the_taker_is_known_to_beat_cheaply_is_a_mistake():
    # Two players, the stock empty. Seat 1 took our 10♥, so it is known to hold it, beside one card we
    # cannot see. Led now, the 9♥ goes under that 10♥ and seat 1 leads its other card against our 8♠,
    # which beats few cards. The 8♠ led first is safe: the 10♥ cannot beat it (only a higher spade can),
    # so seat 1 takes, and our 9♥ then goes out under its 10♥.
    state = run(bout("10H 9H 8S", "7D", rest="discard"), attack("10H"), TAKE)
    assert state.current_player == 0
    assert state.legal_actions() == [attack("8S"), attack("9H")]
    for seed in range(3):
        evaluation = evaluate(state, seed=seed)
        assert evaluation.best.action == attack("8S")
        assert COACH.judge(evaluation, attack("8S")).kind == "good"
        verdict = COACH.judge(evaluation, attack("9H"))
        assert verdict.kind == "mistake" and verdict.better == attack("8S") and verdict.loss > 0.3
        assert -1 <= evaluation.value_of(attack("9H")).value < evaluation.best.value <= 0


def test_the_mistake_rests_on_the_taken_card_the_coach_remembers():
    """Without the take, the 10♥ is one unseen card of many: leading the 9♥ is then far less dangerous."""
    remembered = run(bout("10H 9H 8S", "7D", rest="discard"), attack("10H"), TAKE)
    known = evaluate(remembered)
    # Seat 1 holds the same two cards, but the 10♥ was dealt to it unseen and seat 0 only saw the 7♦ taken.
    forgotten = run(bout("7D 9H 8S", "10H", rest="discard"), attack("7D"), TAKE)
    assert forgotten.view(1)["hand"] == remembered.view(1)["hand"] == ["7D", "10H"]
    unknown = evaluate(forgotten)
    assert known.loss(attack("9H"))[0] > unknown.loss(attack("9H"))[0] + 0.2


def test_taking_when_a_cheap_beat_ends_the_danger_is_a_mistake():
    # Seat 1 leads the 6♦ against our 7♦ and A♠, the stock empty. The 7♦ beats it; then our A♠, which
    # nothing beats, leads seat 1 into taking while we go out. Taking leaves us three cards against one.
    state = run(bout("7D AS", "6D 9C", attacker=1, rest="discard"), attack("6D"))
    assert state.current_player == 0
    evaluation = evaluate(state)
    cheap = beat("6D", "7D")
    assert evaluation.best.action == cheap
    assert COACH.judge(evaluation, cheap).kind == "good"
    assert COACH.judge(evaluation, TAKE).kind == "mistake"
    assert evaluation.value_of(TAKE).value == -1.0          # seat 1 leads its last card: we are left holding
    assert reason_key(evaluation) == "beat-cheapest"


def test_passing_when_a_throw_in_forces_a_take_is_a_mistake():
    # Seat 1 beat our 6♣ with its 7♣ and holds one card more. Our 6♠ may go in: only a higher spade beats
    # it, so seat 1 most likely takes and our 9♦ goes out after it. Passing lets seat 1 off: it attacks
    # with its last card and we are left holding.
    state = run(bout("6C 6S 9D", "7C 10H", rest="discard"), attack("6C"), beat("6C", "7C"))
    assert state.current_player == 0 and state.legal_actions() == [throw("6S"), PASS]
    evaluation = evaluate(state)
    assert evaluation.best.action == throw("6S")
    assert COACH.judge(evaluation, throw("6S")).kind == "good"
    assert COACH.judge(evaluation, PASS).kind == "mistake"
    assert reason_key(evaluation) == "throw-shed"


# -- fairness and determinism ---------------------------------------------------------------------

def hidden_swap(players: int, seed: int, moves: int):
    """Two states of one random game at the same decision that differ only in cards the seat to move has
    never seen (swapped between the other hands and the stock at the deal), both rebuilt by the engine."""
    rng = random.Random(seed)
    start = GAME.new_game(players, seed=seed)
    actions, state = [], start
    for _ in range(moves):
        if state.is_over:
            break
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state = state.apply(action)
    while not state.is_over and len(state.legal_actions()) < 2:
        actions.append(state.legal_actions()[0])
        state = state.apply(actions[-1])
    if state.is_over:
        return None
    seat = state.current_player
    data = start.to_dict()
    seen = card_names_in(state.view(seat))
    # Cards below the first attacker's card stay where they are: in a hand they would open the game.
    order = GAME.variant().lowest_first()
    movable = {card for card in DECK if card not in seen and order.index(card) > order.index(data["first_card"])}
    places = [(seat_, index) for seat_, hand in enumerate(data["hands"]) if seat_ != seat
              for index, card in enumerate(hand) if card in movable]
    places += [(-1, index) for index, card in enumerate(data["stock"]) if card in movable]
    cards = [data["hands"][where][index] if where >= 0 else data["stock"][index] for where, index in places]
    rng.shuffle(cards)
    hands, stock = [list(hand) for hand in data["hands"]], list(data["stock"])
    for (where, index), card in zip(places, cards, strict=True):
        if where >= 0:
            hands[where][index] = card
        else:
            stock[index] = card
    other = GAME.from_deal(hands=hands, stock=stock, dealer=data["dealer"], seed=data["seed"])
    for action in actions:
        other = other.apply(action)
    return state, other, seat


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (3, 3), (4, 4), (5, 5)])
def test_cards_the_seat_has_not_seen_never_change_the_evaluation(players, seed):
    compared = 0
    for trial in range(6):
        pair = hidden_swap(players, seed * 100 + trial, moves=random.Random(seed + trial).randrange(5, 60))
        if pair is None:
            continue
        state, other, seat = pair
        if state.card_locations() == other.card_locations():
            continue
        assert state.view(seat) == other.view(seat)
        assert state.legal_actions() == other.legal_actions()
        first = COACH.evaluate(state.view(seat), state.legal_actions(), seed=trial, budget=SMALL)
        second = COACH.evaluate(other.view(seat), other.legal_actions(), seed=trial, budget=SMALL)
        assert first == second
        compared += 1
    assert compared >= 2


def test_an_evaluation_is_the_same_for_the_same_seed():
    state = run(bout("10H 9H 8S JC QC KD", "7D 8D 9C 6S 7S AH", "6C 7C 8C 6D 9S 10S", rest="stock"),
                attack("10H"))
    view, legal = state.view(1), state.legal_actions()
    assert COACH.evaluate(view, legal, seed="x") == COACH.evaluate(view, legal, seed="x")


# -- the parts: counting moves, narrowing, the stopped playout -------------------------------------

@pytest.mark.parametrize(("players", "preset"), [(2, "standard"), (3, "standard"), (4, "single-lead"),
                                                 (3, "rank-lead"), (5, "short-hands")])
def test_the_moves_are_counted_from_the_view_as_the_engine_lists_them(players, preset):
    narrowed = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new_game(players, seed=seed, variant=GAME.variant(preset))
        for _ in range(400):
            if state.is_over:
                break
            view, legal = state.view(state.current_player), state.legal_actions()
            assert legal_count(view) == len(legal)
            valued = COACH.candidates(view, legal)
            if len(legal) <= MAX_VALUED:
                assert valued == legal and valued_count(view) == len(legal)
            else:
                narrowed += 1
                # One more for the move played; a defence may count the habitual beating twice.
                assert len(valued) + 1 <= valued_count(view) <= len(valued) + 1 + (view["phase"] == "defend")
            state = state.apply(rng.choice(legal))
    assert narrowed > 0 or preset == "single-lead"


def test_very_many_leads_are_narrowed_to_the_hard_bots_candidates():
    # A hand of eleven clubs against a defender of six cards can be led in hundreds of ways.
    state = bout("6C 7C 8C 9C 10C JC QC KC AC 6D 7D", "8D 9D 10D JD QD KD", rest="stock")
    view, legal = state.view(0), state.legal_actions()
    assert len(legal) > 400
    valued = COACH.candidates(view, legal)
    assert len(valued) <= MAX_VALUED + 8 and all(action in legal for action in valued)
    assert get_bot("rooster", "hard").choose(view, legal, random.Random(0)) in valued
    assert attack("6C", "7C", "8C", "9C", "10C", "JC") in valued        # the weakest six clubs
    assert attack("6C", "8C") not in valued                             # keeps the 7♣ back for nothing
    # The move played is valued even when it is not a candidate.
    played = attack("7C", "AC")
    evaluation = COACH.evaluate(view, legal, seed=0, budget=SMALL, include=played)
    assert {tuple(value.action["cards"]) for value in evaluation.values} >= {("7C", "AC"), ("6D",)}


def model(hands: list[str], stock: str = "", attacker: int = 0) -> Model:
    split = [hand.split() for hand in hands]
    defender = next(seat for seat in range(attacker + 1, attacker + len(split) + 1)
                    if split[seat % len(split)]) % len(split)
    return Model(split, stock.split(), attacker, defender, [], "attack", attacker, [], False,
                 GAME.variant().to_dict())


def test_a_stopped_playout_counts_by_the_cards_each_player_still_holds():
    # Stock empty: three weak cards against one ace; the player already out has no chance at all.
    chances = rooster_chance(model(["AS", "", "6C 7C 8D"], attacker=2))
    assert chances[1] == 0 and chances[2] > 2 * chances[0] and sum(chances) == pytest.approx(1)
    # While the stock lasts every hand refills: equal hands, then the stronger one is safer.
    strong, weak = rooster_chance(model(["AS KS QS", "6C 7C 6D"], stock="8C 9C"))
    assert strong < weak and strong + weak == pytest.approx(1)


def test_every_value_is_minus_a_chance():
    state = run(bout("6C 7C 8C 9D JH QS", "6D 7D 8D 10C JC KH", "9C 10D QD 8H 9H 7S", rest="stock"))
    evaluation = evaluate(state, budget=SMALL)
    assert len(evaluation.values) == len(state.legal_actions()) and evaluation.worlds == 8
    for value in evaluation.values:
        assert all(-1 <= outcome <= 0 for outcome in value.outcomes)
