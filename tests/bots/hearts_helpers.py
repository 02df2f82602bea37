"""Shared helpers for the Hearts bot tests: positions of every phase and preset, deals, narration."""

from __future__ import annotations

import random

from games.bots.base import Reason
from games.hearts.reasons import explain
from games.narration.seats import SeatNarrator
from games.rules.cards import RANKS, make_deck
from tests.rules.hearts_helpers import GAME, MOON, MOON_TRICKS, play, play_cards, variant

__all__ = ["GAME", "complete_deal", "moon_choice_position", "play", "play_cards", "random_positions", "said",
           "scripted", "variant"]

DECK = make_deck(RANKS)


def said(reason: Reason, language: str = "en", viewer: int | None = None, mover: int | None = None) -> str:
    """The reason as a page says it, with the seats named "Player N" (told of `mover`: None, the bot's own words)."""
    return explain(reason.to_dict(), SeatNarrator([f"Player {seat + 1}" for seat in range(4)], viewer, language), mover)


def random_positions(preset: str, seed: int, every: int = 7, deals: int = 1, **fields):
    """States met in a match of random legal moves: every `every`-th decision and the first, for
    the first `deals` deals (pass, play and, under moon-choice, moon phases all come up)."""
    rng = random.Random(seed)
    state = GAME.new_game(4, seed=seed, variant=variant(preset, **fields))
    moves = 0
    while not state.is_over and state.view(None)["deal_number"] <= deals:
        if moves % every == 0 or state.view(None)["phase"] == "moon":
            yield state
        state = state.apply(rng.choice(state.legal_actions()))
        moves += 1


def moon_choice_position(totals=(0, 0, 0, 0), end_at: int = 100):
    """Seat 0 has just shot the moon under moon-choice and must choose how to score it."""
    state = GAME.from_deal(hands=[hand.split() for hand in MOON], stock=[],
                           variant=variant("moon-choice", pass_cycle=["none"], end_at=end_at), dealer=3)
    if any(totals):
        data = state.to_dict()
        data["totals"] = list(totals)
        state = GAME.state_from_dict(data)
    for trick in MOON_TRICKS:
        state = play_cards(state, trick)
    assert state.view(0)["phase"] == "moon" and state.current_player == 0
    return state


def complete_deal(*partial: str, voids: dict[int, str] | None = None) -> list[list[str]]:
    """Four hands from the cards named for each seat, the rest of the deck dealt in deck order to
    the seats with room, skipping suits a seat must not get (`voids`: seat -> suit letters)."""
    hands = [hand.split() for hand in partial] + [[] for _ in range(4 - len(partial))]
    named = {card for hand in hands for card in hand}
    voids = voids or {}
    for card in DECK:
        if card in named:
            continue
        seat = next(seat for seat in range(4) if len(hands[seat]) < 13 and card[-1] not in voids.get(seat, ""))
        hands[seat].append(card)
    return hands


def scripted(hands: list[list[str]], tricks: str = "", preset: str = "standard", **fields):
    """A no-pass deal from explicit hands (seat 3 deals), with the cards of `tricks` played in turn."""
    state = GAME.from_deal(hands=hands, stock=[], variant=variant(preset, pass_cycle=["none"], **fields), dealer=3)
    return play_cards(state, tricks) if tricks else state
