"""The hard bot's fast model of a Chuvash Rooster game follows the engine move for move, and its
habitual player is the medium bot."""

import random

import pytest

from games.bots import get_bot
from games.rooster.bots.hard import has_thrown_in
from games.rooster.bots.playout import Model
from tests.rules.rooster_helpers import GAME


def model_of(state) -> Model:
    """The model of a state, built from everything the state holds (a test may look at it all)."""
    data, view = state.to_dict(), state.view(None)
    return Model(data["hands"], data["stock"], view["attacker"], view["defender"],
                 [(pair["attack"], pair["beat"]) for pair in view["table"]], view["phase"], view["current_player"],
                 view["offer"], data["thrown"], view["variant"])


def same(model: Model, state) -> None:
    data, view = state.to_dict(), state.view(None)
    assert [sorted(hand) for hand in model.hands] == [sorted(hand) for hand in data["hands"]]
    assert model.stock == data["stock"]
    assert model.table == [[pair["attack"], pair["beat"]] for pair in view["table"]]
    assert (model.phase, model.turn, model.offer) == (view["phase"] or "over", view["current_player"], view["offer"])
    assert (model.attacker, model.defender) == (view["attacker"], view["defender"])
    if state.is_over:
        assert model.rooster == view["rooster"]


@pytest.mark.parametrize(("players", "preset"), [(2, "standard"), (3, "standard"), (4, "short-hands"),
                                                 (6, "standard"), (3, "rank-lead")])
def test_the_model_follows_the_engine_through_random_games(players, preset):
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.new_game(players, seed=seed, variant=GAME.variant(preset))
        model = model_of(state)
        for _ in range(3000):
            if state.is_over:
                break
            action = rng.choice(state.legal_actions())
            state = state.apply(action)
            model.apply(action)
            same(model, state)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_habitual_player_is_the_medium_bot(players):
    medium = get_bot("rooster", "medium")
    for seed in range(3):
        state = GAME.new_game(players, seed=seed)
        # The first attack (the lowest card dealt) is the engine's; the model starts after it.
        state = state.apply(state.legal_actions()[0])
        model = model_of(state)
        while not state.is_over:
            state = state.apply(medium.choose(state.view(state.current_player), state.legal_actions(),
                                              random.Random(0)))
            model.habitual_step()
            same(model, state)


def test_a_stalled_rollout_stops_at_its_cap():
    state = GAME.new_game(4, seed=3)
    model = model_of(state.apply(state.legal_actions()[0]))
    rooster, steps = model.play_out(cap=5)
    assert (rooster, steps) == (None, 5) and model.phase != "over"


def test_the_hard_bot_reads_from_the_log_whether_the_seat_asked_has_thrown_in():
    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_game(3, seed=seed)
        while not state.is_over:
            if state.view(None)["phase"] == "throw":
                thrown = state.to_dict()["thrown"]
                assert has_thrown_in(state.view(state.current_player)) == thrown
                seen.add(thrown)
            state = state.apply(rng.choice(state.legal_actions()))
    assert seen == {True, False}
