"""Yashchiki told in plain language, from one seat's point of view: the log, refusals, the table's words.

Only events of a seat's view are narrated, so a sentence holds no card the seat has not seen: a draw
names its cards only to the player who drew them; the deal-end event is public (every hand is shown
for scoring). English writes cards short ("8♣"); Russian names them in the case the verb asks for
("ходит восьмёркой пик"). As everywhere in the narration, the Russian avoids past-tense verbs with a
player as subject.
"""

from __future__ import annotations

from games.narration.coach import CoachUnit, figure_as_lead
from games.narration.seats import SeatNarrator
from games.narration.words import (
    SUIT_NAMES_RU,
    card_name_ru,
    cards_ru,
    join_words,
    russian_plural,
    suit_list,
)
from games.rules.cards import SUIT_NAMES, card_short, rank_of

SUIT_CHANGERS = ("8", "9")
# "масть хода — червы"; "нет карты масти хода"; "называете масть: червы".
REFUSALS_RU = {
    "not-an-action": "Это не ход: нужно сыграть карту (или пару карт) или взять карту из колоды.",
    "unknown-type": "В «Ящиках» нет хода «{type}».",
    "fields": "Ход «{type}» состоит ровно из полей: {fields}.",
    "game-over": "Игра окончена.",
    "draw-not-allowed": "Брать карту можно, только когда нечем ходить: по этим правилам нельзя взять карту "
                        "вместо хода.",
    "cards-list": "Сыграйте одну карту или две карты одного достоинства.",
    "cards-twice": "Каждую карту можно назвать только один раз.",
    "pair-rank": "Две карты можно выложить за один ход, только если они одного достоинства.",
    "declared": "Скажите, объявляете ли вы «одна карта»: поле declared — true или false.",
    "chain-single": "В цепочке двоек можно класть только одну двойку.",
    "chain-two": "Сыграна двойка: ответьте двойкой любой масти — или придётся брать карты.",
}
DRAW_REASONS_RU = {
    "no-card": "нет карты масти хода", "chain": "нечем ответить на цепочку двоек", "five": "пятёрка",
    "seven": "семёрка", "pair": "штраф за пару без объявления «одна карта»", "choice": "вместо хода",
}
DRAW_REASONS_EN = {
    "no-card": "no card of the suit to follow", "chain": "no two to answer the chain", "five": "the five",
    "seven": "the seven", "pair": "the penalty for a pair without \"one card\"", "choice": "instead of playing",
}


class YashchikiNarrator(SeatNarrator):
    """Yashchiki's events, bots' reasons, refusals and table words for one viewer."""

    def reason(self, reason: dict | None, mover: int | None = None) -> str:
        if not reason:
            return ""
        from games.yashchiki.reasons import explain

        return explain(reason, self, mover)

    def illegal(self, error) -> str:
        code, params = getattr(error, "code", ""), getattr(error, "params", {})
        if self.language == "en" or not code:
            return str(error)
        if code in REFUSALS_RU:
            return REFUSALS_RU[code].format(**{**params, "fields": ", ".join(params.get("fields", []))})
        if code == "not-a-card":
            return f"В этой колоде нет карты «{params['card']}»."
        if code == "not-in-hand":
            return f"У вас нет карты: {card_name_ru(params['card'], 'nominative')}."
        if code == "named-suit":
            return f"Назовите одну из мастей: {suit_list(params['suits'], 'ru')}."
        if code == "nothing-to-draw" and params.get("penalty"):
            return ("Пару без объявления «одна карта» выложить нельзя: за неё берут штрафную карту, "
                    "а брать больше нечего.")
        if code == "nothing-to-draw":
            return "Брать больше нечего: колода пуста, а в сбросе только открытая карта."
        if code == "pair-suit":
            return f"Одна из двух карт должна быть масти хода — {SUIT_NAMES_RU[params['suit']]}."
        if code == "follow-suit":
            return f"Ходите в масть: масть хода — {SUIT_NAMES_RU[params['suit']]}."
        return str(error)

    # -- words the log and the table use -------------------------------------------------------
    def cards(self, cards: list[str], case: str = "accusative") -> str:
        """"8♣ and 8♥"; in Russian "восьмёркой треф и восьмёркой червей" (the case the verb asks for)."""
        if self.language == "ru":
            return join_words([card_name_ru(card, case) for card in cards], "и")
        return join_words([card_short(card) for card in cards])

    def suit(self, suit: str) -> str:
        """"hearts", "червы"."""
        return SUIT_NAMES_RU[suit] if self.language == "ru" else SUIT_NAMES[suit]

    def team(self, seat: int) -> str:
        """A partnership by its players, the viewer first: "you and Boris-bot", "Анна-бот и Глеб-бот"."""
        seats = self.viewer_first([seat % 2, seat % 2 + 2])
        return join_words([self.object_name(other) for other in seats], "и" if self.language == "ru" else "and")

    def points(self, number: int) -> str:
        if self.language == "ru":
            return f"{number} {russian_plural(number, 'очко', 'очка', 'очков')}"
        return f"{number} point{'' if number == 1 else 's'}"

    # -- a move in words ------------------------------------------------------------------------
    PART_NAMES = {
        "cards": {"en": "wrong card", "ru": "не та карта"},
        "suit": {"en": "wrong suit named", "ru": "не та масть названа"},
        "declared": {"en": "wrong call of \"one card\"", "ru": "не то объявление «одна карта»"},
    }

    def action_text(self, action: dict, view: dict) -> str:
        """"Play 8♣, naming spades", "Play 7♦ and 7♠, saying “one card”", "Draw a card"."""
        ru = self.language == "ru"
        if action["type"] == "draw":
            return "Взять карту из колоды" if ru else "Draw a card"
        text = f"Сыграть {self.cards(action['cards'], 'accusative')}" if ru else f"Play {self.cards(action['cards'])}"
        if action.get("declared"):
            text += ", объявив «одна карта»" if ru else ", saying \"one card\""
        elif action.get("declared") is False:
            text += " без объявления" if ru else " without a call"
        if action.get("suit"):
            text += f" и назвать {self.suit(action['suit'])}" if ru else f", naming {self.suit(action['suit'])}"
        return text

    # -- the log -------------------------------------------------------------------------------
    def describe(self, event: dict) -> str:
        return (self._describe_ru if self.language == "ru" else self._describe_en)(event)

    def _describe_en(self, event: dict) -> str:
        kind, seat = event["type"], event.get("seat")
        if kind == "deal":
            sizes, stock = set(event["hand_sizes"]), event["stock_size"]
            size = sizes.pop() if len(sizes) == 1 else None
            each = f" {size} card{'' if size == 1 else 's'} each" if size else ""
            upcard = event["upcard"]
            dealer = f"{self.object_name(seat)} {self.form(seat, 'deal', 'deals')}"
            return (f"Deal {event['deal_number']}: {dealer}{each}. The up-card is {card_short(upcard)}: "
                    f"{self.suit(upcard[-1])} to follow. "
                    f"{stock} card{'' if stock == 1 else 's'} in the stock.")
        if kind == "upcard-effect":
            dealer = "you" if seat == self.viewer else f"the dealer, {self.names[seat]},"
            return f"The up-card {card_short(event['card'])} acts as if {dealer} had played it."
        if kind == "play":
            cards, upper = event["cards"], event["cards"][-1]
            text = f"{self.verb(seat, 'play', 'plays')} {self.cards(cards)}"
            if event.get("declared"):
                text = f"{self.verb(seat, 'say', 'says')} \"one card\" and {self.form(seat, 'play', 'plays')} " \
                       f"{self.cards(cards)}"
            if rank_of(upper) in SUIT_CHANGERS:
                text += f" and {self.form(seat, 'name', 'names')} {self.suit(event['suit'])}"
            return text + "."
        if kind == "undeclared-pair":
            return (f"{self.verb(seat, 'put', 'puts')} down {self.cards(event['cards'])} without saying \"one card\": "
                    "the cards go back to the hand, and a penalty card is drawn.")
        if kind == "draw":
            count, why = event["count"], DRAW_REASONS_EN[event["reason"]]
            if count == 0:
                return f"{self.verb(seat, 'have', 'has')} to draw ({why}), but no card is left."
            if "cards" in event:
                return f"You draw {self.cards(event['cards'])} ({why})."
            return f"{self.verb(seat, 'draw', 'draws')} {count} card{'' if count == 1 else 's'} ({why})."
        if kind == "miss":
            return f"{self.verb(seat, 'miss', 'misses')} a turn (the four)."
        if kind == "reverse":
            return "The ten: the direction of play changes."
        if kind == "reshuffle":
            return (f"The stock is empty: the discard pile but its top card is shuffled into a new stock "
                    f"of {event['count']} card{'' if event['count'] == 1 else 's'}.")
        if kind == "deal-end":
            return (f"Deal {event['deal_number']} over: {self.object_name(seat)} {self.form(seat, 'go', 'goes')} out. "
                    + " ".join(self._hand_score_en(other, event) for other in range(len(event["hands"]))
                               if other != seat)
                    + f" Team totals: {self._team_totals(event['team_totals'])}.")
        if kind == "end":
            return self.match_over(event["winners"], event["team_totals"])
        return kind

    def _hand_score_en(self, seat: int, event: dict) -> str:
        hand, points = event["hands"][seat], event["points"][seat]
        threes = " (more than one three: +50)" if sum(rank_of(card) == "3" for card in hand) > 1 else ""
        return f"{self.name(seat)}: {' '.join(card_short(card) for card in hand)} — {self.points(points)}{threes}."

    def _describe_ru(self, event: dict) -> str:
        kind, seat = event["type"], event.get("seat")
        if kind == "deal":
            dealer = f"{self.object_name(seat)} {self.form(seat, 'сдаёте', 'сдаёт')}"
            sizes = set(event["hand_sizes"])
            if len(sizes) == 1:
                size = sizes.pop()
                dealer += f" по {size} {russian_plural(size, 'карте', 'карты', 'карт')}"
            upcard = event["upcard"]
            return (f"Сдача {event['deal_number']}: {dealer}. Открытая карта — {card_name_ru(upcard, 'nominative')}, "
                    f"масть хода — {self.suit(upcard[-1])}. В колоде {cards_ru(event['stock_size'])}.")
        if kind == "upcard-effect":
            whose = "ваш ход" if seat == self.viewer else f"ход сдающего ({self.names[seat]})"
            return f"Открытая карта, {card_name_ru(event['card'], 'nominative')}, действует как {whose}."
        if kind == "play":
            cards, upper = event["cards"], event["cards"][-1]
            text = f"{self.verb(seat, 'ходите', 'ходит')} {self.cards(cards, 'instrumental')}"
            if event.get("declared"):
                text = f"{self.name(seat)}: «одна карта!» — {self.form(seat, 'ходите', 'ходит')} " \
                       f"{self.cards(cards, 'instrumental')}"
            if rank_of(upper) in SUIT_CHANGERS:
                text += f" и {self.form(seat, 'называете', 'называет')} масть: {self.suit(event['suit'])}"
            return text + "."
        if kind == "undeclared-pair":
            return (f"{self.verb(seat, 'выкладываете', 'выкладывает')} {self.cards(event['cards'])}, не объявив "
                    "«одна карта»: карты возвращаются на руку, штраф — карта из колоды.")
        if kind == "draw":
            count, why = event["count"], DRAW_REASONS_RU[event["reason"]]
            if count == 0:
                return f"{self.verb(seat, 'должны', 'должен')} взять карту ({why}), но брать больше нечего."
            if "cards" in event:
                return f"Вы берёте из колоды {self.cards(event['cards'])} ({why})."
            return (f"{self.verb(seat, 'берёте', 'берёт')} из колоды {count} "
                    f"{russian_plural(count, 'карту', 'карты', 'карт')} ({why}).")
        if kind == "miss":
            return f"Четвёрка: {self.object_name(seat)} {self.form(seat, 'пропускаете', 'пропускает')} ход."
        if kind == "reverse":
            return "Десятка: направление меняется."
        if kind == "reshuffle":
            return (f"Колода кончилась: сброс, кроме открытой карты, перемешивается в новую колоду "
                    f"({cards_ru(event['count'])}).")
        if kind == "deal-end":
            out = "у вас" if seat == self.viewer else f"у {self.player_ru(seat, 'genitive')}"
            return (f"Сдача {event['deal_number']} окончена: {out} не осталось карт. "
                    + " ".join(self._hand_score_ru(other, event) for other in range(len(event["hands"]))
                               if other != seat)
                    + f" Итого по парам: {self._team_totals(event['team_totals'])}.")
        if kind == "end":
            return self.match_over(event["winners"], event["team_totals"])
        return kind

    def _hand_score_ru(self, seat: int, event: dict) -> str:
        hand, points = event["hands"][seat], event["points"][seat]
        threes = " (больше одной тройки: +50)" if sum(rank_of(card) == "3" for card in hand) > 1 else ""
        cards = ", ".join(card_name_ru(card, "nominative") for card in hand)
        return f"{self.name(seat)}: {cards} — {self.points(points)}{threes}."

    def _team_totals(self, team_totals: list[int]) -> str:
        """Both partnerships' totals, the viewer's first: "you and Boris-bot 40, Anna-bot and Vera-bot 75"."""
        teams = [0, 1] if self.viewer is None or self.viewer % 2 == 0 else [1, 0]
        dash = " — " if self.language == "ru" else " "
        return ", ".join(f"{self.team(team)}{dash}{team_totals[team]}" for team in teams)

    def match_over(self, winners: list[int], team_totals: list[int]) -> str:
        """The last line of the match: the partnership with fewer points wins (equal totals share the win)."""
        if len(winners) == len(team_totals) * 2:
            if self.language == "ru":
                return f"Игра окончена: ничья, у обеих пар по {self.points(team_totals[0])}."
            return f"Game over: a tie, both partnerships have {self.points(team_totals[0])}."
        won = winners[0] % 2
        if self.language == "ru":
            return f"{self.game_over(winners)[:-1]} — {team_totals[won]} против {self.points(team_totals[1 - won])}."
        return f"{self.game_over(winners)[:-1]}, {team_totals[won]} points to {team_totals[1 - won]}."


# The coach's unit (games.narration.coach): how far the seat's partnership can expect to end the current deal ahead
# of the other.
TEAM_POINTS = CoachUnit(
    name="team-points", figure=figure_as_lead, english=("point", "points"), russian=("очко", "очка", "очков", "очка"),
    measure={"en": "Where {possessive} partnership could expect to end this deal against the other",
             "ru": "Итог {partnership_ru} относительно соперников к концу сдачи"},
    difference={"en": ("{possessive} partnership could expect to end this deal {quantity} worse off against the other "
                       "{than}"),
                "ru": ("итог {partnership_ru} относительно соперников к концу сдачи можно ждать {quantity} хуже, "
                       "{than}")})
