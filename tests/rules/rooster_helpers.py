"""Shared helpers for the Chuvash Rooster rule tests: explicit deals, actions and event filters.

Everything goes through the engine contract of docs/engine.md (apply, view, log, card_locations,
to_dict, state_from_dict), never through the state's private fields.
"""

from __future__ import annotations

import random

from games.rules import get_game
from games.rules.cards import RANKS, is_card, make_deck

GAME = get_game("rooster")
DECK = make_deck(RANKS[4:])     # the 36 cards, six to ace, in deck order
TAKE = {"type": "take"}
PASS = {"type": "pass"}


def attack(*cards: str) -> dict:
    return {"type": "attack", "cards": list(cards)}


def beat(attacking: str, card: str) -> dict:
    return {"type": "beat", "attack": attacking, "card": card}


def throw(*cards: str) -> dict:
    return {"type": "throw", "cards": list(cards)}


def table(*hands: str, stock: str = "", rest: str = "stock", dealer: int = 0, preset: str = "standard",
          previous_loser: int | None = None, seed=0, **fields):
    """`from_deal` with hands written as "6C 7C AS"; `stock` names the top of the stock.

    The cards not named go, in deck order, to the bottom of the stock (`rest="stock"`) or to the
    discard pile (`rest="discard"`: a position late in a game).
    """
    hand_lists = [hand.split() for hand in hands]
    stock_list = stock.split()
    named = {card for hand in hand_lists for card in hand} | set(stock_list)
    leftover = [card for card in DECK if card not in named]
    discard = []
    if rest == "stock":
        stock_list += leftover
    else:
        discard = leftover
    return GAME.from_deal(hands=hand_lists, stock=stock_list, discard=discard, dealer=dealer, seed=seed,
                          previous_loser=previous_loser, variant=GAME.variant(preset, **fields))


def bout(*hands: str, attacker: int = 0, **options):
    """A later game (no first-card rule) in which `attacker` leads against the next seat: that seat
    lost the previous game, so the seat before it attacks it."""
    return table(*hands, previous_loser=(attacker + 1) % len(hands), **options)


def run(state, *actions):
    for action in actions:
        state = state.apply(action)
    return state


def hands_of(state) -> list[str]:
    """Every seat's hand as its own view shows it, "6C AS" style."""
    return [" ".join(state.view(seat)["hand"]) for seat in range(state.view(None)["players"])]


def table_of(state) -> list[tuple[str, str | None]]:
    return [(pair["attack"], pair["beat"]) for pair in state.view(None)["table"]]


def new_events(before, after) -> list[dict]:
    assert after.log[: len(before.log)] == before.log, "the log only ever grows"
    return after.log[len(before.log):]


def of_type(events, kind: str) -> list[dict]:
    return [event for event in events if event["type"] == kind]


def leaves(value):
    """Every scalar inside a JSON-like value, dict keys included."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from leaves(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from leaves(item)
    else:
        yield value


def card_names_in(value) -> set[str]:
    return {leaf for leaf in leaves(value) if is_card(leaf)}


def play_randomly(state, rng: random.Random, moves: int):
    """Up to `moves` random legal moves (fewer if the game ends first)."""
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state
