"""Assignments of every game: the form starts with the game; each game's goals graded from real finished games;
the hint allowed, counted or forbidden per assignment; the same deals for every student in every game."""

from __future__ import annotations

import csv
import html
import io
import re

import pytest
from django.apps import apps
from django.urls import reverse
from django.utils import translation

from classroom import services
from classroom.models import Assignment, PracticeRound
from classroom.selectors import progress_table
from classroom.services import ClassroomError
from games.history import game_history
from games.models import Game
from tests.classroom.helpers import (
    class_with_students,
    play_out,
    practice_assignment,
    signed_in,
    teacher,
)

pytestmark = pytest.mark.django_db

# A quick round of each game: its table size and its shortest preset.
QUICK = {"sunduchok": (2, "standard"), "hearts": (4, "short-50"), "rooster": (3, "short-hands"),
         "yashchiki": (4, "short")}


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def game_assignment(classroom, teacher_user, game_key: str, **settings) -> Assignment:
    players, preset = QUICK[game_key]
    arguments = {"title": f"{game_key} rounds", "game_key": game_key, "preset": preset, "players": players,
                 "bot_levels": ["medium"] * (players - 1), "rounds": 2, **settings}
    return services.assignment_create(classroom=classroom, user=teacher_user, **arguments)


def finish(game: Game, seed: int = 0) -> Game:
    """A whole round, the student's moves random (against medium bots: easy ones drag a Yashchiki match out)."""
    return play_out(game, seed=seed)


def form_url(classroom, game_key: str | None = None) -> str:
    url = reverse("assignment_new", args=[classroom.pk])
    return f"{url}?game={game_key}" if game_key else url


# -- the form starts with the game ------------------------------------------------------------------

def test_the_form_first_asks_for_the_game():
    classroom, teacher_user, _ = class_with_students("masha")
    page = signed_in(teacher_user).get(form_url(classroom)).content.decode()
    for game_key in QUICK:
        assert f'href="{form_url(classroom, game_key)}"' in page
    assert "Which game is the assignment for?" in page and 'name="title"' not in page


def test_the_hearts_form_offers_hearts_presets_four_players_its_lessons_and_goals():
    from django.core.management import call_command

    call_command("load_builtin_data", verbosity=0)
    classroom, teacher_user, _ = class_with_students("masha")
    page = signed_in(teacher_user).get(form_url(classroom, "hearts")).content.decode()
    assert 'value="short-50"' in page and 'value="deck-52"' not in page
    players = re.search(r'<select name="players".*?</select>', page, re.S).group(0)
    assert re.findall(r'<option value="(\d+)"', players) == ["4"]
    assert page.count('name="bot_') == 3
    assert "When hearts may be led" in page and "Two queens" not in page
    goals = re.search(r'<select name="goal".*?</select>', page, re.S).group(0)
    assert re.findall(r'<option value="([^"]+)"', goals) == ["none", "wins", "points"]
    assert "take at most N points per deal on average" in goals
    assert '<input type="hidden" name="game" value="hearts">' in page
    assert f'action="{form_url(classroom, "hearts")}"' in page
    assert 'aria-current="page"' in page


@pytest.mark.parametrize(("game_key", "goals"), [
    ("sunduchok", ["none", "wins", "chests"]), ("rooster", ["none", "not-rooster"]), ("yashchiki", ["none", "wins"])])
def test_each_game_offers_its_own_goals(game_key, goals):
    classroom, teacher_user, _ = class_with_students("masha")
    page = signed_in(teacher_user).get(form_url(classroom, game_key)).content.decode()
    select = re.search(r'<select name="goal".*?</select>', page, re.S).group(0)
    assert re.findall(r'<option value="([^"]+)"', select) == goals


def test_yashchiki_offers_the_short_match_first():
    classroom, teacher_user, _ = class_with_students("masha")
    page = signed_in(teacher_user).get(form_url(classroom, "yashchiki")).content.decode()
    presets = re.search(r'<select name="preset".*?</select>', page, re.S).group(0)
    options = re.findall(r'<option value="([^"]+)"( selected)?', presets)
    assert options[0] == ("short", " selected") and {slug for slug, _ in options} >= {"standard", "crates"}


def test_a_posted_hearts_form_sets_a_hearts_assignment():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    response = signed_in(teacher_user).post(form_url(classroom, "hearts"), {
        "game": "hearts", "title": "Few points", "rounds": 2, "preset": "short-50", "players": 4,
        "bot_1": "easy", "bot_2": "medium", "bot_3": "hard", "goal": "points", "goal_count": 7, "hints": "count",
        "same_deals": "on"})
    assert response.status_code == 302
    assignment = classroom.assignments.get()
    assert (assignment.game_key, assignment.preset, assignment.players) == ("hearts", "short-50", 4)
    assert assignment.bot_levels == ["easy", "medium", "hard"] and assignment.variant["end_at"] == 50
    assert (assignment.goal, assignment.goal_count, assignment.hints) == ("points", 7, "count")
    game = services.round_start_next(assignment=assignment, student=masha)
    assert game.game_key == "hearts" and game.hints == "count" and game.seed == assignment.seeds[0]


@pytest.mark.parametrize(("game_key", "data", "message"), [
    ("hearts", {"preset": "deck-52"}, "These rules are not offered here: choose one of the rule sets listed."),
    ("hearts", {"goal": "chests", "goal_count": 3}, "Select a valid choice."),
    ("hearts", {"goal": "points", "goal_count": 27}, "The points per deal must be from 0 to 26."),
    ("hearts", {"players": 3}, "Select a valid choice."),
    ("hearts", {"hints": "sometimes"}, "Select a valid choice."),
    ("rooster", {"goal": "not-rooster", "goal_count": 3},
     "The number of games without being the rooster must be from 1 to the number of rounds."),
    ("yashchiki", {"goal": "wins", "goal_count": 0},
     "The number of matches won must be from 1 to the number of rounds."),
])
def test_bad_input_for_a_game_is_explained_and_changes_nothing(game_key, data, message):
    classroom, teacher_user, _ = class_with_students("masha")
    players, preset = QUICK[game_key]
    form = {"game": game_key, "title": "Bad", "rounds": 2, "preset": preset, "players": players,
            **{f"bot_{seat}": "easy" for seat in range(1, players)}, "goal": "none", "goal_count": 0, **data}
    response = signed_in(teacher_user).post(form_url(classroom, game_key), form)
    assert response.status_code == 400 and message in html.unescape(response.content.decode())
    assert not Assignment.objects.exists()


def test_an_unknown_or_missing_game_changes_nothing():
    classroom, teacher_user, _ = class_with_students("masha")
    client = signed_in(teacher_user)
    form = {"title": "Chess", "rounds": 1, "preset": "standard", "players": 2, "bot_1": "easy", "goal": "none"}
    assert client.get(form_url(classroom, "chess")).status_code == 404
    assert client.post(form_url(classroom), {**form, "game": "chess"}).status_code == 404
    missing = client.post(form_url(classroom), form)
    assert missing.status_code == 400 and "Choose the assignment&#x27;s game first." in missing.content.decode()
    with pytest.raises(ClassroomError, match="There is no game “chess”."):
        practice_assignment(classroom, teacher_user, game_key="chess")
    assert not Assignment.objects.exists()


# -- goals graded from real finished games ----------------------------------------------------------

def _expected_figures(game: Game) -> dict:
    """The round's facts, read independently of the code under test: from the replayed final state and its log."""
    state = game_history(game).current
    log = state.log
    if game.game_key == "sunduchok":
        return {"won": 0 in state.winners, "chests": len(state.view(0)["chests"][0])}
    if game.game_key == "hearts":
        deals = [event for event in log if event["type"] == "deal-end"]
        points = sum(event["points"][0] for event in deals)
        return {"won": 0 in state.winners, "points": points, "deals": len(deals),
                "place": 1 + sum(1 for total in state.scores if total < points)}
    if game.game_key == "rooster":
        return {"won": state.rooster != 0, "rooster": state.rooster == 0}
    teams = next(event for event in log if event["type"] == "end")["team_totals"]
    return {"won": teams[0] <= teams[1], "team": teams[0], "other": teams[1]}


def _met(goal: str, count: int, figures: list[dict]) -> bool:
    if goal in ("wins", "not-rooster"):
        return sum(figure["won"] for figure in figures) >= count
    if goal == "chests":
        return min(figure["chests"] for figure in figures) >= count
    return sum(figure["points"] for figure in figures) / sum(figure["deals"] for figure in figures) <= count


def _words(game_key: str, figures: dict) -> str:
    if game_key == "sunduchok":
        chests = figures["chests"]
        return f"{'won' if figures['won'] else 'lost'}, {chests} chest{'' if chests == 1 else 's'}"
    if game_key == "hearts":
        points = figures["points"]
        return f"{points} point{'' if abs(points) == 1 else 's'}, place {figures['place']}"
    if game_key == "rooster":
        return "the rooster" if figures["rooster"] else "not the rooster"
    if figures["team"] == figures["other"]:
        return f"a tie, {figures['team']} : {figures['other']}"
    return f"your partnership {'won' if figures['won'] else 'lost'} {figures['team']} : {figures['other']}"


GOAL_KINDS = [("sunduchok", "wins", range(1, 3)), ("sunduchok", "chests", range(1, 10)),
              ("hearts", "wins", range(1, 3)), ("hearts", "points", range(0, 27)),
              ("rooster", "not-rooster", range(1, 3)), ("yashchiki", "wins", range(1, 3))]


@pytest.mark.parametrize(("game_key", "goal", "counts"), GOAL_KINDS, ids=[f"{g}-{k}" for g, k, _ in GOAL_KINDS])
def test_every_goal_kind_is_graded_from_the_finished_rounds(game_key, goal, counts):
    classroom, teacher_user, (masha,) = class_with_students("masha")
    assignment = game_assignment(classroom, teacher_user, game_key, goal=goal, goal_count=counts[0])

    def progress(count: int):
        Assignment.objects.filter(pk=assignment.pk).update(goal_count=count)
        assignment.refresh_from_db()
        return progress_table([assignment], [masha])[(assignment.pk, masha.pk)]

    assert progress(counts[0]).goal_met is None   # nothing played yet: nothing decided
    games = [finish(services.round_start_next(assignment=assignment, student=masha), seed=number)
             for number in range(2)]
    figures = [_expected_figures(game) for game in games]
    for count in counts:
        standing = progress(count)
        assert standing.goal_met is _met(goal, count, figures), (count, figures)
        assert standing.wins == sum(figure["won"] for figure in figures)
    # The result of each round in words, on the teacher's assignment page and in the student's progress.
    page = html.unescape(signed_in(teacher_user).get(reverse("assignment_detail", args=[assignment.pk]))
                         .content.decode())
    for number, figure in enumerate(figures, start=1):
        assert f"Round {number}: {_words(game_key, figure)}" in page
    assert [result.text for result in progress(counts[0]).results] == [_words(game_key, f) for f in figures]


def test_a_goal_is_decided_as_soon_as_it_can_no_longer_change():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    assignment = game_assignment(classroom, teacher_user, "rooster", goal="not-rooster", goal_count=2, rounds=3)
    first = finish(services.round_start_next(assignment=assignment, student=masha))
    standing = progress_table([assignment], [masha])[(assignment.pk, masha.pk)]
    assert standing.goal_met is None   # two rounds are still to play
    assert standing.goal_progress == f"games not the rooster: {int(first.winners.count(0))} (goal: 2)"


def test_each_goal_is_said_in_words_on_the_students_page():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    game_assignment(classroom, teacher_user, "sunduchok", goal="chests", goal_count=3)
    game_assignment(classroom, teacher_user, "hearts", goal="points", goal_count=5)
    game_assignment(classroom, teacher_user, "rooster", goal="not-rooster", goal_count=1)
    game_assignment(classroom, teacher_user, "yashchiki", goal="wins", goal_count=2)
    page = html.unescape(signed_in(masha).get(reverse("classes")).content.decode())
    for words in ("goal: finish each round with at least 3 chests",
                  "goal: take at most 5 points per deal on average",
                  "goal: not be the rooster in at least 1 of 2 games",
                  "goal: your partnership wins at least 2 of 2 matches"):
        assert words in page
    for title in ("Sunduchok", "Hearts", "Chuvash Rooster", "Yashchiki"):
        assert title in page


def test_old_goals_keep_their_meaning_through_the_migration():
    from importlib import import_module

    migration = import_module("classroom.migrations.0003_goals_per_game_and_hints")
    classroom, teacher_user, _ = class_with_students("masha")
    made = {key: game_assignment(classroom, teacher_user, key) for key in QUICK}
    old = {"sunduchok": ("chests", 3), "hearts": ("chests", 3), "rooster": ("wins", 1), "yashchiki": ("wins", 1)}
    for key, (goal, count) in old.items():
        Assignment.objects.filter(pk=made[key].pk).update(goal=goal, goal_count=count)
    migration.goals_of_their_game(apps, None)
    now = {key: Assignment.objects.values_list("goal", "goal_count").get(pk=made[key].pk) for key in QUICK}
    assert now == {"sunduchok": ("chests", 3), "hearts": ("none", 0), "rooster": ("not-rooster", 1),
                   "yashchiki": ("wins", 1)}


# -- hints: allowed, counted or forbidden ---------------------------------------------------------------

def _hint_ready(game: Game) -> Game:
    """The game at the student's own move (a Hearts round starts there: the pass)."""
    game.refresh_from_db()
    assert game_history(game).current.current_player == 0
    return game


def test_a_forbidden_hint_is_refused_on_the_rounds_page_and_the_dashboard_says_so():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    assignment = game_assignment(classroom, teacher_user, "hearts", hints="forbid")
    game = _hint_ready(services.round_start_next(assignment=assignment, student=masha))
    assert game.hints == "forbid"
    client = signed_in(masha)
    page = client.get(reverse("play", args=[game.pk])).content.decode()
    assert "Your teacher has turned hints off for this round." in page and 'class="hint-form"' not in page
    refused = client.post(reverse("hint", args=[game.pk]), HTTP_HX_REQUEST="true")
    assert refused.status_code == 409
    assert 'role="alert">Your teacher has turned hints off for this round.' in refused.content.decode()
    game.refresh_from_db()
    assert game.hints_used == 0
    dashboard = signed_in(teacher_user).get(reverse("class_dashboard", args=[classroom.pk])).content.decode()
    assert 'hints: <span data-fact="hints">forbidden</span>' in dashboard
    assert "no hints in these rounds" in signed_in(masha).get(reverse("classes")).content.decode()


@pytest.mark.parametrize("policy", ["count", "allow"])
def test_hints_used_are_counted_on_the_dashboard_and_in_the_csv(policy):
    classroom, teacher_user, (masha, petya) = class_with_students("masha", "petya")
    assignment = game_assignment(classroom, teacher_user, "sunduchok", hints=policy)
    game = _hint_ready(services.round_start_next(assignment=assignment, student=masha))
    client = signed_in(masha)
    for _ in range(2):
        assert client.post(reverse("hint", args=[game.pk]), HTTP_HX_REQUEST="true").status_code == 200
    play_out(game)
    page = client.get(reverse("play", args=[game.pk])).content.decode()
    assert "You used 2 hints in this game." in page
    teacher_client = signed_in(teacher_user)
    dashboard = teacher_client.get(reverse("class_dashboard", args=[classroom.pk])).content.decode()
    row = re.search(r'<tr data-student="masha">.*?</tr>', dashboard, re.S).group(0)
    assert 'hints: <span data-fact="hints">2</span>' in row
    rows = list(csv.reader(io.StringIO(teacher_client.get(reverse("class_dashboard_csv", args=[classroom.pk]))
                                      .content.decode("utf-8-sig"))))
    by_name = {line[0]: line for line in rows[1:]}
    assert rows[0][-3] == "sunduchok rounds (Sunduchok): hints used"
    assert by_name["masha"][-3] == "2" and by_name["petya"][-3] == "0"
    student_page = client.get(reverse("classes")).content.decode()
    assert ("2 hints used (your teacher counts them)" in student_page) is (policy == "count")


def test_a_counted_hint_is_announced_at_the_table():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    assignment = game_assignment(classroom, teacher_user, "rooster", hints="count")
    game = services.round_start_next(assignment=assignment, student=masha)
    _hint_ready(game)
    page = signed_in(masha).get(reverse("play", args=[game.pk])).content.decode()
    assert "Your teacher counts the hints of this round: 0 so far." in page and 'class="hint-form"' in page


# -- the same deals for every student, in every game -----------------------------------------------------

def dealt(game: Game) -> list[dict]:
    """Every deal of the game as it was dealt, in order: the dealer and the hands (and stock) at each deal's start,
    before anyone decided. A match of several deals lists each."""
    deals = []
    previous = None
    for state in game_history(game).states:
        number = getattr(state, "deal_number", 1)
        if number != previous:
            data = state.to_dict()
            deals.append({"deal": number, "dealer": state.dealer, "hands": data["hands"],
                          "stock": data.get("stock"), "discard": data.get("discard")})
            previous = number
    return deals


@pytest.mark.parametrize("game_key", sorted(QUICK))
def test_same_deals_deal_every_student_the_same_cards_in_the_same_order(game_key):
    classroom, teacher_user, (masha, petya) = class_with_students("masha", "petya")
    assignment = game_assignment(classroom, teacher_user, game_key, same_deals=True)
    # The two play differently (other random moves), so only the deals can make the rounds alike.
    first = [finish(services.round_start_next(assignment=assignment, student=user), seed=index)
             for index, user in enumerate((masha, petya))]
    second = [services.round_start_next(assignment=assignment, student=user) for user in (masha, petya)]
    assert first[0].seed == first[1].seed == assignment.seeds[0]
    assert (first[0].dealer, second[0].dealer) == (first[1].dealer, second[1].dealer)
    deals = [dealt(game) for game in first]
    assert deals[0][0] == deals[1][0]
    common = min(len(deals[0]), len(deals[1]))
    assert game_history(first[0]).actions != game_history(first[1]).actions
    if game_key in ("hearts", "yashchiki"):
        assert common >= 2   # a match: its later deals, too
    assert deals[0][:common] == deals[1][:common]
    assert dealt(second[0])[0] == dealt(second[1])[0] != deals[0][0]   # round 2: another deal, the same for both
    # The teacher's page of the shared deal, for every game: each round's result, and both reviewed by the coach.
    client = signed_in(teacher_user)
    url = reverse("assignment_deal", args=[assignment.pk, 1])
    for _ in range(2):
        client.get(url, HTTP_HX_REQUEST="true")   # the page's script: one game reviewed per request
    page = html.unescape(client.get(url).content.decode())
    for game in first:
        assert _words(game_key, _expected_figures(game)) in page
    assert page.count("· accuracy <strong>") == 2 and "review-part--waiting" not in page


# -- who may see what -------------------------------------------------------------------------------------

def test_strangers_get_404_for_another_teachers_game_assignments():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    assignment = game_assignment(classroom, teacher_user, "hearts", same_deals=True)
    play_out(services.round_start_next(assignment=assignment, student=masha))
    practice = PracticeRound.objects.get()
    stranger = signed_in(teacher("stranger"))
    for url in (form_url(classroom, "hearts"), reverse("assignment_detail", args=[assignment.pk]),
                reverse("round_replay", args=[practice.pk]), reverse("assignment_deal", args=[assignment.pk, 1])):
        assert stranger.get(url).status_code == 404, url
    assert stranger.post(form_url(classroom, "hearts"), {"game": "hearts", "title": "x", "rounds": 1,
                                                         "preset": "standard", "players": 4}).status_code == 404
    other_class, _teacher, (petya,) = class_with_students("petya", teacher_user=teacher("other"))
    assert signed_in(petya).post(reverse("round_start", args=[assignment.pk])).status_code == 404
    assert signed_in(petya).post(reverse("hint", args=[practice.game_id])).status_code == 404
    assert Assignment.objects.count() == 1 and PracticeRound.objects.count() == 1


# -- Russian --------------------------------------------------------------------------------------------

def test_the_game_assignment_pages_speak_russian():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    form = html.unescape(signed_in(teacher_user, "ru").get(form_url(classroom, "hearts")).content.decode())
    assert "Для какой игры" not in form and "Подсказка за столом" in form
    assert "в среднем брать не больше N очков за сдачу" in form
    assignment = game_assignment(classroom, teacher_user, "rooster", goal="not-rooster", goal_count=1,
                                 hints="forbid")
    game = services.round_start_next(assignment=assignment, student=masha)
    student = html.unescape(signed_in(masha, "ru").get(reverse("classes")).content.decode())
    assert "цель: не остаться петухом хотя бы в 1 из 2 партий" in student
    assert "Чувашский петух" in student and "без подсказок" in student
    play_out(game)
    page = html.unescape(signed_in(teacher_user, "ru").get(reverse("assignment_detail", args=[assignment.pk]))
                         .content.decode())
    assert re.search(r"Партия 1: (не петух|петух)", page)
    refusal = signed_in(masha, "ru").post(reverse("hint", args=[game.pk]))
    assert refusal.status_code == 409 and "Учитель отключил подсказки в этой партии." in refusal.content.decode()
    chooser = signed_in(teacher_user, "ru").get(form_url(classroom)).content.decode()
    assert "Для какой игры задание?" in chooser
