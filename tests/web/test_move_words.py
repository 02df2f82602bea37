"""How the site says a move and a question in words: the status line's question, and each game's moves as a
lesson's feedback names them (games.narration's `action_text` and `part_name`)."""

import pytest

from games.narration import narrator_for
from games.narration.coach import best_move_figures, move_loss_sentence, risk_sentence
from games.narration.reasons import Mover

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


AVERAGE_EN = "on average over the deals you could be facing"
AVERAGE_RU = "в среднем по раскладам, возможным при том, что вы знаете"


@pytest.mark.parametrize("unit, best, next_best, english, russian", [
    ("chests", 2.4, 1.9, f"The chests you could expect at the game's end, {AVERAGE_EN}: 2.4 with this move, 1.9 with "
     "the next best move.", f"Сколько сундучков можно ждать к концу игры, {AVERAGE_RU}: с этим ходом 2,4, со "
     "следующим по силе ходом 1,9."),
    ("points", -3.2, -4.7, f"The points you could expect to take in this deal, {AVERAGE_EN}: 3.2 with this move, 4.7 "
     "with the next best move.", f"Сколько очков можно ждать за эту сдачу, {AVERAGE_RU}: с этим ходом 3,2, со "
     "следующим по силе ходом 4,7."),
    ("rooster", -0.12, None, f"The chance that you end the game as the rooster, {AVERAGE_EN}: 12% with this move, "
     "the only one.", f"Шанс остаться петухом в конце игры, {AVERAGE_RU}: с этим ходом 12\u00a0% (другого хода нет)."),
    ("team-points", 4.0, -2.0, f"Where your partnership could expect to end this deal against the other, "
     f"{AVERAGE_EN}: 4.0 points ahead with this move, 2.0 points behind with the next best move.",
     f"Итог вашей пары относительно соперников к концу сдачи, {AVERAGE_RU}: с этим ходом на 4 очка впереди, со "
     "следующим по силе ходом на 2 очка позади."),
])
def test_the_hints_figures_say_what_they_measure_for_this_move_and_the_next_best(unit, best, next_best, english,
                                                                                  russian):
    for language, expected in (("en", english), ("ru", russian)):
        you = Mover(narrator_for("sunduchok", NAMES, 0, language), 0)
        assert best_move_figures(unit, best, next_best, you) == expected


@pytest.mark.parametrize("unit, loss, you, sasha, anyone", [
    ("chests", 0.3, ("With your move, you could expect 0.3 chests fewer at the game's end than with the best move.",
                     "С вашим ходом к концу игры можно ждать на 0,3 сундучка меньше, чем с лучшим ходом."),
     ("With Sasha's move, Sasha could expect 0.3 chests fewer at the game's end than with the best move.",
      "С ходом игрока Sasha к концу игры можно ждать на 0,3 сундучка меньше, чем с лучшим ходом."),
     "With this move, the player could expect 0.3 chests fewer at the game's end than with the best move."),
    ("points", 2.0, ("With your move, you could expect to take 2.0 points more in this deal than with the best move.",
                     "С вашим ходом за эту сдачу можно ждать на 2 очка больше, чем с лучшим ходом."),
     ("With Sasha's move, Sasha could expect to take 2.0 points more in this deal than with the best move.",
      "С ходом игрока Sasha за эту сдачу можно ждать на 2 очка больше, чем с лучшим ходом."),
     "With this move, the player could expect to take 2.0 points more in this deal than with the best move."),
    ("rooster", 0.21, ("With your move, your chance of ending the game as the rooster is 21 percentage points higher "
                       "than with the best move.", "С вашим ходом шанс остаться петухом в конце игры на 21 процентный "
                       "пункт выше, чем с лучшим ходом."),
     ("With Sasha's move, Sasha's chance of ending the game as the rooster is 21 percentage points higher than with "
      "the best move.", "С ходом игрока Sasha шанс остаться петухом в конце игры на 21 процентный пункт выше, чем с "
      "лучшим ходом."),
     "With this move, the player's chance of ending the game as the rooster is 21 percentage points higher than with "
     "the best move."),
    ("team-points", 13.0, ("With your move, your partnership could expect to end this deal 13.0 points worse off "
                           "against the other than with the best move.", "С вашим ходом итог вашей пары относительно "
                           "соперников к концу сдачи можно ждать на 13 очков хуже, чем с лучшим ходом."),
     ("With Sasha's move, Sasha's partnership could expect to end this deal 13.0 points worse off against the other "
      "than with the best move.", "С ходом игрока Sasha итог пары игрока Sasha относительно соперников к концу сдачи "
      "можно ждать на 13 очков хуже, чем с лучшим ходом."),
     "With this move, the player's partnership could expect to end this deal 13.0 points worse off against the "
     "other than with the best move."),
])
def test_a_moves_loss_names_whose_move_and_what_is_measured(unit, loss, you, sasha, anyone):
    names = ["Sasha", *NAMES[1:]]
    for language, index in (("en", 0), ("ru", 1)):
        learner = Mover(narrator_for("sunduchok", names, 0, language), 0)
        teacher = Mover(narrator_for("sunduchok", names, None, language), 0)   # the teacher's page: no "you"
        assert move_loss_sentence(unit, loss, language, learner) == you[index]
        assert move_loss_sentence(unit, loss, language, teacher) == sasha[index]
    assert move_loss_sentence(unit, loss, "en") == anyone


def test_what_a_move_risks_is_counted_deal_by_deal_against_the_best():
    you = Mover(narrator_for("sunduchok", NAMES, 0, "en"), 0)
    assert risk_sentence("chests", (1.0, 2.0, 3.0, 2.0), (2.5, 2.0, 2.0, 3.0), you) == (
        "Of the 4 deals the coach played out, your move does worse than the best move on 2 of them and better on 1; "
        "at worst, you could expect 1.5 chests fewer at the game's end than with the best move.")
    assert risk_sentence("rooster", (-1.0, 0.0), (0.0, 0.0), you) == (
        "Of the 2 deals the coach played out, your move does worse than the best move on 1 of them.")
    assert risk_sentence("chests", (2.0,), (2.0,), you) == ""
    russian = Mover(narrator_for("sunduchok", NAMES, 0, "ru"), 0)
    assert risk_sentence("points", (-3.0, -13.0), (-3.0, 0.0), russian) == (
        "Из 2 раскладов, разыгранных тренером, в 1 с вашим ходом выходит хуже, чем с лучшим ходом; в худшем случае "
        "за эту сдачу можно ждать на 13 очков больше, чем с лучшим ходом.")
