"""Shared helpers for the Yashchiki bot tests: bot games and reasons as a page says them."""

from __future__ import annotations

import random

from games.bots import get_bot
from games.bots.base import Reason
from games.narration.seats import SeatNarrator
from games.yashchiki.reasons import explain
from tests.rules.yashchiki_helpers import GAME


def said(reason: Reason, language: str = "en", viewer: int | None = None, mover: int | None = None) -> str:
    """The reason as a page says it, with the seats named "Player N" (told of `mover`: None, the bot's own words)."""
    return explain(reason.to_dict(), SeatNarrator([f"Player {seat + 1}" for seat in range(4)], viewer, language), mover)


def decisions_of_deals(levels: list[str], seed: int, deals: int, preset: str = "short"):
    """Every (state, view, decision) of the first `deals` deals of a match between bots of `levels`."""
    bots = [get_bot("yashchiki", level) for level in levels]
    rng = random.Random(seed)
    state = GAME.new_game(4, seed=seed, variant=GAME.variant(preset))
    while not state.is_over and state.deal_number <= deals:
        view = state.view(state.current_player)
        decision = bots[state.current_player].decide(view, state.legal_actions(), rng)
        yield state, view, decision
        state = state.apply(decision.action)


def decide(state, level: str, seed: int = 0):
    """The decision of a `level` bot in the seat to move."""
    return get_bot("yashchiki", level).decide(state.view(state.current_player), state.legal_actions(),
                                              random.Random(seed))
