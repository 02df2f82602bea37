"""The Sunduchok bots' reasons (games.bots.base.Reason, stored as its dict) in English or Russian.

A reason names seats as the reader knows them ("you" for the reader) and cites only the public
facts the bot put in it. The Russian avoids past-tense verbs with a player as subject, since
their ending would have to agree with a gender the site does not know.

Whose move a reason explains (`Mover`): a bot explaining its own move speaks in the first person ("I ask…");
the coach, quoting the hard bot's reason for a move it weighs for someone, retells it of that player — "you"
for the reader's own seat, a name in the third person for another ("Sasha asks…").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.narration.words import (
    NUMBER_WORDS,
    RANK_GENITIVE_PLURAL_RU,
    RANK_GENITIVE_SINGULAR_RU,
    RANK_PLURAL_RU,
    RANK_PREPOSITIONAL_PLURAL_RU,
    RANK_SINGULAR_RU,
    moved_ru,
    none_of_rank_ru,
    same_rank_cards,
    sentence,
    suit_list,
)
from games.rules.cards import RANK_NAMES, rank_plural

RANDOM_REASONS = {
    "en": {"ask": "A random legal question.", "count": "A random legal count.",
           "suits": "A random legal choice of suits."},
    "ru": {"ask": "Случайный разрешённый вопрос.", "count": "Случайное разрешённое число.",
           "suits": "Случайный разрешённый выбор мастей."},
}


class Mover:
    """The player whose move a reason explains, as its sentence names them: the bot itself ("I", `seat` None),
    the reader ("you") or another player by name ("Sasha"). English and Russian forms, each by grammatical
    role; a Russian name stays undeclined ("у игрока Саша")."""

    def __init__(self, narrator, seat: int | None) -> None:
        self.narrator = narrator
        self.seat = seat
        self.person = 1 if seat is None else 2 if seat == narrator.viewer else 3
        self.name = narrator.names[seat] if self.person == 3 else ""

    def pick(self, first: str, second: str, third: str) -> str:
        return (first, second, third)[self.person - 1]

    # -- English
    @property
    def subject(self) -> str:
        return self.pick("I", "you", self.name)

    @property
    def object(self) -> str:
        return self.pick("me", "you", self.name)

    @property
    def possessive(self) -> str:
        """"my", "your", "Sasha's"."""
        return self.pick("my", "your", f"{self.name}'s")

    @property
    def own(self) -> str:
        """"mine", "yours", "Sasha's"."""
        return self.pick("mine", "yours", f"{self.name}'s")

    def verb(self, verb: str, third: str | None = None) -> str:
        """The verb alone, agreeing with the mover: "lead", "leads" (`third`: an irregular third person)."""
        return (third or verb + "s") if self.person == 3 else verb

    def does(self, verb: str, third: str | None = None) -> str:
        """The subject and its verb: "I lead", "you lead", "Sasha leads"."""
        return f"{self.subject} {self.verb(verb, third)}"

    # -- Russian
    def ru(self, first: str, second: str, third: str) -> str:
        """The subject and its verb in the present tense: "я хожу", "вы ходите", "Саша ходит"."""
        return self.pick(f"я {first}", f"вы {second}", f"{self.name} {third}")

    def ru_verb(self, first: str, second: str, third: str) -> str:
        """The verb alone, agreeing with the mover: "кладу", "кладёте", "кладёт"."""
        return self.pick(first, second, third)

    @property
    def ru_genitive(self) -> str:
        """After "у", "от", "из": "меня", "вас", "игрока Саша"."""
        return self.pick("меня", "вас", self.narrator.player_ru(self.seat, "genitive") if self.seat is not None else "")

    @property
    def ru_dative(self) -> str:
        """"мне", "вам", "игроку Саша"."""
        return self.pick("мне", "вам", self.narrator.player_ru(self.seat, "dative") if self.seat is not None else "")


class ReasonWords:
    """What every game's reason speaker holds: the narrator (seats as the reader knows them) and the mover."""

    def __init__(self, narrator, mover: int | None = None) -> None:
        self.narrator = narrator
        self.me = Mover(narrator, mover)


class _English(ReasonWords):

    def who(self, seat: int) -> str:
        return self.narrator.object_name(seat)

    def fact(self, fact: dict[str, Any]) -> str:
        """What a public event showed, as a clause with the seat as its subject (past tense)."""
        kind, who, rank = fact["kind"], self.who(fact["seat"]), fact["rank"]
        if kind == "took":
            return f"{who} took {same_rank_cards(fact['cards'])} from {self.who(fact['other'])}"
        if kind == "count":
            return f"{who} answered yes to {rank_count(rank, fact['count'])}"
        if kind == "yes":
            return f"{who} answered yes to {rank_plural(rank)}"
        if kind == "asked":
            return f"{who} asked for {rank_plural(rank)}"
        if kind == "gave":
            return f"{who} handed the {rank_plural(rank)} to {self.who(fact['other'])}"
        return f"{who} answered no to {rank_plural(rank)}"

    def say(self, key: str, p: dict[str, Any]) -> str | None:
        rank = p.get("rank")
        target = self.who(p["target"]) if "target" in p else ""
        if key == "known-holder":
            return f"{self.fact(p['fact'])} earlier, and no {RANK_NAMES[p['fact']['rank']]} has left that hand since"
        if key == "likeliest-count":
            # The count the hard bot values most (the odds of a yes times what it brings), not the likeliest.
            weighed = "the odds of a yes weighed against the cards it brings"
            if "fact" in p:
                return (f"{NUMBER_WORDS[p['count']]} is the count worth the most, {weighed}: "
                        f"{self.fact(p['fact'])} earlier")
            return (f"{NUMBER_WORDS[p['count']]} is the count of {rank_plural(rank)} worth the most for {target} "
                    f"from what the table has seen, {weighed}")
        if key == "likeliest-suits":
            verb = "is the likeliest suit" if len(p["suits"]) == 1 else "are the likeliest suits"
            text = f"for {target}, {suit_list(p['suits'])} {verb} of the {rank_count(rank, len(p['suits']))}"
            if p["received"]:
                text += f", as {same_rank_cards(p['received'])} went there in plain view"
            return text
        if key == "others-denied":
            return f"{self.fact(p['fact'])}, so any {rank_plural(rank)} still out are more likely with {target}"
        if key == "rank-already-shown":
            return (f"the table already knows {self.me.does('hold')} {rank_plural(rank)}, "
                    "so asking for them gives nothing away")
        if key == "likeliest-holder":
            return (f"{rank_plural(rank)} are most likely with {target}, "
                    "going by hand sizes and the questions answered so far")
        if key == "nobody-known":
            where = "the opponent with the most cards" if p["most_cards"] else "an opponent with cards"
            return f"no one is known to hold {rank_plural(rank)}, so {self.me.does('ask')} {target}, {where}"
        if key == "safest-count":
            return "one is the safest count when nothing shows more"
        if key == "fewest-count":
            return (f"{NUMBER_WORDS[p['count']]} is the fewest {rank_plural(rank)} {target} "
                    "can hold after what the table has seen")
        if key == "random-suits":
            return "a random choice of suits, as none of them has been shown"
        if key == "seen-passing":
            them = "it" if len(p["cards"]) == 1 else "them"
            return f"{same_rank_cards(p['cards'])} went to {target} in plain view, so the guess includes {them}"
        if key == "proven-suits":
            return f"the answers so far show suits {target} must hold, so the guess includes them"
        return None


class RussianSeats(ReasonWords):
    """Seats in Russian reasons, the reader as "вы": what every game's Russian reasons share."""

    def of(self, seat: int) -> str:
        """After "у", "от" and as a direct object: "вас", "игрока Анна-бот" (names stay undeclined)."""
        return "вас" if seat == self.narrator.viewer else self.narrator.player_ru(seat, "genitive")

    def to(self, seat: int) -> str:
        """After "к": "вам", "игроку Анна-бот"."""
        return "вам" if seat == self.narrator.viewer else self.narrator.player_ru(seat, "dative")


class _Russian(RussianSeats):

    def answer_of(self, seat: int) -> str:
        return "ваш ответ" if seat == self.narrator.viewer else f"ответ {self.narrator.player_ru(seat, 'genitive')}"

    def fact(self, fact: dict[str, Any]) -> str:
        """What a public event showed, as a clause whose verb agrees with no player."""
        kind, seat, rank = fact["kind"], fact["seat"], fact["rank"]
        about = f"о {RANK_PREPOSITIONAL_PLURAL_RU[rank]}"
        if kind == "took":
            cards = fact["cards"]
            return f"к {self.to(seat)} {moved_ru(cards)} {same_rank_cards(cards, 'ru')} от {self.of(fact['other'])}"
        if kind == "count":
            count = fact["count"]
            noun = RANK_SINGULAR_RU[rank] if count == 1 else RANK_GENITIVE_SINGULAR_RU[rank]
            return f"на вопрос «{self.narrator.count_word(count, rank)} {noun}?» {self.answer_of(seat)} был «да»"
        if kind == "yes":
            return f"на вопрос {about} {self.answer_of(seat)} был «да»"
        if kind == "asked":
            return f"от {self.of(seat)} уже был вопрос {about}"
        if kind == "gave":
            return f"{RANK_PLURAL_RU[rank]} ушли от {self.of(seat)} к {self.to(fact['other'])}"
        return f"на вопрос {about} {self.answer_of(seat)} был «нет»"

    def say(self, key: str, p: dict[str, Any]) -> str | None:
        rank = p.get("rank")
        holder = self.of(p["target"]) if "target" in p else ""
        if key == "known-holder":
            return (f"раньше {self.fact(p['fact'])}, и с тех пор из этой руки не ушло "
                    f"{none_of_rank_ru(p['fact']['rank'])}")
        if key == "likeliest-count":
            weighed = "если взвесить шансы на «да» и то, что оно приносит"
            if "fact" in p:
                return f"число {p['count']} — самое выгодное, {weighed}: раньше {self.fact(p['fact'])}"
            return (f"число {p['count']} — самое выгодное для {RANK_GENITIVE_PLURAL_RU[rank]} у {holder}, "
                    f"судя по всему, что видел стол, {weighed}")
        if key == "likeliest-suits":
            cards = [rank + suit for suit in p["suits"]]
            text = f"у {holder} вероятнее всего {same_rank_cards(cards, 'ru')}"
            if p["received"]:
                text += f": {same_rank_cards(p['received'], 'ru')} {moved_ru(p['received'])} туда у всех на виду"
            return text
        if key == "others-denied":
            return f"{self.fact(p['fact'])}, так что оставшиеся {RANK_PLURAL_RU[rank]} скорее у {holder}"
        if key == "rank-already-shown":
            return (f"стол уже знает, что у {self.me.ru_genitive} есть {RANK_PLURAL_RU[rank]}, "
                    "так что вопрос о них ничего не выдаёт")
        if key == "likeliest-holder":
            return (f"{RANK_PLURAL_RU[rank]} вероятнее всего у {holder}, "
                    "судя по числу карт на руках и ответам до сих пор")
        if key == "nobody-known":
            whose = "у вас" if p["target"] == self.narrator.viewer else "у этого соперника"
            where = f"{whose} больше всего карт" if p["most_cards"] else f"{whose} есть карты"
            return (f"ни у кого не замечено {RANK_GENITIVE_PLURAL_RU[rank]}, "
                    f"поэтому {self.me.ru('спрашиваю', 'спрашиваете', 'спрашивает')} {holder}: {where}")
        if key == "safest-count":
            return "назвать одну карту безопаснее всего, пока ничто не указывает на большее"
        if key == "fewest-count":
            return (f"меньше {p['count']} {RANK_GENITIVE_PLURAL_RU[rank]} у {holder} "
                    "быть не может после всего, что видел стол")
        if key == "random-suits":
            return "масти выбраны наугад: ни одна из них ещё не показывалась"
        if key == "seen-passing":
            cards = p["cards"]
            them = "их" if len(cards) > 1 else "его" if moved_ru(cards) == "перешёл" else "её"
            return (f"{same_rank_cards(cards, 'ru')} {moved_ru(cards)} к {self.to(p['target'])} у всех на виду, "
                    f"поэтому догадка включает {them}")
        if key == "proven-suits":
            return f"ответы уже показали масти, которые должны быть у {holder}, поэтому догадка включает их"
        return None


def rank_count(rank: str, count: int) -> str:
    """"one queen", "two queens"."""
    return f"{NUMBER_WORDS[count]} {RANK_NAMES[rank] if count == 1 else rank_plural(rank)}"


SPEAKERS: dict[str, Callable] = {"en": _English, "ru": _Russian}


def say_reason(reason: dict[str, Any] | None, narrator, speakers: dict[str, Callable],
               random_reasons: dict[str, dict[str, str]], mover: int | None = None) -> str:
    """A game's reason as one sentence in the narrator's language, told of `mover` (None: the bot's own words,
    in the first person); "" for none or an unknown shape."""
    if not reason:
        return ""
    key, params = reason.get("key"), reason.get("params", {})
    if key == "random":
        return random_reasons[narrator.language].get(params.get("action"), "")
    text = speakers[narrator.language](narrator, mover).say(key, params)
    return sentence(text) if text else ""


def explain(reason: dict[str, Any] | None, narrator, mover: int | None = None) -> str:
    return say_reason(reason, narrator, SPEAKERS, RANDOM_REASONS, mover)

