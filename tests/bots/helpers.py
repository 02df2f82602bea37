"""Shared helpers for the bot tests: explicit deals and random positions of every preset."""

from __future__ import annotations

import random

from games.bots.base import Reason
from games.rules.cards import RANKS, make_deck
from games.sunduchok.narration import SunduchokNarrator
from tests.rules.helpers import GAME, ask, count, suits

__all__ = ["GAME", "SETUPS", "ask", "count", "deal", "play", "random_positions", "said", "suits"]

# Every preset at every table size it allows (the deck must cover the first deal).
SETUPS = [(preset, players) for preset in GAME.presets for players in range(2, 7)]


def said(reason: Reason, language: str = "en", viewer: int | None = None, mover: int | None = None) -> str:
    """The reason as a page says it, with the seats named "Player N" (told of `mover`: None, the bot's own words)."""
    return SunduchokNarrator([f"Player {seat + 1}" for seat in range(6)], viewer, language).reason(reason.to_dict(),
                                                                                               mover)


def deal(*hands: str, stock: str = "", preset: str = "standard", dealer: int | None = None):
    """`from_deal` with hands written as "QH QC 8D"; the cards not named go to the bottom of the
    stock in deck order (under deal-all, to the last hand). The last seat deals, so seat 0 starts."""
    variant = GAME.variant(preset)
    hand_lists = [hand.split() for hand in hands]
    stock_list = stock.split()
    named = {card for hand in hand_lists for card in hand} | set(stock_list)
    rest = [card for card in make_deck(RANKS[-variant.deck // 4:]) if card not in named]
    if variant.deal_all:
        hand_lists[-1] += rest
    else:
        stock_list += rest
    return GAME.from_deal(hand_lists, stock_list, variant=variant,
                          dealer=len(hands) - 1 if dealer is None else dealer)


def play(state, *actions):
    for action in actions:
        state = state.apply(action)
    return state


def random_positions(preset: str, players: int, seed: int, every: int = 7):
    """States met in a game of random legal moves: every `every`-th decision and the first."""
    rng = random.Random(seed)
    state = GAME.new_game(players, seed=seed, variant=GAME.variant(preset))
    moves = 0
    while not state.is_over:
        if moves % every == 0:
            yield state
        state = state.apply(rng.choice(state.legal_actions()))
        moves += 1
