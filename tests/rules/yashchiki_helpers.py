"""Shared helpers for the Yashchiki rule tests: explicit deals, actions and event filters.

Everything goes through the engine contract of docs/engine.md (apply, view, log, card_locations,
to_dict, state_from_dict), never through the state's private fields.
"""

from __future__ import annotations

import random

from games.rules import get_game
from games.rules.cards import RANKS, make_deck

# Generic log and card helpers, shared with the Rooster tests and re-exported for these.
from tests.rules.rooster_helpers import card_names_in, new_events, of_type, run  # noqa: F401

GAME = get_game("yashchiki")
DECK = make_deck(RANKS)     # the 52 cards in deck order
DRAW = {"type": "draw"}


def play(*cards: str, suit: str | None = None, declared: bool | None = None) -> dict:
    action = {"type": "play", "cards": list(cards)}
    if declared is not None:
        action["declared"] = declared
    if suit is not None:
        action["suit"] = suit
    return action


def table(*hands: str, upcard: str, stock: str = "", rest: str | int = "stock", dealer: int = 3,
          preset: str = "standard", deal_number: int = 1, seed=0, **fields):
    """`from_deal` with hands written as "8S KH"; `stock` names the top of the stock.

    The dealer defaults to seat 3, so that seat 0 moves first. The cards not named go, in deck
    order, to the bottom of the stock (`rest="stock"`) or to one seat's hand (`rest=<seat>`: an
    empty stock, so that the next draw reshuffles the discard pile or finds nothing).
    """
    hand_lists = [hand.split() for hand in hands]
    stock_list = stock.split()
    named = {card for hand in hand_lists for card in hand} | set(stock_list) | {upcard}
    leftover = [card for card in DECK if card not in named]
    if rest == "stock":
        stock_list += leftover
    else:
        hand_lists[rest] += leftover
    return GAME.from_deal(hands=hand_lists, stock=stock_list, upcard=upcard, dealer=dealer, seed=seed,
                          deal_number=deal_number, variant=GAME.variant(preset, **fields))


def hands_of(state) -> list[str]:
    """Every seat's hand as its own view shows it, "8S KH" style."""
    return [" ".join(state.view(seat)["hand"]) for seat in range(4)]


def public(state) -> dict:
    """The facts of the table every seat sees (a spectator's view without the log)."""
    view = state.view(None)
    return {key: view[key] for key in ("suit", "top_card", "direction", "chain", "chain_draw", "current_player",
                                        "hand_sizes", "stock_size", "discard_size", "deal_number", "dealer")}


def play_randomly(state, rng: random.Random, moves: int, draw_chance: float = 1.0):
    """Up to `moves` random legal moves (fewer if the match ends first). A free-draw draw is chosen
    only with `draw_chance` when a card could be played instead: random players that draw at will
    make a deal very long."""
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(random_action(state.legal_actions(), rng, draw_chance))
    return state


def random_action(legal: list[dict], rng: random.Random, draw_chance: float = 1.0) -> dict:
    plays = [action for action in legal if action["type"] == "play"]
    if len(plays) < len(legal) and plays and rng.random() >= draw_chance:
        return rng.choice(plays)
    return rng.choice(legal)
