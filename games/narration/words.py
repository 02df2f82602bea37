"""How cards, ranks, suits and numbers are said in English and Russian running text.

English names come from games.rules.cards; Russian needs a form per case and number, kept here.
"""

from __future__ import annotations

from games.rules.cards import RANK_NAMES, SUIT_NAMES, SUITS, card_sort_key, rank_of, rank_plural, suit_of

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
                9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}

RANK_SINGULAR_RU = {
    "2": "двойка", "3": "тройка", "4": "четвёрка", "5": "пятёрка", "6": "шестёрка", "7": "семёрка",
    "8": "восьмёрка", "9": "девятка", "10": "десятка", "J": "валет", "Q": "дама", "K": "король", "A": "туз",
}
RANK_PLURAL_RU = {
    "2": "двойки", "3": "тройки", "4": "четвёрки", "5": "пятёрки", "6": "шестёрки", "7": "семёрки",
    "8": "восьмёрки", "9": "девятки", "10": "десятки", "J": "валеты", "Q": "дамы", "K": "короли", "A": "тузы",
}
# After 2, 3 and 4, and after "ни одной / ни одного", a noun takes the genitive singular.
RANK_GENITIVE_SINGULAR_RU = {**RANK_PLURAL_RU, "J": "валета", "K": "короля", "A": "туза"}
RANK_GENITIVE_PLURAL_RU = {
    "2": "двоек", "3": "троек", "4": "четвёрок", "5": "пятёрок", "6": "шестёрок", "7": "семёрок",
    "8": "восьмёрок", "9": "девяток", "10": "десяток", "J": "валетов", "Q": "дам", "K": "королей", "A": "тузов",
}
# "о дамах", "о королях": what a question is about.
RANK_PREPOSITIONAL_PLURAL_RU = {
    "2": "двойках", "3": "тройках", "4": "четвёрках", "5": "пятёрках", "6": "шестёрках", "7": "семёрках",
    "8": "восьмёрках", "9": "девятках", "10": "десятках", "J": "валетах", "Q": "дамах", "K": "королях", "A": "тузах",
}
MASCULINE_RANKS_RU = frozenset({"J", "K", "A"})
# A card as an object ("бьёт восьмёрку", "берёт короля": the picture cards are animate) and as an
# instrument ("королём бубен").
RANK_ACCUSATIVE_RU = {**{rank: name[:-1] + "у" for rank, name in RANK_SINGULAR_RU.items()},
                      "J": "валета", "Q": "даму", "K": "короля", "A": "туза"}
RANK_INSTRUMENTAL_RU = {**{rank: name[:-1] + "ой" for rank, name in RANK_SINGULAR_RU.items()},
                        "J": "валетом", "Q": "дамой", "K": "королём", "A": "тузом"}
SUIT_NAMES_RU = {"C": "трефы", "D": "бубны", "H": "червы", "S": "пики"}
# A card is named by its rank and the suit in the genitive: "дама пик", "десятка червей".
SUIT_GENITIVE_RU = {"C": "треф", "D": "бубен", "H": "червей", "S": "пик"}


def language_of(code: str | None) -> str:
    """"ru" for any Russian language code, else "en": the two languages the narration speaks."""
    return "ru" if (code or "").lower().startswith("ru") else "en"


def join_words(words: list[str], conjunction: str = "and") -> str:
    """"clubs", "clubs and hearts", "clubs, diamonds and hearts"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {conjunction} " + words[-1]


def russian_plural(number: int, one: str, few: str, many: str) -> str:
    """The noun form after `number`: 1 карта, 2 карты, 5 карт (21 карта, 11 карт)."""
    if number % 10 == 1 and number % 100 != 11:
        return one
    if 2 <= number % 10 <= 4 and not 12 <= number % 100 <= 14:
        return few
    return many


def cards_ru(number: int) -> str:
    return f"{number} {russian_plural(number, 'карта', 'карты', 'карт')}"


def card_name(card: str, language: str = "en") -> str:
    """A card's spoken name, the text alternative of its face: "queen of spades", "дама пик"."""
    rank, suit = rank_of(card), suit_of(card)
    if language == "ru":
        return f"{RANK_SINGULAR_RU[rank]} {SUIT_GENITIVE_RU[suit]}"
    return f"{rank if rank.isdigit() else RANK_NAMES[rank]} of {SUIT_NAMES[suit]}"


def card_name_ru(card: str, case: str) -> str:
    """A card's Russian name in a case: "восьмёрку треф" (accusative), "туза пик" (genitive), "королём
    бубен" (instrumental)."""
    ranks = {"nominative": RANK_SINGULAR_RU, "accusative": RANK_ACCUSATIVE_RU, "genitive": RANK_GENITIVE_SINGULAR_RU,
             "instrumental": RANK_INSTRUMENTAL_RU}[case]
    return f"{ranks[rank_of(card)]} {SUIT_GENITIVE_RU[suit_of(card)]}"


def suit_list(suits: list[str], language: str = "en") -> str:
    """Suits in deck order, listed: "clubs and hearts", "трефы и червы"."""
    ordered = sorted(suits, key=SUITS.index)
    if language == "ru":
        return join_words([SUIT_NAMES_RU[suit] for suit in ordered], "и")
    return join_words([SUIT_NAMES[suit] for suit in ordered])


def same_rank_cards(cards: list[str], language: str = "en") -> str:
    """Cards of one rank as a noun phrase: "the queens of clubs and hearts", "дамы треф и червей"."""
    ordered = sorted(cards, key=card_sort_key)
    rank = rank_of(ordered[0])
    if language == "ru":
        noun = RANK_SINGULAR_RU[rank] if len(ordered) == 1 else RANK_PLURAL_RU[rank]
        return f"{noun} {join_words([SUIT_GENITIVE_RU[suit_of(card)] for card in ordered], 'и')}"
    noun = RANK_NAMES[rank] if len(ordered) == 1 else rank_plural(rank)
    return f"the {noun} of {suit_list([suit_of(card) for card in ordered])}"


def moved_ru(cards: list[str]) -> str:
    """The past tense of "перейти" agreeing with the cards: перешёл (король), перешла (дама), перешли."""
    if len(cards) > 1:
        return "перешли"
    return "перешёл" if rank_of(cards[0]) in MASCULINE_RANKS_RU else "перешла"


def none_of_rank_ru(rank: str) -> str:
    """"ни одной дамы", "ни одного короля"."""
    return f"{'ни одного' if rank in MASCULINE_RANKS_RU else 'ни одной'} {RANK_GENITIVE_SINGULAR_RU[rank]}"


def sentence(text: str) -> str:
    """A clause as a sentence: capital first letter and a full stop."""
    return text[:1].upper() + text[1:] + "."
