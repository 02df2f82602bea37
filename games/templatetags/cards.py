"""Template filters that turn a card string ("10H", "QS") into what a card face shows and says.

The names come from games.rules.cards, the one place cards are named; templates never need a
game state.
"""

import functools

from django import template
from django.utils.html import format_html

from games.narration import card_name
from games.rules import cards
from games.selectors import narration_language

register = template.Library()

RED_SUITS = frozenset({"D", "H"})


def _checked(card: object) -> str:
    text = str(card).strip().upper()
    if not cards.is_card(text):
        raise ValueError(f"Not a card: {card!r}")
    return text


@register.filter
def card_rank(card: str) -> str:
    """The rank: "10H" -> "10", "QS" -> "Q"."""
    return cards.rank_of(_checked(card))


@register.filter
def card_suit_letter(card: str) -> str:
    """The suit letter: "10H" -> "H"."""
    return cards.suit_of(_checked(card))


@register.filter
def card_suit_symbol(card: str) -> str:
    """The suit symbol: "10H" -> "♥"."""
    return cards.SUIT_SYMBOLS[cards.suit_of(_checked(card))]


@register.filter
def card_colour(card: str) -> str:
    """The colour: "red" for hearts and diamonds, "black" for clubs and spades."""
    return "red" if cards.suit_of(_checked(card)) in RED_SUITS else "black"


@register.filter
def card_label(card: str) -> str:
    """Text alternative in the page's language: "QS" -> "queen of spades" or "дама пик"."""
    return card_name(_checked(card), narration_language())


@register.simple_tag
def card_face(card: str) -> str:
    """The card as the table draws it: its face, with its name for screen readers, in the page's language.

    A tag rather than an included template: a table draws dozens of cards, and an include per card cost
    more than the rest of the hand's markup (profile_move).
    """
    return _card_face(_checked(card), narration_language())


@functools.lru_cache(maxsize=256)   # 52 cards in each language
def _card_face(card: str, language: str) -> str:
    return format_html('<span class="card {} suit-{}" role="img" aria-label="{}"><span class="rank">{}</span>'
                       '<span class="suit">{}</span></span>', card_colour(card), card_suit_letter(card),
                       card_name(card, language), card_rank(card), card_suit_symbol(card))
