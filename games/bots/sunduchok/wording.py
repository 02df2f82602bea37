"""How the Sunduchok bots phrase their reasons.

Reasons name players "Player N" and the web layer substitutes display names, "you" included, so
a player token is only ever followed by a past-tense verb or used as an object: "Player 1 answered"
reads as well as "you answered", whereas "Player 1 holds" would become "you holds".
"""

from __future__ import annotations

from collections.abc import Iterable

from games.bots.sunduchok.knowledge import Fact
from games.rules.cards import RANK_NAMES, SUIT_NAMES, SUITS, rank_of, rank_plural, sort_cards, suit_of

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
                9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}


def player(seat: int) -> str:
    return f"Player {seat + 1}"


def number(value: int) -> str:
    return NUMBER_WORDS.get(value, str(value))


def listing(words: list[str]) -> str:
    """"clubs", "clubs and hearts", "clubs, diamonds and hearts"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def suits_phrase(suits: Iterable[str]) -> str:
    return listing([SUIT_NAMES[suit] for suit in sorted(suits, key=SUITS.index)])


def cards_phrase(cards: Iterable[str]) -> str:
    """Cards of one rank: "the queen of clubs", "the queens of clubs and hearts"."""
    cards = sort_cards(cards)
    rank = rank_of(cards[0])
    name = RANK_NAMES[rank] if len(cards) == 1 else rank_plural(rank)
    return f"the {name} of {suits_phrase(suit_of(card) for card in cards)}"


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def rank_count(rank: str, count: int) -> str:
    """"one queen", "two queens"."""
    return f"{number(count)} {RANK_NAMES[rank] if count == 1 else rank_plural(rank)}"


# The kinds of positive fact, most telling first: the one a reason cites.
FACT_STRENGTH = ("took", "count", "yes", "asked")


def strongest(facts: list[Fact]) -> Fact | None:
    ranked = [fact for fact in facts if fact.kind in FACT_STRENGTH]
    if not ranked:
        return None
    return min(ranked, key=lambda fact: (FACT_STRENGTH.index(fact.kind), -fact.event_index))


def fact_clause(seat: int, rank: str, fact: Fact) -> str:
    """What the public event showed, as a clause with the seat as its subject (past tense)."""
    who = player(seat)
    if fact.kind == "took":
        return f"{who} took {cards_phrase(fact.cards)} from {player(fact.other)}"
    if fact.kind == "count":
        return f"{who} answered yes to {rank_count(rank, fact.count)}"
    if fact.kind == "yes":
        return f"{who} answered yes to {rank_plural(rank)}"
    if fact.kind == "asked":
        return f"{who} asked for {rank_plural(rank)}"
    if fact.kind == "gave":
        return f"{who} handed the {rank_plural(rank)} to {player(fact.other)}"
    return f"{who} answered no to {rank_plural(rank)}"


def holder_reason(seat: int, rank: str, fact: Fact) -> str:
    """Why ask `seat` for `rank`: a public fact showed them holding it, and they kept it."""
    return sentence(f"{fact_clause(seat, rank, fact)} earlier, and no {RANK_NAMES[rank]} has left that hand since")
