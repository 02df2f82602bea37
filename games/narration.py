"""Sunduchok's log events told in plain language, from one seat's point of view.

Only events of a seat's view are narrated, so a sentence can hold no card the seat has not seen.
"""

from __future__ import annotations

from games.rules.cards import SUIT_NAMES, card_short, rank_plural

COUNT_WORDS = {1: "One", 2: "Two", 3: "Three", 4: "Four"}


def join_words(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def suits_phrase(suits: list[str]) -> str:
    return join_words([SUIT_NAMES[suit] for suit in suits]).capitalize()


class Narrator:
    """Names seats for one viewer ("You" for the viewer) and turns events into sentences."""

    def __init__(self, names: list[str], viewer: int | None) -> None:
        self.names, self.viewer = names, viewer

    def name(self, seat: int) -> str:
        return "You" if seat == self.viewer else self.names[seat]

    def object_name(self, seat: int) -> str:
        return "you" if seat == self.viewer else self.names[seat]

    def verb(self, seat: int, you_form: str, other_form: str) -> str:
        return f"{self.name(seat)} {you_form if seat == self.viewer else other_form}"

    def describe(self, event: dict) -> str:
        kind, seat = event["type"], event.get("seat")
        if kind == "deal":
            sizes = event["hand_sizes"]
            each = f"{sizes[0]} cards each" if len(set(sizes)) == 1 else "the cards"
            return f"{self.verb(seat, 'deal', 'deals')} {each}; {event['stock_size']} cards stay in the stock."
        if kind == "ask":
            question = f"{self.name(seat)}: {self.name(event['target'])}, do you have {rank_plural(event['rank'])}?"
            return f"{question} — {self.name(event['target'])}: {event['answer'].capitalize()}."
        if kind == "count":
            return f"{self.name(seat)}: {COUNT_WORDS[event['count']]}? — {self.name(event['target'])}: " \
                   f"{event['answer'].capitalize()}."
        if kind == "suits":
            return f"{self.name(seat)}: {suits_phrase(event['suits'])}? — {self.name(event['target'])}: " \
                   f"{event['answer'].capitalize()}."
        if kind == "transfer":
            cards = join_words([card_short(card) for card in event["cards"]])
            return f"{self.verb(event['target'], 'hand', 'hands')} {self.object_name(seat)} {cards}."
        if kind == "chest":
            what = f"the chest of {rank_plural(event['rank'])}" if "rank" in event else "a chest, face down"
            origin = " from the deal" if event["source"] == "deal" else ""
            return f"{self.verb(seat, 'lay', 'lays')} down {what}{origin}."
        if kind == "draw":
            card = f"the {card_short(event['card'])}" if "card" in event else "a card"
            if event["reason"] == "empty-hand":
                draws = "draw" if seat == self.viewer else "draws"
                return f"{self.verb(seat, 'have', 'has')} an empty hand and {draws} {card}; the turn passes."
            return f"{self.verb(seat, 'draw', 'draws')} {card} from the stock."
        if kind == "skip":
            return f"{self.verb(seat, 'have', 'has')} no cards and the stock is empty: the turn is skipped."
        if kind == "pass":
            if event["reason"] == "opponents-empty":
                return f"{self.verb(seat, 'pass', 'passes')}: no opponent has cards to ask for."
            return f"{self.verb(seat, 'have', 'has')} no cards left: the turn passes."
        if kind == "end":
            winners = join_words([self.name(winner) for winner in event["winners"]])
            verb = "wins" if len(event["winners"]) == 1 and event["winners"][0] != self.viewer else "win"
            return f"Game over: {winners} {verb}."
        return kind
