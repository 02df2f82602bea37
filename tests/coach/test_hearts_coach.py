"""The Hearts coach: clear mistakes in hand-built deals, the moon choice, the pass candidates, fairness
(hidden cards never change an evaluation), determinism, and how often it faults a random player
against the hard bot."""

from __future__ import annotations

import random

import pytest

from games.bots import get_bot
from games.coach.base import Budget
from games.hearts.coach import HeartsCoach
from games.rules.cards import RANKS, make_deck
from tests.bots.hearts_helpers import GAME, complete_deal, moon_choice_position, scripted
from tests.bots.test_hearts_hard import moon_race_after_a_pass

COACH = HeartsCoach()
SMALL = Budget(worlds=8)
DECK = make_deck(RANKS)

# Seat 0's Q♠ has lost its guards: its 2♠ and 3♠ went under the A♠ and K♠, and its clubs and
# diamonds are gone. Seat 3 leads the K♦, the best diamond left. Now the Q♠ can go to seat 3; kept,
# she is caught as soon as anyone leads a low spade.
QUEEN_EXPOSED = [
    "2C 2D 3D 2S 3S QS 2H 3H 4H 5H 6H 7H 8H".split(),
    "3C 4C 5C 6C 4D 5D 6D 7D 4S 5S AS 9H 10H".split(),
    "7C 8C 9C 10C 8D 9D 10D JD 6S 7S KS JH QH".split(),
    "JC QC KC AC QD KD AD 8S 9S 10S JS KH AH".split(),
]
QUEEN_EXPOSED_TRICKS = "2C 3C 7C AC  8S 2S AS 6S  4S KS 9S 3S  8D QD 2D 4D  AD 3D 5D 9D  KD"

# Seat 0 is on lead with the A♠ and 2♠; every other spade but the Q♠ has been played, so whoever holds
# her holds no other spade: the A♠ must capture her, the 2♠ must hand her the trick.
ACE_OVER_QUEEN = [
    "AS 2S 3S 4S 5S AC AD 2H 3H 4H 5H 6H 7H".split(),
    "7S 8S 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 8H".split(),
    "9S 10S JS QS 7C 8C 9C 10C 7D 8D 9D 10D 9H".split(),
    "6S KS JC QC KC JD QD KD 10H JH QH KH AH".split(),
]
ACE_OVER_QUEEN_TRICKS = "2C 7C JC AC  5S 7S 9S KS  6S 4S 8S 10S  JS JD 3S 6D  7D QD AD 5D"

# Seat 1 wins the first eight tricks and with them the Q♠ and eight hearts (21 points), seats 2 and 3
# discarding on its clubs. It leads next with the A♥ 9♥ and the top diamonds; the hearts still out are
# the 10♥ (seat 0's only heart), 8♥ and 3♥. With the A♥ before the 9♥ every trick is its own, whoever
# holds the 10♥; the 9♥ first loses a trick to the 10♥ when its holder blocks.
MOON_RUN = [
    "2C 3C 4C 5C 6C 7C 2S 3S JD 10H 4S 5S 6S".split(),
    "AC KC QC JC 10C 9C AS KS 9H AD KD QD AH".split(),
    "8C 7S 9S QS 4H 5H 6H 7H 3H 2D 3D 4D 5D".split(),
    "10D 8S 10S JS 2H JH QH KH 8H 6D 7D 8D 9D".split(),
]
MOON_RUN_TRICKS = ("2C AC 8C 10D  KC QS 2H 3C  QC 4H JH 4C  JC 5H QH 5C  10C 6H KH 6C  9C 7H JS 7C  "
                   "AS 7S 8S 2S  KS 9S 10S 3S")


def play(card: str) -> dict:
    return {"type": "play", "card": card}


def evaluate(state, seed=0, budget=None, include=None):
    seat = state.current_player
    return COACH.evaluate(state.view(seat), state.legal_actions(), seed=seed, budget=budget, include=include)


# -- clear mistakes -------------------------------------------------------------------------------

def test_keeping_an_exposed_queen_of_spades_when_void_is_a_mistake():
    state = scripted(QUEEN_EXPOSED, QUEEN_EXPOSED_TRICKS)
    assert state.current_player == 0 and state.legal_actions() == [play(card) for card in
                                                                   "2H 3H 4H 5H 6H 7H 8H QS".split()]
    evaluation = evaluate(state)
    assert COACH.judge(evaluation, play("QS")).kind == "good"
    verdict = COACH.judge(evaluation, play("5H"))
    assert verdict.kind == "mistake" and verdict.better == play("QS") and verdict.loss > 3
    # Hearts with nothing between them are the same card to play: one value, never judged apart.
    hearts = {evaluation.value_of(play(card)).outcomes for card in "2H 3H 4H 5H 6H 7H 8H".split()}
    assert len(hearts) == 1
    assert evaluation.reason.key == "sampled" and evaluation.reason.params["card"] == "QS"


def test_leading_the_ace_of_spades_onto_the_bare_queen_is_a_mistake():
    state = scripted(ACE_OVER_QUEEN, ACE_OVER_QUEEN_TRICKS)
    assert state.current_player == 0 and state.legal_actions() == [play("2S"), play("AS")]
    evaluation = evaluate(state)
    assert COACH.judge(evaluation, play("2S")).kind == "good"
    verdict = COACH.judge(evaluation, play("AS"))
    assert verdict.kind == "mistake" and verdict.loss > 10      # the queen's 13 points, nearly every time


def test_ducking_while_another_seat_shoots_the_moon_is_a_mistake():
    """Seat 1 has taken 21 points, every point so far; seat 0's A♥ takes the heart trick and stops it."""
    state = moon_race_after_a_pass()
    evaluation = evaluate(state)
    assert COACH.judge(evaluation, play("AH")).kind == "good"
    assert COACH.judge(evaluation, play("2H")).kind == "mistake"
    assert evaluation.reason.key == "sampled-stop" and evaluation.reason.params["seat"] == 1


def test_a_moon_that_is_on_is_valued_by_playing_for_it():
    """Seat 1 holds every point so far, the A♥ and the top diamonds: its cards are valued going for the moon
    (played by habit, it does not always keep the A♥ ahead of the 9♥), and leading the 9♥ throws it away.
    The other seats play by habit and block it, as they would at a table that sees the moon coming."""
    state = scripted(MOON_RUN, MOON_RUN_TRICKS)
    evaluation = evaluate(state)
    assert evaluation.reason.key == "sampled-moon"
    assert evaluation.best.value == 26        # a moon of its own, every time
    assert COACH.judge(evaluation, play("AD")).kind == "good"
    assert COACH.judge(evaluation, play("9H")).kind == "mistake"


def test_passing_low_clubs_and_keeping_a_bare_queen_of_spades_is_a_mistake():
    state = GAME.from_deal(hands=complete_deal("QS KS AS 2C 3C 4C 5D 6D 7D 8D 2H 3H 4H"), stock=[], dealer=3)
    view, legal = state.view(0), state.legal_actions()
    assert len(legal) == 286
    candidates = COACH.candidates(view, legal)
    hard = get_bot("hearts", "hard").choose(view, legal, random.Random(0))
    assert hard in candidates and 1 < len(candidates) <= 21
    low_clubs = {"type": "pass", "cards": ["2C", "3C", "4C"]}
    assert low_clubs not in candidates
    evaluation = COACH.evaluate(view, legal, seed=0, include=low_clubs)
    assert len(evaluation.values) == len(candidates) + 1
    assert COACH.judge(evaluation, low_clubs).kind == "mistake"
    best = evaluation.best.action
    assert "QS" in best["cards"] and COACH.judge(evaluation, best).kind == "good"
    assert evaluation.reason.key == "pass" and evaluation.reason.params["cards"] == best["cards"]


@pytest.mark.parametrize(("totals", "good", "bad"), [
    ((50, 80, 60, 70), "add", "subtract"),      # adding ends the match with the shooter alone lowest
    ((95, 60, 80, 70), "subtract", "add"),      # adding ends it with seat 1 lowest
])
def test_the_moon_choice_that_ends_the_match_right(totals, good, bad):
    evaluation = evaluate(moon_choice_position(totals))
    assert COACH.judge(evaluation, {"type": "moon", "choice": good}).kind == "good"
    assert COACH.judge(evaluation, {"type": "moon", "choice": bad}).kind == "mistake"


def test_a_moon_choice_that_ends_nothing_is_never_faulted():
    evaluation = evaluate(moon_choice_position((0, 0, 0, 0)))
    assert {COACH.judge(evaluation, {"type": "moon", "choice": choice}).kind for choice in ("add", "subtract")} == {
        "good"}


# -- fairness and determinism ---------------------------------------------------------------------

def positions(seed: int, every: int = 9):
    """States of a random match, every `every`-th decision, through its first two deals."""
    rng = random.Random(seed)
    state = GAME.new_game(4, seed=seed)
    moves = 0
    while not state.is_over and state.view(None)["deal_number"] <= 2:
        if moves % every == 0 and len(state.legal_actions()) > 1:
            yield state, rng
        state = state.apply(rng.choice(state.legal_actions()))
        moves += 1


def hidden_swap(state, rng: random.Random):
    """The same state but for one card of a suit exchanged between two opponents of the seat to move
    (cards that no pass of this deal moved, so the log stays true), or None if there is none."""
    seat = state.current_player
    data = state.to_dict()
    passed = {card for cards in data["passes"] if cards for card in cards}
    first, second = rng.sample([other for other in range(4) if other != seat], 2)
    pairs = [(a, b) for a in data["hands"][first] for b in data["hands"][second]
             if a[-1] == b[-1] and a not in passed and b not in passed]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    data["hands"][first] = sorted([b if card == a else card for card in data["hands"][first]], key=DECK.index)
    data["hands"][second] = sorted([a if card == b else card for card in data["hands"][second]], key=DECK.index)
    return GAME.state_from_dict(data)


@pytest.mark.parametrize("seed", [3, 4])
def test_hidden_cards_never_change_an_evaluation(seed):
    compared = 0
    for state, rng in positions(seed):
        other = hidden_swap(state, rng)
        if other is None:
            continue
        seat = state.current_player
        assert other.card_locations() != state.card_locations()
        assert other.view(seat) == state.view(seat)
        first = evaluate(state, seed=seed, budget=SMALL)
        assert evaluate(other, seed=seed, budget=SMALL) == first
        compared += 1
    assert compared >= 8


def test_an_evaluation_is_the_same_for_a_seed_and_changes_with_it():
    state = scripted(QUEEN_EXPOSED, QUEEN_EXPOSED_TRICKS)
    first = evaluate(state, seed=7, budget=SMALL)
    assert evaluate(GAME.state_from_dict(state.to_dict()), seed=7, budget=SMALL) == first
    assert evaluate(state, seed=8, budget=SMALL).best.outcomes != first.best.outcomes


def test_reasons_cite_no_hidden_card():
    for state, _ in positions(5, every=5):
        seat = state.current_player
        view = state.view(seat)
        reason = evaluate(state, seed=1, budget=SMALL).reason
        if reason is None:
            continue
        seen = set(view["hand"]) | {event["card"] for event in view["log"] if event["type"] == "play"}
        cited = [value for value in reason.params.values() if isinstance(value, str) and value in DECK]
        cited += [card for value in reason.params.values() if isinstance(value, list) for card in value]
        assert set(cited) <= seen


# -- the random player against the hard bot -------------------------------------------------------

def test_a_random_player_makes_mistakes_far_more_often_than_the_hard_bot():
    """Two deals with random and hard seats alternating (as benchmarks.coach lines them up)."""
    bots = {level: get_bot("hearts", level) for level in ("easy", "hard")}
    judged = {"easy": [], "hard": []}
    for number in range(2):
        levels = ["easy" if (seat + number) % 2 == 0 else "hard" for seat in range(4)]
        rng = random.Random(number)
        state = GAME.new_game(4, seed=100 + number)
        while state.view(None)["deal_number"] == 1:
            seat = state.current_player
            view, legal = state.view(seat), state.legal_actions()
            action = bots[levels[seat]].choose(view, legal, rng)
            if len(legal) > 1:
                evaluation = COACH.evaluate(view, legal, seed=len(judged["easy"] + judged["hard"]),
                                            budget=Budget(worlds=16), include=action)
                judged[levels[seat]].append(COACH.judge(evaluation, action).kind == "mistake")
            state = state.apply(action)
    easy, hard = (sum(marks) / len(marks) for marks in (judged["easy"], judged["hard"]))
    assert easy > 0.05 and easy >= 3 * hard
