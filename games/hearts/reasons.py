"""The Hearts bots' reasons (games.bots.base.Reason, stored as its dict) in English or Russian.

The keys and their parameters come from games.hearts.bots (evidence, hard, moon). A reason names
seats as the reader knows them ("you" for the reader) and cites only cards its parameters hold:
the card played, cards on the table, the bot's own pass. As in games.narration.reasons, the Russian
avoids past-tense verbs with a player as subject (their ending would have to agree with a gender
the site does not know): the bot speaks in the present tense, and cards, not players, are the
subjects of what happened. The player whose move it is speaks as "I" only in the bot's own words; the coach
retells the reason of "you" or of a player by name (games.narration.reasons.Mover).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.narration.reasons import Mover, ReasonWords, RussianSeats, say_reason
from games.narration.words import SUIT_GENITIVE_RU, card_name, card_name_ru
from games.rules.cards import SUIT_NAMES, suit_of

RANDOM_REASONS = {
    "en": {"pass": "A random choice of three cards to pass.", "play": "A random legal card.",
           "moon": "A random choice of how to score the moon."},
    "ru": {"pass": "Случайный выбор трёх карт для передачи.", "play": "Случайная разрешённая карта.",
           "moon": "Случайный выбор, как засчитать «выстрел в Луну»."},
}

def average_en(points: float, me: Mover) -> str:
    """"1.3 points on average"; only the mover's own moon, counted as 26 off its total, goes below zero."""
    text = f"{points + 0.0:.1f} points on average"   # + 0.0: no points at all, negated (-0.0), reads "0.0"
    return text + f", {me.possessive} own moon counting as 26 off {me.possessive} total" if points < 0 else text


def average_ru(points: float) -> str:
    """"в среднем 1,3 очка" (after a decimal fraction the noun is always genitive singular)."""
    text = "в среднем " + f"{points + 0.0:.1f}".replace(".", ",").replace("-", "−") + " очка"
    return text + ", если свой «выстрел в Луну» считать как минус 26" if points < 0 else text


class _English(ReasonWords):

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
        me = self.me
        no_suit = f"{me.subject} cannot follow {SUIT_NAMES[p['suit']]}" if "suit" in p else ""
        if key == "pass":
            # Everyone reads this the moment the bot passes, while the cards are still hidden (and the
            # receiver's for ever after): it names neither the cards nor what they were.
            text = (f"{me.does('pass', 'passes')} {self.who(p['to'])} the three cards "
                    f"{me.does('least want', 'least wants')} to keep")
            if "expected" in p:
                text += (f", and of the passes tried this one leaves {me.object} the fewest points for the deal over "
                         f"{p['samples']} sampled deals, {average_en(p['expected'], me)}")
            return text
        if key == "two-of-clubs":
            return f"{card} must open the first trick"
        if key == "forced":
            return f"{card} is the only card {me.subject} may play"
        if key == "lead-low":
            return f"{me.does('lead')} {card}: a low card is unlikely to win the trick"
        if key == "lead-spade":
            return (f"{me.does('lead')} {card}, a spade below the queen, to draw out the queen of spades, "
                    "who is still to come")
        if key == "duck":
            return f"{card} stays under {self.winning(p)}, so the trick is not {me.own}"
        if key == "shed-high":
            return f"the trick holds no points, so {me.does('get')} rid of {card} while it is safe"
        if key == "cannot-duck":
            return (f"none of {me.possessive} {SUIT_NAMES[p['suit']]} stays under {self.winning(p)}, "
                    f"so {me.does('play')} {card}")
        if key == "dump-queen":
            if suit_of(p["card"]) == p["suit"]:
                return f"the queen of spades goes under {self.winning(p)}, and her 13 points go with the trick"
            return f"{no_suit}, so the queen of spades goes onto {self.winning(p)}"
        if key == "dump-spade":
            return f"{no_suit}, so {card} goes now: while the queen of spades is out it could catch her later"
        if key == "dump-heart":
            return f"{no_suit}, so {card} goes onto {self.winning(p)}"
        if key == "dump-high":
            return f"{no_suit}, so {me.does('get')} rid of {card}, a card that could win a trick later"
        if key == "stop-moon":
            return (f"every point of this deal so far went to {self.who(p['seat'])}, "
                    f"so {me.does('play')} {card} to stop a shot at the moon")
        if key == "shoot-moon":
            return f"every point of this deal so far is {me.own}, so {me.does('play')} {card} to shoot the moon"
        cost = (f"{card} leaves {me.object} the fewest points for the deal, {average_en(p['expected'], me)}"
                if "expected" in p else "")
        if key == "sampled":
            fits = "deals that fit what the table has seen"
            if "void" in p:
                void = p["void"]
                fits += f" (such as {self.who(void['seat'])} having no {SUIT_NAMES[void['suit']]})"
            return f"over {p['samples']} {fits}, {cost}"
        if key == "sampled-moon":
            return (f"every point of this deal so far is {me.own}, and over {p['samples']} sampled deals "
                    f"shooting the moon with {card} is {me.possessive} best prospect, {average_en(p['expected'], me)}")
        if key == "sampled-stop":
            return (f"every point of this deal so far went to {self.who(p['seat'])}, so the {p['samples']} "
                    f"sampled deals allow for a shot at the moon, and {cost}")
        if key == "moon-add-wins":
            return f"adding 26 points to everyone else ends the match with {me.object} lowest"
        if key == "moon-subtract":
            if p.get("add_ends"):
                return (f"adding 26 points to everyone else would end the match without {me.object} lowest, "
                        f"so {me.does('subtract')} 26")
            return (f"subtracting 26 from {me.possessive} own total puts {me.object} as far ahead as adding 26 to "
                    "everyone else, without bringing the end of the match closer")
        return None


class _Russian(RussianSeats):

    def winning(self, p: dict[str, Any]) -> str:
        """The card now winning the trick and its player: "король треф у игрока Анна-бот"."""
        return f"{card_name(p['winning'], 'ru')} у {self.of(p['winner'])}"

    def say(self, key: str, p: dict[str, Any]) -> str | None:
        card = card_name(p["card"], "ru") if "card" in p else ""
        me = self.me
        no_suit = f"{SUIT_GENITIVE_RU[p['suit']]} у {me.ru_genitive} нет" if "suit" in p else ""
        lays = me.ru("кладу", "кладёте", "кладёт")
        sheds = me.ru("избавляюсь", "избавляетесь", "избавляется")
        if key == "pass":
            text = f"к {self.to(p['to'])} уходят три карты, которые {me.ru_dative} меньше всего хочется оставить"
            if "expected" in p:
                text += (f", и из {p['samples']} разыгранных раскладов такая передача оставляет {me.ru_dative} "
                         "меньше всего "
                         f"очков за раздачу из всех опробованных: {average_ru(p['expected'])}")
            return text
        if key == "two-of-clubs":
            return "первую взятку всегда открывает двойка треф"
        if key == "forced":
            return f"{card} — единственная карта, которую {me.ru_dative} можно сыграть"
        if key == "lead-low":
            return (f"{me.ru('хожу', 'ходите', 'ходит')} с {card_name_ru(p['card'], 'genitive')}: "
                    "младшая карта вряд ли возьмёт взятку")
        if key == "lead-spade":
            return (f"{me.ru('хожу', 'ходите', 'ходит')} с {card_name_ru(p['card'], 'genitive')}: "
                    "пика ниже дамы выманивает даму пик, "
                    "которая ещё не сыграна")
        if key == "duck":
            return f"{card} младше, чем {self.winning(p)}, и взятку не берёт"
        if key == "shed-high":
            return (f"во взятке нет очков, поэтому {sheds} от {card_name_ru(p['card'], 'genitive')}, "
                    "пока это безопасно")
        if key == "cannot-duck":
            return (f"{me.ru_dative} нечем сыграть ниже, чем {self.winning(p)}, поэтому {lays} "
                    f"{card_name_ru(p['card'], 'accusative')}")
        if key == "dump-queen":
            if suit_of(p["card"]) == p["suit"]:
                return f"дама пик уходит во взятку, которую сейчас берёт {self.winning(p)}, и 13 очков вместе с ней"
            return f"{no_suit}, поэтому дама пик уходит во взятку, которую сейчас берёт {self.winning(p)}"
        if key == "dump-spade":
            return (f"{no_suit}, поэтому {sheds} от {card_name_ru(p['card'], 'genitive')}: "
                    "пока дама пик не сыграна, такая пика может её поймать")
        if key == "dump-heart":
            return f"{no_suit}, поэтому {card} уходит во взятку, которую сейчас берёт {self.winning(p)}"
        if key == "dump-high":
            return (f"{no_suit}, поэтому {sheds} от {card_name_ru(p['card'], 'genitive')}: "
                    "старшая карта может взять взятку позже")
        if key == "stop-moon":
            return (f"все очки этой раздачи пока у {self.of(p['seat'])}, поэтому {lays} "
                    f"{card_name_ru(p['card'], 'accusative')}, чтобы помешать «выстрелу в Луну»")
        if key == "shoot-moon":
            return (f"все очки этой раздачи пока у {me.ru_genitive}, поэтому {lays} "
                    f"{card_name_ru(p['card'], 'accusative')} и {me.ru_verb('иду', 'идёте', 'идёт')} "
                    "на «выстрел в Луну»")
        cost = (f"меньше всего очков за раздачу {me.ru_dative} оставляет {card}: {average_ru(p['expected'])}"
                if "expected" in p else "")
        if key == "sampled":
            fits = "согласных со всем, что видел стол"
            if "void" in p:
                void = p["void"]
                fits += f", в том числе с тем, что у {self.of(void['seat'])} нет {SUIT_GENITIVE_RU[void['suit']]}"
            return f"из {p['samples']} раскладов, {fits}, {cost}"
        if key == "sampled-moon":
            return (f"все очки этой раздачи пока у {me.ru_genitive}, и из {p['samples']} разыгранных раскладов "
                    f"лучше всего выходит «выстрел в Луну», начиная с {card_name_ru(p['card'], 'genitive')}: "
                    f"{average_ru(p['expected'])}")
        if key == "sampled-stop":
            return (f"все очки этой раздачи пока у {self.of(p['seat'])}, поэтому разыгранные расклады "
                    f"({p['samples']}) учитывают и «выстрел в Луну», и {cost}")
        if key == "moon-add-wins":
            return f"если добавить по 26 очков всем остальным, матч заканчивается, и у {me.ru_genitive} меньше всех"
        if key == "moon-subtract":
            if p.get("add_ends"):
                favour = me.pick("не в мою пользу", "не в вашу пользу", f"не в пользу {me.ru_genitive}")
                return (f"если добавить по 26 очков остальным, матч закончится {favour}, "
                        f"поэтому {me.ru('вычитаю', 'вычитаете', 'вычитает')} 26 из своего счёта")
            return ("вычесть 26 из своего счёта — такой же отрыв, как добавить по 26 остальным, "
                    "но конец матча от этого не приближается")
        return None


SPEAKERS: dict[str, Callable] = {"en": _English, "ru": _Russian}


def explain(reason: dict[str, Any] | None, narrator, mover: int | None = None) -> str:
    return say_reason(reason, narrator, SPEAKERS, RANDOM_REASONS, mover)


__all__ = ["RANDOM_REASONS", "explain"]
