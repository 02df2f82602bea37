"""Card names shared by every game: "10H" is the ten of hearts, "QS" the queen of spades.

Deck order — rank 2…A, then suit C D H S — is the one canonical order for listing cards
(legal actions, hands, logs), so that equal sets of cards always print the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("C", "D", "H", "S")
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANK_NAMES = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
    "9": "nine", "10": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}
RANK_INDEX = {rank: index for index, rank in enumerate(RANKS)}
SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


def is_card(value: object) -> bool:
    return isinstance(value, str) and len(value) in (2, 3) and value[:-1] in RANK_INDEX and value[-1] in SUIT_INDEX


def rank_plural(rank: str) -> str:
    """"Q" -> "queens", "6" -> "sixes": how players and messages name a rank."""
    name = RANK_NAMES[rank]
    return name + "es" if name.endswith("x") else name + "s"


def card_short(card: str) -> str:
    """"QS" -> "Q♠", as a card is written in running text."""
    return rank_of(card) + SUIT_SYMBOLS[suit_of(card)]


def card_sort_key(card: str) -> tuple[int, int]:
    return RANK_INDEX[card[:-1]], SUIT_INDEX[card[-1]]


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=card_sort_key))


# ♣ ♦ ♠ ♥: black and red by turns, so that two neighbouring suits of a hand never share a colour.
ALTERNATING_SUITS = ("C", "D", "S", "H")


def sort_by_suit(cards: Iterable[str], suits: Sequence[str]) -> list[str]:
    """Cards grouped by suit in the order `suits` lists them, each suit from its lowest rank: a hand as players of
    trick games hold it, where the question is which card of the led suit."""
    return sorted(cards, key=lambda card: (suits.index(suit_of(card)), RANK_INDEX[rank_of(card)]))


def make_deck(ranks: Iterable[str]) -> tuple[str, ...]:
    """Every card of the given ranks, in deck order."""
    return tuple(rank + suit for rank in sorted(ranks, key=RANK_INDEX.__getitem__) for suit in SUITS)
