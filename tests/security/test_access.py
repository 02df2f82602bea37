"""Who may open what: every page of someone else's game (played alone or with people at a table), class, class
table, assignment, round or draft lesson is refused, anonymous visitors are sent to sign in, and /admin/ is for
staff with the editors' permissions only.

One table of pages, each with its rightful user (who is let in: the check that the refusals come from the
permission, not from a broken address) and the refusal each intruder gets; a page left out is visible there.
The sockets' refusals are in tests/security/test_access_websockets.py.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from games.coach.review import decision_steps
from games.history import game_history
from games.models import Preset
from tests.classroom.helpers import PASSWORD
from tests.security.world import World, a_legal_move_data, browser, database_snapshot, signed_in_browser
from tutorials.models import Lesson

pytestmark = pytest.mark.django_db
HTMX = {"hx-request": "true"}


@dataclasses.dataclass(frozen=True)
class Page:
    label: str
    method: str                                # "get", "htmx" (a GET of the fragment) or "post"
    url: Callable[[World], str]
    owner: Callable[[World], Client] | None    # the user let in; None for /admin/ (see the admin tests)
    data: Callable[[World], dict] = lambda world: {}
    let_in: tuple[int, ...] = (200, 302)       # what the owner gets

    def request(self, client: Client, world: World):
        if self.method == "post":
            return client.post(self.url(world), self.data(world))
        return client.get(self.url(world), headers=HTMX if self.method == "htmx" else {})


def _player(world: World) -> Client:
    return world.player


def _student(world: World) -> Client:
    return signed_in_browser(world.student)


def _teacher(world: World) -> Client:
    return signed_in_browser(world.teacher)


def _first_decision(game) -> int:
    """The log place of the player's first decision in `game` (0 where it has none yet)."""
    history = game_history(game)
    return next(iter(decision_steps(history.states, [logged.seat for logged in history.actions], 0)), 0)


def _round_game(world: World):
    return world.practice_round.game


INTRUDERS: dict[str, Callable[[World], Client]] = {
    "anonymous": lambda world: browser(),
    "loner": lambda world: signed_in_browser(world.loner),
    "student": _student,
    "teacher": _teacher,
    "other teacher": lambda world: signed_in_browser(world.other_teacher),
}


def game_pages(whose: str, game: Callable[[World], object], owner: Callable[[World], Client]) -> list[Page]:
    return [
        Page(f"play ({whose})", "get", lambda world: reverse("play", args=[game(world).pk]), owner),
        Page(f"table ({whose})", "htmx", lambda world: reverse("table", args=[game(world).pk]), owner),
        # Every hand is open in a replay, so it is locked (403) until the game is over, for its owner too.
        Page(f"replay ({whose})", "get", lambda world: reverse("replay", args=[game(world).pk]), owner,
             let_in=(200, 403)),
        # A move in a finished game is refused (409) on its table, shown to its owner only.
        Page(f"act ({whose})", "post", lambda world: reverse("act", args=[game(world).pk]), owner,
             data=lambda world: a_legal_move_data(game(world)), let_in=(302, 409)),
        Page(f"play again ({whose})", "post", lambda world: reverse("play_again", args=[game(world).pk]), owner),
        # The review, too, opens only once the game is over (409 before); try again only from the player's decisions.
        Page(f"review ({whose})", "get", lambda world: reverse("review", args=[game(world).pk]), owner,
             let_in=(200, 409)),
        Page(f"review part ({whose})", "htmx", lambda world: reverse("review_part", args=[game(world).pk, 0]), owner,
             let_in=(200, 409)),
        Page(f"review try again ({whose})", "post",
             lambda world: reverse("review_try_again", args=[game(world).pk, _first_decision(game(world))]), owner,
             let_in=(302, 409)),
        Page(f"next game ({whose})", "post", lambda world: reverse("next_game", args=[game(world).pk]), owner),
    ]


def class_pages() -> list[Page]:
    def of_class(name: str) -> Callable[[World], str]:
        return lambda world: reverse(name, args=[world.classroom.pk])

    return [
        Page("dashboard", "get", of_class("class_dashboard"), _teacher),
        Page("dashboard fragment", "htmx", of_class("class_dashboard"), _teacher),
        Page("dashboard csv", "get", of_class("class_dashboard_csv"), _teacher),
        Page("rename", "post", of_class("class_rename"), _teacher, data=lambda world: {"name": "Hijacked"}),
        Page("archive", "post", of_class("class_archive"), _teacher, data=lambda world: {"archived": "1"}),
        Page("add teacher", "post", of_class("class_add_teacher"), _teacher,
             data=lambda world: {"username": "loner"}),
        Page("remove student", "post", of_class("class_remove_student"), _teacher,
             data=lambda world: {"student": world.student.pk}),
        Page("assignment form", "get", of_class("assignment_new"), _teacher),
        Page("assignment new", "post", of_class("assignment_new"), _teacher, data=lambda world: {
            "game": "sunduchok", "title": "Hijack", "rounds": 1, "preset": "standard", "players": 2, "bot_1": "easy",
            "goal": "none"}),
        Page("assignment", "get", lambda world: reverse("assignment_detail", args=[world.assignment.pk]), _teacher),
        Page("shared deal", "get", lambda world: reverse("assignment_deal", args=[world.assignment.pk, 1]), _teacher),
        Page("round replay", "get", lambda world: reverse("round_replay", args=[world.practice_round.pk]),
             _teacher),
    ]


def class_table_pages() -> list[Page]:
    """A class table's page and forms: for the class's students and teachers only (404 to anyone else, as if the
    code were wrong)."""
    def at_class_table(name: str) -> Callable[[World], str]:
        return lambda world: reverse(name, args=[world.class_table.code])

    return [
        Page("class table", "get", at_class_table("table_lobby"), _student),
        Page("class table fragment", "htmx", at_class_table("table_lobby"), _student),
        Page("class table sit", "post", at_class_table("table_sit"), _student,
             data=lambda world: {"seat": 1, "name": "Masha"}),
        # Nobody sits there yet: leaving and starting are refused past the permission check (400).
        Page("class table leave", "post", at_class_table("table_leave"), _student, let_in=(400,)),
        Page("class table start", "post", at_class_table("table_start"), _teacher, let_in=(400,)),
    ]


def _staff_reader(world: World) -> Client:
    """Staff may open draft lessons (the admin's previews)."""
    return signed_in_browser(world.teacher.__class__.objects.create_user("staff-reader", password=PASSWORD,
                                                                         is_staff=True))


def _draft(name: str, method: str, let_in: tuple[int, ...] = (200, 302), **data) -> Page:
    return Page(f"draft {name}", method, lambda world: reverse(name, args=["sunduchok", world.draft.slug]),
                _staff_reader, data=lambda world: data, let_in=let_in)


NOT_FOUND, SIGN_IN = "404", "sign in"
PLAYERS_GAME = game_pages("a visitor's game", lambda world: world.game, _player)
FINISHED_GAME = [page for page in game_pages("a visitor's finished game", lambda world: world.finished, _player)
                 if page.label.startswith(("replay", "next game", "review"))]
ROUND_GAME = game_pages("a student's round", _round_game, _student)
TOGETHER_GAME = [*game_pages("a game played together", lambda world: world.together_game, _player),
                 Page("here (a game played together)", "post",
                      lambda world: reverse("here", args=[world.together_game.pk]), _player)]
CLASS_TABLE = class_table_pages()
CLASS_PAGES = class_pages()
ROUND_START = Page("round start", "post", lambda world: reverse("round_start", args=[world.assignment.pk]), _student)
DRAFT_LESSON = [_draft("lesson", "get"), _draft("lesson_answer", "post", step=3, move=0, type="count", count=2),
                _draft("lesson_hint", "post", step=3), _draft("lesson_explanation", "post", step=3),
                # The draft has no practice step: the refusal of step 3 says so, past the permission check.
                _draft("lesson_practice", "post", let_in=(400,), step=3)]
SIGNED_IN_ONLY = [
    Page("my games", "get", lambda world: reverse("my_games"), _student),
    Page("classes", "get", lambda world: reverse("classes"), _student),
    Page("class create", "post", lambda world: reverse("class_create"), _teacher, data=lambda world: {"name": "X"}),
    Page("password change", "get", lambda world: reverse("password_change"), _student),
]

REFUSALS: list[tuple[Page, str, str]] = [
    *[(page, intruder, NOT_FOUND) for page in PLAYERS_GAME[:4] + FINISHED_GAME
      for intruder in ("anonymous", "loner", "teacher")],
    *[(page, intruder, NOT_FOUND) for page in ROUND_GAME for intruder in ("anonymous", "loner", "other teacher")],
    *[(page, intruder, NOT_FOUND) for page in TOGETHER_GAME for intruder in ("anonymous", "loner", "teacher")],
    *[(page, intruder, NOT_FOUND) for page in CLASS_TABLE for intruder in ("anonymous", "loner", "other teacher")],
    # The teacher sees the student's round only in its replay (round replay), never the student's table.
    *[(page, "teacher", NOT_FOUND) for page in ROUND_GAME],
    *[(page, intruder, NOT_FOUND) for page in CLASS_PAGES for intruder in ("other teacher", "student", "loner")],
    *[(page, "anonymous", SIGN_IN) for page in CLASS_PAGES + SIGNED_IN_ONLY + [ROUND_START]],
    *[(ROUND_START, intruder, NOT_FOUND) for intruder in ("teacher", "other teacher", "loner")],
    *[(page, intruder, NOT_FOUND) for page in DRAFT_LESSON for intruder in ("anonymous", "loner", "student")],
]


@pytest.mark.parametrize(("page", "intruder", "refusal"), REFUSALS,
                         ids=[f"{page.label}-{intruder}" for page, intruder, _refusal in REFUSALS])
def test_someone_elses_page_is_refused_and_nothing_changes(page, intruder, refusal, world):
    client = INTRUDERS[intruder](world)
    before = database_snapshot()
    response = page.request(client, world)
    if refusal == NOT_FOUND:
        assert response.status_code == 404
    else:
        assert response.status_code == 302 and response.url.startswith(reverse("login") + "?next=")
    assert database_snapshot() == before


OWNED = [*PLAYERS_GAME, *FINISHED_GAME, *ROUND_GAME, *TOGETHER_GAME, *CLASS_PAGES, *CLASS_TABLE, ROUND_START,
         *DRAFT_LESSON, *SIGNED_IN_ONLY]


@pytest.mark.parametrize("page", OWNED, ids=[page.label for page in OWNED])
def test_the_rightful_user_is_let_in(page, world):
    """The control of the refusals above: the same request from the page's own user is answered."""
    response = page.request(page.owner(world), world)
    assert response.status_code in page.let_in, response.content.decode()[:2000]
    assert not (response.status_code == 302 and response.url.startswith(reverse("login")))


def test_a_visitor_not_signed_in_is_asked_to_sign_in_before_joining_a_class(world):
    before = database_snapshot()
    for url in (reverse("class_join"), reverse("class_join_code", args=[world.classroom.join_code])):
        response = browser().post(url, {"code": world.classroom.join_code})
        assert response.status_code == 200 and f'href="{reverse("login")}?next=' in response.content.decode()
    assert database_snapshot() == before


# -- /admin/ ---------------------------------------------------------------------------------------

ADMIN_PAGES = {
    "index": lambda world: "/admin/",
    "lessons": lambda world: "/admin/tutorials/lesson/",
    "lesson add": lambda world: "/admin/tutorials/lesson/add/",
    "lesson change": lambda world: f"/admin/tutorials/lesson/{world.lesson.pk}/change/",
    "lesson history": lambda world: f"/admin/tutorials/lesson/{world.lesson.pk}/history/",
    "lesson delete": lambda world: f"/admin/tutorials/lesson/{world.lesson.pk}/delete/",
    "presets": lambda world: "/admin/games/preset/",
    "preset change": lambda world: f"/admin/games/preset/{Preset.objects.first().pk}/change/",
    "users": lambda world: "/admin/auth/user/",
    "user change": lambda world: f"/admin/auth/user/{world.teacher.pk}/change/",
    "groups": lambda world: "/admin/auth/group/",
    "progress": lambda world: "/admin/tutorials/lessonprogress/",
}
EDITORS_PAGES = [name for name in ADMIN_PAGES if name not in ("users", "user change", "groups", "progress")]


def _staff(world: World, *, editor: bool) -> Client:
    user = world.teacher.__class__.objects.create_user("staff-" + str(editor).lower(), password=PASSWORD,
                                                       is_staff=True)
    if editor:
        user.groups.add(Group.objects.get(name="Editors"))
    return signed_in_browser(user)


@pytest.mark.parametrize("name", ADMIN_PAGES)
@pytest.mark.parametrize("who", ["anonymous", "student", "teacher"])
def test_admin_pages_send_everyone_but_staff_to_the_admin_login(name, who, world):
    client = INTRUDERS[who](world)
    for method in (client.get, client.post):
        response = method(ADMIN_PAGES[name](world))
        assert response.status_code == 302 and response.url.startswith("/admin/login/"), method


@pytest.mark.parametrize("name", [name for name in ADMIN_PAGES if name != "index"])
def test_staff_without_the_editors_permissions_get_403_and_change_nothing(name, world):
    client = _staff(world, editor=False)
    before = database_snapshot()
    assert client.get(ADMIN_PAGES[name](world)).status_code == 403
    assert client.post(ADMIN_PAGES[name](world), {"slug": "hijacked", "post": "yes"}).status_code == 403
    assert database_snapshot() == before and Lesson.objects.filter(slug="hijacked").count() == 0


@pytest.mark.parametrize("name", ADMIN_PAGES)
def test_editors_open_lessons_and_presets_and_nothing_else(name, world):
    response = _staff(world, editor=True).get(ADMIN_PAGES[name](world))
    assert response.status_code == (200 if name in EDITORS_PAGES else 403)
