"""Sunduchok's log events told in plain language, from one seat's point of view.

Only events of a seat's view are narrated, so a sentence can hold no card the seat has not seen.
The narration is English or Russian (`language`); it stays free of Django, so callers pass the
language in (games.selectors takes it from the active translation).
"""

from __future__ import annotations

from games.narration.coach import CoachUnit, figure_as_counted
from games.narration.illegal import explain_illegal
from games.narration.reasons import explain
from games.narration.seats import SeatNarrator
from games.narration.words import (
    MASCULINE_RANKS_RU,
    RANK_GENITIVE_PLURAL_RU,
    RANK_GENITIVE_SINGULAR_RU,
    RANK_PLURAL_RU,
    RANK_PREPOSITIONAL_PLURAL_RU,
    RANK_SINGULAR_RU,
    cards_ru,
    join_words,
    suit_list,
)
from games.rules.cards import RANK_NAMES, card_short, rank_plural

COUNT_WORDS = {1: "One", 2: "Two", 3: "Three", 4: "Four"}
COUNT_WORDS_RU = {
    "m": {1: "Один", 2: "Два", 3: "Три", 4: "Четыре"},
    "f": {1: "Одна", 2: "Две", 3: "Три", 4: "Четыре"},
}
ANSWERS_RU = {"yes": "Да", "no": "Нет"}
class SunduchokNarrator(SeatNarrator):
    """Sunduchok's events, bots' reasons, refusals and questions, for one viewer."""

    def reason(self, reason: dict | None, mover: int | None = None) -> str:
        """A bot's stored reason (games.bots.base.Reason.to_dict()) as one sentence: the bot's own words, or told
        of `mover`, the seat whose move the coach weighs with it (games.narration.reasons.Mover)."""
        return explain(reason, self, mover)

    def illegal(self, error) -> str:
        """An engine refusal (games.rules.IllegalAction) as the reader should read it."""
        return explain_illegal(error, self)

    # -- words the table's forms and status line use --------------------------------------
    def rank_asked_about(self, rank: str) -> str:
        """The rank a question is about: "kings"; in Russian the prepositional ("о королях")."""
        return RANK_PREPOSITIONAL_PLURAL_RU[rank] if self.language == "ru" else rank_plural(rank)

    def count_word(self, count: int, rank: str) -> str:
        if self.language == "ru":
            return COUNT_WORDS_RU["m" if rank in MASCULINE_RANKS_RU else "f"][count]
        return COUNT_WORDS[count]

    def suits_phrase(self, suits: list[str]) -> str:
        return suit_list(suits, self.language).capitalize()

    def request_text(self, request: dict) -> str:
        """The question the player is in the middle of, as the status line asks it."""
        rank, target = request["rank"], request["target"]
        if self.language == "ru":
            holder = "у вас" if target == self.viewer else f"у {self.player_ru(target, 'genitive')}"
            if "count" in request:
                count = request["count"]
                noun = RANK_SINGULAR_RU[rank] if count == 1 else RANK_GENITIVE_SINGULAR_RU[rank]
                which = "какой масти" if count == 1 else "каких мастей"
                return f"{which} {self.count_word(count, rank).lower()} {noun} {holder}?"
            return f"сколько {RANK_GENITIVE_PLURAL_RU[rank]} {holder}?"
        holder = "do you" if target == self.viewer else f"does {self.names[target]}"
        if "count" in request:
            count = request["count"]
            if count == 1:
                return f"which {RANK_NAMES[rank]} {holder} hold?"
            return f"which {COUNT_WORDS[count].lower()} {rank_plural(rank)} {holder} hold?"
        return f"how many {rank_plural(rank)} {holder} hold?"

    def own_chests(self, ranks: list[str]) -> str:
        """"Your chests: queens and kings." ("" without a chest)."""
        if not ranks:
            return ""
        if self.language == "ru":
            return f"Ваши сундучки: {join_words([RANK_PLURAL_RU[rank] for rank in ranks], 'и')}."
        return f"Your chests: {join_words([rank_plural(rank) for rank in ranks])}."

    # -- a move in words --------------------------------------------------------------------
    PART_NAMES = {
        "target": {"en": "wrong player", "ru": "не тот игрок"},
        "rank": {"en": "wrong rank", "ru": "не то достоинство"},
        "count": {"en": "wrong number", "ru": "не то число"},
        "suits": {"en": "wrong suits", "ru": "не те масти"},
    }

    def action_text(self, action: dict, view: dict) -> str:
        """The question as the seat would put it: "Player 3, do you have queens?", "Two?", "Clubs and hearts?"."""
        if action["type"] == "ask":
            if self.language == "ru":
                return f"{self.name(action['target'])}, есть {RANK_PLURAL_RU[action['rank']]}?"
            return f"{self.name(action['target'])}, do you have {rank_plural(action['rank'])}?"
        if action["type"] == "count":
            request = view.get("request") or {}
            return f"{self.count_word(action['count'], request.get('rank', 'Q'))}?"
        return f"{self.suits_phrase(action['suits'])}?"

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
            return f"{self.name(seat)}: {self.suits_phrase(event['suits'])}? — {self.name(event['target'])}: " \
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
            return self.game_over(event["winners"])
        return kind

    def _who_has(self, seat: int) -> str:
        """"У вас" / "У игрока Анна-бот": names stay undeclined."""
        return "У вас" if seat == self.viewer else f"У {self.player_ru(seat, 'genitive')}"

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
                return f"Вы отдаёте {cards} {self.player_ru(receiver, 'dative')}."
            if receiver == self.viewer:
                return f"{self.names[giver]} отдаёт вам {cards}."
            moves = "переходит" if len(event["cards"]) == 1 else "переходят"
            return f"{cards} {moves} от {self.player_ru(giver, 'genitive')} к {self.player_ru(receiver, 'dative')}."
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
            return self.game_over(event["winners"])
        return kind


# The coach's unit (games.narration.coach): the chests the seat can expect at the game's end (its chests laid down
# and its share of those still open), not chests won by the move.
CHESTS = CoachUnit(
    name="chests", figure=figure_as_counted, english=("chest", "chests"),
    russian=("сундучок", "сундучка", "сундучков", "сундучка"),
    measure={"en": "The chests {subject} could expect at the game's end",
             "ru": "Сколько сундучков можно ждать к концу игры"},
    difference={"en": "{subject} could expect {quantity} fewer at the game's end {than}",
                "ru": "к концу игры можно ждать {quantity} меньше, {than}"})
