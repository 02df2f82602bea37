"""One small site with something of everyone's in it, for the hostile-input tests.

A visitor with games (one in play, one finished), a lesson with each kind of step and a draft lesson,
a teacher with a class, an assignment (same deals) and a student's finished round, tables to play together (one
the visitor opened and sits at, one whose game the visitor plays with a stranger, a class table), and strangers:
another visitor's game, another teacher's class and its table, strangers' tables (one started, one expired), a
user in no class. `database_snapshot` is what "changes nothing" compares. tests/security/conftest.py builds the
world once per test module.
"""

from __future__ import annotations

import copy
import dataclasses

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse

from classroom import services as classroom_services
from classroom.models import Assignment, Classroom, Membership, PracticeRound
from games.history import game_history
from games.models import Game, GameAction, GameReview, SeatHolder
from games.rules import get_game
from puzzles.models import Puzzle, PuzzleAttempt, PuzzleRating
from tests.classroom.helpers import PASSWORD, class_with_students, play_out, practice_assignment, teacher
from tests.puzzles.helpers import load_mined
from tests.together.helpers import open_table, sit
from tests.tutorials.helpers import DEAL, make_lesson
from tests.web.helpers import move_data, start_game
from together.models import Table, TableSeat
from tutorials.models import Lesson, LessonProgress, LessonStep

UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000"
HUGE_ID = 10**30   # past every database's integer range


def browser(language: str = "en", **kwargs) -> Client:
    """A test client that hands back a server error as a response (status 500) instead of raising it."""
    return Client(HTTP_ACCEPT_LANGUAGE=language, raise_request_exception=False, **kwargs)


def enforcing_csrf(client: Client) -> Client:
    """A browser with `client`'s cookies (its session) whose POSTs are CSRF-checked, as a real browser's are,
    holding a CSRF cookie; `client` itself is left as it was, since the world's clients serve later tests."""
    enforcing = browser(enforce_csrf_checks=True)
    enforcing.cookies = copy.copy(client.cookies)
    enforcing.get(reverse("login"))   # a page with a form sets the CSRF cookie
    return enforcing


def signed_in_browser(user: User, **kwargs) -> Client:
    client = browser(**kwargs)
    client.force_login(user)
    return client


@dataclasses.dataclass
class World:
    player: Client           # an anonymous visitor; their games are theirs through the session
    game: Game               # the player's game in play, the player to move
    finished: Game           # the player's finished game
    stranger_game: Game      # another visitor's game
    lesson: Lesson           # published: text, replay, question, practice
    draft: Lesson            # unpublished: only staff may open it
    teacher: User
    classroom: Classroom
    assignment: Assignment
    practice_round: PracticeRound   # the student's finished round
    student: User
    other_teacher: User
    other_classroom: Classroom
    other_assignment: Assignment
    loner: User              # signed up, in no class
    puzzle: Puzzle           # a shown Sunduchok puzzle
    hidden_puzzle: Puzzle    # one editors hid: nobody may open or answer it
    open_table: Table        # opened by the player, who sits at seat 0 of its three people's seats
    played_table: Table      # started: the player at seat 0, a stranger at seat 1, a bot
    stranger_table: Table    # strangers' table, started without the player
    expired_table: Table     # strangers' table, never started, expired
    class_table: Table       # the teacher's table for the class, nobody seated yet
    other_class_table: Table  # the other teacher's table for their class
    editor: User             # in the Editors group: the lesson studio's

    @property
    def together_game(self) -> Game:
        """The game the player plays with a stranger (and a bot) at the played table."""
        return self.played_table.game


def build_world() -> World:
    player = browser()
    game = start_game(player, players=3, seed=7, levels=("easy", "easy"))
    finished = start_game(player, players=2, seed=5, levels=("easy",))
    play_out(finished)
    stranger_game = start_game(browser(), players=2, seed=3, levels=("easy",))
    lesson = make_lesson(slug="queens", steps=[
        {"kind": "text", "body_ru": "Привет", "body_en": "Hello"},
        {"kind": "replay", "payload": {"deal": DEAL, "actions": []}},
        {"kind": "question", "payload": {"deal": DEAL, "actions": [], "answer": {"type": "ask", "target": 1,
                                                                              "rank": "Q"}},
         "hint_1_en": "A hint", "hint_1_ru": "Подсказка"},
        {"kind": "practice", "body_en": "Play", "payload": {"deal": DEAL, "bots": ["easy"],
                                                            "goal": {"type": "win"}}},
    ])
    draft = make_lesson(slug="draft", published=False)
    classroom, teacher_user, (student_user,) = class_with_students("masha")
    assignment = practice_assignment(classroom, teacher_user, rounds=2, bot_levels=["easy"], same_deals=True)
    play_out(classroom_services.round_start_next(assignment=assignment, student=student_user))
    other_teacher = teacher("other-teacher")
    other_classroom = classroom_services.classroom_create(teacher=other_teacher, name="9A")
    other_assignment = practice_assignment(other_classroom, other_teacher, rounds=1, bot_levels=["easy"])
    loner = get_user_model().objects.create_user("loner", "loner@school.example", PASSWORD)
    editor = get_user_model().objects.create_user("editor", "editor@school.example", PASSWORD, is_staff=True)
    editor.groups.add(Group.objects.get(name="Editors"))
    puzzle, hidden_puzzle = load_mined("sunduchok", 2, 17)
    Puzzle.objects.filter(pk=hidden_puzzle.pk).update(hidden=True)
    tables = build_tables(player=player, teacher=teacher_user, classroom=classroom, other_teacher=other_teacher,
                          other_classroom=other_classroom)
    return World(player=player, game=game, finished=Game.objects.get(pk=finished.pk),
                 stranger_game=stranger_game, lesson=lesson, draft=draft, teacher=teacher_user,
                 classroom=classroom, assignment=assignment, practice_round=PracticeRound.objects.get(),
                 student=student_user, other_teacher=other_teacher, other_classroom=other_classroom,
                 other_assignment=other_assignment, loner=loner, puzzle=puzzle, hidden_puzzle=hidden_puzzle,
                 editor=editor, **tables)


def build_tables(*, player: Client, teacher: User, classroom: Classroom, other_teacher: User,
                 other_classroom: Classroom) -> dict[str, Table]:
    """The world's tables to play together, opened and sat at through the real forms."""
    everyone = ("person", "person", "person")
    open_one = open_table(player, seats=everyone)
    sit(player, open_one, 0, "Player")
    played = open_table(player, seats=("person", "person", "easy"))
    sit(player, played, 0, "Player")
    sit(browser(), played, 1, "Stranger")
    strangers = browser()
    stranger_table = open_table(strangers, seats=("person", "easy"))
    sit(strangers, stranger_table, 0, "Stranger")
    expired = open_table(strangers, seats=everyone)
    sit(strangers, expired, 0, "Stranger")
    Table.objects.filter(pk=expired.pk).update(created_at=expired.created_at.replace(year=2000))
    class_table = open_table(signed_in_browser(teacher), seats=("person", "person", "easy"), classroom=classroom)
    other_class_table = open_table(signed_in_browser(other_teacher), seats=everyone, classroom=other_classroom)
    return {"open_table": open_one, "played_table": Table.objects.get(pk=played.pk),
            "stranger_table": Table.objects.get(pk=stranger_table.pk),
            "expired_table": Table.objects.get(pk=expired.pk), "class_table": class_table,
            "other_class_table": other_class_table}


def game_waiting_for_a_bot(*, owner: User) -> Game:
    """A game row whose log stops where a bot must move: the service never leaves one so, but a move posted
    against such a row (a crash between writes, a hand-made row) must still be refused."""
    seats = [{"kind": "human", "name": owner.get_username()}, {"kind": "bot", "level": "easy", "name": "Anna-bot"},
             {"kind": "bot", "level": "easy", "name": "Boris-bot"}]
    variant = get_game("sunduchok").variant(preset="standard").to_dict()
    for dealer in range(3):
        game = Game(game_key="sunduchok", variant=variant, seed=1, dealer=dealer, seats=seats, owner=owner)
        if game_history(game).current.current_player != 0:
            game.save()
            return game
    raise AssertionError("no dealer lets a bot move first")


def database_snapshot() -> dict:
    """Every row a request of these pages could change, in a form that compares by value."""
    return {
        "games": sorted((str(pk), moves, status, owner) for pk, moves, status, owner
                        in Game.objects.values_list("pk", "move_count", "status", "owner_id")),
        "actions": sorted(GameAction.objects.values_list("game_id", "number").iterator()),
        "reviews": sorted(GameReview.objects.values_list("game_id", "part").iterator()),
        "classes": list(Classroom.objects.order_by("pk").values_list("pk", "name", "archived", "join_code")),
        "teachers": sorted(Classroom.teachers.through.objects.values_list("classroom_id", "user_id")),
        "members": sorted(Membership.objects.values_list("classroom_id", "student_id")),
        "assignments": list(Assignment.objects.order_by("pk").values_list("pk", "title", "rounds")),
        "rounds": sorted(PracticeRound.objects.values_list("pk", "game_id")),
        "progress": [(pk, furthest, sorted(states.items()), score, completed) for pk, furthest, states, score, completed
                     in LessonProgress.objects.order_by("pk").values_list(
                         "pk", "furthest_step", "step_states", "score", "completed")],
        "users": list(get_user_model().objects.order_by("pk").values_list(
            "pk", "username", "email", "password", "is_active", "is_staff")),
        "lessons": list(Lesson.objects.order_by("pk").values_list("pk", "slug", "published", "order", "title_ru",
                                                                  "title_en", "summary_ru", "summary_en")),
        "steps": list(LessonStep.objects.order_by("pk").values_list("pk", "lesson_id", "number", "kind", "payload",
                                                                    "body_ru", "body_en", "hint_1_ru", "hint_1_en",
                                                                    "explanation_ru", "explanation_en")),
        "puzzles": list(Puzzle.objects.order_by("pk").values_list("pk", "theme", "hidden", "rating")),
        "puzzle ratings": list(PuzzleRating.objects.order_by("pk").values_list("pk", "rating", "streak")),
        "puzzle attempts": sorted(PuzzleAttempt.objects.values_list("pk", "solved")),
        "tables": list(Table.objects.order_by("pk").values_list("pk", "code", "game_id", "classroom_id", "creator_id",
                                                                "creator_key", "seat_plan")),
        "table seats": list(TableSeat.objects.order_by("table_id", "seat").values_list(
            "table_id", "seat", "name", "user_id", "visitor_key")),
        "seat holders": list(SeatHolder.objects.order_by("game_id", "seat").values_list(
            "game_id", "seat", "user_id", "visitor_key", "last_seen")),
    }


def a_legal_move_data(game: Game) -> dict:
    """The form fields of the first legal move of the player in `game` (a Sunduchok game); once the game is over,
    of a move that was plausible."""
    game.refresh_from_db()
    actions = game_history(game).current.legal_actions() or [{"type": "ask", "target": 1, "rank": "Q"}]
    return move_data(game, actions[0])
