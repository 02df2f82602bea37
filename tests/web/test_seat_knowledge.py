"""The play page's "What your seat knows" panel (games.tables' `knowledge`, templates/games/_knowledge.html).

Hand-built positions of each game show each kind of fact appearing, worded, and going away when it stops being
true; the panel is on the play page and in the HTMX table fragment of all four games, in Russian and English, and
not in a lesson. Whole games checking every claim against the hidden cards: test_seat_knowledge_soundness.py.
"""

from __future__ import annotations

import random

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.urls import reverse

from games.history import game_history
from games.rooster.rules import DECK as ROOSTER_DECK
from games.rules import get_game
from games.rules.cards import RANKS, make_deck
from games.selectors import position_context
from games.yashchiki.rules import DECK as YASHCHIKI_DECK
from tests.tutorials.helpers import make_lesson
from tests.web.helpers import play_socket, start_game, start_table_game
from tests.web.seat_knowledge import (
    assert_facts_true,
    assert_names_only_seen_cards,
    knowledge_of,
    rendered,
    section_lines,
)
from tests.web.test_live import post_move
from tests.web.test_play_hearts import start_hearts
from tests.web.test_play_rooster import start_rooster
from tests.web.test_play_yashchiki import start_yashchiki

HTMX = {"HTTP_HX_REQUEST": "true"}


def play(state, *actions):
    for action in actions:
        state = state.apply(action)
    return state


def checked(state, seat: int = 0, language: str = "en") -> dict:
    """The seat's panel, after checking that it names no card unseen and claims nothing false."""
    knowledge = knowledge_of(state, seat, language)
    assert_names_only_seen_cards(knowledge, rendered(knowledge, language), state.view(seat))
    assert_facts_true(state, seat, knowledge)
    return knowledge


# -- Sunduchok ------------------------------------------------------------------------------------------------
YOU, ANNA, BORIS = ["QH", "8D", "AS", "7C"], ["KC", "KD", "9H", "6S"], ["KH", "10S", "JD", "6C"]
SUNDUCHOK_DEAL = {"hands": [YOU, ANNA, BORIS], "dealer": 2,
                  "stock": [card for card in make_deck(RANKS[4:]) if card not in YOU + ANNA + BORIS]}


def sunduchok_position():
    """You ask Boris for queens: no. Anna asks Boris for kings and takes his K♥, then asks him for nines: no."""
    return play(get_game("sunduchok").from_deal(**SUNDUCHOK_DEAL),
                {"type": "ask", "target": 2, "rank": "Q"},
                {"type": "ask", "target": 2, "rank": "K"}, {"type": "count", "count": 1},
                {"type": "suits", "suits": ["H"]},
                {"type": "ask", "target": 2, "rank": "9"})


def test_sunduchok_a_no_shows_a_rank_not_held_until_the_player_draws():
    state = sunduchok_position()
    knowledge = checked(state)
    assert section_lines(knowledge, "Boris-bot") == {"Has none": "nines / queens / kings",
                                                     "Not known yet": "3 of 3 cards"}
    # Boris asks you for tens: no; he draws, and what his "no"s proved is gone.
    state = play(state, {"type": "ask", "target": 0, "rank": "10"})
    assert state.view(0)["hand_sizes"][2] == 4
    lines = section_lines(checked(state), "Boris-bot")
    assert "Has none" not in lines
    assert lines == {"Has for sure": "tens", "Not known yet": "3 of 4 cards"}


def test_sunduchok_a_seat_that_asked_for_a_rank_must_hold_it_with_the_cards_it_took():
    knowledge = checked(sunduchok_position())
    # Anna asked for kings holding at most three, then took the K♥: two or three kings; and she asked for nines.
    assert section_lines(knowledge, "Anna-bot") == {"Has for sure": "nines / kings (at least 2) KH",
                                                    "Not known yet": "3 of 6 cards"}
    assert knowledge["note"] == "“Has none” holds until that player draws a card."


def test_sunduchok_in_russian_and_the_chests_laid():
    # You hold three queens and take the fourth from Anna: the chest of queens.
    hands = [["QH", "QC", "QS", "8D"], ["QD", "7H", "KC", "9S"]]
    state = get_game("sunduchok").from_deal(
        hands=hands, dealer=1, stock=[card for card in make_deck(RANKS[4:]) if card not in sum(hands, [])])
    state = play(state, {"type": "ask", "target": 1, "rank": "Q"}, {"type": "count", "count": 1},
                 {"type": "suits", "suits": ["D"]})
    assert state.view(0)["chests"][0] == ["Q"]
    assert section_lines(checked(state), "Chests laid") == {"You": "queens"}
    russian = checked(state, language="ru")
    assert section_lines(russian, "Отложенные сундучки") == {"Вы": "дамы"}
    # Laid ranks are nobody's any more: Anna's "no queens" is not worth a line.
    assert section_lines(russian, "Анна-бот") == {"Пока неизвестно": "3 из 3 карт"}


# -- Hearts ---------------------------------------------------------------------------------------------------
HEARTS_HANDS = [
    ["2C", "3C", "4C", "2D", "3D", "4D", "2H", "3H", "2S", "3S", "4S", "5S", "6S"],
    ["KC", "5C", "6C", "5D", "6D", "7D", "4H", "8H", "8S", "10S", "JS", "QS", "KS"],
    ["7C", "8C", "9C", "8D", "9D", "10D", "6H", "9H", "9S", "7S", "AS", "JH", "QH"],
    ["10C", "JC", "QC", "AC", "JD", "QD", "KD", "AD", "5H", "7H", "10H", "KH", "AH"],   # Vera: no spades
]


def plays(*cards):
    return [{"type": "play", "card": card} for card in cards]


def test_hearts_a_void_hearts_broken_and_who_can_still_shoot_the_moon():
    hearts = get_game("hearts")
    state = hearts.from_deal(hands=HEARTS_HANDS, variant=hearts.variant(pass_cycle=["none"]), dealer=3)
    state = play(state, *plays("2C", "KC", "7C", "10C"))          # Anna takes the first trick: no points
    knowledge = checked(state)
    assert section_lines(knowledge, "This deal") == {"Hearts": "not broken yet",
                                                     "Shooting the moon": "anyone can still: no points taken yet"}
    # Anna leads a spade, Boris takes it, and Vera, holding none, breaks hearts.
    state = play(state, *plays("8S", "9S", "5H", "2S"))
    knowledge = checked(state)
    assert section_lines(knowledge, "Players") == {
        "Anna-bot": "0 points", "Boris-bot": "1 point", "Vera-bot": "0 points / void in ♠", "You": "0 points"}
    assert section_lines(knowledge, "This deal") == {
        "Hearts": "broken", "Shooting the moon": "only Boris-bot can still (every point so far: 1)"}
    # Spades: 13, less 8♠ 9♠ 2♠ played and the four in your hand; the queen is among them.
    assert section_lines(knowledge, "Still in the other hands") == {
        "Spades": "6 / the queen among them", "Hearts": "10", "Diamonds": "10", "Clubs": "7"}
    # Vera takes the next trick's hearts: the points are split, nobody can shoot the moon any more.
    state = play(state, *plays("6H", "10H", "2H", "4H"))
    assert section_lines(checked(state), "This deal")["Shooting the moon"] == "nobody can: the points are split"
    russian = checked(state, language="ru")
    assert section_lines(russian, "Игроки")["Вера-бот"] == "4 очка / нет ♠"
    assert section_lines(russian, "Эта сдача") == {"Червы": "открыты", "«Луна»": "уже никто: очки у разных игроков"}


def test_hearts_the_cards_you_passed_stay_known_in_the_receivers_hand_until_played():
    state = get_game("hearts").from_deal(hands=HEARTS_HANDS, dealer=3)       # the first deal passes to the left
    state = play(state, {"type": "pass", "cards": ["2S", "3S", "4S"]}, {"type": "pass", "cards": ["QS", "KS", "JS"]},
                 {"type": "pass", "cards": ["AS", "7S", "9S"]}, {"type": "pass", "cards": ["AH", "KH", "10H"]})
    assert section_lines(checked(state), "Players")["Anna-bot"] == "0 points / from your pass: 2S 3S 4S"
    state = play(state, *plays("2C", "KC", "7C", "10C", "2S"))               # Anna wins the trick and leads the 2♠
    assert section_lines(checked(state), "Players")["Anna-bot"] == "0 points / from your pass: 3S 4S"


# -- Chuvash Rooster ------------------------------------------------------------------------------------------
def test_rooster_a_card_picked_up_is_known_in_that_hand_until_played():
    me, anna = ["6C", "7D", "9S", "10H", "JH", "QH"], ["8D", "9D", "10D", "JC", "QC", "KC"]
    state = get_game("rooster").from_deal(hands=[me, anna], dealer=1,
                                          stock=[card for card in ROOSTER_DECK if card not in me + anna])
    knowledge = checked(state)
    assert section_lines(knowledge, "Suit ranking") == {"Highest first": "♠ > ♥ > ♦ > ♣"}
    assert section_lines(knowledge, "Known cards in other hands") == {"Anna-bot": "nothing known (6\u00a0cards)"}
    assert knowledge["sections"][2]["rows"] == [] and knowledge["sections"][2]["empty"] == "Nothing yet."
    # You open with the 6♣ and Anna takes it; then she beats your 7♦ with the 8♦ and the bout is beaten off.
    state = play(state, {"type": "attack", "cards": ["6C"]}, {"type": "take"})
    assert section_lines(checked(state), "Known cards in other hands") == {"Anna-bot": "6C / + 6 unknown"}
    state = play(state, {"type": "attack", "cards": ["7D"]}, {"type": "beat", "attack": "7D", "card": "8D"},
                 {"type": "pass"})
    knowledge = checked(state)
    assert section_lines(knowledge, "Gone to the discard") == {"Diamonds": "7D 8D"}
    assert section_lines(knowledge, "Known cards in other hands") == {"Anna-bot": "6C / + 5 unknown"}
    # Anna attacks with the 6♣: it is on the table, no longer known in her hand.
    state = play(state, {"type": "attack", "cards": ["6C"]})
    assert section_lines(checked(state), "Known cards in other hands") == {"Anna-bot": "nothing known (5\u00a0cards)"}
    russian = checked(state, language="ru")
    assert section_lines(russian, "Ушли в отбой") == {"Бубны": "7D 8D"}
    assert section_lines(russian, "Известные карты на чужих руках") == {"Анна-бот": "ничего не известно (5\u00a0карт)"}


# -- Yashchiki ------------------------------------------------------------------------------------------------
def test_yashchiki_voids_and_the_special_cards_still_out():
    hands = [["8C", "AH", "5D", "6S"], ["2C", "3C", "3D", "3S"], ["QH", "KH", "JD", "JS"], ["JH", "9C", "10C", "7S"]]
    rest = [card for card in YASHCHIKI_DECK if card not in sum(hands, []) + ["KC", "3H"]]
    state = get_game("yashchiki").from_deal(hands=hands, stock=["3H", *rest], upcard="KC", dealer=3)
    knowledge = checked(state)
    assert section_lines(knowledge, "Special cards not in your hand or the discard") == {
        "Twos": "♣ ♦ ♥ ♠", "Eights": "♦ ♥ ♠", "Nines": "♣ ♦ ♥ ♠", "Sevens": "♣ ♦ ♥ ♠"}
    # You play the 8♣ naming hearts; Anna, who has none, draws (the 3♥): at most one heart now.
    state = play(state, {"type": "play", "cards": ["8C"], "suit": "H"})
    knowledge = checked(state)
    assert section_lines(knowledge, "Players") == {"Anna-bot": "5 cards / at most: ♥ 1",
                                                   "Boris-bot (partner)": "4 cards", "Vera-bot": "4 cards"}
    assert section_lines(knowledge, "Special cards not in your hand or the discard")["Eights"] == "♦ ♥ ♠"
    # Hearts go round to her again, and she plays the heart she drew: she has none left (Boris is to follow).
    state = play(state, {"type": "play", "cards": ["QH"]}, {"type": "play", "cards": ["JH"]},
                 {"type": "play", "cards": ["AH"]}, {"type": "play", "cards": ["3H"]})
    assert section_lines(checked(state), "Players")["Anna-bot"] == "4 cards / void in ♥"
    russian = checked(state, language="ru")
    assert section_lines(russian, "Игроки") == {"Анна-бот": "4 карты / нет ♥", "Борис-бот (партнёр)": "3 карты",
                                                "Вера-бот": "3 карты"}
    assert section_lines(russian, "Особые карты не у вас и не в сбросе")["Восьмёрки"] == "♦ ♥ ♠"


# -- the pages ------------------------------------------------------------------------------------------------
STARTS = {
    "sunduchok": (lambda client: start_game(client, players=3, seed=5, levels=("easy", "easy")),
                  "Chests laid", "Отложенные сундучки"),
    "hearts": (lambda client: start_hearts(client, seed=5, levels=("easy",) * 3),
               "Still in the other hands", "Ещё на руках у других"),
    "rooster": (lambda client: start_rooster(client, seed=5), "Suit ranking", "Старшинство мастей"),
    "yashchiki": (lambda client: start_yashchiki(client, seed=5),
                  "Special cards not in your hand or the discard", "Особые карты не у вас и не в сбросе"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("game_key", STARTS)
def test_the_panel_is_on_the_play_page_and_in_the_table_fragment(game_key, language):
    start, heading_en, heading_ru = STARTS[game_key]
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    game = start(client)
    title, heading = ("What your seat knows", heading_en) if language == "en" else ("Что вам известно", heading_ru)
    page = client.get(reverse("play", args=[game.pk])).content.decode()
    fragment = client.get(reverse("table", args=[game.pk]), **HTMX).content.decode()
    for html in (page, fragment):
        # A native disclosure (usable without JavaScript), closed until the learner opens it; table.js remembers.
        assert '<details class="panel knowledge" id="knowledge" data-remember="knowledge-open">' in html
        assert f'<h2 class="knowledge__title">{title}</h2>' in html
        assert f'<h3 class="knowledge__heading">{heading}</h3>' in html
    assert fragment.lstrip().startswith('<section id="table"')
    # Right under the table, inside the fragment that HTMX swaps and the WebSocket pushes.
    assert page.index('class="panel knowledge"') < page.index('class="log-heading"')


@pytest.mark.django_db
def test_a_lesson_shows_no_panel(client):
    lesson = make_lesson()
    page = client.get(reverse("lesson", args=[lesson.game_key, lesson.slug]) + "?step=2").content.decode()
    assert 'class="card' in page and "knowledge" not in page


@pytest.mark.django_db
def test_only_the_play_pages_context_asks_for_the_panel(client):
    game = start_game(client, players=3, seed=5, levels=("easy", "easy"))
    state = game_history(game).current
    assert "knowledge" not in position_context(state, names=["Guest", "Anna-bot", "Boris-bot"], seat=0)
    assert position_context(state, names=["Guest", "Anna-bot", "Boris-bot"], seat=0, knowledge=True)["knowledge"]


@pytest.mark.django_db(transaction=True)
async def test_every_push_over_the_websocket_carries_the_panel():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = await sync_to_async(start_table_game)(client, seed=31, levels=("easy", "easy"))
    socket = play_socket(game, client)
    assert (await socket.connect())[0]
    first, last = await sync_to_async(post_move)(client, game, random.Random(31))
    for _ in range(first, last + 1):
        message = await socket.receive_json_from(timeout=10)
        assert '<details class="panel knowledge" id="knowledge" data-remember="knowledge-open">' in message["html"]
    await socket.disconnect()
