"""Hearts told in plain language, from one seat's point of view: the log, refusals, the table's words.

Only events of a seat's view are narrated, so a sentence can hold no card the seat has not seen
(another seat's pass shows as "passes three cards" until the cards reach this seat).
"""

from __future__ import annotations

from games.narration.coach import CoachUnit, figure_as_taken
from games.narration.seats import SeatNarrator
from games.narration.words import join_words, russian_plural
from games.rules.cards import card_short

DIRECTIONS = {
    "en": {"left": "to the left", "right": "to the right", "across": "across", "none": "no passing"},
    "ru": {"left": "налево", "right": "направо", "across": "напротив", "none": "без передачи"},
}
SUIT_NAMES_GENITIVE_RU = {"C": "треф", "D": "бубен", "H": "червей", "S": "пик"}
SUIT_NAMES_EN = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}

REFUSALS_RU = {
    "not-an-action": "Это не ход: нужен тип хода — передача, карта или выбор при «луне».",
    "unknown-type": "В «Червах» нет хода «{type}».",
    "fields": "Ход «{type}» состоит ровно из полей: {fields}.",
    "not-a-card": "Это не карта.",
    "game-over": "Игра окончена.",
    "not-in-hand": "Этой карты нет у вас на руке.",
    "pass-three": "Передайте ровно три разные карты со своей руки.",
    "already-passed": "Вы уже передали карты в этой сдаче.",
    "lead-two-of-clubs": "Первую взятку начинают двойкой треф.",
    "hearts-not-broken": "Ходить с червей нельзя, пока червы не открыты.",
    "queen-before-hearts": "Пока червы не открыты, с дамой пик и червами на руке ходят дамой пик.",
    "no-points-first-trick": "В первой взятке нельзя сбрасывать червы и даму пик, если есть другие карты.",
    "moon-choice": "Выберите: вычесть 26 у себя или добавить по 26 остальным.",
}
PHASES_RU = {"pass": "передать три карты", "play": "сыграть карту", "moon": "выбрать, как считать «луну»"}


def points_ru(points: int) -> str:
    return f"{points} {russian_plural(points, 'очко', 'очка', 'очков')}"


def points_en(points: int) -> str:
    return f"{points} point{'' if points == 1 else 's'}"


class HeartsNarrator(SeatNarrator):
    """Hearts' events, refusals and table words for one viewer."""

    def reason(self, reason: dict | None, mover: int | None = None) -> str:
        if not reason:
            return ""
        from games.hearts.reasons import explain

        return explain(reason, self, mover)

    def illegal(self, error) -> str:
        code, params = getattr(error, "code", ""), getattr(error, "params", {})
        if self.language == "en" or not code:
            return str(error)
        if code == "wrong-phase" and params.get("phase") in PHASES_RU:
            return f"Сейчас нужно {PHASES_RU[params['phase']]}."
        if code == "follow-suit" and params.get("suit") in SUIT_NAMES_GENITIVE_RU:
            return f"Нужно ходить в масть: у вас есть карты {SUIT_NAMES_GENITIVE_RU[params['suit']]}."
        if code in REFUSALS_RU:
            return REFUSALS_RU[code].format(**{**params, "fields": ", ".join(params.get("fields", []))})
        return str(error)

    # -- words the table uses ------------------------------------------------------------------
    def direction(self, direction: str) -> str:
        return DIRECTIONS[self.language][direction]

    def points(self, points: int) -> str:
        return points_ru(points) if self.language == "ru" else points_en(points)

    def cards(self, cards: list[str]) -> str:
        return join_words([card_short(card) for card in cards], "и" if self.language == "ru" else "and")

    # -- a move in words ------------------------------------------------------------------------
    PART_NAMES = {
        "card": {"en": "wrong card", "ru": "не та карта"},
        "cards": {"en": "wrong cards", "ru": "не те карты"},
        "choice": {"en": "wrong choice", "ru": "не тот выбор"},
    }
    MOON_CHOICES = {
        "en": {"subtract": "Take 26 off my score", "add-to-others": "Add 26 to everyone else"},
        "ru": {"subtract": "Вычесть 26 у себя", "add-to-others": "Добавить по 26 остальным"},
    }

    def action_text(self, action: dict, view: dict) -> str:
        """"Pass Q♠, K♠ and A♠", "Play Q♠"; in Russian "Передать …", "Сыграть …"."""
        if action["type"] == "pass":
            return f"{'Передать' if self.language == 'ru' else 'Pass'} {self.cards(action['cards'])}"
        if action["type"] == "play":
            return f"{'Сыграть' if self.language == 'ru' else 'Play'} {card_short(action['card'])}"
        return self.MOON_CHOICES[self.language].get(action["choice"], action["choice"])

    # -- the log -------------------------------------------------------------------------------
    def describe(self, event: dict) -> str:
        return (self._describe_ru if self.language == "ru" else self._describe_en)(event)

    def _describe_en(self, event: dict) -> str:
        kind, seat = event["type"], event.get("seat")
        if kind == "deal":
            passing = ("no passing this deal" if event["pass"] == "none"
                       else f"pass three cards {self.direction(event['pass'])}")
            return f"Deal {event['deal_number']}: {self.verb(seat, 'deal', 'deals')}; {passing}."
        if kind == "no-pass":
            return "No passing this deal: the holder of 2♣ leads."
        if kind == "pass":
            if "cards" in event:
                return f"You pass {self.cards(event['cards'])}."
            return f"{self.verb(seat, 'pass', 'passes')} three cards."
        if kind == "receive":
            if "cards" in event:
                return f"You receive {self.cards(event['cards'])} from {self.object_name(event['from'])}."
            return f"{self.verb(seat, 'receive', 'receives')} three cards from {self.object_name(event['from'])}."
        if kind == "play":
            return f"{self.verb(seat, 'play', 'plays')} {card_short(event['card'])}."
        if kind == "hearts-broken":
            return "Hearts are broken."
        if kind == "trick":
            points = f" ({self.points(event['points'])})" if event["points"] else ""
            return f"{self.verb(seat, 'take', 'takes')} the trick{points}."
        if kind == "deal-end":
            moon = ""
            if event.get("moon") is not None:
                moon = f"{self.verb(event['moon'], 'shoot', 'shoots')} the moon! "
            points = ", ".join(f"{self.object_name(s)} {p}" for s, p in enumerate(event["points"]))
            return f"{moon}The deal ends: {points}."
        if kind == "end":
            return self.game_over(event["winners"])
        return kind

    def _describe_ru(self, event: dict) -> str:
        kind, seat = event["type"], event.get("seat")
        if kind == "deal":
            passing = ("в этой сдаче карты не передают" if event["pass"] == "none"
                       else f"передаём по три карты {self.direction(event['pass'])}")
            return f"Сдача {event['deal_number']}: {self.verb(seat, 'сдаёте', 'сдаёт')}; {passing}."
        if kind == "no-pass":
            return "В этой сдаче без передачи: начинает тот, у кого двойка треф."
        if kind == "pass":
            if "cards" in event:
                return f"Вы передаёте {self.cards(event['cards'])}."
            return f"{self.verb(seat, 'передаёте', 'передаёт')} три карты."
        if kind == "receive":
            giver = "вас" if event["from"] == self.viewer else self.player_ru(event["from"], "genitive")
            if "cards" in event:
                return f"Вы получаете {self.cards(event['cards'])} от {giver}."
            return f"{self.verb(seat, 'получаете', 'получает')} три карты от {giver}."
        if kind == "play":
            return f"{self.verb(seat, 'ходите', 'ходит')} {card_short(event['card'])}."
        if kind == "hearts-broken":
            return "Червы открыты."
        if kind == "trick":
            points = f" ({self.points(event['points'])})" if event["points"] else ""
            return f"{self.verb(seat, 'берёте', 'берёт')} взятку{points}."
        if kind == "deal-end":
            moon = ""
            if event.get("moon") is not None:
                moon = f"{self.verb(event['moon'], 'стреляете', 'стреляет')} в луну! "
            points = ", ".join(f"{self.object_name(s)} — {p}" for s, p in enumerate(event["points"]))
            return f"{moon}Сдача окончена: {points}."
        if kind == "end":
            return self.game_over(event["winners"])
        return kind


# The coach's unit (games.narration.coach): the penalty points the seat can expect to take in the current deal.
POINTS = CoachUnit(
    name="points", figure=figure_as_taken, english=("point", "points"), russian=("очко", "очка", "очков", "очка"),
    measure={"en": "The points {subject} could expect to take in this deal",
             "ru": "Сколько очков можно ждать за эту сдачу"},
    difference={"en": "{subject} could expect to take {quantity} more in this deal {than}",
                "ru": "за эту сдачу можно ждать {quantity} больше, {than}"})
