"""Sunduchok's log events told in plain language, from one seat's point of view.

Only events of a seat's view are narrated, so a sentence can hold no card the seat has not seen.
The narration is English or Russian (`language`); it stays free of Django, so callers pass the
language in (games.selectors takes it from the active translation).
"""

from __future__ import annotations

from games.rules.cards import SUIT_NAMES, card_short, rank_plural

COUNT_WORDS = {1: "One", 2: "Two", 3: "Three", 4: "Four"}

# Russian: rank names by case and number, the ranks' grammatical gender, suits and counts.
RANK_PLURAL_RU = {
    "2": "двойки", "3": "тройки", "4": "четвёрки", "5": "пятёрки", "6": "шестёрки", "7": "семёрки",
    "8": "восьмёрки", "9": "девятки", "10": "десятки", "J": "валеты", "Q": "дамы", "K": "короли", "A": "тузы",
}
RANK_GENITIVE_PLURAL_RU = {
    "2": "двоек", "3": "троек", "4": "четвёрок", "5": "пятёрок", "6": "шестёрок", "7": "семёрок",
    "8": "восьмёрок", "9": "девяток", "10": "десяток", "J": "валетов", "Q": "дам", "K": "королей", "A": "тузов",
}
RANK_SINGULAR_RU = {
    "2": "двойка", "3": "тройка", "4": "четвёрка", "5": "пятёрка", "6": "шестёрка", "7": "семёрка",
    "8": "восьмёрка", "9": "девятка", "10": "десятка", "J": "валет", "Q": "дама", "K": "король", "A": "туз",
}
# After 2, 3 and 4 a noun takes the genitive singular: "две дамы", "два короля".
RANK_GENITIVE_SINGULAR_RU = {**{rank: plural for rank, plural in RANK_PLURAL_RU.items()},
                             "J": "валета", "K": "короля", "A": "туза"}
MASCULINE_RANKS = {"J", "K", "A"}
COUNT_WORDS_RU = {
    "m": {1: "Один", 2: "Два", 3: "Три", 4: "Четыре"},
    "f": {1: "Одна", 2: "Две", 3: "Три", 4: "Четыре"},
}
SUIT_NAMES_RU = {"C": "трефы", "D": "бубны", "H": "червы", "S": "пики"}
ANSWERS_RU = {"yes": "Да", "no": "Нет"}
# Seat names the site gives in English (bots, lesson seats) and how the Russian pages say them.
NAMES_RU = {
    "Anna-bot": "Анна-бот", "Boris-bot": "Борис-бот", "Vera-bot": "Вера-бот", "Gleb-bot": "Глеб-бот",
    "Dasha-bot": "Даша-бот", "Opponent": "Соперник", "Guest": "Гость",
}


def join_words(words: list[str], conjunction: str = "and") -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {conjunction} " + words[-1]


def suits_phrase(suits: list[str], language: str = "en") -> str:
    if language == "ru":
        return join_words([SUIT_NAMES_RU[suit] for suit in suits], "и").capitalize()
    return join_words([SUIT_NAMES[suit] for suit in suits]).capitalize()


def russian_plural(number: int, one: str, few: str, many: str) -> str:
    """The noun form after `number`: 1 карта, 2 карты, 5 карт (21 карта, 11 карт)."""
    if number % 10 == 1 and number % 100 != 11:
        return one
    if 2 <= number % 10 <= 4 and not 12 <= number % 100 <= 14:
        return few
    return many


def cards_ru(number: int) -> str:
    return f"{number} {russian_plural(number, 'карта', 'карты', 'карт')}"


def seat_name_ru(name: str) -> str:
    if name in NAMES_RU:
        return NAMES_RU[name]
    if name.startswith("Player ") and name[7:].isdigit():
        return f"Игрок {name[7:]}"
    return name


class Narrator:
    """Names seats for one viewer ("You" for the viewer) and turns events into sentences."""

    def __init__(self, names: list[str], viewer: int | None, language: str = "en") -> None:
        self.viewer = viewer
        self.language = "ru" if language.lower().startswith("ru") else "en"
        self.names = [seat_name_ru(name) for name in names] if self.language == "ru" else names

    def name(self, seat: int) -> str:
        if seat == self.viewer:
            return "Вы" if self.language == "ru" else "You"
        return self.names[seat]

    def object_name(self, seat: int) -> str:
        if seat == self.viewer:
            return "вы" if self.language == "ru" else "you"
        return self.names[seat]

    def _viewer_first(self, seats: list[int]) -> list[int]:
        """"You and Anna-bot win" rather than "Anna-bot and you win"."""
        return sorted(seats, key=lambda seat: seat != self.viewer)

    def verb(self, seat: int, you_form: str, other_form: str) -> str:
        return f"{self.name(seat)} {you_form if seat == self.viewer else other_form}"

    # -- words the table's forms and status line use --------------------------------------
    def rank_plural(self, rank: str) -> str:
        return RANK_PLURAL_RU[rank] if self.language == "ru" else rank_plural(rank)

    def count_word(self, count: int, rank: str) -> str:
        if self.language == "ru":
            return COUNT_WORDS_RU["m" if rank in MASCULINE_RANKS else "f"][count]
        return COUNT_WORDS[count]

    def suits_phrase(self, suits: list[str]) -> str:
        return suits_phrase(suits, self.language)

    def request_text(self, request: dict) -> str:
        """The question the player is in the middle of, as the status line asks it."""
        rank, holder = request["rank"], self.object_name(request["target"])
        if self.language == "ru":
            if "count" in request:
                count = request["count"]
                noun = RANK_SINGULAR_RU[rank] if count == 1 else RANK_GENITIVE_SINGULAR_RU[rank]
                which = "какой масти" if count == 1 else "каких мастей"
                return f"{which} {self.count_word(count, rank).lower()} {noun} у игрока {holder}?"
            return f"сколько {RANK_GENITIVE_PLURAL_RU[rank]} у игрока {holder}?"
        if "count" in request:
            return f"which {request['count']} {rank_plural(rank)} does {holder} hold?"
        return f"how many {rank_plural(rank)} does {holder} hold?"

    # -- the log --------------------------------------------------------------------------
    def describe(self, event: dict) -> str:
        if self.language == "ru":
            return self.describe_ru(event)
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
            winners = join_words([self.object_name(winner) for winner in self._viewer_first(event["winners"])])
            verb = "wins" if len(event["winners"]) == 1 and event["winners"][0] != self.viewer else "win"
            return f"Game over: {winners} {verb}."
        return kind

    def _who_has(self, seat: int) -> str:
        """"У вас" / "У игрока Анна-бот": names stay undeclined."""
        return "У вас" if seat == self.viewer else f"У игрока {self.names[seat]}"

    def _answer(self, event: dict) -> str:
        return f"{self.name(event['target'])}: {ANSWERS_RU.get(event['answer'], event['answer'])}."

    def _question(self, event: dict, question: str) -> str:
        return f"{self.name(event['seat'])}: {question} — {self._answer(event)}"

    def describe_ru(self, event: dict) -> str:
        kind, seat = event["type"], event.get("seat")
        if kind == "deal":
            sizes = event["hand_sizes"]
            each = f"по {cards_ru(sizes[0])}" if len(set(sizes)) == 1 else "карты"
            return f"{self.verb(seat, 'сдаёте', 'сдаёт')} {each}; в запасе {cards_ru(event['stock_size'])}."
        if kind == "ask":
            ranks = RANK_PLURAL_RU[event["rank"]]
            if event["target"] == self.viewer:
                return self._question(event, f"У вас есть {ranks}?")
            return self._question(event, f"{self.name(event['target'])}, есть {ranks}?")
        if kind == "count":
            return self._question(event, f"{self.count_word(event['count'], event['rank'])}?")
        if kind == "suits":
            return self._question(event, f"{self.suits_phrase(event['suits'])}?")
        if kind == "transfer":
            cards = join_words([card_short(card) for card in event["cards"]], "и")
            giver, receiver = event["target"], seat
            if giver == self.viewer:
                return f"Вы отдаёте {cards} игроку {self.names[receiver]}."
            if receiver == self.viewer:
                return f"{self.names[giver]} отдаёт вам {cards}."
            moves = "переходит" if len(event["cards"]) == 1 else "переходят"
            return f"{cards} {moves} от игрока {self.names[giver]} к игроку {self.names[receiver]}."
        if kind == "chest":
            what = f"сундучок {RANK_GENITIVE_PLURAL_RU[event['rank']]}" if "rank" in event else "закрытый сундучок"
            origin = " прямо из сдачи" if event["source"] == "deal" else ""
            return f"{self.verb(seat, 'откладываете', 'откладывает')} {what}{origin}."
        if kind == "draw":
            card = card_short(event["card"]) if "card" in event else "карту"
            if event["reason"] == "empty-hand":
                takes = "вы берёте" if seat == self.viewer else f"{self.names[seat]} берёт"
                return f"{self._who_has(seat)} кончились карты: {takes} {card} из запаса, ход переходит дальше."
            return f"{self.verb(seat, 'берёте', 'берёт')} {card} из запаса."
        if kind == "skip":
            return f"{self._who_has(seat)} нет карт, а запас пуст: ход пропускается."
        if kind == "pass":
            if event["reason"] == "opponents-empty":
                return f"{self.verb(seat, 'пасуете', 'пасует')}: ни у одного соперника нет карт."
            return f"{self._who_has(seat)} не осталось карт: ход переходит дальше."
        if kind == "end":
            winners = event["winners"]
            names = join_words([self.object_name(winner) for winner in self._viewer_first(winners)], "и")
            if self.viewer in winners:
                verb = "побеждаете"
            else:
                verb = "побеждает" if len(winners) == 1 else "побеждают"
            return f"Игра окончена: {names} {verb}."
        return kind
