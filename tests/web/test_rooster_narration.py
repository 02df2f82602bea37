"""Chuvash Rooster told in English and Russian: each log event from the viewer's seat, every refusal of
the engine in Russian, and draws that name their cards only to the drawer."""

from __future__ import annotations

import ast
import inspect
import random

import pytest

from games.rooster import rules as rooster_rules
from games.rooster.narration import RoosterNarrator
from games.rules import IllegalAction, get_game
from tests.web.helpers import card_spellings

ROOSTER = get_game("rooster")
NAMES = ["Guest", "Anna-bot", "Boris-bot"]


def narrators(viewer: int = 0) -> tuple[RoosterNarrator, RoosterNarrator]:
    return RoosterNarrator(NAMES, viewer, "en"), RoosterNarrator(NAMES, viewer, "ru")


EVENTS = [
    ({"type": "deal", "seat": 1, "hand_sizes": [6, 6, 6], "stock_size": 18, "discard_size": 0, "previous_loser": None},
     "Anna-bot deals 6 cards each; 18 cards in the stock.", "Анна-бот сдаёт по 6 карт; в колоде 18 карт."),
    ({"type": "deal", "seat": 0, "hand_sizes": [6, 6, 6], "stock_size": 18, "discard_size": 0, "previous_loser": 0},
     "You, the last game's rooster, deal 6 cards each; 18 cards in the stock.",
     "Вы сдаёте как петух прошлой игры по 6 карт; в колоде 18 карт."),
    ({"type": "deal", "seat": 1, "hand_sizes": [4, 4], "stock_size": 0, "discard_size": 28, "previous_loser": 0},
     "A position from later in a game: 28 cards already beaten off, 0 cards in the stock.",
     "Позиция из середины игры: в отбое уже 28 карт, в колоде 0 карт."),
    ({"type": "first-attacker", "seat": 2, "card": "6C"},
     "The lowest card dealt is 6♣: Boris-bot holds it and attacks first.",
     "Младшая карта в раздаче — шестёрка треф, она у игрока Борис-бот: с неё первый ход."),
    ({"type": "attack", "seat": 1, "target": 0, "cards": ["8C", "KC"]},
     "Anna-bot attacks you with 8♣ and K♣.", "Анна-бот ходит под вас: восьмёрка треф и король треф."),
    ({"type": "attack", "seat": 0, "target": 1, "cards": ["QD"]},
     "You attack Anna-bot with Q♦.", "Вы ходите под игрока Анна-бот: дама бубен."),
    ({"type": "beat", "seat": 2, "attack": "8C", "card": "KD"},
     "Boris-bot beats 8♣ with K♦.", "Борис-бот бьёт восьмёрку треф королём бубен."),
    ({"type": "beat", "seat": 0, "attack": "JH", "card": "10S"},
     "You beat J♥ with 10♠.", "Вы бьёте валета червей десяткой пик."),
    ({"type": "throw", "seat": 2, "target": 0, "cards": ["8H"]},
     "Boris-bot throws in 8♥.", "Борис-бот подкидывает вам восьмёрку червей."),
    ({"type": "throw", "seat": 0, "target": 1, "cards": ["AC"]},
     "You throw in A♣.", "Вы подкидываете игроку Анна-бот туза треф."),
    ({"type": "pass", "seat": 1}, "Anna-bot passes.", "Анна-бот: «пас»."),
    ({"type": "take", "seat": 1, "cards": ["6C", "QH"]},
     "Anna-bot takes 6♣ and Q♥.", "Анна-бот берёт шестёрку треф и даму червей."),
    ({"type": "beaten-off", "seat": 0, "cards": ["6C", "7C", "8C", "9C"]},
     "Beaten off: you fight off the attack; 4 cards to the discard.", "Отбой: вы отбиваетесь, 4 карты — в отбой."),
    ({"type": "beaten-off", "seat": 2, "cards": ["6C", "7C"]},
     "Beaten off: Boris-bot fights off the attack; 2 cards to the discard.",
     "Отбой: Борис-бот отбивается, 2 карты — в отбой."),
    ({"type": "draw", "seat": 0, "count": 2, "cards": ["7S", "AH"]},
     "You draw 7♠ and A♥ from the stock.", "Вы добираете из колоды семёрку пик и туза червей."),
    ({"type": "draw", "seat": 1, "count": 1}, "Anna-bot draws 1 card from the stock.",
     "Анна-бот добирает из колоды 1 карту."),
    ({"type": "out", "seat": 2}, "Boris-bot is out: no cards left.", "Борис-бот выходит из игры: карт больше нет."),
    ({"type": "out", "seat": 0}, "You are out: no cards left.", "Вы выходите из игры: карт больше нет."),
    ({"type": "end", "seat": 1, "rooster": 1, "winners": [0, 2]},
     "Game over. Anna-bot is the Chuvash rooster!", "Игра окончена. Анна-бот — чувашский петух!"),
    ({"type": "end", "seat": 0, "rooster": 0, "winners": [1, 2]},
     "Game over. You are the Chuvash rooster!", "Игра окончена. Вы — чувашский петух!"),
    ({"type": "end", "seat": None, "rooster": None, "winners": [0, 1, 2]},
     "Game over. Everyone ran out of cards at once: no rooster this game.",
     "Игра окончена. Карты кончились у всех сразу: петуха в этой игре нет."),
]


@pytest.mark.parametrize(("event", "english", "russian"), EVENTS)
def test_each_event_is_told_from_the_viewers_seat(event, english, russian):
    en, ru = narrators()
    assert en.describe(event) == english
    assert ru.describe(event) == russian


def test_every_event_of_a_real_game_is_told_and_a_draw_names_its_cards_only_to_the_drawer():
    state = ROOSTER.new_game(3, seed=4)
    rng = random.Random(2)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    for viewer in range(3):
        for narrator in narrators(viewer):
            for event, seen in zip(state.events, state.view(viewer)["log"], strict=True):
                text = narrator.describe(seen)
                assert text != seen["type"]   # every event has its sentence
                if event["type"] == "draw" and event["seat"] != viewer:
                    assert not any(spelling in text for card in event["private"]["cards"]
                                   for spelling in card_spellings(card))


def _deal(hands, stock=(), **options):
    dealt = {card for hand in hands for card in hand} | set(stock)
    discard = [card for card in rooster_rules.DECK if card not in dealt]
    return ROOSTER.from_deal(hands=hands, stock=list(stock), discard=discard, **options)


LATER_HANDS = [["6C", "7C", "8C", "9C", "10C", "9D", "10D"], ["QH", "JS", "6H"], ["AS", "AH", "AD"]]


def _positions() -> dict[str, object]:
    """A first game (6♣ must open) and a later one (an ordinary lead), at each decision a refusal needs."""
    first = _deal([["6C", "8C", "KS"], ["7C", "KD", "QH"], ["9C", "6D", "JS", "QS"]], stock=["AS", "AH"])
    defend = first.apply({"type": "attack", "cards": ["6C"]})
    later = _deal(LATER_HANDS, previous_loser=1)
    half = later.apply({"type": "attack", "cards": ["9D", "10D"]}).apply({"type": "beat", "attack": "9D", "card": "QH"})
    return {
        "first": first, "defend": defend, "throw": defend.apply({"type": "beat", "attack": "6C", "card": "KD"}),
        "later": later, "defend-later": later.apply({"type": "attack", "cards": ["10D"]}), "half": half,
        # All beaten, 9♣ thrown in: the defender's one card is matched by one unbeaten card.
        "full": half.apply({"type": "beat", "attack": "10D", "card": "JS"}).apply({"type": "throw", "cards": ["9C"]}),
        "single": _deal(LATER_HANDS, previous_loser=1, variant={"multi_lead": "single"}),
        "rank": _deal(LATER_HANDS, previous_loser=1, variant={"multi_lead": "same-rank"}),
    }


REFUSALS = [
    ("first", "x", "not-an-action", "Это не ход: нужен ход, отбой карты, «беру», подкидывание или «пас»."),
    ("first", {"type": "bet"}, "unknown-type", "В «Чувашском петухе» нет хода «bet»."),
    ("first", {"type": "attack"}, "fields", "Ход «attack» состоит ровно из полей: cards, type."),
    ("first", {"type": "attack", "cards": []}, "cards-list", "Выберите хотя бы одну карту."),
    ("first", {"type": "attack", "cards": ["6C", "6C"]}, "cards-twice",
     "Каждую карту можно назвать только один раз."),
    ("first", {"type": "attack", "cards": ["1X"]}, "not-a-card", "В этой колоде нет карты «1X»."),
    ("first", {"type": "take"}, "must-attack",
     "Сейчас ваш ход: зайдите одной картой или несколькими картами одной масти."),
    ("first", {"type": "attack", "cards": ["8C"]}, "first-card", "Первый ход в игре — одной картой: шестёркой треф."),
    ("first", {"type": "attack", "cards": ["7C"]}, "not-in-hand", "У вас нет карты: семёрка треф."),
    ("defend", {"type": "pass"}, "must-defend", "Сейчас нужно отбиваться: покрыть карты на столе или взять их."),
    ("defend", {"type": "beat", "attack": "9C", "card": "KD"}, "not-on-table",
     "На столе нет такой карты: девятка треф."),
    ("throw", {"type": "take"}, "must-throw-or-pass",
     "Сейчас можно подкинуть карту того достоинства, что уже есть на столе, или сказать «пас»."),
    ("throw", {"type": "throw", "cards": ["8C", "KS"]}, "throw-one", "Подкидывают по одной карте."),
    ("throw", {"type": "throw", "cards": ["8C"]}, "throw-rank",
     "Подкидывать можно только карты тех достоинств, что уже есть на столе."),
    ("full", {"type": "throw", "cards": ["10C"]}, "throw-limit",
     "Больше подкидывать нельзя: непокрытых карт стало бы больше, чем карт у отбивающегося."),
    ("later", {"type": "attack", "cards": ["6C", "7C", "8C", "9C"]}, "lead-limit",
     "Заходить можно не больше чем 3 картами: столько, сколько карт у отбивающегося."),
    ("later", {"type": "attack", "cards": ["6C", "9D"]}, "lead-one-suit",
     "Несколькими картами можно заходить, только если они все одной масти."),
    ("single", {"type": "attack", "cards": ["6C", "7C"]}, "lead-single", "Заходить можно только одной картой."),
    ("rank", {"type": "attack", "cards": ["6C", "7C"]}, "lead-one-rank",
     "Несколькими картами можно заходить, только если они все одного достоинства."),
    ("defend-later", {"type": "beat", "attack": "10D", "card": "6H"}, "does-not-beat",
     "Шестёрка червей не бьёт десятку бубен: бейте старшей картой той же масти или картой старшей масти "
     "не ниже достоинством."),
    ("half", {"type": "beat", "attack": "9D", "card": "JS"}, "already-beaten", "Девятка бубен уже покрыта."),
]


@pytest.mark.parametrize(("position", "action", "code", "russian"), REFUSALS)
def test_every_refusal_of_the_engine_is_said_in_russian(position, action, code, russian):
    state = _positions()[position]
    with pytest.raises(IllegalAction) as refusal:
        state.apply(action)
    assert refusal.value.code == code
    en, ru = narrators(state.current_player)
    assert ru.illegal(refusal.value) == russian
    assert en.illegal(refusal.value) == str(refusal.value)


def test_the_refusals_above_cover_every_code_the_engine_has():
    tree = ast.parse(inspect.getsource(rooster_rules))
    codes = {call.args[1].value for call in ast.walk(tree)
             if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "IllegalAction" and len(call.args) > 1}
    assert codes == {code for _, _, code, _ in REFUSALS} | {"game-over"}
    over = RoosterNarrator(NAMES, 0, "ru").illegal(IllegalAction("The game is over.", "game-over"))
    assert over == "Игра окончена."
