"""The Hearts bots' reasons (games.bots.base.Reason, stored as its dict) in English or Russian.

The keys and their parameters come from games.bots.hearts (evidence, hard, moon). A reason names
seats as the reader knows them ("you" for the reader) and cites only cards its parameters hold:
the card played, cards on the table, the bot's own pass. As in games.narration.reasons, the Russian
avoids past-tense verbs with a player as subject (their ending would have to agree with a gender
the site does not know): the bot speaks in the present tense, and cards, not players, are the
subjects of what happened.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.narration.reasons import RussianSeats, say_reason
from games.narration.words import SUIT_GENITIVE_RU, card_name, card_name_ru
from games.rules.cards import SUIT_NAMES, suit_of

RANDOM_REASONS = {
    "en": {"pass": "A random choice of three cards to pass.", "play": "A random legal card.",
           "moon": "A random choice of how to score the moon."},
    "ru": {"pass": "Случайный выбор трёх карт для передачи.", "play": "Случайная разрешённая карта.",
           "moon": "Случайный выбор, как засчитать «выстрел в Луну»."},
}

def average_en(points: float) -> str:
    """"1.3 points on average"; only the bot's own moon, counted as 26 off its total, goes below zero."""
    text = f"{points:.1f} points on average"
    return text + ", my own moon counting as 26 off my total" if points < 0 else text


def average_ru(points: float) -> str:
    """"в среднем 1,3 очка" (after a decimal fraction the noun is always genitive singular)."""
    text = "в среднем " + f"{points:.1f}".replace(".", ",").replace("-", "−") + " очка"
    return text + ", если свой «выстрел в Луну» считать как минус 26" if points < 0 else text


class _English:
    def __init__(self, narrator) -> None:
        self.narrator = narrator

    def who(self, seat: int) -> str:
        return self.narrator.object_name(seat)

    def whose(self, seat: int) -> str:
        return "your" if seat == self.narrator.viewer else f"{self.narrator.object_name(seat)}'s"

    @staticmethod
    def card(card: str) -> str:
        return f"the {card_name(card)}"

    def winning(self, p: dict[str, Any]) -> str:
        return f"{self.whose(p['winner'])} {card_name(p['winning'])}"

    def say(self, key: str, p: dict[str, Any]) -> str | None:
        card = self.card(p["card"]) if "card" in p else ""
        no_suit = f"I cannot follow {SUIT_NAMES[p['suit']]}" if "suit" in p else ""
        if key == "pass":
            # Everyone reads this the moment the bot passes, while the cards are still hidden (and the
            # receiver's for ever after): it names neither the cards nor what they were.
            text = f"I pass {self.who(p['to'])} the three cards I least want to keep"
            if "expected" in p:
                text += (f", and of the passes I tried this one leaves me the fewest points for the deal over "
                         f"{p['samples']} sampled deals, {average_en(p['expected'])}")
            return text
        if key == "two-of-clubs":
            return f"{card} must open the first trick"
        if key == "forced":
            return f"{card} is the only card I may play"
        if key == "lead-low":
            return f"I lead {card}: a low card is unlikely to win the trick"
        if key == "lead-spade":
            return f"I lead {card}, a spade below the queen, to draw out the queen of spades, who is still to come"
        if key == "duck":
            return f"{card} stays under {self.winning(p)}, so the trick is not mine"
        if key == "shed-high":
            return f"the trick holds no points, so I get rid of {card} while it is safe"
        if key == "cannot-duck":
            return f"none of my {SUIT_NAMES[p['suit']]} stays under {self.winning(p)}, so I play {card}"
        if key == "dump-queen":
            if suit_of(p["card"]) == p["suit"]:
                return f"the queen of spades goes under {self.winning(p)}, and her 13 points go with the trick"
            return f"{no_suit}, so the queen of spades goes onto {self.winning(p)}"
        if key == "dump-spade":
            return f"{no_suit}, so {card} goes now: while the queen of spades is out it could catch her later"
        if key == "dump-heart":
            return f"{no_suit}, so {card} goes onto {self.winning(p)}"
        if key == "dump-high":
            return f"{no_suit}, so I get rid of {card}, a card that could win a trick later"
        if key == "stop-moon":
            return (f"every point of this deal so far went to {self.who(p['seat'])}, "
                    f"so I play {card} to stop a shot at the moon")
        if key == "shoot-moon":
            return f"every point of this deal so far is mine, so I play {card} to shoot the moon"
        cost = (f"{card} leaves me the fewest points for the deal, {average_en(p['expected'])}"
                if "expected" in p else "")
        if key == "sampled":
            fits = "deals that fit what the table has seen"
            if "void" in p:
                void = p["void"]
                fits += f" (such as {self.who(void['seat'])} having no {SUIT_NAMES[void['suit']]})"
            return f"over {p['samples']} {fits}, {cost}"
        if key == "sampled-moon":
            return (f"every point of this deal so far is mine, and over {p['samples']} sampled deals "
                    f"shooting the moon with {card} is my best prospect, {average_en(p['expected'])}")
        if key == "sampled-stop":
            return (f"every point of this deal so far went to {self.who(p['seat'])}, so my {p['samples']} "
                    f"sampled deals allow for a shot at the moon, and {cost}")
        if key == "moon-add-wins":
            return "adding 26 points to everyone else ends the match with me lowest"
        if key == "moon-subtract":
            if p.get("add_ends"):
                return "adding 26 points to everyone else would end the match without me lowest, so I subtract 26"
            return ("subtracting 26 from my own total puts me as far ahead as adding 26 to everyone else, "
                    "without bringing the end of the match closer")
        return None


class _Russian(RussianSeats):

    def winning(self, p: dict[str, Any]) -> str:
        """The card now winning the trick and its player: "король треф у игрока Анна-бот"."""
        return f"{card_name(p['winning'], 'ru')} у {self.of(p['winner'])}"

    def say(self, key: str, p: dict[str, Any]) -> str | None:
        card = card_name(p["card"], "ru") if "card" in p else ""
        no_suit = f"{SUIT_GENITIVE_RU[p['suit']]} у меня нет" if "suit" in p else ""
        if key == "pass":
            text = f"к {self.to(p['to'])} уходят три карты, которые мне меньше всего хочется оставить"
            if "expected" in p:
                text += (f", и из {p['samples']} разыгранных раскладов такая передача оставляет мне меньше всего "
                         f"очков за раздачу из всех опробованных: {average_ru(p['expected'])}")
            return text
        if key == "two-of-clubs":
            return "первую взятку всегда открывает двойка треф"
        if key == "forced":
            return f"{card} — единственная карта, которую мне можно сыграть"
        if key == "lead-low":
            return f"я хожу с {card_name_ru(p['card'], 'genitive')}: младшая карта вряд ли возьмёт взятку"
        if key == "lead-spade":
            return (f"я хожу с {card_name_ru(p['card'], 'genitive')}: пика ниже дамы выманивает даму пик, "
                    "которая ещё не сыграна")
        if key == "duck":
            return f"{card} младше, чем {self.winning(p)}, и взятку не берёт"
        if key == "shed-high":
            return (f"во взятке нет очков, поэтому я избавляюсь от {card_name_ru(p['card'], 'genitive')}, "
                    "пока это безопасно")
        if key == "cannot-duck":
            return (f"мне нечем сыграть ниже, чем {self.winning(p)}, поэтому я кладу "
                    f"{card_name_ru(p['card'], 'accusative')}")
        if key == "dump-queen":
            if suit_of(p["card"]) == p["suit"]:
                return f"дама пик уходит во взятку, которую сейчас берёт {self.winning(p)}, и 13 очков вместе с ней"
            return f"{no_suit}, поэтому дама пик уходит во взятку, которую сейчас берёт {self.winning(p)}"
        if key == "dump-spade":
            return (f"{no_suit}, поэтому я избавляюсь от {card_name_ru(p['card'], 'genitive')}: "
                    "пока дама пик не сыграна, такая пика может её поймать")
        if key == "dump-heart":
            return f"{no_suit}, поэтому {card} уходит во взятку, которую сейчас берёт {self.winning(p)}"
        if key == "dump-high":
            return (f"{no_suit}, поэтому я избавляюсь от {card_name_ru(p['card'], 'genitive')}: "
                    "старшая карта может взять взятку позже")
        if key == "stop-moon":
            return (f"все очки этой раздачи пока у {self.of(p['seat'])}, поэтому я кладу "
                    f"{card_name_ru(p['card'], 'accusative')}, чтобы помешать «выстрелу в Луну»")
        if key == "shoot-moon":
            return (f"все очки этой раздачи пока у меня, поэтому я кладу {card_name_ru(p['card'], 'accusative')} "
                    "и иду на «выстрел в Луну»")
        cost = (f"меньше всего очков за раздачу мне оставляет {card}: {average_ru(p['expected'])}"
                if "expected" in p else "")
        if key == "sampled":
            fits = "согласных со всем, что видел стол"
            if "void" in p:
                void = p["void"]
                fits += f", в том числе с тем, что у {self.of(void['seat'])} нет {SUIT_GENITIVE_RU[void['suit']]}"
            return f"из {p['samples']} раскладов, {fits}, {cost}"
        if key == "sampled-moon":
            return (f"все очки этой раздачи пока у меня, и из {p['samples']} разыгранных раскладов "
                    f"лучше всего выходит «выстрел в Луну», начиная с {card_name_ru(p['card'], 'genitive')}: "
                    f"{average_ru(p['expected'])}")
        if key == "sampled-stop":
            return (f"все очки этой раздачи пока у {self.of(p['seat'])}, поэтому в {p['samples']} разыгранных "
                    f"раскладах я учитываю и «выстрел в Луну», и {cost}")
        if key == "moon-add-wins":
            return "если добавить по 26 очков всем остальным, матч заканчивается, и у меня меньше всех"
        if key == "moon-subtract":
            if p.get("add_ends"):
                return ("если добавить по 26 очков остальным, матч закончится не в мою пользу, "
                        "поэтому я вычитаю 26 из своего счёта")
            return ("вычесть 26 из своего счёта — такой же отрыв, как добавить по 26 остальным, "
                    "но конец матча от этого не приближается")
        return None


SPEAKERS: dict[str, Callable] = {"en": _English, "ru": _Russian}


def explain(reason: dict[str, Any] | None, narrator) -> str:
    return say_reason(reason, narrator, SPEAKERS, RANDOM_REASONS)


__all__ = ["RANDOM_REASONS", "explain"]
