"""Template filters that turn a card string ("10H", "QS") into what a card face shows and says.

Kept independent of games.rules so templates never need a game state; the card notation is
the engine's: rank 2-10, J, Q, K, A followed by suit C, D, H or S.
"""

from django import template

register = template.Library()

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RED_SUITS = frozenset({"D", "H"})
RANK_NAMES = {
    "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9", "10": "10",
    "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}
RANK_NAMES_PLURAL = {
    "2": "twos", "3": "threes", "4": "fours", "5": "fives", "6": "sixes", "7": "sevens",
    "8": "eights", "9": "nines", "10": "tens", "J": "jacks", "Q": "queens", "K": "kings", "A": "aces",
}


def _split(card: object) -> tuple[str, str]:
    text = str(card).strip().upper()
    rank, suit = text[:-1], text[-1:]
    if rank not in RANK_NAMES or suit not in SUIT_SYMBOLS:
        raise ValueError(f"Not a card: {card!r}")
    return rank, suit


@register.filter
def card_rank(card: str) -> str:
    """The rank: "10H" -> "10", "QS" -> "Q"."""
    return _split(card)[0]


@register.filter
def card_suit_letter(card: str) -> str:
    """The suit letter: "10H" -> "H"."""
    return _split(card)[1]


@register.filter
def card_suit_symbol(card: str) -> str:
    """The suit symbol: "10H" -> "♥"."""
    return SUIT_SYMBOLS[_split(card)[1]]


@register.filter
def card_colour(card: str) -> str:
    """The colour: "red" for hearts and diamonds, "black" for clubs and spades."""
    return "red" if _split(card)[1] in RED_SUITS else "black"


@register.filter
def card_label(card: str) -> str:
    """Text alternative: "QS" -> "queen of spades", "10H" -> "10 of hearts"."""
    rank, suit = _split(card)
    return f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}"


@register.filter
def rank_name_plural(rank: str) -> str:
    """A rank in the plural: "Q" -> "queens", "10" -> "tens", "6" -> "sixes"."""
    key = str(rank).strip().upper()
    if key not in RANK_NAMES_PLURAL:
        raise ValueError(f"Not a rank: {rank!r}")
    return RANK_NAMES_PLURAL[key]
