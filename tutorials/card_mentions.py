"""The cards a lesson text names, and the claims it makes about the learner's own hand, in both languages.

Lesson texts name cards in three ways, all recognised here:

- by symbol, rank first as the English texts write them ("Q♥", "10♦") or suit first with Russian rank
  letters as the Russian ones do ("♥Д", "♣10", "♠Т");
- in English words: "the queen of spades", "the queens of clubs and hearts";
- in Russian words, in any case: "дама пик", "туза пик", "дамы треф и червей", "пиковую даму".

A claim about the hand is a phrase such as "In your hand: …", "You hold …", "У вас на руке …", "У вас есть …";
what it claims runs to the end of its clause (a full stop, a semicolon, a dash, or the words that bring in
another player: "and Player 2 …", "а у соперника …"). A claim that denies ("you hold no …", "у вас нет …")
claims nothing to check.
"""

from __future__ import annotations

import re

from games.rules.cards import RANK_NAMES, RANKS, SUIT_NAMES

SUIT_BY_SYMBOL = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
# Russian rank letters of the suit-first notation (♥Д): В валет, Д дама, К король, Т туз.
RANK_BY_LETTER = {**{rank: rank for rank in RANKS}, "В": "J", "Д": "Q", "К": "K", "Т": "A"}
_RANK_TOKEN = r"(10|[2-9JQKAВДКТ])"
_SYMBOL = "[♣♦♥♠]"
SYMBOL_CARD = re.compile(rf"{_RANK_TOKEN}({_SYMBOL})|({_SYMBOL}){_RANK_TOKEN}")

_EN_RANK = {name: rank for rank, name in RANK_NAMES.items()} | {rank: rank for rank in RANKS if rank.isdigit()}
_EN_SUIT = {name: suit for suit, name in SUIT_NAMES.items()}
_EN_SUITS = "|".join(_EN_SUIT)
_EN_RANKS = "|".join(sorted(_EN_RANK, key=len, reverse=True))
# "the queen of spades", "the queens of clubs and hearts", "the ace, nine and eight of hearts", "the ace and the king
# of spades".
EN_WORD_CARDS = re.compile(
    rf"\b((?:(?:{_EN_RANKS})(?:, | and |, and )(?:the )?)*(?:{_EN_RANKS}))(?:e?s)? of "
    rf"((?:{_EN_SUITS})(?:(?:, | and |, and )(?:{_EN_SUITS}))*)\b")

# Russian: a rank's stem takes any ending ("дама", "даму", "дамы"); the suit follows in the genitive ("пик").
_RU_RANK_STEMS = {"2": "двойк", "3": "тройк", "4": "четв[её]рк", "5": "пят[её]рк", "6": "шест[её]рк",
                  "7": "сем[её]рк", "8": "восьм[её]рк", "9": "девятк", "10": "десятк", "J": "вал[её]т",
                  "Q": "дам", "K": "корол", "A": "туз"}
_RU_SUIT_GENITIVE = {"треф": "C", "бубен": "D", "бубён": "D", "червей": "H", "пик": "S"}
_RU_GENITIVES = "|".join(_RU_SUIT_GENITIVE)
_RU_RANKS = "|".join(_RU_RANK_STEMS.values())
# "дама пик", "дамы треф и червей", "туз и король пик".
RU_WORD_CARDS = re.compile(
    rf"(?<!\w)((?:(?:{_RU_RANKS})\w*(?:, | и ))*(?:{_RU_RANKS})\w*) "
    rf"((?:{_RU_GENITIVES})(?:(?:, | и )(?:{_RU_GENITIVES}))*)(?!\w)")
# "пиковая дама", "бубновую даму", "червонный король".
_RU_SUIT_ADJECTIVES = {"трефов": "C", "бубнов": "D", "червонн": "H", "червов": "H", "пиков": "S"}
RU_ADJECTIVE_CARDS = re.compile(
    rf"(?<!\w)({'|'.join(_RU_SUIT_ADJECTIVES)})\w* ({'|'.join(_RU_RANK_STEMS.values())})\w*")

# What may come between "you have" / "у вас" and the card it names: "you now have only the …", "у вас только ♥Д".
_CARD_AHEAD = (rf"(?=\s+(?:(?:now|still|only|just|the|это|теперь|сейчас|только|ещё|уже|остал\w*)\s+)*"
               rf"(?:{_SYMBOL}|{_RANK_TOKEN}{_SYMBOL}|(?:{_EN_RANKS}) of|(?:{_RU_RANKS})))")
HAND_CLAIMS = {
    "en": re.compile(r"\b(?:in your hand(?: now)?(?:\s*:| (?:are|is)\b)|your hand (?:now )?(?:is|holds)\s*:?"
                     rf"|you (?:now |still |also )?hold|you are holding|you (?:now |still )?have{_CARD_AHEAD})(?!\w)",
                     re.I),
    "ru": re.compile(r"(?<!\w)(?:у вас (?:теперь |сейчас |ещё |уже )?(?:на руке|в руке|на руках|есть)"
                     rf"|(?:на руке|в руке) у вас|у вас{_CARD_AHEAD})(?!\w)\s*:?", re.I),
}
# A claim that denies the cards it names, right after its words.
DENIALS = {
    "en": re.compile(r"\s*(?:no|neither|none|nothing|not|no longer)\b", re.I),
    "ru": re.compile(r"\s*(?:нет|ни|не|больше нет)(?!\w)", re.I),
}
# Where a claim's clause ends: the end of a sentence or line, a dash, or another player brought in.
CLAUSE_END = {
    "en": re.compile(r"[.;!?\n()—]|:(?=\s)| – |\b(?:and|but|while|whereas|so|since|because|if|when)\s+"
                     r"(?:player|your|the (?:opponent|other|rest)|they|he|she|it|everyone|no one|nobody)\b"
                     r"|\bplayer \d", re.I),
    "ru": re.compile(r"[.;!?\n()—]|:(?=\s)| – |(?<!\w)(?:а|но|зато|хотя|если|когда|раз|так что|значит)\s"
                     r"|(?<!\w)(?:игрок|соперник|партн[её]р|у него|у неё|у них)\w*", re.I),
}


def cards_named(text: str) -> list[str]:
    """Every card `text` names, in the order named, as the engine writes cards ("QH", "10D")."""
    return [card for _words, card in card_mentions(text)]


def card_mentions(text: str) -> list[tuple[str, str]]:
    """(the words as written, the card) for every card `text` names, in the order named; a phrase that names
    several cards ("the queens of clubs and hearts") is given once for each."""
    found: list[tuple[int, str, str]] = []
    lowered = text.lower()
    # The text's own words where lowering kept every character's place (it does, but for a few letters such as "İ").
    written = text if len(lowered) == len(text) else lowered

    def words(match: re.Match) -> str:
        return written[match.start():match.end()]

    for match in SYMBOL_CARD.finditer(text):
        rank, symbol = (match.group(1), match.group(2)) if match.group(1) else (match.group(4), match.group(3))
        found.append((match.start(), match.group(0), RANK_BY_LETTER[rank] + SUIT_BY_SYMBOL[symbol]))
    for match in EN_WORD_CARDS.finditer(lowered):
        # The plural ending ("queens", "sixes") follows the last rank, outside the group.
        for rank in (_EN_RANK[word] for word in re.split(r"(?:, and |, | and )(?:the )?", match.group(1))):
            for suit in re.split(r", and |, | and ", match.group(2)):
                found.append((match.start(), words(match), rank + _EN_SUIT[suit]))
    for match in RU_WORD_CARDS.finditer(lowered):
        for word in re.split(r", | и ", match.group(1)):
            for suit in re.split(r", | и ", match.group(2)):
                found.append((match.start(), words(match), _rank_of_russian_word(word) + _RU_SUIT_GENITIVE[suit]))
    for match in RU_ADJECTIVE_CARDS.finditer(lowered):
        adjective = next(stem for stem in _RU_SUIT_ADJECTIVES if match.group(1).startswith(stem))
        found.append((match.start(), words(match),
                      _rank_of_russian_word(match.group(2)) + _RU_SUIT_ADJECTIVES[adjective]))
    return [(named, card) for _position, named, card in sorted(found, key=lambda item: item[0])]


def _rank_of_russian_word(word: str) -> str:
    return next(rank for rank, stem in _RU_RANK_STEMS.items() if re.match(stem, word))


def hand_claims(text: str, language: str) -> list[tuple[str, list[str]]]:
    """The claims `text` makes about the reader's own hand: (the claim's words, the cards it says are held);
    none in a language this module does not read."""
    claims: list[tuple[str, list[str]]] = []
    if language not in HAND_CLAIMS:
        return claims
    for claim in HAND_CLAIMS[language].finditer(text or ""):
        rest = text[claim.end():]
        if DENIALS[language].match(rest):
            continue
        end = CLAUSE_END[language].search(rest)
        clause = rest[:end.start()] if end else rest
        cards = cards_named(clause)
        if cards:
            claims.append(((claim.group(0) + clause).strip(), cards))
    return claims

