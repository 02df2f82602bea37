"""Yashchiki told in English and Russian: each log event from the viewer's seat, every refusal of the engine
in Russian, draws that name their cards only to the drawer, and the deal's scoring that shows every hand."""

from __future__ import annotations

import ast
import inspect
import random

import pytest

from games.narration import narrator_for
from games.rules import IllegalAction, get_game
from games.yashchiki import rules as yashchiki_rules
from games.yashchiki.narration import YashchikiNarrator
from tests.web.helpers import card_spellings

YASHCHIKI = get_game("yashchiki")
NAMES = ["Guest", "Anna-bot", "Boris-bot", "Vera-bot"]


def narrators(viewer: int | None = 0) -> tuple[YashchikiNarrator, YashchikiNarrator]:
    return YashchikiNarrator(NAMES, viewer, "en"), YashchikiNarrator(NAMES, viewer, "ru")


SCORING = {"type": "deal-end", "seat": 1, "deal_number": 3, "points": [63, 0, 10, 25],
           "hands": [["3C", "3H", "KS"], [], ["QD"], ["10H"]], "totals": [63, 0, 10, 25], "team_totals": [73, 25]}

EVENTS = [
    ({"type": "deal", "seat": 1, "deal_number": 3, "hand_sizes": [6, 6, 6, 6], "stock_size": 27, "upcard": "7H"},
     "Deal 3: Anna-bot deals 6 cards each. The up-card is 7♥: hearts to follow. 27 cards in the stock.",
     "Сдача 3: Анна-бот сдаёт по 6 карт. Открытая карта — семёрка червей, масть хода — червы. В колоде 27 карт."),
    ({"type": "deal", "seat": 0, "deal_number": 8, "hand_sizes": [1, 1, 1, 1], "stock_size": 47, "upcard": "8S"},
     "Deal 8: you deal 1 card each. The up-card is 8♠: spades to follow. 47 cards in the stock.",
     "Сдача 8: вы сдаёте по 1 карте. Открытая карта — восьмёрка пик, масть хода — пики. В колоде 47 карт."),
    ({"type": "upcard-effect", "seat": 2, "card": "5D"},
     "The up-card 5♦ acts as if the dealer, Boris-bot, had played it.",
     "Открытая карта, пятёрка бубен, действует как ход сдающего (Борис-бот)."),
    ({"type": "play", "seat": 1, "cards": ["QH"], "suit": "H"}, "Anna-bot plays Q♥.", "Анна-бот ходит дамой червей."),
    ({"type": "play", "seat": 0, "cards": ["8S"], "suit": "H"}, "You play 8♠ and name hearts.",
     "Вы ходите восьмёркой пик и называете масть: червы."),
    ({"type": "play", "seat": 3, "cards": ["7C", "7H"], "suit": "H", "declared": True},
     "Vera-bot says \"one card\" and plays 7♣ and 7♥.",
     "Вера-бот: «одна карта!» — ходит семёркой треф и семёркой червей."),
    ({"type": "play", "seat": 0, "cards": ["9D", "9S"], "suit": "C", "declared": True},
     "You say \"one card\" and play 9♦ and 9♠ and name clubs.",
     "Вы: «одна карта!» — ходите девяткой бубен и девяткой пик и называете масть: трефы."),
    ({"type": "undeclared-pair", "seat": 2, "cards": ["4C", "4D"]},
     "Boris-bot puts down 4♣ and 4♦ without saying \"one card\": the cards go back to the hand, and a penalty card "
     "is drawn.",
     "Борис-бот выкладывает четвёрку треф и четвёрку бубен, не объявив «одна карта»: карты возвращаются на руку, "
     "штраф — карта из колоды."),
    ({"type": "draw", "seat": 1, "count": 1, "reason": "no-card"},
     "Anna-bot draws 1 card (no card of the suit to follow).",
     "Анна-бот берёт из колоды 1 карту (нет карты масти хода)."),
    ({"type": "draw", "seat": 0, "count": 3, "reason": "chain", "cards": ["AS", "KD", "3C"]},
     "You draw A♠, K♦ and 3♣ (no two to answer the chain).",
     "Вы берёте из колоды туза пик, короля бубен и тройку треф (нечем ответить на цепочку двоек)."),
    ({"type": "draw", "seat": 2, "count": 1, "reason": "five"}, "Boris-bot draws 1 card (the five).",
     "Борис-бот берёт из колоды 1 карту (пятёрка)."),
    ({"type": "draw", "seat": 3, "count": 2, "reason": "seven"}, "Vera-bot draws 2 cards (the seven).",
     "Вера-бот берёт из колоды 2 карты (семёрка)."),
    ({"type": "draw", "seat": 0, "count": 1, "reason": "pair", "cards": ["6H"]},
     "You draw 6♥ (the penalty for a pair without \"one card\").",
     "Вы берёте из колоды шестёрку червей (штраф за пару без объявления «одна карта»)."),
    ({"type": "draw", "seat": 1, "count": 1, "reason": "choice"}, "Anna-bot draws 1 card (instead of playing).",
     "Анна-бот берёт из колоды 1 карту (вместо хода)."),
    ({"type": "draw", "seat": 1, "count": 0, "reason": "no-card"},
     "Anna-bot has to draw (no card of the suit to follow), but no card is left.",
     "Анна-бот должен взять карту (нет карты масти хода), но брать больше нечего."),
    ({"type": "miss", "seat": 0}, "You miss a turn (the four).", "Четвёрка: вы пропускаете ход."),
    ({"type": "reverse", "seat": 2}, "The ten: the direction of play changes.", "Десятка: направление меняется."),
    ({"type": "reshuffle", "seat": None, "count": 21},
     "The stock is empty: the discard pile but its top card is shuffled into a new stock of 21 cards.",
     "Колода кончилась: сброс, кроме открытой карты, перемешивается в новую колоду (21 карта)."),
    (SCORING,
     "Deal 3 over: Anna-bot goes out. You: 3♣ 3♥ K♠ — 63 points (more than one three: +50). Boris-bot: Q♦ — "
     "10 points. Vera-bot: 10♥ — 25 points. Team totals: you and Boris-bot 73, Anna-bot and Vera-bot 25.",
     "Сдача 3 окончена: у игрока Анна-бот не осталось карт. Вы: тройка треф, тройка червей, король пик — 63 очка "
     "(больше одной тройки: +50). Борис-бот: дама бубен — 10 очков. Вера-бот: десятка червей — 25 очков. "
     "Итого по парам: вы и Борис-бот — 73, Анна-бот и Вера-бот — 25."),
    ({"type": "end", "seat": None, "winners": [1, 3], "team_totals": [340, 215]},
     "Game over: Anna-bot and Vera-bot win, 215 points to 340.",
     "Игра окончена: Анна-бот и Вера-бот побеждают — 215 против 340 очков."),
    ({"type": "end", "seat": None, "winners": [0, 2], "team_totals": [201, 215]},
     "Game over: you and Boris-bot win, 201 points to 215.",
     "Игра окончена: вы и Борис-бот побеждаете — 201 против 215 очков."),
    ({"type": "end", "seat": None, "winners": [0, 1, 2, 3], "team_totals": [200, 200]},
     "Game over: a tie, both partnerships have 200 points.", "Игра окончена: ничья, у обеих пар по 200 очков."),
]


@pytest.mark.parametrize(("event", "english", "russian"), EVENTS)
def test_each_event_is_told_from_the_viewers_seat(event, english, russian):
    en, ru = narrators()
    assert en.describe(event) == english
    assert ru.describe(event) == russian


def test_a_spectator_and_the_other_partnership_see_the_teams_from_their_side():
    en, _ = narrators(1)
    assert en.describe(SCORING).endswith("Team totals: you and Vera-bot 25, Guest and Boris-bot 73.")
    spectator, _ = narrators(None)
    assert spectator.describe(SCORING).endswith("Team totals: Guest and Boris-bot 73, Anna-bot and Vera-bot 25.")


def test_every_event_of_a_real_match_is_told_and_a_draw_names_its_cards_only_to_the_drawer():
    state = YASHCHIKI.new_game(seed=4, variant=YASHCHIKI.variant("short"))
    rng = random.Random(2)
    for _ in range(5000):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.is_over
    kinds = {event["type"] for event in state.events}
    assert {"deal", "play", "draw", "deal-end", "end", "miss", "reverse", "undeclared-pair"} <= kinds
    for viewer in range(4):
        for narrator in narrators(viewer):
            for event, seen in zip(state.events, state.view(viewer)["log"], strict=True):
                text = narrator.describe(seen)
                assert text != seen["type"]   # every event has its sentence
                if event["type"] == "draw" and event["seat"] != viewer:
                    assert not any(spelling in text for card in event["private"]["cards"]
                                   for spelling in card_spellings(card))


def _deal(hands, upcard: str, *, dealer: int = 3, stock: list[str] | None = None, **options):
    """A deal of the given hands and up-card; the stock is the rest of the deck unless given."""
    used = {card for hand in hands for card in hand} | {upcard}
    rest = [card for card in yashchiki_rules.DECK if card not in used]
    return YASHCHIKI.from_deal(hands=hands, stock=rest if stock is None else stock, upcard=upcard, dealer=dealer,
                               **options)


# Seat 0 plays first (seat 3 deals); hearts to follow.
OPENING = [["5H", "5C", "KC", "KS", "8S", "QS"], ["JD", "4S"], ["6D", "6S"], ["2H", "2C"]]
# Everything but the up-card in the hands: nothing to draw, not even by reshuffling.
EVERYTHING = [list(yashchiki_rules.DECK[:13]), list(yashchiki_rules.DECK[13:26]), list(yashchiki_rules.DECK[26:39]),
              [card for card in yashchiki_rules.DECK[39:] if card != "AS"]]


def _positions() -> dict[str, object]:
    last = _deal([["5H"], ["JD"], ["6D"], ["2C"]], "7H", variant={"preset": "short"}, deal_number=8)
    return {
        "opening": _deal(OPENING, "7H"),
        "free-draw": _deal(EVERYTHING, "AS", variant={"preset": "free-draw"}),
        # Seat 3 opens with the 2♥: seat 0 faces a chain of one two.
        "chain": _deal([["5H", "5C", "KC", "2S"], ["JD", "4S"], ["6D", "6S"], ["2H", "9C"]], "7H",
                       dealer=2).apply({"type": "play", "cards": ["2H"]}),
        "over": last.apply({"type": "play", "cards": ["5H"]}),
    }


REFUSALS = [
    ("opening", "x", "not-an-action", "Это не ход: нужно сыграть карту (или пару карт) или взять карту из колоды."),
    ("opening", {"type": "bet"}, "unknown-type", "В «Ящиках» нет хода «bet»."),
    ("opening", {"type": "play", "cards": ["5H"], "suit": "C"}, "fields",
     "Ход «play» состоит ровно из полей: cards, type."),
    ("opening", {"type": "draw"}, "draw-not-allowed",
     "Брать карту можно, только когда нечем ходить: по этим правилам нельзя взять карту вместо хода."),
    ("opening", {"type": "play", "cards": []}, "cards-list", "Сыграйте одну карту или две карты одного достоинства."),
    ("opening", {"type": "play", "cards": ["1X"]}, "not-a-card", "В этой колоде нет карты «1X»."),
    ("opening", {"type": "play", "cards": ["5H", "5H"]}, "cards-twice", "Каждую карту можно назвать только один раз."),
    ("opening", {"type": "play", "cards": ["5H", "KC"], "declared": True}, "pair-rank",
     "Две карты можно выложить за один ход, только если они одного достоинства."),
    ("opening", {"type": "play", "cards": ["5C", "5H"]}, "declared",
     "Скажите, объявляете ли вы «одна карта»: поле declared — true или false."),
    ("opening", {"type": "play", "cards": ["3H"]}, "not-in-hand", "У вас нет карты: тройка червей."),
    ("opening", {"type": "play", "cards": ["8S"], "suit": "X"}, "named-suit",
     "Назовите одну из мастей: трефы, бубны, червы и пики."),
    ("opening", {"type": "play", "cards": ["KC", "KS"], "declared": True}, "pair-suit",
     "Одна из двух карт должна быть масти хода — червы."),
    ("opening", {"type": "play", "cards": ["KC"]}, "follow-suit", "Ходите в масть: масть хода — червы."),
    ("chain", {"type": "play", "cards": ["5C", "5H"], "declared": True}, "chain-single",
     "В цепочке двоек можно класть только одну двойку."),
    ("chain", {"type": "play", "cards": ["KC"]}, "chain-two",
     "Сыграна двойка: ответьте двойкой любой масти — или придётся брать карты."),
    ("free-draw", {"type": "draw"}, "nothing-to-draw",
     "Брать больше нечего: колода пуста, а в сбросе только открытая карта."),
    ("over", {"type": "draw"}, "game-over", "Игра окончена."),
]
PAIR_WITHOUT_PENALTY = ("Пару без объявления «одна карта» выложить нельзя: за неё берут штрафную карту, а брать "
                        "больше нечего.")


@pytest.mark.parametrize(("position", "action", "code", "russian"), REFUSALS)
def test_every_refusal_of_the_engine_is_said_in_russian(position, action, code, russian):
    state = _positions()[position]
    with pytest.raises(IllegalAction) as refusal:
        state.apply(action)
    assert refusal.value.code == code
    en, ru = narrators(state.current_player)
    assert ru.illegal(refusal.value) == russian
    assert en.illegal(refusal.value) == str(refusal.value)


def test_an_undeclared_pair_with_nothing_to_draw_says_why():
    state = _positions()["free-draw"]
    hand = state.view(state.current_player)["hand"]
    pair = next([first, second] for first in hand for second in hand
                if first < second and first[:-1] == second[:-1] and "S" in (first[-1], second[-1]))
    pair = sorted(pair, key=yashchiki_rules.DECK.index)
    with pytest.raises(IllegalAction) as refusal:
        state.apply({"type": "play", "cards": pair, "declared": False})
    assert refusal.value.code == "nothing-to-draw"
    assert narrators()[1].illegal(refusal.value) == PAIR_WITHOUT_PENALTY


def test_the_refusals_above_cover_every_code_the_engine_has():
    tree = ast.parse(inspect.getsource(yashchiki_rules))
    codes = {call.args[1].value for call in ast.walk(tree)
             if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "IllegalAction" and len(call.args) > 1}
    assert codes == {code for _, _, code, _ in REFUSALS}


def test_the_narrator_is_registered_and_explains_bots_reasons():
    narrator = narrator_for("yashchiki", NAMES, 0, "ru")
    assert isinstance(narrator, YashchikiNarrator)
    assert narrator.reason(None) == ""
    assert narrator.reason({"key": "random", "params": {"action": "play"}}) == "Случайный разрешённый ход."
