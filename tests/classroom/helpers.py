"""Helpers for the class tests: teachers, students, a class with an assignment, rounds played out."""

from __future__ import annotations

import random

from django.contrib.auth.models import Group, User
from django.test import Client

from classroom import services
from games import services as game_services
from games.history import game_history
from games.models import Game
from games.services import preset_sync_builtin

PASSWORD = "a good long password 42"


def teacher(name: str = "teacher") -> User:
    user = User.objects.create_user(name, f"{name}@school.example", PASSWORD)
    # get_or_create: a transactional test flushes the rows the data migration made.
    user.groups.add(Group.objects.get_or_create(name="Teachers")[0])
    return user


def student(name: str) -> User:
    return User.objects.create_user(name, f"{name}@school.example", PASSWORD)


def signed_in(user: User, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def class_with_students(*names: str, teacher_user: User | None = None):
    """A class taught by `teacher_user` (made if not given) with the named students in it; the
    built-in presets are loaded, as `make run` does."""
    preset_sync_builtin()
    teacher_user = teacher_user or teacher()
    classroom = services.classroom_create(teacher=teacher_user, name="7B")
    students = [student(name) for name in names]
    for user in students:
        services.classroom_join(code=classroom.join_code, student=user)
    return classroom, teacher_user, students


def practice_assignment(classroom, teacher_user, **settings):
    arguments = {"title": "Three rounds", "game_key": "sunduchok", "rounds": 3, "players": 2, "bot_levels": ["easy"],
                 **settings}
    return services.assignment_create(classroom=classroom, user=teacher_user, **arguments)


def play_out(game: Game, seed: int = 0) -> Game:
    """Play the human seat with random legal moves until the game ends."""
    rng = random.Random(seed)
    seat = next(seat for seat, info in enumerate(game.seats) if info["kind"] == "human")
    for _ in range(2000):
        game.refresh_from_db()
        if game.is_over:
            return game
        action = rng.choice(game_history(game).current.legal_actions())
        game_services.game_apply_action(game_id=game.pk, seat=seat, action=action, expected_move=game.move_count)
    raise AssertionError("the game did not end")
