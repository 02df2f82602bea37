"""Each game's course page (/learn/<game>/) and "Continue where you left off" on the home page and /learn/."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.html import escape

from games import registry
from games.models import Game
from games.rules import GAMES
from games.selectors import SESSION_GAMES_KEY, game_visible_to, games_of_visitor
from games.services import game_create
from tests.tutorials.helpers import make_lesson
from tests.web.helpers import start_game
from tutorials import services
from tutorials.models import LessonProgress
from tutorials.sessions import learner_session_key

pytestmark = pytest.mark.django_db

TITLES = {"en": {"sunduchok": "Sunduchok", "hearts": "Hearts", "rooster": "Chuvash Rooster", "yashchiki": "Yashchiki"},
          "ru": {"sunduchok": "Сундучок", "hearts": "Червы", "rooster": "Чувашский петух", "yashchiki": "Ящики"}}
RESUME = {"en": "Continue where you left off", "ru": "Продолжить с того же места"}
TEXT_STEPS = [{"kind": "text", "body_ru": ru, "body_en": en} for ru, en in (("Раз", "One"), ("Два", "Two"),
                                                                           ("Три", "Three"))]


def visitor(language: str = "en") -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE=language)


def page_of(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def lessons_of(game_key: str, *titles: str, published: bool = True) -> list:
    return [make_lesson(game_key=game_key, slug=f"{game_key}-{index}", order=index, title_en=title,
                        title_ru=f"{title} (ru)", steps=TEXT_STEPS, published=published)
            for index, title in enumerate(titles, start=1)]


def anonymous_key(client: Client) -> str:
    session = client.session
    key = learner_session_key(session, create=True)
    session.save()
    return key


def resume_section(html: str) -> str | None:
    found = re.search(r'<section class="resume".*?</section>', html, re.S)
    return found.group(0) if found else None


def step_href(lesson, number: int) -> str:
    return f'href="{escape(lesson.step_url(number))}"'


# -- the course page -------------------------------------------------------------------------------

@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("game_key", list(GAMES))
def test_each_games_course_page_lists_its_lessons_in_order_with_its_rules_and_a_new_game(game_key, language):
    for slug, order, title_en, title_ru in (("later", 2, "Later", "Позже"), ("earlier", 1, "Earlier", "Раньше")):
        make_lesson(game_key=game_key, slug=slug, order=order, title_en=title_en, title_ru=title_ru, steps=TEXT_STEPS)
    make_lesson(game_key=game_key, slug="draft", order=0, title_en="A draft", title_ru="Черновик", published=False)
    other = "hearts" if game_key != "hearts" else "sunduchok"
    make_lesson(game_key=other, slug="elsewhere", title_en="Another game's", title_ru="Чужой урок")

    html = page_of(visitor(language), reverse("course", args=[game_key]))

    title = TITLES[language][game_key]
    assert f'<html lang="{language}">' in html
    assert f"<h1>{escape(title)}</h1>" in html
    with translation.override(language):
        assert escape(str(registry.game(game_key).description)) in html
    earlier, later = {"en": ("Earlier", "Later"), "ru": ("Раньше", "Позже")}[language]
    assert earlier in html and html.index(earlier) < html.index(later)   # in the lessons' order
    assert "A draft" not in html and "Черновик" not in html
    assert "Another game" not in html and "Чужой урок" not in html
    assert f'href="{reverse("rules_page", args=[game_key])}"' in html
    assert f'href="{reverse("new_game", args=[game_key])}"' in html
    assert f'href="{reverse("learn")}"' in html   # the breadcrumb back to every game's lessons
    expected = {"en": f"Play {title} against bots", "ru": f"Сыграть в «{title}» с ботами"}[language]
    assert escape(expected) in html
    assert {"en": "0 of 2 lessons completed.", "ru": "Пройдено уроков: 0 из 2."}[language] in html


def test_an_unknown_game_has_no_course_page():
    assert visitor().get("/learn/poker/").status_code == 404
    assert visitor().get(reverse("course", args=["x" * 300])).status_code == 404


def test_the_course_page_and_the_lesson_page_do_not_take_each_others_addresses():
    lesson = make_lesson()
    client = visitor()
    assert client.get(lesson.get_absolute_url()).status_code == 302   # the lesson: to its step
    assert client.get(reverse("course", args=[lesson.game_key])).status_code == 200


def test_staff_see_drafts_on_the_course_page_as_on_the_list():
    from django.contrib.auth import get_user_model

    make_lesson(slug="draft", title_en="A draft", published=False)
    client = visitor()
    client.force_login(get_user_model().objects.create_user("eda", password="pw", is_staff=True))
    html = page_of(client, reverse("course", args=["sunduchok"]))
    assert "A draft" in html and "badge--draft" in html


def test_the_course_page_shows_an_anonymous_learners_progress_from_the_session():
    done, begun, fresh = lessons_of("hearts", "First", "Second", "Third")
    client = visitor()
    key = anonymous_key(client)
    services.progress_record_step(lesson=done, session_key=key, step_number=3, completed=True, hints_used=1)
    client.get(begun.step_url(2))   # the lesson page records the step reached

    html = page_of(client, reverse("course", args=["hearts"]))

    assert LessonProgress.objects.get(lesson=begun).session_key == key
    assert "Completed · score 90" in html and 'aria-label="3 of 3 stars"' in html
    assert "Step 2 of 3" in html and "Not started" in html
    assert html.index("First") < html.index("Second") < html.index("Third")
    assert "1 of 3 lessons completed." in html
    assert "Not started" in page_of(visitor(), reverse("course", args=["hearts"]))   # another browser: nothing
    assert "Completed" not in page_of(visitor(), reverse("course", args=["hearts"]))


def test_the_course_page_shows_a_signed_in_learners_progress(django_user_model):
    first, second = lessons_of("rooster", "First", "Second")
    user = django_user_model.objects.create_user("lea", password="pw")
    services.progress_record_step(lesson=first, user=user, step_number=3, completed=True)
    services.progress_record_step(lesson=second, user=user, step_number=1)
    client = visitor("ru")
    client.force_login(user)

    html = page_of(client, reverse("course", args=["rooster"]))

    assert "Пройдено уроков: 1 из 2." in html
    assert "Шаг 1 из 3" in html
    assert "Ваши успехи сохраняются." in html


@pytest.mark.parametrize("page", ["home", "play_index"])
def test_the_game_offers_link_lessons_to_the_course_page(page):
    html = page_of(visitor(), reverse(page))
    for key in GAMES:
        assert f'href="{reverse("course", args=[key])}">Lessons<span class="visually-hidden">' in html


def test_the_lessons_list_links_each_games_heading_to_its_course_page():
    html = page_of(visitor(), reverse("learn"))
    for key, title in TITLES["en"].items():
        assert f'<h2 id="learn-{key}"><a href="{reverse("course", args=[key])}">{title}</a></h2>' in html


def test_the_lesson_page_links_its_game_to_the_course_page():
    lesson = make_lesson()
    html = page_of(visitor(), lesson.step_url(1))
    assert f'<a href="{reverse("course", args=["sunduchok"])}">Sunduchok</a>' in html


# -- continue where you left off ---------------------------------------------------------------------

@pytest.mark.parametrize("page", ["home", "learn"])
def test_a_first_time_visitor_is_offered_nothing_to_continue(page):
    lessons_of("hearts", "First")
    html = page_of(visitor(), reverse(page))
    assert resume_section(html) is None and RESUME["en"] not in html


@pytest.mark.parametrize("page", ["home", "learn"])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_returning_learner_is_offered_the_lesson_at_the_step_reached(page, language):
    first, second = lessons_of("hearts", "First", "Second")
    client = visitor(language)
    client.get(first.step_url(2))

    section = resume_section(page_of(client, reverse(page)))

    assert section is not None
    assert f'<h2 id="resume-heading">{RESUME[language]}</h2>' in section
    title = first.title_en if language == "en" else first.title_ru
    assert title in section and step_href(first, 2) in section
    assert {"en": "Lesson of Hearts", "ru": "Урок по игре «Червы»"}[language] in section
    assert {"en": "Step 2 of 3", "ru": "Шаг 2 из 3"}[language] in section
    go = {"en": "Continue", "ru": "Продолжить"}[language]
    assert f'{go}<span class="visually-hidden">: {title}</span>' in section
    assert "Second" not in section


def test_the_most_recently_touched_unfinished_lesson_comes_first():
    first, second, third = lessons_of("sunduchok", "First", "Second", "Third")
    client = visitor()
    client.get(second.step_url(3))
    client.get(first.step_url(2))
    LessonProgress.objects.filter(lesson=second).update(updated_at=timezone.now() + timedelta(minutes=5))

    section = resume_section(page_of(client, reverse("home")))

    assert "Second" in section and step_href(second, 3) in section and "First" not in section


def test_with_every_begun_lesson_done_the_next_one_not_started_of_the_last_game_is_offered(django_user_model):
    hearts = lessons_of("hearts", "H one", "H two", "H three")
    rooster = lessons_of("rooster", "R one", "R two")
    user = django_user_model.objects.create_user("lea", password="pw")
    services.progress_record_step(lesson=rooster[0], user=user, step_number=3, completed=True)
    services.progress_record_step(lesson=hearts[1], user=user, step_number=3, completed=True)
    LessonProgress.objects.filter(lesson=rooster[0]).update(updated_at=timezone.now() - timedelta(days=1))
    client = visitor()
    client.force_login(user)

    section = resume_section(page_of(client, reverse("learn")))

    assert "H one" in section and f'href="{hearts[0].get_absolute_url()}"' in section
    assert "Start" in section and "Not started" in section and "R two" not in section


def test_a_visitor_with_only_a_game_is_offered_that_games_first_lesson():
    lessons_of("sunduchok", "Chests first", "Chests second")
    lessons_of("hearts", "Tricks first")
    client = visitor()
    start_game(client)

    section = resume_section(page_of(client, reverse("home")))

    assert "Chests first" in section and "Tricks first" not in section and "Chests second" not in section


@pytest.mark.parametrize("language", ["en", "ru"])
def test_an_unfinished_game_is_offered_with_its_age_and_a_link_to_its_table(language):
    client = visitor(language)
    game = start_game(client)
    Game.objects.filter(pk=game.pk).update(created_at=timezone.now() - timedelta(hours=2, minutes=10))

    section = resume_section(page_of(client, reverse("home")))

    label = {"en": "Sunduchok, started 2\xa0hours ago", "ru": "«Сундучок», партия начата 2\xa0часа назад"}[language]
    assert label in section
    play = reverse("play", args=[game.pk])
    assert f'href="{play}">{ {"en": "Continue", "ru": "Продолжить"}[language]}' \
           f'<span class="visually-hidden">: {label}</span></a>' in section
    assert {"en": "Unfinished game", "ru": "Неоконченная партия"}[language] in section
    assert f'href="{play}"' in page_of(client, reverse("learn"))


def test_a_game_started_a_moment_ago_says_so():
    client = visitor()
    start_game(client)
    assert "Sunduchok, started just now" in resume_section(page_of(client, reverse("learn")))


def test_a_finished_game_is_not_offered_and_the_newest_three_unfinished_are():
    client = visitor()
    games = [start_game(client, seed=seed) for seed in range(5)]
    now = timezone.now()
    for age, game in enumerate(games):
        Game.objects.filter(pk=game.pk).update(updated_at=now - timedelta(minutes=age))
    Game.objects.filter(pk=games[0].pk).update(status=Game.Status.FINISHED)

    section = resume_section(page_of(client, reverse("home")))

    offered = re.findall(r'href="/play/([0-9a-f-]+)/"', section)
    assert offered == [str(game.pk) for game in games[1:4]]


def test_nothing_is_offered_when_everything_is_done():
    (lesson,) = lessons_of("yashchiki", "Only")
    client = visitor()
    game = start_game(client)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, game_key="yashchiki")
    services.progress_record_step(lesson=lesson, session_key=anonymous_key(client), step_number=3, completed=True)

    assert resume_section(page_of(client, reverse("home"))) is None


def test_a_signed_in_learner_sees_their_own_games_and_not_anothers(django_user_model):
    user = django_user_model.objects.create_user("lea", password="pw")
    mine = game_create(game_key="hearts", preset="standard", players=4, bot_levels=["easy"] * 3, seed=1,
                       human_name="lea", owner=user)
    theirs = start_game(visitor())   # another browser's game
    client = visitor()
    client.force_login(user)

    section = resume_section(page_of(client, reverse("home")))

    assert f'href="/play/{mine.pk}/"' in section and str(theirs.pk) not in section
    assert "Hearts, started" in section


def test_the_games_of_a_visitor_are_exactly_the_games_they_may_open(django_user_model):
    user = django_user_model.objects.create_user("lea", password="pw")
    owned = game_create(game_key="sunduchok", preset="standard", players=2, bot_levels=["easy"], seed=1,
                        human_name="lea", owner=user)
    anonymous = game_create(game_key="sunduchok", preset="standard", players=2, bot_levels=["easy"], seed=2,
                            human_name="Guest")
    stranger = game_create(game_key="sunduchok", preset="standard", players=2, bot_levels=["easy"], seed=3,
                           human_name="Guest")
    session = {SESSION_GAMES_KEY: [str(anonymous.pk), "not-a-game"]}
    for who in (user, None):
        listed = set(games_of_visitor(user=who, session=session))
        visible = {game for game in (owned, anonymous, stranger) if game_visible_to(game, user=who, session=session)}
        assert listed == visible
    assert set(games_of_visitor(user=user, session=session)) == {owned, anonymous}
