"""The home page and /play/ offer every game: its sentence, new game, lessons and rules, in both languages."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from games.registry import games
from games.rules import GAMES

pytestmark = pytest.mark.django_db

TITLES = {
    "en": {"sunduchok": "Sunduchok", "hearts": "Hearts", "rooster": "Chuvash Rooster", "yashchiki": "Yashchiki"},
    "ru": {"sunduchok": "Сундучок", "hearts": "Червы", "rooster": "Чувашский петух", "yashchiki": "Ящики"},
}
PLAY = {"en": "Play {title}", "ru": "Сыграть в «{title}»"}


def test_every_game_has_its_one_sentence():
    assert set(games()) == set(GAMES) == set(TITLES["en"])
    for key, description in ((key, game.description) for key, game in games().items()):
        with translation.override("ru"):
            russian = str(description)
        with translation.override("en"):
            english = str(description)
        assert russian != english, key   # translated
        assert english.count(". ") == 0 and english.endswith("."), key   # one sentence


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("page", ["home", "play_index"])
def test_the_page_offers_every_game_with_its_sentence_and_links(page, language):
    html = Client(HTTP_ACCEPT_LANGUAGE=language).get(reverse(page)).content.decode()

    assert f'<html lang="{language}">' in html
    for key, title in TITLES[language].items():
        with translation.override(language):
            description = str(games()[key].description)
        assert escape(description) in html, key
        assert html.count(escape(description)) == 1, key
        assert f'href="{reverse("new_game", args=[key])}">{escape(PLAY[language].format(title=title))}</a>' in html
        assert f'href="{reverse("course", args=[key])}"' in html   # the game's course page
        assert f'href="{reverse("rules_page", args=[key])}"' in html


def test_the_course_pages_the_offers_link_to_exist():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    learn = client.get(reverse("learn")).content.decode()
    for key in GAMES:
        assert f'id="learn-{key}"' in learn
        assert client.get(reverse("course", args=[key])).status_code == 200


@pytest.mark.parametrize(("language", "promise"), [("en", "hint"), ("ru", "подсказк")])
def test_the_home_page_promises_no_hint_at_the_table(language, promise):
    html = Client(HTTP_ACCEPT_LANGUAGE=language).get(reverse("home")).content.decode()
    text = html.replace('class="hint', "")   # the CSS class of small print is no promise
    assert promise not in text.lower()
