"""Duel told in words, in English (the Russian pages show the same sentences: the test game is not translated)."""

from __future__ import annotations

from games.narration.coach import CoachUnit, figure_as_counted
from games.narration.seats import SeatNarrator
from games.rules.cards import card_short


class DuelNarrator(SeatNarrator):
    PART_NAMES = {"card": {"en": "wrong card", "ru": "не та карта"}}

    def reason(self, reason: dict | None, mover: int | None = None) -> str:
        if not reason:
            return ""
        if reason["key"] == "highest":
            return f"plays the highest card, {card_short(reason['params']['card'])}"
        if reason["key"] == "most-tricks":
            return f"expects {reason['params']['tricks']} tricks"
        return "plays at random"

    def illegal(self, error) -> str:
        return str(error)

    def action_text(self, action: dict, view: dict) -> str:
        return f"Play {card_short(action['card'])}"

    def describe(self, event: dict) -> str:
        kind, seat = event["type"], event.get("seat")
        if kind == "deal":
            return f"{self.verb(seat, 'deal', 'deals')} {event['hand_sizes'][0]} cards each."
        if kind == "play":
            return f"{self.verb(seat, 'play', 'plays')} {card_short(event['card'])}."
        if kind == "trick":
            return f"{self.verb(seat, 'take', 'takes')} the trick."
        if kind == "end":
            return f"Game over: {event['tricks'][0]} tricks to {event['tricks'][1]}."
        return kind


TRICKS = CoachUnit(
    name="tricks", figure=figure_as_counted, english=("trick", "tricks"),
    russian=("взятка", "взятки", "взяток", "взятки"),
    measure={"en": "The tricks {subject} could expect", "ru": "Сколько взяток можно ждать"},
    difference={"en": "{subject} could expect {quantity} fewer {than}",
                "ru": "можно ждать {quantity} меньше, {than}"})
