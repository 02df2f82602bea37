"""The shape of the "What your seat knows" panel, shared by every game's `knowledge` (games.tables.<game>).

A game's `knowledge(view, narrator, *, seat)` reads the seat's view with the hard bot's knowledge model (the one
the coach samples its worlds from) and returns `panel(sections)`: plain data, worded already, that
templates/games/_knowledge.html draws with the `knowledge_panel` tag (games/templatetags/knowledge_panel.py).

- A section has a heading and rows (a definition list), or, with no rows, the `empty` sentence.
- A row has a label and items, each a list of parts shown together: `text(...)`, `cards(...)` (faces drawn
  with the `card_face` tag, kept together) or `suit(...)` (a suit's symbol, spoken by its name).
- A row's `facts` are the claims it words, as data: the tests hold each one against the hidden state, so a
  line can never say what is not true. Card codes appear in a panel only where the view names them.
"""

from __future__ import annotations

from typing import Any

from games.rules.cards import SUIT_SYMBOLS

RED_SUITS = frozenset("DH")


def panel(sections: list[dict[str, Any]], note: str = "") -> dict[str, Any]:
    return {"sections": sections, "note": note}


def section(heading: str, rows: list[dict[str, Any]], empty: str = "") -> dict[str, Any]:
    return {"heading": heading, "rows": rows, "empty": empty}


def row(label: str, items: list[list[dict[str, Any]]], facts: list[dict[str, Any]] | None = None, *,
        label_suit: dict[str, str] | None = None) -> dict[str, Any]:
    """A labelled line (`label_suit`: a suit's symbol before the label); empty items are left out."""
    return {"label": label, "label_suit": label_suit, "items": [item for item in items if item], "facts": facts or []}


def text(words: str) -> dict[str, str]:
    return {"text": str(words)}


def cards(codes: list[str]) -> dict[str, list[str]]:
    """Card faces side by side: only cards the seat's view names."""
    return {"cards": list(codes)}


def suit(letter: str, narrator, case: str = "nominative") -> dict[str, str]:
    """A suit's symbol, coloured like the cards, named for a screen reader in the case the line needs."""
    return {"suit": letter, "symbol": SUIT_SYMBOLS[letter], "name": narrator.suit_name(letter, case),
            "colour": "red" if letter in RED_SUITS else "black"}


def facts_of(knowledge: dict[str, Any]) -> list[dict[str, Any]]:
    """Every claim a panel makes, over all its rows."""
    return [fact for part in knowledge["sections"] for line in part["rows"] for fact in line["facts"]]
