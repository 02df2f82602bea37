"""Shared helpers for the Chuvash Rooster bot tests: whole bot games and reasons as a page says them."""

from __future__ import annotations

import random

from games.bots import get_bot
from games.bots.base import Reason
from games.narration.seats import SeatNarrator
from games.rooster.reasons import explain
from tests.rules.rooster_helpers import GAME


def said(reason: Reason, language: str = "en", viewer: int | None = None, players: int = 3,
         mover: int | None = None) -> str:
    """The reason as a page says it, with the seats named "Player N" (told of `mover`: None, the bot's own words)."""
    names = [f"Player {seat + 1}" for seat in range(players)]
    return explain(reason.to_dict(), SeatNarrator(names, viewer, language), mover)


def decisions_of_a_game(levels: list[str], seed: int, preset: str = "standard"):
    """Every (state, view, decision) of one game between bots of `levels`, one per seat."""
    bots = [get_bot("rooster", level) for level in levels]
    rng = random.Random(seed)
    state = GAME.new_game(len(levels), seed=seed, variant=GAME.variant(preset))
    while not state.is_over:
        view = state.view(state.current_player)
        decision = bots[state.current_player].decide(view, state.legal_actions(), rng)
        yield state, view, decision
        state = state.apply(decision.action)


def play_out(state, levels: list[str], seed: int = 0):
    """The game played to its end by bots of `levels`, one per seat."""
    bots = [get_bot("rooster", level) for level in levels]
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(bots[state.current_player].choose(state.view(state.current_player),
                                                              state.legal_actions(), rng))
    return state
