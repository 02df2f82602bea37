"""Chuvash Rooster told in plain language, from one seat's point of view: the log, refusals, the table's words.

Only events of a seat's view are narrated, so a sentence can hold no card the seat has not seen: a
draw names its cards only to the player who drew them. English writes cards short ("8♣"); Russian
names them in the case the verb asks for ("бьёт восьмёрку треф королём бубен"). As everywhere in the
narration, the Russian avoids past-tense verbs with a player as subject.
"""

from __future__ import annotations

from games.narration.coach import CoachUnit, figure_as_chance_against
from games.narration.seats import SeatNarrator
from games.narration.words import MASCULINE_RANKS_RU, card_name_ru, cards_ru, join_words, russian_plural
from games.rules.cards import card_short, rank_of

REFUSALS_RU = {
    "not-an-action": "Это не ход: нужен ход, отбой карты, «беру», подкидывание или «пас».",
    "unknown-type": "В «Чувашском петухе» нет хода «{type}».",
    "fields": "Ход «{type}» состоит ровно из полей: {fields}.",
    "cards-list": "Выберите хотя бы одну карту.",
    "cards-twice": "Каждую карту можно назвать только один раз.",
    "game-over": "Игра окончена.",
    "must-attack": "Сейчас ваш ход: зайдите одной картой или несколькими картами одной масти.",
    "must-defend": "Сейчас нужно отбиваться: покрыть карты на столе или взять их.",
    "must-throw-or-pass": "Сейчас можно подкинуть карту того достоинства, что уже есть на столе, или сказать «пас».",
    "lead-single": "Заходить можно только одной картой.",
    "lead-one-suit": "Несколькими картами можно заходить, только если они все одной масти.",
    "lead-one-rank": "Несколькими картами можно заходить, только если они все одного достоинства.",
    "throw-one": "Подкидывают по одной карте.",
    "throw-limit": "Больше подкидывать нельзя: непокрытых карт стало бы больше, чем карт у отбивающегося.",
}


class RoosterNarrator(SeatNarrator):
    """Chuvash Rooster's events, bots' reasons, refusals and table words for one viewer."""

    def reason(self, reason: dict | None, mover: int | None = None) -> str:
        if not reason:
            return ""
        from games.rooster.reasons import explain

        return explain(reason, self, mover)

    def illegal(self, error) -> str:
        code, params = getattr(error, "code", ""), getattr(error, "params", {})
        if self.language == "en" or not code:
            return str(error)
        if code in REFUSALS_RU:
            return REFUSALS_RU[code].format(**{**params, "fields": ", ".join(params.get("fields", []))})
        card, attack = params.get("card"), params.get("attack")
        if code == "not-a-card":
            return f"В этой колоде нет карты «{card}»."
        if code == "not-in-hand":
            return f"У вас нет карты: {card_name_ru(card, 'nominative')}."
        if code == "first-card":
            return f"Первый ход в игре — одной картой: {card_name_ru(card, 'instrumental')}."
        if code == "lead-limit":
            limit = params["limit"]
            return (f"Заходить можно не больше чем {limit} {russian_plural(limit, 'картой', 'картами', 'картами')}: "
                    "столько, сколько карт у отбивающегося.")
        if code == "already-beaten":
            covered = "покрыт" if rank_of(attack) in MASCULINE_RANKS_RU else "покрыта"
            return f"{card_name_ru(attack, 'nominative').capitalize()} уже {covered}."
        if code == "not-on-table":
            return f"На столе нет такой карты: {card_name_ru(attack, 'nominative')}."
        if code == "does-not-beat":
            return (f"{card_name_ru(card, 'nominative').capitalize()} не бьёт {card_name_ru(attack, 'accusative')}: "
                    "бейте старшей картой той же масти или картой старшей масти не ниже достоинством.")
        if code == "throw-rank":
            return "Подкидывать можно только карты тех достоинств, что уже есть на столе."
        return str(error)

    # -- words the log and the table use -------------------------------------------------------
    def cards(self, cards: list[str], case: str = "accusative") -> str:
        """"8♣ and 10♣"; in Russian "восьмёрку треф и десятку треф" (the case the verb asks for)."""
        if self.language == "ru":
            return join_words([card_name_ru(card, case) for card in cards], "и")
        return join_words([card_short(card) for card in cards])

    def whom(self, seat: int) -> str:
        """The object of "attacks" or "under": "you", "Anna-bot"; "вас", "игрока Анна-бот"."""
        if self.language == "ru":
            return "вас" if seat == self.viewer else self.player_ru(seat, "genitive")
        return self.object_name(seat)

    def to_whom(self, seat: int) -> str:
        """"вам", "игроку Анна-бот" (English: as `whom`)."""
        if self.language == "ru":
            return "вам" if seat == self.viewer else self.player_ru(seat, "dative")
        return self.object_name(seat)

    def bout(self, attacker: int, defender: int) -> str:
        """Who attacks whom in the bout on the table."""
        if self.language == "ru":
            return f"{self.verb(attacker, 'ходите', 'ходит')} под {self.whom(defender)}."
        return f"{self.verb(attacker, 'attack', 'attacks')} {self.whom(defender)}."

    def first_card_rule(self, card: str, holder: int) -> str:
        """The first game's opening: the lowest card dealt leads alone."""
        if self.language == "ru":
            where = "у вас" if holder == self.viewer else f"у {self.player_ru(holder, 'genitive')}"
            return (f"Первая игра: первый ход — младшей картой в раздаче, {card_name_ru(card, 'instrumental')} "
                    f"({where}), и только ею.")
        return f"First game: the lowest card dealt, {card_short(card)} ({self.object_name(holder)}), opens alone."

    def rooster(self, rooster: int | None) -> str:
        if self.language == "ru":
            if rooster is None:
                return "Карты кончились у всех сразу: петуха в этой игре нет."
            if rooster == self.viewer:
                return "Вы — чувашский петух!"
            return f"{self.names[rooster]} — чувашский петух!"
        if rooster is None:
            return "Everyone ran out of cards at once: no rooster this game."
        if rooster == self.viewer:
            return "You are the Chuvash rooster!"
        return f"{self.names[rooster]} is the Chuvash rooster!"

    # -- a move in words ------------------------------------------------------------------------
    PART_NAMES = {
        "cards": {"en": "wrong cards", "ru": "не те карты"},
        "attack": {"en": "wrong card to beat", "ru": "не ту карту вы бьёте"},
        "card": {"en": "wrong card to beat it with", "ru": "не той картой вы бьёте"},
    }

    def action_text(self, action: dict, view: dict) -> str:
        """The move as the table's buttons say it: "Beat 7♣ with 9♣", "Take the cards", "Pass"."""
        kind, ru = action["type"], self.language == "ru"
        if kind == "attack":
            return f"Пойти {self.cards(action['cards'], 'instrumental')}" if ru else \
                f"Lead {self.cards(action['cards'])}"
        if kind == "beat":
            if ru:
                return (f"Побить {card_name_ru(action['attack'], 'accusative')} "
                        f"{card_name_ru(action['card'], 'instrumental')}")
            return f"Beat {card_short(action['attack'])} with {card_short(action['card'])}"
        if kind == "take":
            return "Взять карты" if ru else "Take the cards"
        if kind == "throw":
            return f"Подкинуть {self.cards(action['cards'])}" if ru else f"Throw in {self.cards(action['cards'])}"
        return "Пас" if ru else "Pass"

    # -- the log -------------------------------------------------------------------------------
    def describe(self, event: dict) -> str:
        return (self._describe_ru if self.language == "ru" else self._describe_en)(event)

    def _describe_en(self, event: dict) -> str:
        kind, seat = event["type"], event.get("seat")
        if kind == "deal" and event.get("discard_size"):
            stock = event["stock_size"]
            return (f"A position from later in a game: {event['discard_size']} cards already beaten off, "
                    f"{stock} card{'' if stock == 1 else 's'} in the stock.")
        if kind == "deal":
            dealer = self.verb(seat, "deal", "deals")
            if event.get("previous_loser") is not None:
                dealer = f"{self.name(seat)}, the last game's rooster, {self.form(seat, 'deal', 'deals')}"
            sizes, stock = set(event["hand_sizes"]), event["stock_size"]
            each = f" {sizes.pop()} cards each" if len(sizes) == 1 else ""
            return f"{dealer}{each}; {stock} card{'' if stock == 1 else 's'} in the stock."
        if kind == "first-attacker":
            return (f"The lowest card dealt is {card_short(event['card'])}: "
                    f"{self.verb(seat, 'hold', 'holds')} it and {self.form(seat, 'attack', 'attacks')} first.")
        if kind == "attack":
            target = self.whom(event["target"])
            return f"{self.verb(seat, 'attack', 'attacks')} {target} with {self.cards(event['cards'])}."
        if kind == "beat":
            attack, card = card_short(event["attack"]), card_short(event["card"])
            return f"{self.verb(seat, 'beat', 'beats')} {attack} with {card}."
        if kind == "throw":
            return f"{self.verb(seat, 'throw', 'throws')} in {self.cards(event['cards'])}."
        if kind == "pass":
            return f"{self.verb(seat, 'pass', 'passes')}."
        if kind == "take":
            return f"{self.verb(seat, 'take', 'takes')} {self.cards(event['cards'])}."
        if kind == "beaten-off":
            count = len(event["cards"])
            return (f"Beaten off: {self.object_name(seat)} {self.form(seat, 'fight', 'fights')} off the attack; "
                    f"{count} card{'' if count == 1 else 's'} to the discard.")
        if kind == "draw":
            if "cards" in event:
                return f"You draw {self.cards(event['cards'])} from the stock."
            count = event["count"]
            return f"{self.verb(seat, 'draw', 'draws')} {count} card{'' if count == 1 else 's'} from the stock."
        if kind == "out":
            return f"{self.verb(seat, 'are', 'is')} out: no cards left."
        if kind == "end":
            return f"Game over. {self.rooster(event['rooster'])}"
        return kind

    def _describe_ru(self, event: dict) -> str:
        kind, seat = event["type"], event.get("seat")
        if kind == "deal" and event.get("discard_size"):
            return (f"Позиция из середины игры: в отбое уже {cards_ru(event['discard_size'])}, "
                    f"в колоде {cards_ru(event['stock_size'])}.")
        if kind == "deal":
            dealer = self.verb(seat, "сдаёте", "сдаёт")
            if event.get("previous_loser") is not None:
                dealer = f"{self.verb(seat, 'сдаёте', 'сдаёт')} как петух прошлой игры"
            sizes = set(event["hand_sizes"])
            if len(sizes) == 1:
                size = sizes.pop()
                dealer += f" по {size} {russian_plural(size, 'карте', 'карты', 'карт')}"
            return f"{dealer}; в колоде {cards_ru(event['stock_size'])}."
        if kind == "first-attacker":
            where = "у вас" if seat == self.viewer else f"у {self.player_ru(seat, 'genitive')}"
            card = card_name_ru(event["card"], "nominative")
            return f"Младшая карта в раздаче — {card}, она {where}: с неё первый ход."
        if kind == "attack":
            return (f"{self.verb(seat, 'ходите', 'ходит')} под {self.whom(event['target'])}: "
                    f"{self.cards(event['cards'], 'nominative')}.")
        if kind == "beat":
            return (f"{self.verb(seat, 'бьёте', 'бьёт')} {card_name_ru(event['attack'], 'accusative')} "
                    f"{card_name_ru(event['card'], 'instrumental')}.")
        if kind == "throw":
            target = self.to_whom(event["target"])
            return f"{self.verb(seat, 'подкидываете', 'подкидывает')} {target} {self.cards(event['cards'])}."
        if kind == "pass":
            return f"{self.name(seat)}: «пас»."
        if kind == "take":
            return f"{self.verb(seat, 'берёте', 'берёт')} {self.cards(event['cards'])}."
        if kind == "beaten-off":
            defender = "вы отбиваетесь" if seat == self.viewer else f"{self.names[seat]} отбивается"
            return f"Отбой: {defender}, {cards_ru(len(event['cards']))} — в отбой."
        if kind == "draw":
            if "cards" in event:
                return f"Вы добираете из колоды {self.cards(event['cards'])}."
            count = event["count"]
            return (f"{self.verb(seat, 'добираете', 'добирает')} из колоды "
                    f"{count} {russian_plural(count, 'карту', 'карты', 'карт')}.")
        if kind == "out":
            return f"{self.verb(seat, 'выходите', 'выходит')} из игры: карт больше нет."
        if kind == "end":
            return f"Игра окончена. {self.rooster(event['rooster'])}"
        return kind


# The coach's unit (games.narration.coach): the chance of ending the game as the rooster.
ROOSTER_CHANCE = CoachUnit(
    name="rooster", figure=figure_as_chance_against, chance=True,
    measure={"en": "The chance that {subject} {ends} the game as the rooster",
             "ru": "Шанс остаться петухом в конце игры"},
    difference={"en": "{possessive} chance of ending the game as the rooster is {quantity} higher {than}",
                "ru": "шанс остаться петухом в конце игры {quantity} выше, {than}"})
