"""Shared helpers for the Hearts rule tests: explicit deals, actions and the deals the tests replay.

Everything goes through the engine contract of docs/engine.md (apply, view, log, card_locations,
to_dict, state_from_dict), never through the state's private fields.
"""

from __future__ import annotations

import random

from games.rules import get_game
from games.rules.cards import RANKS, make_deck

GAME = get_game("hearts")
DECK = make_deck(RANKS)
NO_PASS = {"pass_cycle": ["none"]}


def variant(preset: str = "standard", **fields):
    return GAME.variant(preset=preset, **fields)


def table(*hands: str, dealer: int = 3, preset: str = "standard", seed=0, **fields):
    """`from_deal` with hands written as "AC 2D 3D"; the dealer defaults to seat 3, so that the
    pass goes round 0, 1, 2, 3."""
    return GAME.from_deal(hands=[hand.split() for hand in hands], stock=[], variant=variant(preset, **fields),
                          dealer=dealer, seed=seed)


def no_pass_table(deal: tuple[str, ...], preset: str = "standard", **fields):
    """One of the deals below, played without a pass, so that the 2♣ is led at once."""
    return table(*deal, preset=preset, **{**NO_PASS, **fields})


def play(card: str) -> dict:
    return {"type": "play", "card": card}


def give(*cards: str) -> dict:
    """A pass action ("pass" is a Python keyword)."""
    return {"type": "pass", "cards": list(cards)}


def moon(choice: str) -> dict:
    return {"type": "moon", "choice": choice}


def play_cards(state, cards: str):
    """Play the cards in turn, whoever is to move ("2C AC 3C 4C")."""
    for card in cards.split():
        state = state.apply(play(card))
    return state


def new_events(before, after) -> list[dict]:
    assert after.log[: len(before.log)] == before.log, "the log only ever grows"
    return after.log[len(before.log):]


def of_type(events, kind: str) -> list[dict]:
    return [event for event in events if event["type"] == kind]


def in_deck_order(cards: str) -> str:
    """"AC 2C 10D" -> "2C 10D AC": cards as hands and actions list them."""
    return " ".join(sorted(cards.split(), key=DECK.index))


def hand(state, seat: int) -> str:
    return " ".join(state.view(seat)["hand"])


def with_totals(state, totals):
    """The same state with other match totals (as if earlier deals had been played)."""
    data = state.to_dict()
    data["totals"] = list(totals)
    return GAME.state_from_dict(data)


def play_randomly(state, rng: random.Random, moves: int):
    """Up to `moves` random legal moves (fewer if the match ends first)."""
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def finish_deal(state, rng: random.Random):
    """Random legal moves until the deal in progress has ended."""
    deal_number = state.view(None)["deal_number"]
    while not state.is_over and state.view(None)["deal_number"] == deal_number:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# -- explicit deals (seats 0..3), each suit of 13 cards accounted for --------------------------------------
# The worked example of hearts.md: seat 3 leads the 2♣, seat 0 wins it with the A♣ and leads the 9♦;
# seat 1 takes it with the A♦ while seats 2 and 3, out of diamonds, discard the Q♠ and a heart.
EXAMPLE = (
    "10C JC QC KC AC 2D 3D 4D 5D 6D 7D 8D 9D",
    "3C 5C 6C 10D JD QD KD AD 2S 3S 4S 5S 6S",
    "4C 7C 8C 2H 3H 7S 8S 9S 10S JS QS KS AS",
    "2C 9C 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
)
EXAMPLE_TRICKS = ("2C AC 3C 4C", "9D AD QS 4H")

# Seat 2 has no clubs and holds the A♦ and twelve hearts; seat 0 holds the A♣ and twelve diamonds,
# seat 1 the A♠. Trick 1: 2♣ A♣ 3♣ A♦ (seat 0 wins); trick 2: seat 0 leads the 2♦.
VOID_IN_CLUBS = (
    "AC 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
    "3C 4C 5C 6C 7C 8C 7S 8S 9S 10S JS KS AS",
    "AD 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
    "2C 9C 10C JC QC KC AH 2S 3S 4S 5S 6S QS",
)

# Seat 2 holds only the Q♠ and hearts: on the first trick it may play any card.
QUEEN_AND_HEARTS = (
    "AC 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
    "3C 4C 5C 6C 7C 8C AD 7S 8S 9S 10S JS KS",
    "QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
    "2C 9C 10C JC QC KC AH 2S 3S 4S 5S 6S AS",
)

# Seat 2 holds all thirteen hearts.
ONLY_HEARTS = (
    "AC 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
    "3C 4C 5C 6C 7C 8C AD 7S 8S 9S 10S JS KS",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    "2C 9C 10C JC QC KC QS 2S 3S 4S 5S 6S AS",
)

# Seat 3 wins the first trick with the A♣ (2♣ 6♣ 10♣ A♣) and then leads, holding ...
QUEEN_LEAD = (      # ... only the Q♠ and hearts
    "2C 3C 4C 5C 2D 3D 4D 5D 6D 7D 8D 9D KH",
    "6C 7C 8C 9C 10D JD QD KD AD 2S 3S 4S AH",
    "10C JC QC KC 5S 6S 7S 8S 9S 10S JS KS AS",
    "AC QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
)
HEARTS_LEAD = (     # ... the A♠ and eleven hearts; on its A♠ seat 0 discards the K♥
    "2C 3C 4C 5C 2D 3D 4D 5D 6D 7D 8D 9D KH",
    "6C 7C 8C 9C 10D JD QD KD AD 2S 4S 5S AH",
    "10C JC QC KC 3S 6S 7S 8S 9S 10S JS QS KS",
    "AC AS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
)
ALL_HEARTS_LEAD = (  # ... nothing but hearts
    "2C 3C 4C 5C 2D 3D 4D 5D 6D 7D 8D 9D AH",
    "6C 7C 8C 9C 10D JD QD KD AD 2S 3S 4S 5S",
    "10C JC QC KC 6S 7S 8S 9S 10S JS QS KS AS",
    "AC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
)
FIRST_TRICK_TO_SEAT_3 = "2C 6C 10C AC"

# Seat 0 holds the top clubs, diamonds and hearts and wins every trick; seat 3, out of clubs and
# diamonds, discards its Q♠ and hearts on them: seat 0 shoots the moon.
MOON = (
    "AC KC QC JC 10C AD KD QD JD 10D AH KH QH",
    "2C 3C 4C 5C 6C 7C 8C 9C 2S 3S 4S 5S 6S",
    "2D 3D 4D 5D 6D 7D 8D 9D 7S 8S 9S 10S JS",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QS KS AS",
)
MOON_TRICKS = (
    "2C 2D KS AC", "KC 3C 3D QS", "QC 4C 4D 2H", "JC 5C 5D 3H", "10C 6C 6D 4H", "AD 7C 7D 5H", "KD 8C 8D 6H",
    "QD 9C 9D 7H", "JD 2S 7S 8H", "10D 3S 8S 9H", "AH 4S 9S 10H", "KH 5S 10S JH", "QH 6S JS AS",
)

# Seat 0 takes all thirteen hearts; the last trick, led with its 2♠, ends with the Q♠ of seat 3.
THIRTEEN_HEARTS = (
    "AC KC QC JC 10C AD KD QD JD AH KH QH 2S",
    "2C 3C 4C 5C 6C 7C 8C 9C 3S 4S 5S 6S JS",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D 7S 8S 9S 10S",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QS KS AS",
)
THIRTEEN_HEARTS_TRICKS = (
    "2C 2D KS AC", "KC 3C 3D AS", "QC 4C 4D 2H", "JC 5C 5D 3H", "10C 6C 6D 4H", "AD 7C 7D 5H", "KD 8C 8D 6H",
    "QD 9C 9D 7H", "JD 3S 10D 8H", "AH 4S 7S 9H", "KH 5S 8S 10H", "QH 6S 9S JH", "2S JS 10S QS",
)
# The same deal with seat 3 discarding the Q♠ early and winning the last trick with its A♠:
# seat 0 takes every heart and the Q♠ but not every trick — still a moon.
MOON_WITHOUT_ALL_TRICKS = THIRTEEN_HEARTS_TRICKS[:1] + ("KC 3C 3D QS",) + THIRTEEN_HEARTS_TRICKS[2:-1] + (
    "2S JS 10S AS",)


def play_tricks(state, tricks):
    for trick in tricks:
        state = play_cards(state, trick)
    return state
