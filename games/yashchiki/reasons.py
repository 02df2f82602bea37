"""The Yashchiki bots' reasons (games.bots.base.Reason, stored as its dict) in English or Russian.

The keys and their parameters come from games.yashchiki.bots. A reason names seats as the reader
knows them ("you" for the reader) and cites only public facts: the cards of the move itself, hand
sizes, the chain and what the public log has shown, never the bot's remaining hand. As in
games.narration.reasons, the Russian avoids past-tense verbs with a player as subject, and the mover is "I"
only in the bot's own words (games.narration.reasons.Mover).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.narration.reasons import ReasonWords, RussianSeats, say_reason
from games.narration.words import (
    SUIT_GENITIVE_RU,
    SUIT_NAMES_RU,
    card_name,
    card_name_ru,
    cards_ru,
    join_words,
    russian_plural,
)
from games.rules.cards import SUIT_NAMES

RANDOM_REASONS = {
    "en": {"play": "A random legal play.", "draw": "A random choice to draw."},
    "ru": {"play": "Случайный разрешённый ход.", "draw": "Случайный выбор взять карту."},
}


class _English(ReasonWords):

    def who(self, seat: int) -> str:
        return self.narrator.object_name(seat)

    def form(self, seat: int, you_form: str, other_form: str) -> str:
        return f"{self.who(seat)} {self.narrator.form(seat, you_form, other_form)}"

    @staticmethod
    def cards(cards: list[str]) -> str:
        return join_words([f"the {card_name(card)}" for card in cards])

    def say(self, key: str, p: dict[str, Any]) -> str | None:
        card = self.cards([p["card"]]) if "card" in p else ""
        cards = self.cards(p["cards"]) if "cards" in p else ""
        suit = SUIT_NAMES.get(p.get("suit"), "")
        me = self.me
        plays = me.does("play")
        if key == "go-out":
            return f"{plays} {cards} and {me.verb('go', 'goes')} out, which ends the deal"
        if key == "answer-chain":
            return (f"{me.does('answer')} the chain with {card}: "
                    f"now {self.form(p['target'], 'have', 'has')} to play a two "
                    f"or draw {p['draw']} cards")
        if key == "pair":
            return f"{me.does('declare')} \u201cone card\u201d and {me.verb('play')} {cards} together"
        if key == "two":
            return (f"{plays} {card}: {self.form(p['target'], 'have', 'has')} to answer with a two "
                    f"or draw {p['draw']} cards")
        if key == "skip":
            return (f"{plays} {card}: {self.form(p['target'], 'miss', 'misses')} a turn and play passes to "
                    f"{me.possessive} partner, {self.who(p['partner'])}")
        if key == "seven":
            return f"{plays} {card}, so {self.form(p['target'], 'draw', 'draws')} a card"
        if key == "reverse":
            return (f"{plays} {card} to reverse the play: {self.form(p['away'], 'hold', 'holds')} fewer cards "
                    f"({p['count']}), so {self.form(p['target'], 'play', 'plays')} next instead")
        if key == "again":
            return f"{plays} {card} to move again at once"
        if key == "name-suit":
            return f"{plays} {card} and {me.verb('name')} {suit}, a suit {me.subject} can go on with"
        if key == "name-scarce":
            share = "none" if p["most"] == 0 else f"no more than {p['most']}"
            return (f"{plays} {card} and {me.verb('name')} {suit}: going by the draws, "
                    f"{share} of the {p['count']} cards "
                    f"{self.form(p['target'], 'hold', 'holds')} can be {suit}")
        if key == "shed":
            return f"{plays} {card}: it would cost {p['points']} points if left in {me.possessive} hand"
        if key == "follow":
            return f"{me.does('follow')} suit with {card}"
        if key == "sampled":
            naming = f" and {me.verb('name')} {suit}" if suit else ""
            side = me.pick("our side", "your side", f"{me.name}'s side")
            usual = me.pick("my usual move", "the habitual move", "the habitual move")
            return (f"{plays} {cards}{naming} because, played to the end of the deal on {p['samples']} "
                    f"deals of the unseen cards that fit what the table has seen, it leaves {side} "
                    f"{p['gain']} points a deal better off than {usual}")
        return None


class _Russian(RussianSeats):

    @staticmethod
    def cards(cards: list[str], case: str = "accusative") -> str:
        return join_words([card_name_ru(card, case) for card in cards], "и")

    def must(self, seat: int) -> str:
        """"вам нужно", "игроку 2 нужно"."""
        return f"{self.to(seat)} нужно"

    def say(self, key: str, p: dict[str, Any]) -> str | None:
        card = card_name_ru(p["card"], "accusative") if "card" in p else ""
        cards = self.cards(p["cards"]) if "cards" in p else ""
        suit = p.get("suit")
        me = self.me
        plays = me.ru("играю", "играете", "играет")
        names = me.ru_verb("называю", "называете", "называет")
        if key == "go-out":
            return f"{plays} {cards}, и у {me.ru_genitive} не остаётся карт: сдача заканчивается"
        if key == "answer-chain":
            return (f"{me.ru('отвечаю', 'отвечаете', 'отвечает')} на цепочку "
                    f"{card_name_ru(p['card'], 'instrumental')}: теперь {self.must(p['target'])} "
                    f"ответить двойкой или взять {cards_ru(p['draw'])}")
        if key == "pair":
            return (f"{me.ru('объявляю', 'объявляете', 'объявляет')} «одна карта» и "
                    f"{me.ru_verb('кладу', 'кладёте', 'кладёт')} вместе {cards}")
        if key == "two":
            return f"{plays} {card}: {self.must(p['target'])} ответить двойкой или взять {cards_ru(p['draw'])}"
        if key == "skip":
            partner = me.pick("моему партнёру", "вашему партнёру", f"партнёру {me.ru_genitive}")
            return (f"{plays} {card}: {self.turn_of(p['target'])} пропускается, и ход переходит "
                    f"к {self.to(p['partner'])}, {partner}")
        if key == "seven":
            return f"{plays} {card}, и {self.to(p['target'])} приходится взять карту"
        if key == "reverse":
            return (f"{plays} {card} и {me.ru_verb('меняю', 'меняете', 'меняет')} направление: "
                    f"у {self.of(p['away'])} меньше карт ({p['count']}), "
                    f"поэтому следующий ход достаётся {self.to(p['target'])}")
        if key == "again":
            return f"{plays} {card}, чтобы сразу сходить ещё раз"
        if key == "name-suit":
            return f"{plays} {card} и {names} {SUIT_NAMES_RU[suit]}: эту масть {me.ru_dative} удобно продолжать"
        if key == "name-scarce":
            among = f"среди {p['count']} {russian_plural(p['count'], 'карты', 'карт', 'карт')} у {self.of(p['target'])}"
            share = (f"нет {SUIT_GENITIVE_RU[suit]}" if p["most"] == 0
                     else f"{SUIT_GENITIVE_RU[suit]} не больше {p['most']}")
            return (f"{plays} {card} и {names} {SUIT_NAMES_RU[suit]}: судя по добору карт, "
                    f"{among} {share}")
        if key == "shed":
            points = russian_plural(p["points"], "очко", "очка", "очков")
            return f"{plays} {card}, чтобы не держать на руке карту в {p['points']} {points}"
        if key == "follow":
            return f"{plays} в масть: {card_name(p['card'], 'ru')}"
        if key == "sampled":
            naming = f" и {names} {SUIT_NAMES_RU[suit]}" if suit else ""
            pair = me.pick("наша пара", "ваша пара", f"пара {me.ru_genitive}")
            usual = me.pick("при моём обычном ходе", "при привычном ходе", "при привычном ходе")
            deals = russian_plural(p["samples"], "раскладе", "раскладах", "раскладах")
            gain = russian_plural(p["gain"], "очко", "очка", "очков")
            return (f"{plays} {cards}{naming}: если доиграть сдачу до конца на {p['samples']} {deals} "
                    f"невидимых карт, согласных со всем, что видел стол, {pair} получает в среднем "
                    f"на {p['gain']} {gain} за сдачу меньше, чем {usual}")
        return None

    def turn_of(self, seat: int) -> str:
        """"ваш ход", "ход игрока 2"."""
        return "ваш ход" if seat == self.narrator.viewer else f"ход {self.narrator.player_ru(seat, 'genitive')}"


SPEAKERS: dict[str, Callable] = {"en": _English, "ru": _Russian}


def explain(reason: dict[str, Any] | None, narrator, mover: int | None = None) -> str:
    return say_reason(reason, narrator, SPEAKERS, RANDOM_REASONS, mover)
