"""The lesson player through Django's test client: the list of lessons, steps, answers, hints, the end
screen, progress of anonymous learners and its merge at sign-in, drafts, hidden cards and practice."""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from games.history import game_history
from games.models import Game
from games.narration import card_name, narrator_for
from games.tables import hand_summary
from tests.tutorials.helpers import ASK_QUEENS, COUNT_TWO, DEAL, SUITS_DS, make_lesson
from tests.web.helpers import a_legal_action, assert_no_hidden_cards, card_spellings, move_data
from tutorials import services
from tutorials.documents import parse_document
from tutorials.feedback import wrong_answer_text
from tutorials.markdown import render_markdown
from tutorials.models import Lesson, LessonProgress
from tutorials.payloads import position_from_payload
from tutorials.sessions import learner_session_key

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
WRONG_LINE = re.compile(r'<div class="feedback feedback--wrong" role="alert">.*?<p class="feedback__line">(.*?)</p>',
                        re.S)
LESSONS = Path(__file__).resolve().parents[2] / "content" / "lessons"
TWO_QUEENS = LESSONS / "sunduchok" / "two-queens.json"


@pytest.fixture
def client(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"   # the lesson texts of the assertions are the English ones
    return client


def import_file(path: Path) -> Lesson:
    data = json.loads(path.read_text(encoding="utf-8"))
    services.lessons_import(documents=[parse_document(data, source=str(path))], overwrite=True)
    return Lesson.objects.get(game_key=data["game"], slug=data["slug"])


@pytest.fixture
def two_queens(presets) -> Lesson:
    return import_file(TWO_QUEENS)


def next_lesson_file(after: Lesson) -> Path | None:
    """The lesson file that follows `after` in its game's order, if another helper has written one."""
    candidates = []
    for path in (LESSONS / after.game_key).glob("*.json"):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            continue
        if data.get("slug") != after.slug and data.get("published") and (data.get("order"), data.get("slug")) > (
                after.order, after.slug):
            candidates.append(((data["order"], data["slug"]), path))
    return min(candidates)[1] if candidates else None


def step_url(lesson: Lesson, number: int, **extra) -> str:
    url = reverse("lesson", args=[lesson.game_key, lesson.slug]) + f"?step={number}"
    return url + "".join(f"&{key}={value}" for key, value in extra.items())


def url_of(lesson: Lesson, name: str) -> str:
    return reverse(name, args=[lesson.game_key, lesson.slug])


def answer(client, lesson: Lesson, number: int, action: dict, **extra):
    data = {**move_data_for(action, game_key=lesson.game_key), "step": number}
    return client.post(url_of(lesson, "lesson_answer"), data, **extra)


def move_data_for(action: dict, *, game_key: str = "sunduchok") -> dict:
    return move_data(Game(move_count=0, game_key=game_key), action)


def progress(lesson: Lesson) -> LessonProgress:
    return LessonProgress.objects.get(lesson=lesson)


def shown_step(html: str) -> str:
    return re.search(r'id="lesson-step"[^>]*data-step="([^"]+)"', html).group(1)


# -- the list of lessons ---------------------------------------------------------------------------

def test_the_index_lists_published_lessons_with_the_learners_progress(client):
    queens = make_lesson(slug="queens", order=1, title_en="Queens")
    kings = make_lesson(slug="kings", order=2, title_en="Kings")
    make_lesson(slug="secret", order=3, title_en="Secret draft", published=False)

    page = client.get(reverse("learn")).content.decode()
    assert page.index("Queens") < page.index("Kings") and "Secret draft" not in page
    assert page.count('lesson-card__status">Not started') == 2

    client.get(step_url(queens, 2))
    for number, action in ((3, COUNT_TWO),):
        answer(client, queens, number, action)
    client.get(url_of(queens, "lesson_done"))
    client.get(step_url(kings, 2))

    page = client.get(reverse("learn")).content.decode()
    assert "Completed · score 100" in page and 'aria-label="3 of 3 stars"' in page
    assert "Step 2 of 3" in page
    assert f'href="{kings.get_absolute_url()}"' in page


# -- steps, the address, fragments -----------------------------------------------------------------

def test_a_lesson_steps_through_text_replay_and_question(client):
    lesson = make_lesson()

    first = client.get(url_of(lesson, "lesson"))
    assert first.status_code == 302 and first.url.endswith("?step=1")   # the address names the step
    page = client.get(first.url).content.decode()
    assert "Hello" in page and "Step 1 of 3" in page
    assert '<progress class="lesson-progress__bar" max="3" value="1"' in page
    assert f'href="{step_url(lesson, 2)}"' in page and 'hx-push-url="true"' in page

    replay = client.get(step_url(lesson, 2)).content.decode()
    assert "Step 2 of 3" in replay and 'class="table"' in replay and "move-form" not in replay
    assert "do you have queens?" in replay   # the actions so far, told in the log
    assert f'href="{step_url(lesson, 1)}"' in replay and f'href="{step_url(lesson, 3)}"' in replay

    question = client.get(step_url(lesson, 3)).content.decode()
    assert "move-form" in question and f'action="{url_of(lesson, "lesson_answer")}"' in question
    assert 'name="count" value="2"' in question and 'name="step" value="3"' in question
    assert progress(lesson).furthest_step == 3


def test_without_a_step_the_lesson_opens_where_the_learner_left_off(client):
    lesson = make_lesson()
    client.get(step_url(lesson, 2))
    response = client.get(url_of(lesson, "lesson"))
    assert response.status_code == 302 and response.url.endswith("?step=2")


@pytest.mark.parametrize("asked, shown", [("0", 1), ("-4", 1), ("99", 3), ("two", 1)])
def test_a_step_out_of_range_is_clamped(client, asked, shown):
    lesson = make_lesson()
    response = client.get(url_of(lesson, "lesson") + f"?step={asked}")
    assert response.status_code == 302 and response.url == step_url(lesson, shown)
    fragment = client.get(url_of(lesson, "lesson") + f"?step={asked}", **HTMX)
    assert fragment.status_code == 200 and shown_step(fragment.content.decode()) == str(shown)
    assert fragment["HX-Push-Url"] == step_url(lesson, shown)


def test_htmx_gets_the_step_fragment_and_a_plain_request_the_whole_page(client):
    lesson = make_lesson()
    page = client.get(step_url(lesson, 2)).content.decode()
    fragment = client.get(step_url(lesson, 2), **HTMX).content.decode()
    assert page.lstrip().startswith("<!doctype html>") and "lesson.js" in page and 'id="lesson-step"' in page
    assert fragment.lstrip().startswith('<section id="lesson-step"') and "<html" not in fragment
    assert "site-header" not in fragment


def test_a_lesson_without_steps_says_so(client):
    lesson = make_lesson(steps=[])
    response = client.get(url_of(lesson, "lesson"))
    assert response.status_code == 200 and "no steps yet" in response.content.decode()


def test_unknown_lessons_are_404(client):
    assert client.get(reverse("lesson", args=["sunduchok", "no-such"])).status_code == 404
    assert client.get(reverse("lesson", args=["poker", "queens"])).status_code == 404


# -- questions -------------------------------------------------------------------------------------

def test_a_wrong_answer_tells_what_is_wrong_with_it_the_explanation_waits_for_the_second(client, two_queens):
    client.get(step_url(two_queens, 3))
    before = progress(two_queens)
    explanation = str(render_markdown(two_queens.steps.get(number=3).explanation_en))

    step, eights = two_queens.steps.get(number=3), {"type": "ask", "target": 1, "rank": "8"}
    response = answer(client, two_queens, 3, eights)

    page = response.content.decode()
    assert response.status_code == 200 and "Not this move" in page
    with translation.override("en"):
            assert html.unescape(WRONG_LINE.search(page).group(1)) == wrong_answer_text(
                game_key="sunduchok", state=position_from_payload("sunduchok", two_queens.variant(), step.payload),
            payload=step.payload, action=eights, names=["You", "Opponent"], language="en")
    assert explanation not in page and "lesson-explanation" in page and "Show the explanation" in page
    assert "move-form" in page and shown_step(page) == "3"   # the same question again, to retry
    after = progress(two_queens)
    assert after.wrong_answers == before.wrong_answers + 1
    assert after.score == before.score - services.WRONG_ANSWER_COST
    assert (after.furthest_step, after.hints_used, after.completed) == (
        before.furthest_step, before.hints_used, before.completed)
    assert after.step_states["3"] == {"wrong": 1}

    second = answer(client, two_queens, 3, {"type": "ask", "target": 1, "rank": "A"}).content.decode()
    assert "Not this move" in second and "do you have aces?" in second
    assert explanation in second and "Show the explanation" not in second
    assert progress(two_queens).step_states["3"] == {"wrong": 2}
    assert explanation in client.get(step_url(two_queens, 3)).content.decode()   # it stays, on reload too

    right = answer(client, two_queens, 3, ASK_QUEENS)
    assert right.status_code == 302 and right.url == step_url(two_queens, 4)
    page = client.get(right.url).content.decode()
    assert "Right!" in page and "Opponent, do you have queens? — Opponent: Yes." in page
    assert shown_step(page) == "4" and 'name="count"' in page
    assert progress(two_queens).furthest_step == 4 and progress(two_queens).step_states["3"]["answered"]
    assert "Right!" not in client.get(right.url).content.decode()   # the result is shown once


def test_a_right_answer_with_htmx_swaps_in_the_next_step_and_pushes_its_address(client, two_queens):
    response = answer(client, two_queens, 3, ASK_QUEENS, **HTMX)
    page = response.content.decode()
    assert response.status_code == 200 and response["HX-Push-Url"] == step_url(two_queens, 4)
    assert page.lstrip().startswith('<section id="lesson-step"') and shown_step(page) == "4"
    assert "Right!" in page and "Your hand now" not in page   # step 4's table already shows the position


def test_the_result_shows_the_hand_when_the_next_step_shows_another_position(client):
    lesson = make_lesson(steps=[
        {"kind": "question", "payload": {"deal": DEAL, "answer": ASK_QUEENS}},
        {"kind": "text", "body_en": "Well done"},
    ])
    page = answer(client, lesson, 1, ASK_QUEENS, **HTMX).content.decode()
    assert "Right!" in page and "Your hand now" in page and "Well done" in page


def test_an_illegal_move_shows_the_engines_message_and_records_nothing(client, two_queens):
    client.get(step_url(two_queens, 3))
    before = progress(two_queens)
    for extra in ({}, HTMX):
        response = answer(client, two_queens, 3, {"type": "ask", "target": 1, "rank": "K"}, **extra)
        assert response.status_code == 400
        assert "message--error" in response.content.decode()
    bad_form = client.post(url_of(two_queens, "lesson_answer"), {"step": 3, "move": 0, "type": "fold"})
    assert bad_form.status_code == 400 and "Unknown action" in bad_form.content.decode()
    after = progress(two_queens)
    assert (after.wrong_answers, after.score, after.furthest_step) == (0, 100, before.furthest_step)


def test_answering_a_step_that_asks_nothing_is_refused(client, two_queens):
    response = answer(client, two_queens, 2, ASK_QUEENS)
    assert response.status_code == 400 and "asks no question" in response.content.decode()
    assert client.post(url_of(two_queens, "lesson_answer"), {"step": 42}).status_code == 404
    assert client.get(url_of(two_queens, "lesson_answer")).status_code == 405


def test_hints_are_revealed_in_order_and_each_costs_score(client, two_queens):
    step = two_queens.steps.get(number=3)
    page = client.get(step_url(two_queens, 3)).content.decode()
    assert step.hint_1 not in page and "Show hint 1" in page

    response = client.post(url_of(two_queens, "lesson_hint"), {"step": 3})
    assert response.status_code == 302 and response.url == step_url(two_queens, 3)
    page = client.get(response.url).content.decode()
    assert str(render_markdown(step.hint_1)) in page and step.hint_2 not in page and "Show hint 2" in page
    assert progress(two_queens).score == 100 - services.HINT_COST

    page = client.post(url_of(two_queens, "lesson_hint"), {"step": 3}, **HTMX).content.decode()
    assert page.index(str(render_markdown(step.hint_1))) < page.index(str(render_markdown(step.hint_2)))
    assert "Show hint" not in page
    client.post(url_of(two_queens, "lesson_hint"), {"step": 3})   # no third hint: nothing more to pay
    assert (progress(two_queens).hints_used, progress(two_queens).score) == (2, 100 - 2 * services.HINT_COST)
    assert "Score <strong>80</strong>" in client.get(step_url(two_queens, 3)).content.decode()


def test_a_step_whose_editor_chose_so_shows_its_explanation_after_the_first_wrong_answer(client):
    explained = {"kind": "question", "payload": {"deal": DEAL, "answer": ASK_QUEENS, "explain_after_first_wrong": True},
                 "explanation_en": "Ask for **queens**: you hold two.", "explanation_ru": "Спросите о **дамах**."}
    lesson = make_lesson(steps=[explained])
    explanation = str(render_markdown(explained["explanation_en"]))
    page = client.get(step_url(lesson, 1)).content.decode()
    assert explanation not in page and "It comes by itself after a wrong answer." in page

    wrong = answer(client, lesson, 1, {"type": "ask", "target": 1, "rank": "8"}, **HTMX).content.decode()
    assert "Not this move" in wrong and explanation in wrong and "Show the explanation" not in wrong
    assert progress(lesson).step_states["1"] == {"wrong": 1}
    assert explanation in client.get(step_url(lesson, 1)).content.decode()   # it stays, on reload too

    usual = make_lesson(slug="usual", steps=[{**explained, "payload": {"deal": DEAL, "answer": ASK_QUEENS}}])
    assert "It comes by itself after a second wrong answer." in client.get(step_url(usual, 1)).content.decode()
    first = answer(client, usual, 1, {"type": "ask", "target": 1, "rank": "8"}, **HTMX).content.decode()
    assert "Not this move" in first and explanation not in first and "Show the explanation" in first


def test_the_explanation_on_request_costs_a_hint_once_and_is_free_after_the_right_answer(client, two_queens):
    explanation = str(render_markdown(two_queens.steps.get(number=3).explanation_en))
    page = client.get(step_url(two_queens, 3)).content.decode()
    assert explanation not in page and "Show the explanation" in page and f"−{services.HINT_COST} points" in page

    response = client.post(url_of(two_queens, "lesson_explanation"), {"step": 3})   # no JavaScript
    assert response.status_code == 302 and response.url == step_url(two_queens, 3)
    page = client.get(response.url).content.decode()
    assert explanation in page and "Show the explanation" not in page
    assert (progress(two_queens).hints_used, progress(two_queens).score) == (1, 100 - services.HINT_COST)
    assert progress(two_queens).step_states["3"]["explained"] is True

    again = client.post(url_of(two_queens, "lesson_explanation"), {"step": 3}, **HTMX)   # shown already: free
    assert again.status_code == 200 and explanation in again.content.decode()
    assert again.content.decode().lstrip().startswith('<section id="lesson-step"')
    assert progress(two_queens).hints_used == 1

    answer(client, two_queens, 4, COUNT_TWO)   # step 4 answered right first: its explanation is then free
    client.post(url_of(two_queens, "lesson_explanation"), {"step": 4})
    assert progress(two_queens).hints_used == 1
    assert client.post(url_of(two_queens, "lesson_explanation"), {"step": 1}).status_code == 302   # nothing there
    assert progress(two_queens).hints_used == 1


# -- the end of a lesson ---------------------------------------------------------------------------

def go_through_two_queens(client, lesson: Lesson, *, wrong_first: bool = False, hints: int = 0) -> str:
    for number in (1, 2):
        assert client.get(step_url(lesson, number)).status_code == 200
    for _ in range(hints):
        client.post(url_of(lesson, "lesson_hint"), {"step": 4})
    if wrong_first:
        answer(client, lesson, 3, {"type": "ask", "target": 1, "rank": "A"})
    for number, action in ((3, ASK_QUEENS), (4, COUNT_TWO)):
        response = answer(client, lesson, number, action)
        assert response.status_code == 302 and response.url == step_url(lesson, number + 1)
    # Step 5 shows the suits being named: with two queens of your own there is only one suit pair to name.
    replay = client.get(step_url(lesson, 5)).content.decode()
    assert "Your move" not in replay and "Diamonds and spades?" in replay
    page = client.get(step_url(lesson, 6)).content.decode()
    assert "Finish" in page and f'href="{url_of(lesson, "lesson_done")}"' in page
    return client.get(url_of(lesson, "lesson_done")).content.decode()


def test_completing_two_queens_without_mistakes_gives_three_stars(client, two_queens):
    page = go_through_two_queens(client, two_queens)
    assert "Lesson complete" in page and 'aria-label="3 of 3 stars"' in page
    assert "Score: <strong>100</strong>" in page and f'href="{reverse("learn")}"' in page
    done = progress(two_queens)
    assert (done.completed, done.stars, done.furthest_step) == (True, 3, 6)


def test_hints_and_a_wrong_answer_cost_stars(client, two_queens):
    page = go_through_two_queens(client, two_queens, wrong_first=True, hints=2)
    score = 100 - 2 * services.HINT_COST - services.WRONG_ANSWER_COST
    assert f"Score: <strong>{score}</strong>" in page and 'aria-label="2 of 3 stars"' in page
    assert progress(two_queens).stars == 2


def test_the_end_screen_links_the_next_lesson(client, two_queens):
    following = next_lesson_file(two_queens)
    if following is None:
        pytest.skip("no lesson file follows two-queens yet")
    nxt = import_file(following)
    page = go_through_two_queens(client, two_queens)
    assert f'href="{nxt.get_absolute_url()}"' in page and "Next lesson" in page


def test_the_end_screen_links_the_next_lesson_by_order(client):
    first = make_lesson(slug="first", order=1)
    make_lesson(slug="draft", order=2, published=False)
    third = make_lesson(slug="third", order=3, title_en="The third")
    answer(client, first, 3, COUNT_TWO)
    page = client.get(url_of(first, "lesson_done")).content.decode()
    assert f'href="{third.get_absolute_url()}"' in page and "Next lesson: The third" in page
    last = client.get(url_of(third, "lesson_done"), **HTMX).content.decode()
    assert "Next lesson" not in last


def test_a_skipped_question_must_be_answered_before_the_lesson_is_complete(client, two_queens):
    answer(client, two_queens, 3, ASK_QUEENS)
    page = client.get(url_of(two_queens, "lesson_done")).content.decode()
    assert "Lesson complete" not in page
    assert f'href="{step_url(two_queens, 4)}"' in page and f'href="{step_url(two_queens, 5)}"' not in page
    assert not progress(two_queens).completed


def test_a_right_answer_on_the_last_step_ends_the_lesson(client):
    lesson = make_lesson()
    response = answer(client, lesson, 3, COUNT_TWO)
    assert response.status_code == 302 and response.url == url_of(lesson, "lesson_done")
    page = client.get(response.url).content.decode()
    assert "Right!" in page and "Lesson complete" in page
    fragment = answer(client, lesson, 3, COUNT_TWO, **HTMX)
    assert fragment["HX-Push-Url"] == url_of(lesson, "lesson_done")
    assert "Lesson complete" in fragment.content.decode()


# -- who the learner is ----------------------------------------------------------------------------

def test_anonymous_progress_is_kept_in_the_session_and_merged_at_sign_in(client, django_user_model, two_queens):
    user = django_user_model.objects.create_user(username="lea", password="pw-for-tests")
    go_through_two_queens(client, two_queens, hints=1)
    key = learner_session_key(client.session)
    anonymous = LessonProgress.objects.get(lesson=two_queens)
    assert key and anonymous.session_key == key and anonymous.user is None and anonymous.completed

    response = client.post("/accounts/login/", {"username": "lea", "password": "pw-for-tests"})

    assert response.status_code == 302
    mine = LessonProgress.objects.get(lesson=two_queens)
    assert (mine.user, mine.session_key, mine.completed, mine.score) == (user, None, True, 90)
    page = client.get(reverse("learn")).content.decode()
    assert "Completed · score 90" in page
    other = type(client)()
    assert "Completed" not in other.get(reverse("learn")).content.decode()


def test_signed_in_progress_belongs_to_the_user(client, django_user_model):
    user = django_user_model.objects.create_user(username="sam", password="pw")
    client.force_login(user)
    lesson = make_lesson()
    client.get(step_url(lesson, 2))
    assert LessonProgress.objects.get(lesson=lesson).user == user


# -- drafts ----------------------------------------------------------------------------------------

def test_an_unpublished_lesson_is_404_for_learners_and_open_to_staff(client, django_user_model):
    draft = make_lesson(slug="draft", published=False)
    assert client.get(step_url(draft, 1)).status_code == 404
    assert client.post(url_of(draft, "lesson_hint"), {"step": 3}).status_code == 404
    client.force_login(django_user_model.objects.create_user(username="lea", password="pw"))
    assert client.get(step_url(draft, 1)).status_code == 404
    client.force_login(django_user_model.objects.create_user(username="eda", password="pw", is_staff=True))
    page = client.get(step_url(draft, 2))
    assert page.status_code == 200 and "draft" in page.content.decode()
    assert "Queens" in client.get(reverse("learn")).content.decode()


# -- hidden cards ----------------------------------------------------------------------------------

def teaching_lesson() -> Lesson:
    return make_lesson(slug="open", steps=[
        {"kind": "replay", "payload": {"deal": DEAL, "actions": [ASK_QUEENS], "show_all_hands": True}},
        {"kind": "question", "payload": {"deal": DEAL, "actions": [ASK_QUEENS], "answer": COUNT_TWO,
                                         "show_all_hands": True}},
        {"kind": "replay", "payload": {"deal": DEAL, "actions": [ASK_QUEENS]}},
    ])


def test_replay_and_question_steps_show_no_card_hidden_from_the_learner(client):
    """Hidden hands stay hidden: on a step without open hands, and on one whose hands the learner hid."""
    lesson = teaching_lesson()
    for number, step in enumerate(lesson.steps.order_by("number"), start=1):
        state = position_from_payload(lesson.game_key, lesson.variant(), step.payload)
        for extra in ({}, HTMX):
            page = client.get(step_url(lesson, number, all=0), **extra).content.decode()
            assert_no_hidden_cards(page, state, 0)
            for card in state.view(0)["hand"]:
                assert f'aria-label="{card_name(card)}"' in page
    state = position_from_payload(lesson.game_key, lesson.variant(), lesson.steps.get(number=3).payload)
    assert_no_hidden_cards(client.get(step_url(lesson, 3)).content.decode(), state, 0)


def test_a_step_with_open_hands_shows_them_from_the_start_and_says_so(client):
    lesson = teaching_lesson()
    opened = client.get(step_url(lesson, 1)).content.decode()
    for card in ("QD", "QS", "7H", "KC"):
        assert f'aria-label="{card_name(card)}"' in opened
    assert "All hands are face up in this teaching example" in opened
    assert f'href="{step_url(lesson, 1, all=0).replace("&", "&amp;")}"' in opened and "Hide the other hands" in opened
    # The stock stays face down: no spelling of its card (its code in quotes, as a page would hold it; a bare "6C"
    # may be part of the page's random CSRF token).
    assert not [spelling for spelling in card_spellings("6C") if spelling in opened]
    hidden = client.get(step_url(lesson, 1, all=0)).content.decode()
    assert "Show all hands" in hidden and "face up in this teaching example" not in hidden
    assert f'aria-label="{card_name("QD")}"' not in hidden

    state = position_from_payload(lesson.game_key, lesson.variant(), lesson.steps.get(number=3).payload)
    not_allowed = client.get(step_url(lesson, 3, all=1)).content.decode()
    assert "Show all hands" not in not_allowed
    assert_no_hidden_cards(not_allowed, state, 0)


# -- practice --------------------------------------------------------------------------------------

def practice_lesson(goal: dict, **payload) -> Lesson:
    return make_lesson(slug="practice", steps=[
        {"kind": "text", "body_en": "Now play"},
        {"kind": "practice", "body_en": "Play a short game.",
         "payload": {"deal": DEAL, "bots": ["easy"], "goal": goal, **payload}},
    ])


def start_practice(client, lesson: Lesson, number: int = 2) -> Game:
    response = client.post(url_of(lesson, "lesson_practice"), {"step": number})
    assert response.status_code == 302
    game = Game.objects.get(pk=response.url.rstrip("/").split("/")[-1])
    assert response.url == reverse("play", args=[game.pk])
    return game


def play_randomly_to_the_end(client, game: Game, seed: int = 0) -> Game:
    rng = random.Random(seed)
    for _ in range(2000):
        game.refresh_from_db()
        if game.is_over:
            return game
        response = client.post(reverse("act", args=[game.pk]), move_data(game, a_legal_action(game, rng)))
        assert response.status_code == 302, response.content.decode()[:1000]
    raise AssertionError("the game did not end")


def test_a_practice_step_starts_a_game_from_its_deal_and_reports_the_goal_at_the_end(client):
    lesson = practice_lesson({"type": "win"})
    page = client.get(step_url(lesson, 2)).content.decode()
    assert "Goal:</strong> Win the game." in page and "Start the practice game" in page

    game = start_practice(client, lesson)
    assert game.deal["hands"] == DEAL["hands"] and game.deal["stock"] == DEAL["stock"] and game.dealer == 1
    assert [seat["kind"] for seat in game.seats] == ["human", "bot"] and game.seats[1]["level"] == "easy"
    assert game.variant == lesson.variant().to_dict()
    assert sorted(game_history(game).states[0].view(0)["hand"]) == sorted(DEAL["hands"][0])
    play_page = client.get(reverse("play", args=[game.pk])).content.decode()
    assert f'href="{step_url(lesson, 2)}"' in play_page and "Back to the lesson" in play_page

    assert "under way" in client.get(step_url(lesson, 2)).content.decode()
    game = play_randomly_to_the_end(client, game)

    end = client.get(reverse("play", args=[game.pk])).content.decode()
    assert "Game over" in end and "Play again" not in end and f'href="{step_url(lesson, 2)}"' in end
    page = client.get(step_url(lesson, 2)).content.decode()
    if 0 in game.winners:
        assert "Goal reached" in page
    else:
        assert "was not reached" in page
    assert "Start a new practice game" in page


def test_a_chest_goal_counts_as_soon_as_the_chest_is_laid_down(client):
    lesson = practice_lesson({"type": "chests", "count": 1})
    game = start_practice(client, lesson)
    for action in (ASK_QUEENS, COUNT_TWO, SUITS_DS):
        game.refresh_from_db()
        client.post(reverse("act", args=[game.pk]), move_data(game, action))
    game.refresh_from_db()
    assert not game.is_over
    assert "Goal reached" in client.get(step_url(lesson, 2)).content.decode()


def test_a_practice_goal_is_missed_when_the_moves_run_out(client):
    lesson = practice_lesson({"type": "chests", "count": 1}, max_moves=1)
    game = start_practice(client, lesson)
    client.post(reverse("act", args=[game.pk]), move_data(game, {"type": "ask", "target": 1, "rank": "8"}))
    game.refresh_from_db()
    assert not game.is_over and game_history(game).current.current_player == 0
    page = client.get(step_url(lesson, 2)).content.decode()
    assert "within 1 move." in page and "was not reached" in page


def test_a_practice_from_a_later_position_plays_the_opening_actions_first(client):
    lesson = practice_lesson({"type": "chests", "count": 1}, actions=[ASK_QUEENS])
    game = start_practice(client, lesson)
    assert list(game.actions.order_by("number").values_list("action", flat=True)) == [ASK_QUEENS]
    assert game_history(game).current.view(0)["request"] is not None


def test_practice_needs_a_practice_step(client):
    lesson = practice_lesson({"type": "win"})
    assert client.post(url_of(lesson, "lesson_practice"), {"step": 1}).status_code == 400
    assert Game.objects.count() == 0


def test_a_practice_keeps_the_lessons_own_rules_and_the_learners_seat_also_when_played_again(client):
    from games.models import Preset

    preset = Preset.objects.create(game_key="sunduchok", slug="ask-the-next", name="Ask the next",
                                   fields={"target": "next"})
    lesson = make_lesson(slug="seat-one", preset=preset, steps=[
        {"kind": "practice", "payload": {"deal": DEAL, "seat": 1, "bots": ["medium"], "goal": {"type": "win"}}},
    ])
    game = start_practice(client, lesson, number=1)
    assert [seat["kind"] for seat in game.seats] == ["bot", "human"] and game.seats[0]["level"] == "medium"
    assert game.variant["target"] == "next" and game.preset == "ask-the-next"
    assert game_history(game).current.current_player in (1, None)   # the bot opened, up to the learner's turn

    again = client.post(reverse("play_again", args=[game.pk]))
    new = Game.objects.exclude(pk=game.pk).get()
    assert again.status_code == 302 and (new.variant, new.seats[1]["kind"]) == (game.variant, "human")


def test_a_retry_after_a_wrong_answer_keeps_the_hands_open(client):
    lesson = teaching_lesson()
    page = client.get(step_url(lesson, 2)).content.decode()
    assert f'aria-label="{card_name("QD")}"' in page
    hidden = client.get(step_url(lesson, 2, all=0)).content.decode()
    assert 'name="all" value="0"' in hidden
    retry = client.post(url_of(lesson, "lesson_answer"), {**move_data_for({"type": "count", "count": 1}),
                                                            "step": 2, "all": 1}).content.decode()
    assert "Not this move" in retry and f'aria-label="{card_name("QD")}"' in retry


def test_a_practice_step_counts_only_when_its_game_is_played(client):
    lesson = practice_lesson({"type": "win"})
    page = client.get(url_of(lesson, "lesson_done")).content.decode()
    assert "Lesson complete" not in page and "Step 2: play the practice game" in page   # skipped with Finish

    start_practice(client, lesson)
    page = client.get(url_of(lesson, "lesson_done")).content.decode()
    assert "Lesson complete" not in page and not progress(lesson).completed   # started, not played

    won = play_until(client, lesson, won=True)
    assert "Lesson complete" in client.get(url_of(lesson, "lesson_done")).content.decode()
    assert progress(lesson).completed and 0 in won.winners


def play_until(client, lesson: Lesson, *, won: bool, number: int = 2) -> Game:
    """Practice games of the lesson's step, the learner moving at random, until one is won (or lost)."""
    for seed in range(20):
        game = play_randomly_to_the_end(client, start_practice(client, lesson, number), seed=seed)
        if (0 in game.winners) == won:
            return game
    raise AssertionError(f"no practice game {'won' if won else 'lost'} in 20")


def test_a_lost_game_misses_the_win_goal_the_lesson_offers_it_again_and_is_not_complete(client):
    lesson = practice_lesson({"type": "win"})
    lost = play_until(client, lesson, won=False)

    page = client.get(step_url(lesson, 2)).content.decode()
    assert "The goal was not reached this time" in page and "Start a new practice game" in page
    end = client.get(reverse("play", args=[lost.pk])).content.decode()
    screen = end[end.index('class="panel end-screen"'):]
    assert "The lesson’s goal:" in screen and "Win the game." in screen and "Not reached this time" in screen
    assert f'href="{step_url(lesson, 2)}"' in screen and "Back to the lesson" in screen
    done = client.get(url_of(lesson, "lesson_done")).content.decode()
    assert "Lesson complete" not in done and "Step 2: play the practice game" in done
    assert not progress(lesson).completed and progress(lesson).stars == 0

    won = play_until(client, lesson, won=True)
    screen = client.get(reverse("play", args=[won.pk])).content.decode()
    assert "Win the game." in screen and "Reached." in screen and "Not reached" not in screen
    assert "Goal reached" in client.get(step_url(lesson, 2)).content.decode()
    assert "Lesson complete" in client.get(url_of(lesson, "lesson_done")).content.decode()
    assert progress(lesson).completed


def test_the_play_page_says_the_goal_while_playing_and_when_the_moves_ran_out(client):
    lesson = practice_lesson({"type": "chests", "count": 1}, max_moves=1)
    game = start_practice(client, lesson)
    page = client.get(reverse("play", args=[game.pk])).content.decode()
    assert "The lesson’s goal:" in page and "Collect 1 chest within 1 move." in page and "Not reached" not in page
    client.post(reverse("act", args=[game.pk]), move_data(game, {"type": "ask", "target": 1, "rank": "8"}))
    table = client.get(reverse("table", args=[game.pk]), **HTMX).content.decode()
    assert "Collect 1 chest within 1 move." in table and "Not reached this time" in table

    # A pushed table (games.consumers) says it too, read from the same session.
    from games.consumers import GameTableConsumer

    game.refresh_from_db()
    page = GameTableConsumer()
    page.scope = {"session": client.session, "user": None}
    page.seat, page.language, page.preset_name = 0, "en", "Standard"
    pushed = page._render_step(game, game.move_count)
    assert "Collect 1 chest within 1 move." in pushed and "Not reached this time" in pushed


def test_the_result_says_the_chests_in_words():
    state = position_from_payload("sunduchok", Lesson(game_key="sunduchok").variant(),
                                  {"deal": DEAL, "actions": [ASK_QUEENS, COUNT_TWO, SUITS_DS]})
    view = state.view(0)
    names = ["You", "Opponent"]
    english = hand_summary("sunduchok", view, narrator_for("sunduchok", names, 0, "en"), seat=0)
    russian = hand_summary("sunduchok", view, narrator_for("sunduchok", names, 0, "ru"), seat=0)
    assert english == {"hand": ["8D", "AS"], "holdings": "Your chests: queens."}
    assert russian["holdings"] == "Ваши сундучки: дамы."
    before = position_from_payload("sunduchok", Lesson(game_key="sunduchok").variant(), {"deal": DEAL}).view(0)
    assert hand_summary("sunduchok", before, narrator_for("sunduchok", names, 0, "en"), seat=0)["holdings"] == ""


def test_a_hearts_pass_leaves_the_passed_cards_out_of_the_hand_shown(client, presets):
    # The pass step of pass-cycle, followed by a step without a table: the result shows the hand after the pass.
    pass_step = import_file(LESSONS / "hearts" / "pass-cycle.json").steps.get(number=2)
    lesson = make_lesson(slug="pass", game_key="hearts", preset=pass_step.lesson.preset, steps=[
        {"kind": "question", "payload": pass_step.payload},
        {"kind": "text", "body_en": "Well done"},
    ])
    passed = pass_step.payload["answer"]["cards"]
    response = answer(client, lesson, 1, pass_step.payload["answer"])
    page = client.get(response.url).content.decode()
    result = re.search(r'<div class="feedback feedback--right".*?</div>', page, re.S).group(0)
    assert "Your hand now" in result and result.count('class="card') == 10
    for card in passed:
        assert f'aria-label="{card_name(card)}"' not in result


def test_no_hand_is_shown_above_a_table_that_shows_a_later_position(client, presets):
    # two-queens step 5 follows the question of step 4 and shows the queens already laid as a chest.
    lesson = import_file(TWO_QUEENS)
    step = lesson.steps.get(number=4)
    page = client.get(answer(client, lesson, 4, step.payload["answer"]).url).content.decode()
    assert "Right!" in page and "Your hand now" not in page and 'class="lesson__table"' in page
