"""How the site says a move and a question in words: the status line's question, and each game's moves as a
lesson's feedback names them (games.narration's `action_text` and `part_name`)."""

import pytest

from games.narration import narrator_for
from games.narration.coach import best_move_figures

NAMES = ["You", "Anna-bot", "Boris-bot", "Vera-bot"]


@pytest.mark.parametrize("request_, english, russian", [
    ({"target": 1, "rank": "8", "count": 1}, "which eight does Anna-bot hold?",
     "какой масти одна восьмёрка у игрока Анна-бот?"),
    ({"target": 1, "rank": "8", "count": 2}, "which two eights does Anna-bot hold?",
     "каких мастей две восьмёрки у игрока Анна-бот?"),
    ({"target": 1, "rank": "K"}, "how many kings does Anna-bot hold?", "сколько королей у игрока Анна-бот?"),
])
def test_the_status_line_asks_in_words(request_, english, russian):
    assert narrator_for("sunduchok", NAMES, 0, "en").request_text(request_) == english
    assert narrator_for("sunduchok", NAMES, 0, "ru").request_text(request_) == russian


@pytest.mark.parametrize("game_key, action, view, english, russian", [
    ("sunduchok", {"type": "ask", "target": 2, "rank": "Q"}, {}, "Boris-bot, do you have queens?",
     "Борис-бот, есть дамы?"),
    ("sunduchok", {"type": "count", "count": 2}, {"request": {"rank": "K"}}, "Two?", "Два?"),
    ("sunduchok", {"type": "suits", "suits": ["S", "D"]}, {}, "Diamonds and spades?", "Бубны и пики?"),
    ("hearts", {"type": "pass", "cards": ["QS", "KS", "AS"]}, {}, "Pass Q♠, K♠ and A♠", "Передать Q♠, K♠ и A♠"),
    ("hearts", {"type": "play", "card": "2C"}, {}, "Play 2♣", "Сыграть 2♣"),
    ("rooster", {"type": "beat", "attack": "7C", "card": "9C"}, {}, "Beat 7♣ with 9♣",
     "Побить семёрку треф девяткой треф"),
    ("rooster", {"type": "take"}, {}, "Take the cards", "Взять карты"),
    ("rooster", {"type": "attack", "cards": ["6C", "8C"]}, {}, "Lead 6♣ and 8♣",
     "Пойти шестёркой треф и восьмёркой треф"),
    ("yashchiki", {"type": "play", "cards": ["8C"], "suit": "S"}, {}, "Play 8♣, naming spades",
     "Сыграть восьмёрку треф и назвать пики"),
    ("yashchiki", {"type": "draw"}, {}, "Draw a card", "Взять карту из колоды"),
])
def test_each_games_moves_are_said_as_the_buttons_say_them(game_key, action, view, english, russian):
    assert narrator_for(game_key, NAMES, 0, "en").action_text(action, view) == english
    assert narrator_for(game_key, NAMES, 0, "ru").action_text(action, view) == russian


def test_the_wrong_part_of_a_move_is_named_and_another_kind_of_move_too():
    sunduchok = narrator_for("sunduchok", NAMES, 0, "en")
    assert [sunduchok.part_name(part) for part in ("target", "rank", "count", "suits", "type")] == [
        "wrong player", "wrong rank", "wrong number", "wrong suits", "another kind of move"]
    assert narrator_for("rooster", NAMES, 0, "ru").part_name("card") == "не той картой вы бьёте"


@pytest.mark.parametrize("unit, best, lead, english, russian", [
    ("chests", 2.4, 0.5, "this move brings 2.4 chests on average — 0.5 chests more than the next best move.",
     "этот ход в среднем приносит 2,4 сундучка — на 0,5 сундучка больше, чем следующий по силе ход."),
    ("points", -3.2, 1.5, "this move costs you 3.2 points in the deal on average — 1.5 points fewer than the next "
     "best move.", "этот ход в среднем стоит вам 3,2 очка за сдачу — на 1,5 очка меньше, чем следующий по силе ход."),
    ("rooster", -0.12, 0.09, "with this move you end as the rooster in 12% of them — 9% less often than with the "
     "next best move.", "с этим ходом вы остаётесь петухом в 12\u00a0% случаев — на 9\u00a0% реже, чем следующий по "
     "силе ход."),
    ("chests", 1.0, 0.01, "this move brings 1.0 chest on average — the next best move is about as good.",
     "этот ход в среднем приносит 1 сундучок — следующий по силе ход почти так же хорош."),
])
def test_the_coach_says_why_in_the_games_unit(unit, best, lead, english, russian):
    assert best_move_figures(unit, best, lead, "en") == f"On the deals you could be facing, {english}"
    assert best_move_figures(unit, best, lead, "ru") == f"На раздачах, возможных при том, что вы знаете, {russian}"
