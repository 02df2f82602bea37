"""Classes: teachers run them, students join with a code, assignments and rounds, who sees what."""

from __future__ import annotations

import csv
import html
import io
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from classroom import services
from classroom.models import Classroom, Membership, PracticeRound
from classroom.selectors import CELL_FACT_HEADERS, Status, assignment_accuracy, progress_table
from classroom.services import JOIN_CODE_ALPHABET, ClassroomDenied, ClassroomError
from games.models import Game
from tests.classroom.helpers import (
    class_with_students,
    play_out,
    practice_assignment,
    signed_in,
    student,
    teacher,
)
from tutorials.models import Lesson

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    """The services' messages are checked in English; the pages pick their language per request."""
    with translation.override("en"):
        yield


# -- classes and joining ---------------------------------------------------------------------

def test_a_teacher_creates_a_class_with_a_readable_join_code():
    user = teacher()
    response = signed_in(user).post(reverse("class_create"), {"name": "  7B  "})
    classroom = Classroom.objects.get()
    assert response.status_code == 302 and response.url == reverse("class_dashboard", args=[classroom.pk])
    assert classroom.name == "7B" and list(classroom.teachers.all()) == [user]
    assert len(classroom.join_code) == 8 and set(classroom.join_code) <= set(JOIN_CODE_ALPHABET)
    page = signed_in(user).get(response.url).content.decode()
    assert classroom.join_code in page
    assert reverse("class_join_code", args=[classroom.join_code]) in page


def test_only_teachers_create_classes():
    client = signed_in(student("masha"))
    response = client.post(reverse("class_create"), {"name": "Mine"}, follow=True)
    assert not Classroom.objects.exists()
    page = response.content.decode()
    assert "Only teachers may create classes." in page and "Create a class" not in page


@pytest.mark.parametrize("name", ["", "   ", "x" * 101])
def test_a_class_needs_a_sensible_name(name):
    response = signed_in(teacher()).post(reverse("class_create"), {"name": name})
    assert response.status_code == 400 and not Classroom.objects.exists()


def test_a_student_joins_with_the_code_typed_loosely():
    classroom, _teacher, _ = class_with_students()
    masha = student("masha")
    code = classroom.join_code.lower()
    spaced = f" {code[:4]}-{code[4:]} "
    response = signed_in(masha).post(reverse("class_join"), {"code": spaced})
    assert response.status_code == 302
    assert Membership.objects.filter(classroom=classroom, student=masha).exists()
    # Joining twice changes nothing.
    signed_in(masha).post(reverse("class_join"), {"code": classroom.join_code})
    assert Membership.objects.filter(classroom=classroom, student=masha).count() == 1


def test_a_wrong_code_is_explained_and_joins_nothing():
    class_with_students()
    masha = student("masha")
    response = signed_in(masha).post(reverse("class_join"), {"code": "ZZZZZZZZ"})
    assert response.status_code == 400
    assert "No class has the code" in response.content.decode()
    assert not Membership.objects.exists()


def test_the_join_link_asks_an_anonymous_visitor_to_sign_in_or_up_first():
    classroom, _teacher, _ = class_with_students()
    link = reverse("class_join_code", args=[classroom.join_code])
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(link).content.decode()
    assert f'href="{reverse("signup")}?next={link}"' in page
    assert reverse("signup") in page and reverse("login") in page


def _hidden_fields(page: str) -> dict[str, str]:
    """The hidden inputs of a page's forms (CSRF token, next), as a browser would send them back."""
    return {html.unescape(name): html.unescape(value)
            for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page)}


def _follow_join_link_to(account_page: str, link: str) -> tuple[Client, str]:
    """An anonymous visitor opens a join link and follows its sign-up or sign-in button: (browser, form page)."""
    browser = Client(HTTP_ACCEPT_LANGUAGE="en", enforce_csrf_checks=True)
    page = browser.get(link).content.decode()
    href = re.search(rf'href="({reverse(account_page)}\?next=[^"]+)"', page)
    assert href, page
    response = browser.get(html.unescape(href.group(1)))
    assert response.status_code == 200
    return browser, response.content.decode()


def test_signing_up_from_the_join_link_joins_the_class_at_once():
    classroom, _teacher, _ = class_with_students()
    link = reverse("class_join_code", args=[classroom.join_code])
    browser, page = _follow_join_link_to("signup", link)
    assert f"you join the class with the code {classroom.join_code}" in page

    response = browser.post(reverse("signup"), {
        **_hidden_fields(page), "username": "masha", "email": "masha@school.example",
        "password1": "a good long password 42", "password2": "a good long password 42"}, follow=True)

    assert response.redirect_chain == [(reverse("classes"), 302)]
    masha = Membership.objects.get(classroom=classroom).student
    assert masha.username == "masha"
    page = response.content.decode()
    assert "You joined the class “7B”." in page
    assert f'id="class-{classroom.pk}">7B<' in page


def test_signing_in_from_the_join_link_joins_the_class_at_once():
    classroom, _teacher, _ = class_with_students()
    masha = student("masha")
    browser, page = _follow_join_link_to("login", reverse("class_join_code", args=[classroom.join_code]))
    assert f"you join the class with the code {classroom.join_code}" in page

    response = browser.post(reverse("login"), {**_hidden_fields(page), "username": "masha",
                                               "password": "a good long password 42"}, follow=True)

    assert response.redirect_chain == [(reverse("classes"), 302)]
    assert Membership.objects.filter(classroom=classroom, student=masha).exists()
    assert "You joined the class “7B”." in response.content.decode()


def test_signing_up_from_the_link_of_an_archived_class_explains_it_on_the_join_form():
    classroom, teacher_user, _ = class_with_students()
    services.classroom_set_archived(classroom=classroom, user=teacher_user, archived=True)
    link = reverse("class_join_code", args=[classroom.join_code])
    browser, page = _follow_join_link_to("signup", link)

    response = browser.post(reverse("signup"), {
        **_hidden_fields(page), "username": "masha", "email": "masha@school.example",
        "password1": "a good long password 42", "password2": "a good long password 42"}, follow=True)

    assert response.redirect_chain == [(link, 302)]
    page = response.content.decode()
    assert "is archived and takes no new students" in page and f'value="{classroom.join_code}"' in page
    assert not Membership.objects.exists()


def test_signing_in_from_a_join_link_counts_against_the_join_code_limit(settings):
    settings.JOIN_CODE_RATE_PER_USER = "1/10m"
    classroom, _teacher, _ = class_with_students()
    guesser = student("guesser")
    signed_in(guesser).post(reverse("class_join"), {"code": "WRONG000"})
    link = reverse("class_join_code", args=[classroom.join_code])
    browser, page = _follow_join_link_to("login", link)

    response = browser.post(reverse("login"), {**_hidden_fields(page), "username": "guesser",
                                               "password": "a good long password 42"}, follow=True)

    assert response.redirect_chain == [(link, 302)]
    assert "Too many attempts with join codes" in response.content.decode()
    assert not Membership.objects.exists()


def test_the_join_link_fills_in_the_code_for_a_signed_in_student():
    classroom, _teacher, _ = class_with_students()
    page = signed_in(student("masha")).get(reverse("class_join_code", args=[classroom.join_code])).content.decode()
    assert f'value="{classroom.join_code}"' in page


def test_join_code_attempts_are_rate_limited(settings):
    settings.JOIN_CODE_RATE_PER_USER = "3/10m"
    classroom, _teacher, _ = class_with_students()
    client = signed_in(student("guesser"))
    for _ in range(3):
        assert client.post(reverse("class_join"), {"code": "WRONG000"}).status_code == 400
    response = client.post(reverse("class_join"), {"code": classroom.join_code})
    assert response.status_code == 429
    assert not Membership.objects.exists()


def test_an_archived_class_takes_no_one():
    classroom, teacher_user, _ = class_with_students()
    services.classroom_set_archived(classroom=classroom, user=teacher_user, archived=True)
    with pytest.raises(ClassroomError, match="archived"):
        services.classroom_join(code=classroom.join_code, student=student("late"))


def test_teachers_rename_archive_add_a_co_teacher_and_remove_a_student():
    classroom, teacher_user, (masha, _petya) = class_with_students("masha", "petya")
    colleague = teacher("colleague")
    client = signed_in(teacher_user)
    client.post(reverse("class_rename", args=[classroom.pk]), {"name": "8B"})
    client.post(reverse("class_add_teacher", args=[classroom.pk]), {"username": "colleague"})
    client.post(reverse("class_remove_student", args=[classroom.pk]), {"student": masha.pk})
    client.post(reverse("class_archive", args=[classroom.pk]), {"archived": "1"})
    classroom.refresh_from_db()
    assert classroom.name == "8B" and classroom.archived
    assert set(classroom.teachers.all()) == {teacher_user, colleague}
    assert [user.username for user in classroom.students.all()] == ["petya"]
    page = signed_in(colleague).get(reverse("class_dashboard", args=[classroom.pk])).content.decode()
    assert 'data-student="petya"' in page and 'data-student="masha"' not in page


def test_bad_settings_change_nothing():
    classroom, teacher_user, _ = class_with_students("masha")
    client = signed_in(teacher_user)
    client.post(reverse("class_rename", args=[classroom.pk]), {"name": " "})
    client.post(reverse("class_add_teacher", args=[classroom.pk]), {"username": "nobody"})
    client.post(reverse("class_remove_student", args=[classroom.pk]), {"student": "not a number"})
    classroom.refresh_from_db()
    assert classroom.name == "7B" and classroom.teachers.count() == 1 and classroom.students.count() == 1
    page = client.get(reverse("class_dashboard", args=[classroom.pk])).content.decode()
    assert "There is no user “nobody” on the site." in page


def test_a_student_of_the_class_cannot_be_made_its_co_teacher():
    """A co-teacher sees every classmate's results; the student must leave the class first."""
    classroom, teacher_user, (masha,) = class_with_students("masha")
    client = signed_in(teacher_user)
    response = client.post(reverse("class_add_teacher", args=[classroom.pk]), {"username": "masha"}, follow=True)
    assert "“masha” is a student of this class: remove them from it first." in response.content.decode()
    assert list(classroom.teachers.all()) == [teacher_user]
    client.post(reverse("class_remove_student", args=[classroom.pk]), {"student": masha.pk})
    client.post(reverse("class_add_teacher", args=[classroom.pk]), {"username": "masha"})
    assert set(classroom.teachers.all()) == {teacher_user, masha}


# -- who may see what --------------------------------------------------------------------------

def test_a_teacher_sees_only_their_own_classes():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    assignment = practice_assignment(classroom, teacher_user)
    game = services.round_start_next(assignment=assignment, student=masha)
    play_out(game)
    practice = PracticeRound.objects.get()
    stranger = signed_in(teacher("stranger"))
    for url in [reverse("class_dashboard", args=[classroom.pk]), reverse("class_dashboard_csv", args=[classroom.pk]),
                reverse("assignment_detail", args=[assignment.pk]), reverse("round_replay", args=[practice.pk]),
                reverse("assignment_new", args=[classroom.pk])]:
        assert stranger.get(url).status_code == 404, url
    settings_urls = [reverse(name, args=[classroom.pk])
                     for name in ("class_rename", "class_archive", "class_add_teacher", "class_remove_student")]
    for url in settings_urls:
        assert stranger.post(url, {"name": "hijacked", "username": "stranger", "student": masha.pk,
                                   "archived": "1"}).status_code == 404, url
    classroom.refresh_from_db()
    assert classroom.name == "7B" and not classroom.archived and classroom.teachers.count() == 1
    # The class's link, not its name: "7B" can turn up inside a random CSRF token.
    assert reverse("class_dashboard", args=[classroom.pk]) not in stranger.get(reverse("classes")).content.decode()


def test_a_student_sees_only_their_own_games_and_results():
    classroom, teacher_user, (masha, petya) = class_with_students("masha", "petya")
    assignment = practice_assignment(classroom, teacher_user)
    game = services.round_start_next(assignment=assignment, student=masha)
    petya_client = signed_in(petya)
    assert petya_client.get(reverse("play", args=[game.pk])).status_code == 404
    assert petya_client.get(reverse("class_dashboard", args=[classroom.pk])).status_code == 404
    assert petya_client.get(reverse("assignment_detail", args=[assignment.pk])).status_code == 404
    # The teacher does not get the table of a round in play: it holds the student's hand.
    assert signed_in(teacher_user).get(reverse("play", args=[game.pk])).status_code == 404
    practice = PracticeRound.objects.get()
    assert signed_in(teacher_user).get(reverse("round_replay", args=[practice.pk])).status_code == 403


def test_an_assignment_for_chosen_students_is_theirs_alone():
    classroom, teacher_user, (masha, petya) = class_with_students("masha", "petya")
    assignment = practice_assignment(classroom, teacher_user, students=[masha])
    assert signed_in(petya).post(reverse("round_start", args=[assignment.pk])).status_code == 404
    assert "Three rounds" not in signed_in(petya).get(reverse("classes")).content.decode()
    assert "Three rounds" in signed_in(masha).get(reverse("classes")).content.decode()


def test_a_removed_student_keeps_their_games_but_leaves_the_teachers_sight():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    assignment = practice_assignment(classroom, teacher_user)
    game = play_out(services.round_start_next(assignment=assignment, student=masha))
    practice = PracticeRound.objects.get()
    services.classroom_remove_student(classroom=classroom, user=teacher_user, student_id=masha.pk)
    assert signed_in(teacher_user).get(reverse("round_replay", args=[practice.pk])).status_code == 404
    assert signed_in(masha).get(reverse("play", args=[game.pk])).status_code == 200


# -- assignments ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("settings", "message"), [
    ({"rounds": 0}, "Assign at least one lesson, one round or one puzzle."),
    ({"rounds": 21}, "Set from 0 to 20 rounds."),
    ({"goal": "wins", "goal_count": 4}, "The number of wins must be from 1 to the number of rounds."),
    ({"goal": "chests", "goal_count": 0}, "The number of chests must be from 1 to 9."),   # 36 cards: 9 ranks
    ({"goal": "chests", "goal_count": 14, "preset": "deck-52"}, "The number of chests must be from 1 to 13."),
    ({"goal": "points", "goal_count": 3}, "Choose one of the goals offered."),   # Hearts' goal, not Sunduchok's
    ({"preset": "no-such-rules"}, "There are no rules “no-such-rules” for this game."),
    ({"players": 7, "bot_levels": ["easy"] * 6}, "This game takes 2 to 6 players."),
    ({"bot_levels": ["genius"]}, "Choose a bot level for each of the 1 other seats."),
    ({"title": "  "}, "Give the assignment a title."),
])
def test_a_bad_assignment_is_explained_and_nothing_is_set(settings, message):
    classroom, teacher_user, _ = class_with_students("masha")
    with pytest.raises(ClassroomError) as refusal:
        practice_assignment(classroom, teacher_user, **settings)
    assert str(refusal.value) == message
    assert not classroom.assignments.exists()


def test_a_due_date_in_the_past_is_refused():
    classroom, teacher_user, _ = class_with_students("masha")
    with pytest.raises(ClassroomError, match="future"):
        practice_assignment(classroom, teacher_user, due_at=timezone.now() - timedelta(hours=1))


def test_only_the_classes_teachers_set_assignments():
    classroom, _teacher, (masha,) = class_with_students("masha")
    with pytest.raises(ClassroomDenied):
        practice_assignment(classroom, masha)


def test_the_assignment_form_sets_one_and_shows_errors_for_bad_input():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    client = signed_in(teacher_user)
    url = reverse("assignment_new", args=[classroom.pk])
    page = client.get(url, {"game": "sunduchok"}).content.decode()
    assert "Lessons to finish" in page and "Same deals for everyone" in page
    bad = client.post(url, {"game": "sunduchok", "title": "Win two", "rounds": 3, "preset": "standard",
                            "players": 3, "bot_1": "hard", "bot_2": "easy", "goal": "wins", "goal_count": 5})
    assert bad.status_code == 400 and "The number of wins must be from 1" in bad.content.decode()
    assert not classroom.assignments.exists()
    good = client.post(url, {"game": "sunduchok", "title": "Win two", "rounds": 3, "preset": "deck-52",
                             "players": 3, "bot_1": "hard",
                             "bot_2": "easy", "goal": "wins", "goal_count": 2, "same_deals": "on",
                             "students": [masha.pk]})
    assert good.status_code == 302
    assignment = classroom.assignments.get()
    assert (assignment.preset, assignment.players, assignment.bot_levels) == ("deck-52", 3, ["hard", "easy"])
    assert assignment.variant["deck"] == 52 and len(assignment.seeds) == 3
    assert list(assignment.chosen_students.all()) == [masha]


# -- rounds ----------------------------------------------------------------------------------------

def test_the_students_button_starts_a_round_with_the_assignments_settings():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    assignment = practice_assignment(classroom, teacher_user, preset="deck-52", players=3,
                                     bot_levels=["hard", "medium"])
    client = signed_in(masha)
    page = client.get(reverse("classes")).content.decode()
    assert "Play round 1 of 3" in page
    response = client.post(reverse("round_start", args=[assignment.pk]))
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == reverse("play", args=[game.pk])
    assert game.owner == masha and game.preset == "deck-52" and game.variant["deck"] == 52
    assert [seat.get("level") for seat in game.seats] == [None, "hard", "medium"]
    # A second click while the round is being played goes back to the same game.
    assert client.post(reverse("round_start", args=[assignment.pk])).url == reverse("play", args=[game.pk])
    assert Game.objects.count() == 1


def test_same_deals_give_every_student_the_same_cards_round_by_round():
    classroom, teacher_user, (masha, petya) = class_with_students("masha", "petya")
    assignment = practice_assignment(classroom, teacher_user, same_deals=True)
    first = [play_out(services.round_start_next(assignment=assignment, student=user)) for user in (masha, petya)]
    second = [services.round_start_next(assignment=assignment, student=user) for user in (masha, petya)]
    assert first[0].seed == first[1].seed == assignment.seeds[0]
    assert second[0].seed == second[1].seed == assignment.seeds[1] != assignment.seeds[0]
    from games.history import game_history
    assert game_history(second[0]).states[0].to_dict() == game_history(second[1]).states[0].to_dict()


def test_without_same_deals_the_deals_differ():
    classroom, teacher_user, (masha, petya) = class_with_students("masha", "petya")
    assignment = practice_assignment(classroom, teacher_user)
    games = [services.round_start_next(assignment=assignment, student=user) for user in (masha, petya)]
    assert games[0].seed != games[1].seed and assignment.seeds == []


def test_a_finished_round_counts_by_itself_and_the_last_one_ends_the_assignment():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    assignment = practice_assignment(classroom, teacher_user, rounds=2, goal="wins", goal_count=1)
    progress = progress_table([assignment], [masha])[(assignment.pk, masha.pk)]
    assert progress.status == Status.NOT_STARTED and progress.next_round == 1
    game = services.round_start_next(assignment=assignment, student=masha)
    progress = progress_table([assignment], [masha])[(assignment.pk, masha.pk)]
    assert progress.status == Status.IN_PROGRESS and progress.rounds_finished == 0
    play_out(game)
    progress = progress_table([assignment], [masha])[(assignment.pk, masha.pk)]
    assert progress.rounds_finished == 1 and progress.next_round == 2
    game = play_out(services.round_start_next(assignment=assignment, student=masha), seed=1)
    progress = progress_table([assignment], [masha])[(assignment.pk, masha.pk)]
    assert progress.status == Status.DONE and progress.percent == 100 and progress.next_round is None
    wins = sum(0 in practice.game.winners for practice in PracticeRound.objects.select_related("game"))
    assert progress.wins == wins and progress.goal_met is (wins >= 1)
    with pytest.raises(ClassroomError, match="every round"):
        services.round_start_next(assignment=assignment, student=masha)


def test_an_unfinished_assignment_past_its_due_date_is_overdue():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    assignment = practice_assignment(classroom, teacher_user, due_at=timezone.now() + timedelta(days=1))
    type(assignment).objects.filter(pk=assignment.pk).update(due_at=timezone.now() - timedelta(minutes=1))
    assignment.refresh_from_db()
    progress = progress_table([assignment], [masha])[(assignment.pk, masha.pk)]
    assert progress.status == Status.OVERDUE
    page = signed_in(teacher_user).get(reverse("class_dashboard", args=[classroom.pk])).content.decode()
    assert "status--overdue" in page


def test_lessons_count_toward_an_assignment():
    from django.core.management import call_command

    from tutorials.models import Lesson, LessonProgress

    call_command("load_builtin_data", verbosity=0)
    classroom, teacher_user, (masha,) = class_with_students("masha")
    lesson = Lesson.objects.get(slug="two-queens")
    assignment = practice_assignment(classroom, teacher_user, rounds=0, lessons=[lesson])
    assert progress_table([assignment], [masha])[(assignment.pk, masha.pk)].status == Status.NOT_STARTED
    LessonProgress.objects.create(lesson=lesson, user=masha, completed=True, score=90, furthest_step=5)
    progress = progress_table([assignment], [masha])[(assignment.pk, masha.pk)]
    assert progress.status == Status.DONE and progress.lessons_done == 1 and progress.lesson_stars >= 1


# -- the teacher's pages -------------------------------------------------------------------------

def csv_rows(client: Client, classroom) -> list[list[str]]:
    response = client.get(reverse("class_dashboard_csv", args=[classroom.pk]))
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def dashboard_cell_facts(page: str, student: str) -> dict[int, dict[str, str]]:
    """Each assignment's cell of the student's dashboard row, as it shows it: assignment id -> {fact: text} of the
    cell's data-fact elements."""
    row = re.search(rf'<tr data-student="{re.escape(html.escape(student))}">(.*?)</tr>', page, re.S).group(1)
    return {int(assignment): {fact: html.unescape(text) for fact, text in re.findall(
                r'data-fact="(\w+)">([^<]*)<', cell)}
            for assignment, cell in re.findall(r'<td data-label="[^"]*" data-assignment="(\d+)">(.*?)</td>', row, re.S)}


def csv_cell_facts(rows: list[list[str]], student: str, assignment_name: str) -> dict[str, str]:
    """The CSV's columns of one assignment for the student: {fact: text}, every fact a column (empty ones too)."""
    headers = {str(label) % {"assignment": assignment_name}: fact for fact, label in CELL_FACT_HEADERS.items()}
    line = next(line for line in rows[1:] if line[0] == student)
    return {headers[header]: value for header, value in zip(rows[0], line, strict=True) if header in headers}


def test_the_dashboard_and_its_csv_show_each_students_standing():
    classroom, teacher_user, (masha, petya) = class_with_students("masha", "=cmd")
    assignment = practice_assignment(classroom, teacher_user, rounds=1)
    play_out(services.round_start_next(assignment=assignment, student=masha))
    client = signed_in(teacher_user)
    page = client.get(reverse("class_dashboard", args=[classroom.pk])).content.decode()
    assert 'data-student="masha"' in page and "status--done" in page and "status--not-started" in page
    rows = csv_rows(client, classroom)
    name = "Three rounds (Sunduchok)"
    assert rows[0][0] == "Student" and rows[0][-7:] == [
        f"{name}: status", f"{name}: rounds finished", f"{name}: result", f"{name}: goal", f"{name}: hints used",
        f"{name}: accuracy, %", f"{name}: puzzles solved"]
    by_name = {row[0]: row for row in rows[1:]}
    assert by_name["masha"][1] == "1" and by_name["masha"][-7:-5] == ["Done", "1/1"]
    # No accuracy until the coach has reviewed the round (its deal view, or the student's own review); no goal
    # was set, so none is reached or missed; no puzzles were asked for.
    assert by_name["masha"][-5].startswith("wins: ") and by_name["masha"][-4:] == ["", "0", "", ""]
    client.get(reverse("assignment_deal", args=[assignment.pk, 1]), HTTP_HX_REQUEST="true")
    accuracy = assignment_accuracy([assignment], [masha.pk])[(assignment.pk, masha.pk)]["percent"]
    by_name = {row[0]: row for row in csv_rows(client, classroom)[1:]}
    assert by_name["masha"][-2] == str(accuracy)
    page = client.get(reverse("class_dashboard", args=[classroom.pk])).content.decode()
    assert f'accuracy: <span data-fact="accuracy">{accuracy}</span>%' in page
    assert "'=cmd" in by_name and by_name["'=cmd"][-7] == "Not started"   # no formula in a spreadsheet


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_csv_has_every_fact_the_dashboard_shows(language):
    """Each assignment's cell of the dashboard, fact by fact (status, rounds, result, goal, hints, accuracy,
    puzzles), has a column in the CSV with the same text; a fact the cell does not show is an empty column."""
    classroom, teacher_user, (masha, petya) = class_with_students("masha", "petya")
    lesson = Lesson.objects.create(game_key="sunduchok", slug="first", title="First")
    full = practice_assignment(classroom, teacher_user, title="Full", rounds=1, goal="wins", goal_count=1,
                               puzzles=2, lessons=[lesson], hints="count")
    lessons_only = practice_assignment(classroom, teacher_user, title="Reading", rounds=0, lessons=[lesson])
    play_out(services.round_start_next(assignment=full, student=masha))
    client = signed_in(teacher_user, language)
    client.get(reverse("assignment_deal", args=[full.pk, 1]), HTTP_HX_REQUEST="true")   # the coach's accuracy
    page = client.get(reverse("class_dashboard", args=[classroom.pk])).content.decode()
    rows = csv_rows(client, classroom)
    with translation.override(language):
        game = str(translation.gettext("Sunduchok"))
        for student in ("masha", "petya"):
            shown = dashboard_cell_facts(page, student)
            for assignment in (full, lessons_only):
                in_csv = csv_cell_facts(rows, student, f"{assignment.title} ({game})")
                assert set(in_csv) == set(CELL_FACT_HEADERS)
                assert {fact: text for fact, text in in_csv.items() if text} == shown[assignment.pk]
    masha_full = dashboard_cell_facts(page, "masha")[full.pk]
    assert set(masha_full) == set(CELL_FACT_HEADERS)   # the finished, reviewed round shows every fact
    assert masha_full["puzzles"] == "0/2" and masha_full["goal"] in {"goal reached", "goal missed",
                                                                      "цель достигнута", "цель не достигнута"}
    assert set(dashboard_cell_facts(page, "masha")[lessons_only.pk]) == {"status"}


def test_the_assignment_page_charts_results_and_links_replays():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    assignment = practice_assignment(classroom, teacher_user, rounds=2)
    play_out(services.round_start_next(assignment=assignment, student=masha))
    practice = PracticeRound.objects.get()
    page = signed_in(teacher_user).get(reverse("assignment_detail", args=[assignment.pk])).content.decode()
    assert "<svg" in page and 'class="bar-chart__finished"' in page
    assert reverse("round_replay", args=[practice.pk]) in page
    replay = signed_in(teacher_user).get(reverse("round_replay", args=[practice.pk]) + "?step=1")
    assert replay.status_code == 200 and "Move 1 of" in replay.content.decode()


def test_the_class_pages_speak_russian():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    practice_assignment(classroom, teacher_user)
    assert "Классы" in signed_in(masha, "ru").get(reverse("classes")).content.decode()
    page = signed_in(teacher_user, "ru").get(reverse("class_dashboard", args=[classroom.pk])).content.decode()
    assert "Код для входа" in page and "Не начато" in page


def test_the_assignment_form_shows_a_bot_seat_for_each_other_player_chosen():
    classroom, teacher_user, _ = class_with_students("masha")
    url = reverse("assignment_new", args=[classroom.pk])
    page = signed_in(teacher_user).get(url, {"game": "sunduchok", "players": 4}).content.decode()
    assert page.count('name="bot_') == 3 and '<option value="4" selected>' in page


def test_a_student_in_two_classes_sees_both_and_a_locked_replay_sends_the_teacher_back():
    first, teacher_user, (masha,) = class_with_students("masha")
    second = services.classroom_create(teacher=teacher_user, name="Chess club")
    services.classroom_join(code=second.join_code, student=masha)
    practice_assignment(first, teacher_user, title="Rounds of 7B")
    assignment = practice_assignment(second, teacher_user, title="Club rounds")
    page = signed_in(masha).get(reverse("classes")).content.decode()
    assert "Rounds of 7B" in page and "Club rounds" in page
    services.round_start_next(assignment=assignment, student=masha)
    locked = signed_in(teacher_user).get(reverse("round_replay", args=[PracticeRound.objects.get().pk]))
    assert locked.status_code == 403
    assert reverse("assignment_detail", args=[assignment.pk]) in locked.content.decode()
    assert reverse("play", args=[PracticeRound.objects.get().game_id]) not in locked.content.decode()
