"""Shared helpers for the Sunduchok rule tests: explicit deals, actions and step-by-step checks.

Everything here goes through the engine contract of docs/engine.md (apply, view, log, card_locations,
to_dict), never through the state's private fields.
"""

from __future__ import annotations

import random

from games.rules import get_game
from games.rules.cards import RANKS, SUITS, is_card, make_deck, rank_of

GAME = get_game("sunduchok")
DECK_36 = make_deck(RANKS[4:])
DECK_52 = make_deck(RANKS)


def ask(target: int, rank: str) -> dict:
    return {"type": "ask", "target": target, "rank": rank}


def count(number: int) -> dict:
    return {"type": "count", "count": number}


def suits(*letters: str) -> dict:
    return {"type": "suits", "suits": list(letters)}


def table(*hands: str, stock: str = "", rest: str | int | None = "stock", dealer: int | None = None,
          variant=None, deck: int = 36):
    """`from_deal` with hands written as "QH QC 8D"; `stock` names the top of the stock.

    The cards not named go, in deck order, to the bottom of the stock (`rest="stock"`), to one
    seat's hand (`rest=<seat>`) or nowhere (`rest=None`). The dealer defaults to the last seat,
    so that seat 0 moves first.
    """
    hand_lists = [hand.split() for hand in hands]
    stock_list = stock.split()
    named = {card for hand in hand_lists for card in hand} | set(stock_list)
    leftover = [card for card in (DECK_52 if deck == 52 else DECK_36) if card not in named]
    if rest == "stock":
        stock_list += leftover
    elif rest is not None:
        hand_lists[rest] += leftover
    dealer = len(hands) - 1 if dealer is None else dealer
    return GAME.from_deal(hands=hand_lists, stock=stock_list, variant=variant, dealer=dealer)


def hands_of(state) -> list[str]:
    """Every seat's hand as its own view shows it, "8D AS" style."""
    return [" ".join(state.view(seat)["hand"]) for seat in range(state.view(None)["players"])]


def chests_of(state) -> list[list[str]]:
    """The laid-down chests as each owner sees them (ranks, in the order laid down)."""
    return [state.view(seat)["chests"][seat] for seat in range(state.view(None)["players"])]


def stock_size(state) -> int:
    return state.view(None)["stock_size"]


def new_events(before, after) -> list[dict]:
    assert after.log[: len(before.log)] == before.log, "the log only ever grows"
    return after.log[len(before.log):]


def play(state, action, *, events, hands, stock, current, chests=None):
    """Apply `action` and check everything the worked examples spell out; returns the new state."""
    after = state.apply(action)
    assert new_events(state, after) == events
    assert hands_of(after) == hands
    assert stock_size(after) == stock
    assert after.current_player == current
    if chests is not None:
        assert chests_of(after) == chests
    return after


def replay(state, steps):
    """`play` each (action, events, hands, chests, stock size, player to move) step in turn."""
    for action, events, hands, chests, stock, current in steps:
        state = play(state, action, events=events, hands=hands, chests=chests, stock=stock, current=current)
    return state


def places(data: dict) -> list[tuple[str, str]]:
    """Every (card, place) pair that a state's `to_dict()` records: hands, stock and chests."""
    pairs = [(card, f"hand:{seat}") for seat, hand in enumerate(data["hands"]) for card in hand]
    pairs += [(card, "stock") for card in data["stock"]]
    pairs += [(rank + suit, f"chests:{seat}") for seat, ranks in enumerate(data["chests"])
              for rank in ranks for suit in SUITS]
    return pairs


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


def ranks_mentioned(value) -> set[str]:
    """Every rank named anywhere in `value`, alone or as part of a card name."""
    found = set()
    for leaf in leaves(value):
        if is_card(leaf):
            found.add(rank_of(leaf))
        elif isinstance(leaf, str) and leaf in RANKS:
            found.add(leaf)
    return found


def play_randomly(state, rng: random.Random, moves: int):
    """Up to `moves` random legal moves (fewer if the game ends first)."""
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state
