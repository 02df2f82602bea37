"""The Chuvash Rooster bots' reasons (games.bots.base.Reason, stored as its dict) in English or Russian.

The keys and their parameters come from games.rooster.bots. A reason names seats as the reader knows
them ("you" for the reader) and cites only public cards: the cards of the move itself, cards on the
table and cards the public log has shown, never the bot's remaining hand. As in
games.narration.reasons, the Russian avoids past-tense verbs with a player as subject, and the mover is "I"
only in the bot's own words (games.narration.reasons.Mover).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.narration.reasons import ReasonWords, RussianSeats, say_reason
from games.narration.words import card_name, card_name_ru, join_words, russian_plural

RANDOM_REASONS = {
    "en": {"attack": "A random legal attack.", "beat": "A random legal way to beat a card.",
           "take": "A random choice to take the cards.", "throw": "A random legal card to throw in.",
           "pass": "A random choice not to throw in."},
    "ru": {"attack": "Случайный разрешённый заход.", "beat": "Случайный разрешённый способ покрыть карту.",
           "take": "Случайный выбор взять карты.", "throw": "Случайная разрешённая карта для подкидывания.",
           "pass": "Случайный выбор ничего не подкидывать."},
}


class _English(ReasonWords):

    def who(self, seat: int) -> str:
        return self.narrator.object_name(seat)

    @staticmethod
    def cards(cards: list[str]) -> str:
        return join_words([f"the {card_name(card)}" for card in cards])

    def move(self, p: dict[str, Any]) -> str:
        """What a rated move does, as a clause with the mover as its subject."""
        move, me = p["move"], self.me
        if move == "attack":
            return f"{me.does('lead')} {self.cards(p['cards'])} against {self.who(p['target'])}"
        if move == "beat":
            return f"{me.does('beat')} {self.cards([p['attack']])} with {self.cards([p['card']])}"
        if move == "take":
            return f"{me.does('take')} {self.cards(p['cards'])}"
        if move == "throw":
            return f"{me.does('throw')} in {self.cards(p['cards'])} to {self.who(p['target'])}"
        return f"{me.does('throw')} nothing in to {self.who(p['target'])}"

    def say(self, key: str, p: dict[str, Any]) -> str | None:
        target = self.who(p["target"]) if "target" in p else ""
        cards = self.cards(p["cards"]) if "cards" in p else ""
        card = self.cards([p["card"]]) if "card" in p else ""
        me = self.me
        if key == "first-card":
            return f"{card} is the lowest card dealt, so it opens the game against {target}"
        if key == "lead-low":
            return f"{me.does('lead')} {cards} against {target}: a low card is cheap to give up"
        if key == "lead-several":
            return (f"{me.does('lead')} {cards} together against {target}: "
                    "each low card needs a card of its own to beat it")
        if key == "lead-last":
            return f"{me.does('lead')} {cards} against {target}, every card {me.does('hold')}"
        if key == "beat-cheapest":
            return (f"{me.does('beat')} {self.cards([p['attack']])} with {card}, "
                    f"the cheapest card {me.subject} can beat it with")
        if key == "take-cannot":
            return f"{me.subject} cannot beat {cards}, so {me.does('take')}"
        if key == "take-keep":
            return f"beating {cards} would cost a strong card worth keeping while the stock lasts, so {me.does('take')}"
        if key == "throw-low":
            return f"{me.does('throw')} in {card} to {target}: a low card is cheap to give up"
        if key == "throw-shed":
            return f"the stock is empty, so {me.does('throw')} in {card} to {target} to get rid of it"
        if key == "no-throw":
            return f"{me.does('throw')} nothing in to {target}"
        if key == "sampled":
            where = ("with every card's place known, played to the end" if p["exact"] else
                     f"played out on {p['samples']} deals of the unseen cards that fit what the table has seen")
            usual = me.pick("my usual move", "the habitual move", "the habitual move")
            return (f"{self.move(p)}: {where}, this leaves {me.object} the rooster in {p['share']}% of the games, "
                    f"{usual} in {p['habitual']}%")
        return None


class _Russian(RussianSeats):

    @staticmethod
    def cards(cards: list[str], case: str = "accusative") -> str:
        return join_words([card_name_ru(card, case) for card in cards], "и")

    def move(self, p: dict[str, Any]) -> str:
        """What a rated move does, as a clause in the present tense."""
        move = p["move"]
        if move == "attack":
            return f"{self.leads()} под {self.of(p['target'])} с {self.cards(p['cards'], 'genitive')}"
        if move == "beat":
            return f"{card_name(p['card'], 'ru')} бьёт {card_name_ru(p['attack'], 'accusative')}"
        if move == "take":
            return f"{self.takes()} {self.cards(p['cards'])}"
        if move == "throw":
            return f"{self.throws()} {self.to(p['target'])} {self.cards(p['cards'])}"
        return f"{self.throws_nothing()} {self.to(p['target'])}"

    def leads(self) -> str:
        return self.me.ru("хожу", "ходите", "ходит")

    def takes(self) -> str:
        return self.me.ru("беру", "берёте", "берёт")

    def throws(self) -> str:
        return self.me.ru("подкидываю", "подкидываете", "подкидывает")

    def throws_nothing(self) -> str:
        return self.me.ru("ничего не подкидываю", "ничего не подкидываете", "ничего не подкидывает")

    def say(self, key: str, p: dict[str, Any]) -> str | None:
        target = p.get("target")
        me = self.me
        if key == "first-card":
            return (f"младшая из сданных карт — {card_name(p['card'], 'ru')}, "
                    f"и с неё начинается игра под {self.of(target)}")
        if key == "lead-low":
            return (f"{self.leads()} под {self.of(target)} с {self.cards(p['cards'], 'genitive')}: "
                    "младшую карту отдать не жалко")
        if key == "lead-several":
            return (f"{self.leads()} под {self.of(target)} сразу с {self.cards(p['cards'], 'genitive')}: "
                    "на каждую младшую карту нужна своя, чтобы её покрыть")
        if key == "lead-last":
            return (f"{self.leads()} под {self.of(target)} всеми картами, что есть у {me.ru_genitive}: "
                    f"{join_words([card_name(card, 'ru') for card in p['cards']], 'и')}")
        if key == "beat-cheapest":
            return (f"{card_name(p['card'], 'ru')} бьёт {card_name_ru(p['attack'], 'accusative')}, "
                    f"и дешевле карты для этого у {me.ru_genitive} нет")
        if key == "take-cannot":
            return f"{me.ru_dative} нечем покрыть {self.cards(p['cards'])}, поэтому {self.takes()}"
        if key == "take-keep":
            return (f"чтобы покрыть {self.cards(p['cards'])}, пришлось бы отдать сильную карту, которую стоит "
                    f"приберечь, пока в колоде есть карты, поэтому {self.takes()}")
        if key == "throw-low":
            return (f"{self.throws()} {self.to(target)} {card_name_ru(p['card'], 'accusative')}: "
                    "младшую карту отдать не жалко")
        if key == "throw-shed":
            return (f"колода кончилась, поэтому {self.throws()} {self.to(target)} "
                    f"{card_name_ru(p['card'], 'accusative')}, чтобы скорее избавиться от карт")
        if key == "no-throw":
            return f"{self.throws_nothing()} {self.to(target)}"
        if key == "sampled":
            where = ("если доиграть до конца, зная место каждой карты" if p["exact"] else
                     f"если доиграть {p['samples']} {deals_ru(p['samples'])} невидимых карт, "
                     "согласных со всем, что видел стол")
            return (f"{self.move(p)}: {where}, так {me.ru('остаюсь', 'остаётесь', 'остаётся')} петухом "
                    f"в {p['share']}% партий, "
                    f"а при обычном ходе — в {p['habitual']}%")
        return None


def deals_ru(count: int) -> str:
    """"1 расклад", "2 расклада", "5 раскладов" (after the number)."""
    return russian_plural(count, "расклад", "расклада", "раскладов")


SPEAKERS: dict[str, Callable] = {"en": _English, "ru": _Russian}


def explain(reason: dict[str, Any] | None, narrator, mover: int | None = None) -> str:
    return say_reason(reason, narrator, SPEAKERS, RANDOM_REASONS, mover)
