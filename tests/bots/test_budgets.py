"""Every hard bot keeps to its budget: the work of a decision (deals sampled, cards played, rollout
steps) is bounded, and a deadline already passed stops the sampling at its minimum while the bot still
makes a legal move. The work is counted, never timed, so these tests cannot depend on the machine."""

from __future__ import annotations

import math
import random

import pytest

from games.bots import get_bot
from games.bots.base import Deadline
from games.hearts.bots import hard as hearts_hard
from games.hearts.bots.knowledge import DealKnowledge
from games.rooster.bots import hard as rooster_hard
from games.rooster.bots.medium import habitual_decision as rooster_habit
from games.rooster.bots.playout import Model
from games.rules import get_game
from games.sunduchok.bots import hard as sunduchok_hard
from games.sunduchok.bots.sampler import HandSampler
from games.yashchiki.bots import hard as yashchiki_hard

PAST = -1.0     # a decision's deadline that has passed before it begins


def test_a_deadline_waits_for_its_minimum_of_samples():
    passed = Deadline(PAST, min_samples=3)
    assert not passed.reached(2) and passed.reached(3)
    assert not Deadline(math.inf, min_samples=0).reached(1000)


def positions(game_key: str, seat_levels: list[str], wanted, seed: int = 3, preset: str = "standard"):
    """The states of one bot game, played by `seat_levels`, at which `wanted(state)` holds."""
    game = get_game(game_key)
    bots = [get_bot(game_key, level) for level in seat_levels]
    rng = random.Random(seed)
    state = game.new_game(len(seat_levels), seed=seed, variant=game.variant(preset))
    while not state.is_over:
        if wanted(state):
            yield state
        seat = state.current_player
        state = state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))


def decide(bot, state, seed: int = 0):
    seat = state.current_player
    return bot.decide(state.view(seat), state.legal_actions(), random.Random(seed))


def counting(monkeypatch, owner, name: str, record) -> None:
    """Replace `owner.name` by a function that records each call's arguments and result, then returns it."""
    original = getattr(owner, name)

    def counted(*args, **kwargs):
        result = original(*args, **kwargs)
        record(args, result)
        return result

    monkeypatch.setattr(owner, name, counted)


# -- Hearts ---------------------------------------------------------------------------------------

def hearts_plays():
    """Play decisions of a Hearts deal with more than one card worth rating, in every seat."""
    def rated(state):
        view = state.view(state.current_player)
        if view["phase"] != "play":
            return False
        knowledge = DealKnowledge(view)
        numbers = sorted(hearts_hard.card_number(action["card"]) for action in state.legal_actions())
        return len(hearts_hard.distinct_cards(numbers, knowledge)) > 1 and knowledge.moon_hopeful() < 0
    return list(positions("hearts", ["medium"] * 4, rated))[:6]


def test_a_hearts_play_spends_its_card_plays_and_no_more(monkeypatch):
    playouts = []
    counting(monkeypatch, hearts_hard, "play_out", lambda args, result: playouts.append(args))
    bot = get_bot("hearts", "hard")
    for state in hearts_plays():
        playouts.clear()
        view = state.view(state.current_player)
        knowledge = DealKnowledge(view)
        numbers = sorted(hearts_hard.card_number(action["card"]) for action in state.legal_actions())
        candidates = len(hearts_hard.distinct_cards(numbers, knowledge))
        decision = decide(bot, state)
        samples = decision.reason.params["samples"]
        assert hearts_hard.MIN_SAMPLES <= samples <= hearts_hard.MAX_SAMPLES
        assert len(playouts) <= samples * candidates
        # Deals are drawn while the budget lasts: past the minimum, the overshoot is at most one deal.
        per_playout = sum(knowledge.hand_sizes) + hearts_hard.PLAYOUT_COST
        spent = samples * hearts_hard.DRAW_COST + len(playouts) * per_playout
        if samples > hearts_hard.MIN_SAMPLES:
            assert spent < hearts_hard.PLAY_BUDGET + hearts_hard.DRAW_COST + candidates * per_playout


def test_a_hearts_play_past_its_deadline_rates_its_minimum_of_deals():
    bot = hearts_hard.HardBot(decision_seconds=PAST)
    for state in hearts_plays():
        decision = decide(bot, state)
        assert decision.action in state.legal_actions()
        assert decision.reason.params["samples"] == hearts_hard.MIN_SAMPLES


def hearts_pass():
    return get_game("hearts").new_game(4, seed=5, variant=get_game("hearts").variant("standard"))


def test_a_hearts_pass_spends_its_whole_deals_and_no_more(monkeypatch):
    playouts = []
    counting(monkeypatch, hearts_hard, "play_out", lambda args, result: playouts.append(args))
    decision = decide(get_bot("hearts", "hard"), hearts_pass())
    assert decision.reason.key == "pass"
    assert len(playouts) * 52 <= hearts_hard.PASS_BUDGET


def test_a_hearts_pass_past_its_deadline_plays_its_minimum_of_deals():
    state = hearts_pass()
    decision = decide(hearts_hard.HardBot(decision_seconds=PAST), state)
    assert decision.action in state.legal_actions()
    assert decision.reason.params["samples"] == hearts_hard.PASS_MIN_DEALS


# -- Sunduchok ------------------------------------------------------------------------------------

def sunduchok_decisions():
    return list(positions("sunduchok", ["medium"] * 3, lambda state: True))[:12:3]


@pytest.mark.parametrize(("seconds", "most"), [(None, sunduchok_hard.SAMPLES), (PAST, sunduchok_hard.MIN_SAMPLES)])
def test_sunduchok_samples_at_most_its_deals(monkeypatch, seconds, most):
    drawn = []
    counting(monkeypatch, HandSampler, "draw", lambda args, result: drawn.append(len(result)))
    bot = sunduchok_hard.HardBot(decision_seconds=seconds)
    for state in sunduchok_decisions():
        drawn.clear()
        assert decide(bot, state).action in state.legal_actions()
        assert drawn and all(count <= most for count in drawn)
    if seconds == PAST:
        assert drawn == [most]      # the deals at the start of a game are easy to find


# -- Chuvash Rooster ------------------------------------------------------------------------------

def rated_positions(monkeypatch, module, rating: str, game_key: str, levels: list[str], ours, **options):
    """Up to four positions of a game, where `ours(state)`, at which the hard bot rated moves by `module.rating`,
    and what each rating call got and gave."""
    rated = []
    counting(monkeypatch, module, rating, lambda args, result: rated.append((args, result)))
    found = []
    for state in positions(game_key, levels, ours, **options):
        before = len(rated)
        decide(get_bot(game_key, "hard"), state)
        if len(rated) > before:
            found.append(state)
        if len(found) == 4:
            break
    return found, rated


def rooster_rated(monkeypatch):
    """Decisions of a game in which the hard bot (seat 0) plays rollouts, and what each rated."""
    return rated_positions(monkeypatch, rooster_hard, "rate", "rooster", ["hard", "medium", "easy"],
                           lambda state: state.current_player == 0)


def test_a_rooster_decision_stops_when_its_steps_are_spent(monkeypatch):
    steps = []
    counting(monkeypatch, Model, "play_out", lambda args, result: steps.append(result[1]))
    found, rated = rooster_rated(monkeypatch)
    assert found
    for state in found:
        steps.clear()
        rated.clear()
        decide(get_bot("rooster", "hard"), state)
        (view, _, candidates, cap, _, _, _), outcomes = rated[0]
        assert len(outcomes[0]) <= rooster_hard.MAX_SAMPLES
        # Deals are drawn while steps are left: the last one may overshoot by its own rollouts.
        assert sum(steps) < rooster_hard.STEP_BUDGET + len(candidates) * cap


def test_a_rooster_decision_past_its_deadline_keeps_to_the_habit(monkeypatch):
    found, rated = rooster_rated(monkeypatch)
    for state in found:
        rated.clear()
        view, legal_actions = state.view(0), state.legal_actions()
        decision = rooster_hard.HardBot(decision_seconds=PAST).decide(view, legal_actions, random.Random(0))
        assert all(not column for column in rated[0][1])     # not one deal played out
        assert decision == rooster_habit(view, legal_actions)


# -- Yashchiki ------------------------------------------------------------------------------------

def yashchiki_rated(monkeypatch):
    """Decisions of a match in which a hard bot plays rollouts, and what each rated."""
    return rated_positions(monkeypatch, yashchiki_hard, "play_outs", "yashchiki", ["hard", "medium", "hard", "medium"],
                           lambda state: state.turn % 2 == 0, preset="short")


def test_a_yashchiki_decision_stops_when_its_steps_are_spent(monkeypatch):
    steps = []
    counting(monkeypatch, yashchiki_hard, "play_out", lambda args, result: steps.append(result[1] + 1))
    found, rated = yashchiki_rated(monkeypatch)
    assert found
    for state in found:
        steps.clear()
        rated.clear()
        decide(get_bot("yashchiki", "hard"), state)
        (_, _, _, candidates, cap, _, _), outcomes = rated[0]
        assert len(outcomes[0]) <= yashchiki_hard.MAX_SAMPLES
        assert sum(steps) < yashchiki_hard.STEP_BUDGET + len(candidates) * (cap + 1)


def test_a_yashchiki_decision_past_its_deadline_keeps_to_the_habit(monkeypatch):
    found, rated = yashchiki_rated(monkeypatch)
    for state in found:
        rated.clear()
        bot = yashchiki_hard.HardBot(decision_seconds=PAST)
        view, legal_actions = state.view(state.turn), state.legal_actions()
        decision = bot.decide(view, legal_actions, random.Random(0))
        assert all(not column for column in rated[0][1])
        assert decision == bot.habit(view, legal_actions)
