"""The hard Hearts bot in explicit deals: what it infers from the log, how it samples, and the
plays the rule books teach (duck under the queen, dump her on a void, pass her when short, stop a
moon, shoot one that is on); and the moon choice of both thinking bots."""

import math
import random

import pytest

from games.bots import get_bot
from games.hearts.bots import hard as hearts_hard
from games.hearts.bots.hard import HardBot, clearly_better, distinct_cards, representative
from games.hearts.bots.knowledge import SUIT_MASKS, DealKnowledge
from games.hearts.bots.passing import heuristic_pass
from games.hearts.bots.playout import CLUBS, DIAMONDS, HEARTS, QUEEN_OF_SPADES, SPADES, card_code, card_number
from games.hearts.bots.sampler import HandSampler
from tests.bots.hearts_helpers import GAME, complete_deal, moon_choice_position, play, scripted
from tests.rules.hearts_helpers import ALL_HEARTS_LEAD, FIRST_TRICK_TO_SEAT_3, QUEEN_AND_HEARTS, give, table

HARD = get_bot("hearts", "hard")
MEDIUM = get_bot("hearts", "medium")

# Seat 1 wins the first eight tricks and with them the Q♠ and eight hearts (21 points), seats 2
# and 3 discarding on its clubs. Then seat 1 leads the 9♥; seats 2 and 3 follow with the 3♥ and
# 8♥. Seat 0, last to play, holds the A♥ and 2♥ and no diamonds, while seat 1 holds the four top
# diamonds: the A♥ now takes the trick; the 2♥ leaves seat 1 the rest, for the A♥ must later be
# discarded on its diamonds.
MOON_RACE = [
    "2C 3C 4C 5C 6C 7C 2S 3S AH 2H 4S 5S 6S".split(),
    "AC KC QC JC 10C 9C AS KS 9H AD KD QD JD".split(),
    "8C 7S 9S QS 4H 5H 6H 7H 3H 2D 3D 4D 5D".split(),
    "10D 8S 10S JS 10H JH QH KH 8H 6D 7D 8D 9D".split(),
]
MOON_RACE_TRICKS = ("2C AC 8C 10D  KC QS 10H 3C  QC 4H JH 4C  JC 5H QH 5C  10C 6H KH 6C  9C 7H JS 7C  "
                    "AS 7S 8S 2S  KS 9S 10S 3S")


def decide(state, bot=HARD, seed=0):
    seat = state.current_player
    return bot.decide(state.view(seat), state.legal_actions(), random.Random(seed))


def finish_deal(state, bots):
    """Play on with a bot per seat until the deal ends; the deal-end event."""
    rng = random.Random(0)
    while not state.is_over and state.scores == [0, 0, 0, 0]:
        seat = state.current_player
        state = state.apply(bots[seat].decide(state.view(seat), state.legal_actions(), rng).action)
    return next(event for event in state.log if event["type"] == "deal-end")


# -- what the log proves --------------------------------------------------------------------------

def test_knowledge_reads_voids_and_points_from_the_log():
    state = scripted(MOON_RACE, MOON_RACE_TRICKS)
    knowledge = DealKnowledge(state.view(0))
    assert {(void.seat, void.suit) for void in knowledge.voids} == {(3, CLUBS), (2, CLUBS)}
    assert knowledge.is_void(2, CLUBS) and knowledge.is_void(3, CLUBS)      # every club is gone by now anyway
    assert not knowledge.is_void(2, DIAMONDS)
    assert knowledge.points == [0, 21, 0, 0]
    assert knowledge.moon_hopeful() == 1
    assert not knowledge.queen_out
    assert len(knowledge.unseen()) == 15      # three hands of five


def test_a_heart_or_the_queen_on_the_first_trick_shows_a_hand_of_nothing_else():
    state = table(*QUEEN_AND_HEARTS, pass_cycle=["none"])
    state = state.apply(play("2C")).apply(play("AC")).apply(play("3C")).apply(play("5H"))
    knowledge = DealKnowledge(state.view(0))
    assert knowledge.possible[2] & ~(SUIT_MASKS[HEARTS] | 1 << QUEEN_OF_SPADES) == 0
    assert {void.suit for void in knowledge.voids if void.seat == 2} == {CLUBS, DIAMONDS}    # the Q♠ may be there


def test_a_heart_led_before_hearts_are_broken_shows_a_hand_of_hearts():
    state = table(*ALL_HEARTS_LEAD, pass_cycle=["none"])
    for card in FIRST_TRICK_TO_SEAT_3.split() + ["2H"]:
        state = state.apply(play(card))
    knowledge = DealKnowledge(state.view(0))
    assert {void.suit for void in knowledge.voids if void.seat == 3} == {CLUBS, DIAMONDS, SPADES}


def test_the_cards_we_passed_stay_with_their_receiver_in_every_sample():
    state = GAME.new_game(4, seed=3, dealer=3)      # deal 1 passes to the left; seat 0 passes first
    passed = state.view(0)["hand"][-3:]
    state = state.apply(give(*passed))
    for _ in range(3):
        state = state.apply(decide(state, MEDIUM).action)
    knowledge = DealKnowledge(state.view(0))
    assert sorted(map(card_code, knowledge.known[1])) == sorted(passed)
    sampler = HandSampler(knowledge)
    for seed in range(20):
        hands = sampler.draw(random.Random(seed))
        held = {card_code(suit * 13 + rank) for suit, ranks in enumerate(hands[1]) for rank in ranks}
        assert set(passed) <= held


def test_samples_respect_hand_sizes_voids_and_what_is_known():
    state = scripted(MOON_RACE, MOON_RACE_TRICKS + "  9H 3H")     # seat 3 to play on the 9♥
    knowledge = DealKnowledge(state.view(3))
    sampler = HandSampler(knowledge)
    assert sampler.consistent
    mine = sorted(map(card_number, state.view(3)["hand"]))
    for seed in range(50):
        hands = sampler.draw(random.Random(seed))
        assert [sum(len(ranks) for ranks in hand) for hand in hands] == state.view(3)["hand_sizes"]
        assert sorted(suit * 13 + rank for suit, ranks in enumerate(hands[3]) for rank in ranks) == mine
        assert not hands[2][CLUBS] and not hands[3][CLUBS]
        every = sorted(suit * 13 + rank for hand in hands for suit, ranks in enumerate(hand) for rank in ranks)
        assert len(set(every)) == len(every) == 18


def test_touching_cards_are_rated_once():
    # Seat 1 holds the A♦ K♦ Q♦ J♦: no other diamond lies between them, so the J♦ stands for all four.
    state = scripted(MOON_RACE, MOON_RACE_TRICKS)
    knowledge = DealKnowledge(state.view(1))
    legal = sorted(card_number(action["card"]) for action in state.legal_actions())
    assert sorted(card_code(number) for number in distinct_cards(legal, knowledge)) == ["9H", "JD"]


# -- plays ---------------------------------------------------------------------------------------

def test_it_ducks_under_a_spade_trick_while_the_queen_is_out():
    hands = complete_deal("2C 3S KS", "4C", "5C 9S QS", "AC 8S", voids={0: "S"})
    state = scripted(hands, "2C 4C 5C AC  8S")
    assert decide(state).action == play("3S")


def test_it_dumps_the_queen_of_spades_when_it_cannot_follow():
    # Seat 0's queen has no other spade to guard her.
    hands = complete_deal("2C QS", "4C", "3C", "AC 5D", voids={0: "DS"})
    state = scripted(hands, "2C 4C 3C AC  5D")
    decision = decide(state)
    assert decision.action == play("QS")
    assert decision.reason.params["card"] == "QS"


@pytest.mark.parametrize("seed", [0, 1])
def test_it_passes_the_queen_of_spades_with_short_spades(seed):
    hands = complete_deal("QS 3S AC KC 10C AD KD 9D 2H 6H 9H JH 5C")
    state = GAME.from_deal(hands=hands, stock=[], dealer=3)
    decision = decide(state, seed=seed)
    assert "QS" in decision.action["cards"]
    assert decision.reason.key == "pass" and decision.reason.params["motive"] == "queen"


def test_a_card_beats_another_only_by_clearly_lower_costs_on_the_same_deals():
    assert clearly_better([0, 0, 1, 0], [1, 1, 2, 1], z=1.5)           # one point less on every deal
    assert not clearly_better([0, 0, 0, 13], [13, 0, 0, 0], z=1.5)     # the same costs on other deals
    assert not clearly_better([0, 1, 0, 13], [1, 1, 1, 1], z=1.5)      # less on most deals, far more on one
    assert clearly_better([0, 1, 0, 13], [1, 1, 1, 1], z=-1)
    assert not clearly_better([0], [13], z=1.5)                         # one deal tells nothing
    assert clearly_better([0, 0, 0], [1, 1, 1, 1, 1], z=1.5)            # compared on the deals both had


def medium_deal_positions(seat_wanted, seed=11):
    """The decisions of `seat_wanted` in a deal of four medium bots, with the states before them."""
    state = GAME.new_game(4, seed=seed, variant=GAME.variant("standard"))
    rng = random.Random(seed)
    found = []
    while state.scores == [0, 0, 0, 0] and not state.is_over:
        seat = state.current_player
        if seat == seat_wanted:
            found.append(state)
        state = state.apply(MEDIUM.decide(state.view(seat), state.legal_actions(), rng).action)
    return found


def test_without_clear_evidence_it_plays_the_habits_card(monkeypatch):
    monkeypatch.setattr(hearts_hard, "HABIT_Z", math.inf)
    compared = 0
    for state in medium_deal_positions(0):
        view = state.view(0)
        knowledge = DealKnowledge(view)
        if view["phase"] != "play" or knowledge.moon_hopeful() == 0:
            continue
        numbers = sorted(card_number(action["card"]) for action in state.legal_actions())
        candidates = distinct_cards(numbers, knowledge)
        hard, medium = (card_number(decide(state, bot).action["card"]) for bot in (HARD, MEDIUM))
        assert representative(hard, candidates) == representative(medium, candidates)
        compared += len(candidates) > 1
    assert compared >= 5


def test_with_the_evidence_it_may_leave_the_habit():
    """The same deal with the usual HABIT_Z: somewhere the hard bot's card is not the habit's."""
    differ = 0
    for state in medium_deal_positions(0):
        if state.view(0)["phase"] == "play":
            knowledge = DealKnowledge(state.view(0))
            numbers = sorted(card_number(action["card"]) for action in state.legal_actions())
            candidates = distinct_cards(numbers, knowledge)
            hard, medium = (card_number(decide(state, bot).action["card"]) for bot in (HARD, MEDIUM))
            differ += representative(hard, candidates) != representative(medium, candidates)
    assert differ


@pytest.mark.parametrize("seed", [3, 5, 8])
def test_without_clear_evidence_it_passes_by_habit(monkeypatch, seed):
    monkeypatch.setattr(hearts_hard, "HABIT_Z", math.inf)
    state = GAME.new_game(4, seed=seed, variant=GAME.variant("standard"))
    knowledge = DealKnowledge(state.view(state.current_player))
    habitual = sorted(card_code(number) for number in heuristic_pass(knowledge.hand)[0])
    assert sorted(decide(state).action["cards"]) == habitual


def test_the_habitual_pass_races_to_the_end():
    """It is played on every deal, beside the passes left in the race, so the winner is compared with it."""
    state = GAME.new_game(4, seed=5, variant=GAME.variant("standard"))
    knowledge = DealKnowledge(state.view(state.current_player))
    habitual = heuristic_pass(knowledge.hand)[0]
    candidates = [[number] + habitual[1:] for number in knowledge.hand_cards if number not in habitual]
    candidates.append(habitual)
    deadline = HARD.deadline(0)
    totals, deals, costs = HardBot.rate_passes(knowledge, candidates, habitual, random.Random(0), deadline)
    assert len(costs[-1]) == deals and math.isfinite(totals[-1])
    assert sum(math.isfinite(total) for total in totals) < len(candidates) / 2


def moon_race_after_a_pass():
    """MOON_RACE, reached through a pass to the left in which seat 0 gave seat 1 the A♦ K♦ Q♦ (seat
    1 gave the 2♦ 3♦ 4♦, seat 2 the 6♦ 7♦ 8♦, seat 3 the 5♣ 6♣ 7♣): seat 0 knows where its
    diamonds went, and that it must discard the A♥ on them if seat 1 keeps the lead."""
    given = ["AD KD QD", "2D 3D 4D", "6D 7D 8D", "5C 6C 7C"]
    before = [[card for card in hand if card not in given[(seat - 1) % 4].split()] + given[seat].split()
              for seat, hand in enumerate(MOON_RACE)]
    state = GAME.from_deal(hands=before, stock=[], dealer=3)
    for cards in given:
        state = state.apply(give(*cards.split()))
    assert [sorted(state.view(seat)["hand"]) for seat in range(4)] == [sorted(hand) for hand in MOON_RACE]
    for card in (MOON_RACE_TRICKS + "  9H 3H 8H").split():
        state = state.apply(play(card))
    return state


def test_it_stops_a_moon_that_the_medium_bot_lets_through():
    state = moon_race_after_a_pass()
    assert state.current_player == 0 and state.view(0)["points_taken"] == [0, 21, 0, 0]
    hard = decide(state)
    assert hard.action == play("AH")
    assert hard.reason.key == "sampled-stop" and hard.reason.params["seat"] == 1
    assert decide(state, MEDIUM).action == play("2H")
    assert finish_deal(state, [MEDIUM] * 4)["moon"] == 1
    assert finish_deal(state, [HARD, MEDIUM, MEDIUM, MEDIUM])["moon"] is None


def test_it_shoots_the_moon_when_it_is_on():
    state = scripted(MOON_RACE, MOON_RACE_TRICKS)
    assert state.current_player == 1
    end = finish_deal(state, [MEDIUM, HARD, MEDIUM, MEDIUM])
    assert end["moon"] == 1


def test_the_expected_points_are_a_fair_rating():
    """Taking the trick with the A♥ rates better than ducking once seat 1 may shoot the moon."""
    state = moon_race_after_a_pass()
    knowledge = DealKnowledge(state.view(0))
    totals, samples, _ = HardBot.rate(knowledge, [card_number("2H"), card_number("AH")], random.Random(0), threat=1)
    duck, take = (total[0] / samples for total in totals)
    assert take < duck


# -- the moon choice -------------------------------------------------------------------------------

@pytest.mark.parametrize(("totals", "choice"), [
    ((0, 0, 0, 0), "subtract"),             # adding ends nothing: subtracting keeps the match long
    ((50, 80, 60, 70), "add"),              # adding ends the match with the shooter alone lowest
    ((95, 60, 10, 20), "subtract"),         # adding would end it with others lower
    ((90, 64, 85, 88), "subtract"),         # the shooter would tie for lowest: not a win of its own
])
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_moon_choice_leaves_the_shooter_best_placed(level, totals, choice):
    state = moon_choice_position(totals)
    decision = decide(state, get_bot("hearts", level))
    assert decision.action == {"type": "moon", "choice": choice}


def test_it_tells_a_random_player_from_players_of_habit():
    """After a deal with medium bots in seats 0-2 and a random one in seat 3, seat 0 judges seat 3
    the one that plays at random (the log of the first deal is in the view of the second)."""
    bots = [MEDIUM, MEDIUM, MEDIUM, get_bot("hearts", "easy")]
    judged = []
    for seed in range(5):
        state = GAME.new_game(4, seed=seed)
        rng = random.Random(seed)
        while state.view(None)["deal_number"] == 1:
            seat = state.current_player
            state = state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
        judged.append(DealKnowledge(state.view(0)).randomness)
    assert all(randomness[0] == 0 for randomness in judged)
    assert all(randomness[3] > max(randomness[1], randomness[2]) for randomness in judged)
    assert sum(randomness[3] for randomness in judged) / 5 > 0.7
    assert max(max(randomness[1], randomness[2]) for randomness in judged) < 0.3
