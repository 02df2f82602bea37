"""The proof that a game is one package (issue 28): Duel, a fifth game that lives only in these tests, installed
through the INSTALLED_GAMES setting with no change to generic code, is offered, played, coached, taught,
assigned, mined and seated like the four real games."""

from __future__ import annotations

import html
import re

import pytest
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse

import games.installed
from classroom import services as classroom_services
from games import services
from games.coach import get_coach
from games.coach.review import decision_seed, decision_steps
from games.history import game_history
from games.models import Game
from games.narration import card_name
from games.rules.cards import card_short
from games.services import preset_sync_builtin
from puzzles.documents import puzzle_document
from puzzles.mining import mine
from puzzles.models import Puzzle
from puzzles.selectors import puzzle_state
from puzzles.services import puzzles_import
from rulebook.documents import parse_rules_document
from rulebook.services import rules_pages_import
from tests.classroom.helpers import class_with_students, play_out, signed_in
from tests.together.helpers import play_to_the_end as people_play_to_the_end
from tests.together.helpers import seated_people
from tests.tutorials.helpers import make_lesson
from tests.web.helpers import load_review

pytestmark = pytest.mark.django_db

DESCRIPTION = "Two players, a few hearts each: the higher card takes the trick, and most tricks win."
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def duel_installed():
    with override_settings(INSTALLED_GAMES=(*games.installed.INSTALLED_GAMES, "tests.fifth_game")):
        yield


@pytest.mark.parametrize("page", ["home", "play_index"])
def test_the_offers_list_duel(page):
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse(page)).content.decode()

    assert DESCRIPTION in html
    assert f'href="{reverse("new_game", args=["duel"])}"' in html
    assert f'href="{reverse("rules_page", args=["duel"])}"' in html


def start_duel(client: Client, *, preset: str = "standard", level: str = "hard") -> Game:
    preset_sync_builtin()
    response = client.post(reverse("new_game", args=["duel"]),
                           {"preset": preset, "players": 2, "seed": 5, "bot_1": level})
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.get(pk=response.url.rstrip("/").split("/")[-1])


def play_to_the_end(client: Client, game: Game, *, htmx: bool) -> str:
    """The person's seat plays its lowest card through the move form until the game is over; the last page."""
    for _ in range(10):
        game.refresh_from_db()
        if game.is_over:
            return client.get(reverse("play", args=[game.pk])).content.decode()
        page = client.get(reverse("play", args=[game.pk])).content.decode()
        card = game_history(game).current.legal_actions()[0]["card"]
        assert f'name="card" value="{card}"' in page
        data = {"move": game.move_count, "type": "play", "card": card}
        if htmx:
            response = client.post(reverse("act", args=[game.pk]), data, **HTMX)
            assert response.status_code == 200 and "<html" not in response.content.decode()
        else:
            response = client.post(reverse("act", args=[game.pk]), data, follow=True)
            assert response.status_code == 200
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("htmx", [False, True], ids=["without-javascript", "htmx"])
@pytest.mark.parametrize("preset", ["standard", "short"])
def test_duel_is_played_to_the_end_against_its_bots(htmx, preset):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = start_duel(client, preset=preset)

    page = play_to_the_end(client, game, htmx=htmx)

    game.refresh_from_db()
    assert game.is_over and game.winners
    assert "The game is over." in page
    assert "★ winner" in page   # the standings
    assert sum(game.scores) == (3 if preset == "standard" else 2)


def new_duel(*, level: str = "medium", seed: int = 5) -> Game:
    return services.game_create(game_key="duel", preset="standard", players=2, bot_levels=[level],
                                human_name="Guest", seed=seed)


def visit(client: Client, game: Game) -> None:
    session = client.session
    session["game_ids"] = [str(game.pk)]
    session.save()


def test_the_coach_hints_duels_best_card():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = new_duel()
    visit(client, game)
    history = game_history(game)
    state = history.current
    assert state.current_player == 0

    response = client.post(reverse("hint", args=[game.pk]), **HTMX)

    assert response.status_code == 200
    evaluation = get_coach("duel").evaluate(state.view(0), state.legal_actions(),
                                            seed=decision_seed(game.seed, history.move_count))
    panel = re.search(r'<div class="panel hint-panel"[^>]*>(.*?)</div>', response.content.decode(), re.S)
    assert panel is not None
    assert f"Play {card_short(evaluation.best.action['card'])}" in html.unescape(panel.group(1))
    assert "The tricks you could expect" in html.unescape(panel.group(1))
    game.refresh_from_db()
    assert game.hints_used == 1 and game.move_count == history.move_count


def test_the_coach_reviews_a_finished_duel():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = new_duel(level="hard")
    while not game.is_over:   # the person always plays the lowest card
        action = game_history(game).current.legal_actions()[0]
        game = services.game_apply_action(game_id=game.pk, seat=0, action=action, expected_move=game.move_count)
    visit(client, game)

    page = load_review(client, game)

    history = game_history(game)
    steps = decision_steps(history.states, [logged.seat for logged in history.actions], 0)
    verdicts = re.findall(r'id="move-(\d+)" data-verdict="(\w+)"', page)
    assert [int(number) - 1 for number, _ in verdicts] == steps
    assert "Accuracy" in page


# A deal where the person leads: the ace wins the first trick.
DEAL = {"hands": [["10H", "KH", "AH"], ["9H", "JH", "QH"]], "dealer": 1}
LEAD_ACE = {"type": "play", "card": "AH"}


def make_duel_lesson():
    preset_sync_builtin()
    return make_lesson(slug="first-trick", game_key="duel", title_en="The first trick", steps=[
        {"kind": "text", "body_ru": "Привет", "body_en": "The higher card takes the trick."},
        {"kind": "question", "payload": {"deal": DEAL, "actions": [], "answer": LEAD_ACE},
         "hint_1_ru": "Туз", "hint_1_en": "The ace"},
    ])


def test_duel_has_a_rules_page():
    make_duel_lesson()
    document = {
        "format": 1, "game": "duel", "intro": {"ru": "Правила дуэли.", "en": "The rules of the duel."},
        "sections": [{"slug": "tricks", "number": 1, "title": {"ru": "Взятки", "en": "Tricks"},
                      "body": {"ru": "Старшая карта берёт взятку.", "en": "The higher card takes the trick."},
                      "lesson": "first-trick", "lesson_step": 2}],
        "questions": [],
    }
    rules_pages_import(documents=[parse_rules_document(document, source="duel.json")], overwrite=True)

    response = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("rules_page", args=["duel"]))

    page = response.content.decode()
    assert response.status_code == 200
    assert "The rules of the duel." in page and "The higher card takes the trick." in page
    assert reverse("lesson", args=["duel", "first-trick"]) + "?step=2" in html.unescape(page)


def test_duels_course_has_a_lesson_whose_question_step_is_answered():
    lesson = make_duel_lesson()
    client = Client(HTTP_ACCEPT_LANGUAGE="en")

    course = client.get(reverse("course", args=["duel"])).content.decode()
    assert "The first trick" in course
    step = client.get(reverse("lesson", args=["duel", lesson.slug]) + "?step=2").content.decode()
    assert 'name="card" value="AH"' in step

    wrong = client.post(reverse("lesson_answer", args=["duel", lesson.slug]),
                        {"step": 2, "move": 0, "type": "play", "card": "10H"})
    assert wrong.status_code == 200 and "Not this move" in wrong.content.decode()
    right = client.post(reverse("lesson_answer", args=["duel", lesson.slug]),
                        {"step": 2, "move": 0, **LEAD_ACE})
    assert right.status_code == 302
    assert "Right!" in client.get(right.url).content.decode()


def test_duel_is_assigned_to_a_class_with_its_presets_and_its_round_shows_on_the_dashboard():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    client = signed_in(teacher_user)
    url = reverse("assignment_new", args=[classroom.pk])
    form = client.get(url, {"game": "duel"}).content.decode()
    assert 'value="standard"' in form and 'value="short"' in form and 'value="wins"' in form

    response = client.post(url, {"game": "duel", "title": "Duels", "rounds": 1, "preset": "short", "players": 2,
                                 "bot_1": "medium", "goal": "wins", "goal_count": 1, "students": [masha.pk]})

    assert response.status_code == 302, response.content.decode()[:3000]
    assignment = classroom.assignments.get()
    assert (assignment.game_key, assignment.preset) == ("duel", "short")
    game = play_out(classroom_services.round_start_next(assignment=assignment, student=masha))
    assert sum(game.scores) == 2   # two tricks: the short preset
    page = client.get(reverse("class_dashboard", args=[classroom.pk])).content.decode()
    assert 'data-student="masha"' in page and "status--done" in page and "Duels" in page
    detail = client.get(reverse("assignment_detail", args=[assignment.pk])).content.decode()
    assert f"{game.scores[0]} tricks" in detail   # the round in Duel's own words (round_text)


def test_a_puzzle_is_mined_from_duels_bot_games_and_shown():
    (mined,) = mine("duel", count=1, seed=5)

    assert mined.theme == "which-card" and mined.unit == "tricks"
    assert mined.losses and all(loss >= 1 for _, loss in mined.losses)   # every other card loses a trick
    assert puzzles_import(documents=[puzzle_document(mined)]) == 1
    puzzle = Puzzle.objects.get(game_key="duel")
    assert puzzle.best in puzzle_state(puzzle).legal_actions()
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("puzzle", args=["duel", puzzle.pk])).content.decode()
    assert "Find the best move." in page and 'class="move-form' in page
    answer = Client(HTTP_ACCEPT_LANGUAGE="en").post(reverse("puzzle_answer", args=["duel", puzzle.pk]),
                                                     {"move": len(puzzle.actions), **puzzle.best}, **HTMX)
    assert "Right: that is the best move." in answer.content.decode()


def test_two_people_sit_at_a_duel_table_and_play_it_to_the_end():
    cache.clear()   # the tables' attempt counters live in the cache
    game, clients = seated_people("duel", ("person", "person"), seed=5)
    state = game_history(game).current
    for seat, client in clients.items():   # each person at their own seat, the move form only for the one to move
        page = client.get(reverse("play", args=[game.pk])).content.decode()
        assert all(card_name(card, "en") in page for card in state.view(seat)["hand"])
        offered = set(re.findall(r'name="card" value="([^"]+)"', page))
        assert offered == (set(state.view(seat)["hand"]) if seat == state.current_player else set())

    game = people_play_to_the_end(game, clients)

    assert game.is_over and sum(game.scores) == 3 and game.winners
    assert [info["kind"] for info in game.seats] == ["human", "human"]
