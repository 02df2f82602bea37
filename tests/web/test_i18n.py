"""The site's own words in Russian (the default) and English, the language switch, and the Russian game log."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from django.test import Client
from django.urls import reverse

from games.history import game_history
from games.rules.cards import RANKS, make_deck
from games.services import game_create
from games.sunduchok.narration import SunduchokNarrator
from tests.web.helpers import move_data, start_table_game

pytestmark = pytest.mark.django_db

YOU = ["QH", "QC", "8D", "AS"]
ANNA = ["QD", "QS", "7H", "KC"]
DEAL = {"hands": [YOU, ANNA], "stock": [card for card in make_deck(RANKS[4:]) if card not in YOU + ANNA]}


def test_the_home_page_is_russian_for_a_browser_that_asks_for_no_language():
    page = Client().get(reverse("home")).content.decode()
    assert '<html lang="ru">' in page
    assert "Карточная школа" in page
    assert "Сыграть в «Сундучок»" in page
    assert "Play Sunduchok" not in page


def test_the_home_page_is_english_for_a_browser_that_asks_for_english():
    page = Client(HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9").get(reverse("home")).content.decode()
    assert '<html lang="en">' in page
    assert "Play Sunduchok" in page
    assert "Карточная школа" not in page


def test_the_switch_is_a_plain_form_on_every_page():
    page = Client().get(reverse("learn")).content.decode()
    assert f'<form class="language-switch" method="post" action="{reverse("set_language")}">' in page
    assert 'name="language" value="ru"' in page and 'name="language" value="en"' in page
    assert 'name="next" value="/learn/"' in page


@pytest.mark.parametrize(("language", "header", "expected", "absent"), [
    ("en", "ru", "Play Sunduchok", "Сыграть в «Сундучок»"),
    ("ru", "en", "Сыграть в «Сундучок»", "Play Sunduchok"),
])
def test_the_switch_sets_the_language_of_the_next_pages(language, header, expected, absent):
    client = Client(HTTP_ACCEPT_LANGUAGE=header)
    response = client.post(reverse("set_language"), {"language": language, "next": reverse("home")})
    assert response.status_code == 302 and response.url == reverse("home")
    assert response.cookies["django_language"].value == language
    page = client.get(reverse("home")).content.decode()
    assert f'<html lang="{language}">' in page
    assert expected in page and absent not in page


def start(client: Client, django_user_model):
    user = django_user_model.objects.create_user("masha", password="pw-123456")
    client.force_login(user)
    return game_create(game_key="sunduchok", preset="standard", players=2, bot_levels=["easy"],
                       human_name="masha", owner=user, deal=DEAL, dealer=1, seed=1)


def play(client: Client, game, *actions) -> str:
    for action in actions:
        game.refresh_from_db()
        assert client.post(reverse("act", args=[game.pk]), move_data(game, action)).status_code == 302
    return client.get(reverse("play", args=[game.pk])).content.decode()


def test_the_play_page_tells_the_game_in_russian(django_user_model):
    client = Client()
    game = start(client, django_user_model)
    page = client.get(reverse("play", args=[game.pk])).content.decode()
    assert "Анна-бот сдаёт по 4 карты; в запасе 28 карт." in page
    assert "Ваш ход: спросите соперника о достоинстве." in page
    assert ">Дамы?</button>" in page and ">Тузы?</button>" in page

    page = play(client, game, {"type": "ask", "target": 1, "rank": "Q"})
    assert "Вы: Анна-бот, есть дамы? — Анна-бот: Да." in page
    assert "Ваш ход: сколько дам у игрока Анна-бот?" in page
    assert ">Одна?</button>" in page and ">Две?</button>" in page

    page = play(client, game, {"type": "count", "count": 2}, {"type": "suits", "suits": ["D", "S"]})
    assert "Вы: Две? — Анна-бот: Да." in page
    assert "Вы: Бубны и пики? — Анна-бот: Да." in page
    assert "Анна-бот отдаёт вам Q♦ и Q♠." in page
    assert "Вы откладываете сундучок дам." in page
    assert "Ход игры" in page and "What happened" not in page


def test_the_play_page_tells_the_game_in_english_when_asked(django_user_model):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = start(client, django_user_model)
    page = play(client, game, {"type": "ask", "target": 1, "rank": "Q"}, {"type": "count", "count": 2},
                {"type": "suits", "suits": ["D", "S"]})
    assert "You: Anna-bot, do you have queens? — Anna-bot: Yes." in page
    assert "You: Two? — Anna-bot: Yes." in page
    assert "Anna-bot hands you Q♦ and Q♠." in page
    assert "You lay down the chest of queens." in page


def test_russian_counts_agree_with_the_ranks_gender():
    narrator = SunduchokNarrator(["Вы", "Vera-bot", "Anna-bot"], 0, "ru")
    assert narrator.count_word(1, "Q") == "Одна" and narrator.count_word(2, "10") == "Две"
    assert narrator.count_word(1, "K") == "Один" and narrator.count_word(2, "A") == "Два"
    ask = {"type": "ask", "seat": 2, "target": 1, "rank": "Q", "answer": "yes"}
    assert narrator.describe(ask) == "Анна-бот: Вера-бот, есть дамы? — Вера-бот: Да."
    assert narrator.describe({**ask, "target": 0, "answer": "no"}) == "Анна-бот: У вас есть дамы? — Вы: Нет."
    count = {"type": "count", "seat": 2, "target": 1, "rank": "J", "count": 2, "answer": "no"}
    assert narrator.describe(count) == "Анна-бот: Два? — Вера-бот: Нет."
    transfer = {"type": "transfer", "seat": 2, "target": 1, "cards": ["6D", "6S"]}
    assert narrator.describe(transfer) == "6♦ и 6♠ переходят от игрока Вера-бот к игроку Анна-бот."
    assert narrator.describe({**transfer, "target": 0}) == "Вы отдаёте 6♦ и 6♠ игроку Анна-бот."
    chest = {"type": "chest", "seat": 1, "rank": "K", "source": "deal"}
    assert narrator.describe(chest) == "Вера-бот откладывает сундучок королей прямо из сдачи."
    assert narrator.describe({"type": "end", "seat": None, "winners": [0]}) == "Игра окончена: вы побеждаете."
    assert narrator.describe({"type": "end", "seat": None, "winners": [2, 0]}) == \
        "Игра окончена: вы и Анна-бот побеждаете."
    assert narrator.describe({"type": "end", "seat": None, "winners": [1, 2]}) == \
        "Игра окончена: Вера-бот и Анна-бот побеждают."


def test_english_game_over_names_you_first_in_lower_case():
    narrator = SunduchokNarrator(["Guest", "Anna-bot", "Boris-bot"], 0, "en")
    assert narrator.describe({"type": "end", "seat": None, "winners": [1, 0]}) == "Game over: you and Anna-bot win."
    assert narrator.describe({"type": "end", "seat": None, "winners": [1]}) == "Game over: Anna-bot wins."


def test_a_refused_move_is_explained_in_the_pages_language(django_user_model):
    client = Client()
    game = start(client, django_user_model)
    play(client, game, {"type": "ask", "target": 1, "rank": "Q"})
    game.refresh_from_db()
    response = client.post(reverse("act", args=[game.pk]), move_data(game, {"type": "count", "count": 3}))
    assert response.status_code == 400
    assert "Назовите число от 1 до 2." in response.content.decode()

    english = Client(HTTP_ACCEPT_LANGUAGE="en")
    english.force_login(game.owner)
    response = english.post(reverse("act", args=[game.pk]), move_data(game, {"type": "count", "count": 3}))
    assert response.status_code == 400
    assert "Name a number from 1 to 2." in response.content.decode()


def test_a_bots_reason_is_given_in_russian_with_the_seats_names(django_user_model):
    client = Client()
    user = django_user_model.objects.create_user("masha", password="pw-123456")
    client.force_login(user)
    game = game_create(game_key="sunduchok", preset="standard", players=3, bot_levels=["medium", "hard"],
                       human_name="masha", owner=user, seed=5, dealer=0)
    page = client.get(reverse("play", args=[game.pk])).content.decode()
    reasons = re.findall(r"<summary>Почему\?</summary>([^<]*)</details>", page)
    assert reasons, "the bots moved first and explained their moves"
    for reason in reasons:
        assert reason.strip().endswith(".") and not re.search(r"[A-Za-z]{2,}", reason.replace("masha", "")), reason


# One illegal action for each way the engine refuses, from the position after the first deal.
REFUSALS = [
    ({"type": "count", "count": 1}, "Сейчас нужно спросить о достоинстве.", "Now you must ask for a rank."),
    ({"type": "ask", "target": 0, "rank": "Q"}, "Спрашивать самого себя нельзя.", "You cannot ask yourself."),
    ({"type": "ask", "target": 5, "rank": "Q"}, "Такого игрока нет.", "There is no such player."),
    ({"type": "ask", "target": 1, "rank": "3"}, "В этой колоде нет достоинства «3».",
     "There is no rank '3' in this deck."),
    ({"type": "ask", "target": 1}, "Ход «ask» состоит ровно из полей: rank, target, type.",
     "A ask action takes exactly: rank, target, type."),
    ({"type": "bet"}, "В «Сундучке» нет хода «bet».", "Sunduchok has no 'bet' action."),
    ({"type": "ask", "target": "1", "rank": "Q"}, "Поле «target» должно быть целым числом.",
     "The target must be a whole number."),
]


@pytest.mark.parametrize(("action", "russian", "english"), REFUSALS)
def test_every_refusal_of_the_engine_is_said_in_russian(action, russian, english):
    from games.rules import IllegalAction, get_game

    state = get_game("sunduchok").from_deal(DEAL["hands"], DEAL["stock"], dealer=1)
    with pytest.raises(IllegalAction) as refusal:
        state.apply(action)
    assert str(refusal.value) == english
    assert SunduchokNarrator(["Guest", "Anna-bot"], 0, "ru").illegal(refusal.value) == russian
    assert SunduchokNarrator(["Guest", "Anna-bot"], 0, "en").illegal(refusal.value) == english


def test_refusals_that_name_a_seat_use_the_tables_names():
    from games.rules import IllegalAction, get_game

    game = get_game("sunduchok")
    state = game.from_deal([YOU, ANNA, []], DEAL["stock"], dealer=2, variant=game.variant("standard"))
    with pytest.raises(IllegalAction) as refusal:
        state.apply({"type": "ask", "target": 2, "rank": "Q"})
    names = ["Guest", "Anna-bot", "Boris-bot"]
    assert SunduchokNarrator(names, 0, "en").illegal(refusal.value) == "Boris-bot has no cards to ask for."
    assert SunduchokNarrator(names, 0, "ru").illegal(refusal.value) == "У игрока Борис-бот нет карт, спрашивать нечего."


def test_the_tables_delays_are_written_for_the_script_not_in_the_readers_number_format(django_user_model, settings):
    """A Russian page writes 1,5 for 1.5 and 1 500 for 1500; htmx would read "delay:1,5s" as one second and a bit
    of garbage, and table.js "1 500" as no number at all."""
    settings.BOT_MOVE_DELAY = 1.5   # a fraction of a second, and over a thousand milliseconds
    client = Client()
    game = start(client, django_user_model)
    response = client.post(reverse("act", args=[game.pk]), move_data(game, {"type": "ask", "target": 1, "rank": "A"}),
                           HTTP_HX_REQUEST="true")
    fragment = response.content.decode()
    assert "Анна-бот" in fragment   # the Russian table, carrying the bot's replies
    waits = re.findall(r'data-after-ms="([^"]*)"', fragment)
    assert waits and set(waits) == {"1500"}, waits
    # At a table of several people the table refreshes itself if the push of a bot's reply does not come: the
    # first move the bots answer shows it.
    person = Client()
    table_game = start_table_game(person, seed=5)
    delays = []
    while not delays:
        table_game.refresh_from_db()
        action = game_history(table_game).current.legal_actions()[0]
        response = person.post(reverse("act", args=[table_game.pk]), move_data(table_game, action),
                               HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        delays = re.findall(r'hx-trigger="load delay:([^"]*)s"', response.content.decode())
    assert all(re.fullmatch(r"\d+(\.\d+)?", delay) for delay in delays), delays


def test_the_russian_catalogue_has_each_message_once():
    """Babel compiles a catalogue that has a message twice, silently keeping one translation (GNU msgfmt refuses
    it): a message added twice, by two changes at once, would leave one of its translations unseen."""
    from tests.conftest import LOCALE_DIR

    text = (LOCALE_DIR / "ru" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    keys = re.findall(r'^(?:msgctxt ("[^\n]*")\n)?msgid ((?:"[^\n]*"\n)+)', text, flags=re.MULTILINE)
    assert [key for key, count in Counter(keys).items() if count > 1] == []
