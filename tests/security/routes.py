"""Every named route of the site (outside /admin/), for the tests that must cover them all.

POST_ROUTES holds each route that accepts a POST: who posts there (the user whose objects it changes),
its addresses (the poster's own, and others the poster must be refused at), and plausible values of its
form fields, which the fuzzing mixes with malformed ones. GET_ROUTES holds the read-only pages with their
address. tests/security/test_fuzz_posts.py fails when the URLconf names a route that is in neither.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from django.contrib.auth.tokens import default_token_generator
from django.contrib.messages import ERROR, get_messages
from django.http import HttpResponse
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from games.rules import GAMES
from games.rules.cards import RANKS, make_deck
from tests.classroom.helpers import PASSWORD
from tests.security.world import HUGE_ID, UNKNOWN_UUID, World, browser, signed_in_browser

CARDS = make_deck(RANKS)
ACTION_TYPES = ["ask", "count", "suits", "pass", "attack", "throw", "beat", "take", "play", "draw", "moon", "fold"]
MOVE_FIELDS = {
    "type": ACTION_TYPES, "target": ["0", "1", "2", "7", "-1"], "rank": [*RANKS, "Z"], "count": ["0", "1", "2", "5"],
    "suits": ["C", "D,S", "H,H", "X", ""], "cards": CARDS, "attack": CARDS, "card": CARDS,
    "choice": ["add", "subtract"], "declared": ["true", "false"],
}


def forget_messages(client: Client) -> None:
    """Drop the messages earlier requests left unread (in the cookie, or the session when they were too long
    for it), so that `accepted` reads only the next request's."""
    client.cookies.pop("messages", None)
    if "_messages" in client.session:
        session = client.session
        del session["_messages"]
        session.save()


def accepted(response: HttpResponse) -> bool:
    """A form's "done": a redirect with no error message. Anything else must leave every row as it was.
    Call forget_messages before the request."""
    if not 300 <= response.status_code < 400:
        return False
    return not any(message.level >= ERROR for message in get_messages(response.wsgi_request))


def accepted_or_judged(response: HttpResponse) -> bool:
    """A lesson's answer is recorded when it is judged, right (a redirect) or wrong (the step again, 200)."""
    return response.status_code == 200 or accepted(response)


@dataclasses.dataclass(frozen=True)
class PostRoute:
    client: Callable[[World], Client]
    own: Callable[[World], list[str]]          # addresses the poster may use
    foreign: Callable[[World], list[str]]      # addresses the poster must be refused at (4xx, nothing changed)
    fields: Callable[[World], dict[str, list[str]]] = lambda world: {}
    changes_on: Callable[[HttpResponse], bool] = accepted


def _current_move(world: World) -> list[str]:
    world.game.refresh_from_db()
    count = world.game.move_count
    return [str(count), str(count), str(count - 1), str(count + 1)]   # the current number, and stale ones


def _game_urls(name: str) -> tuple[Callable[[World], list[str]], Callable[[World], list[str]]]:
    return (lambda world: [reverse(name, args=[world.game.pk]), reverse(name, args=[world.finished.pk])],
            lambda world: [reverse(name, args=[world.stranger_game.pk]), reverse(name, args=[UNKNOWN_UUID])])


def _lesson_urls(name: str) -> tuple[Callable[[World], list[str]], Callable[[World], list[str]]]:
    return (lambda world: [reverse(name, args=["sunduchok", world.lesson.slug])],
            lambda world: [reverse(name, args=["sunduchok", world.draft.slug]),
                           reverse(name, args=["hearts", world.lesson.slug]),
                           reverse(name, args=["sunduchok", "no-such-lesson"])])


def _class_urls(name: str) -> tuple[Callable[[World], list[str]], Callable[[World], list[str]]]:
    return (lambda world: [reverse(name, args=[world.classroom.pk])],
            lambda world: [reverse(name, args=[world.other_classroom.pk]), reverse(name, args=[HUGE_ID]),
                           reverse(name, args=[0])])


def _table_urls(name: str, *tables: str) -> Callable[[World], list[str]]:
    """The addresses of route `name` at the world's tables called `tables` (World's attributes)."""
    return lambda world: [reverse(name, args=[getattr(world, table).code]) for table in tables]


def _others_tables(name: str) -> Callable[[World], list[str]]:
    """Route `name` at the tables that refuse the player and a newcomer (neither a member of a class): a table
    started without them (409), an expired one (410), class tables (404: not even shown), codes of no table."""
    return lambda world: [reverse(name, args=[code]) for code in (
        world.stranger_table.code, world.expired_table.code, world.class_table.code, world.other_class_table.code,
        "ZZZZZZZZ", "x" * 300)]


def _changed_the_table(response: HttpResponse) -> bool:
    """A seat taken or left: the table's page again (200); a refusal answers 4xx, or 302 to the game for a person
    already playing at the table."""
    return response.status_code == 200


def _player(world: World) -> Client:
    return world.player


def _teacher(world: World) -> Client:
    return signed_in_browser(world.teacher)


def _student(world: World) -> Client:
    return signed_in_browser(world.student)


def _users(world: World) -> list[str]:
    return [str(user.pk) for user in (world.student, world.loner, world.teacher, world.other_teacher)] + ["0"]


def _step_fields(world: World) -> dict[str, list[str]]:
    return {"step": ["1", "2", "3", "4", "0", "99"], "move": ["0"], **MOVE_FIELDS}


def _reset_token_urls(world: World) -> list[str]:
    uid = urlsafe_base64_encode(force_bytes(world.loner.pk))
    return [reverse("password_reset_confirm", args=[uid, token])
            for token in ("set-password", "bad-token", default_token_generator.make_token(world.loner) + "x")] + [
        reverse("password_reset_confirm", args=["AAAA", "set-password"])]


def _editor(world: World) -> Client:
    return signed_in_browser(world.editor)


LESSON_CHANGES = ("publish", "unpublish", "up", "down", "texts", "add-step", "nothing")
STEP_CHANGES = ("deal", "continue", "cards", "from-game", "from-puzzle", "undo", "play", "answer", "kind", "texts",
                "up", "down", "delete", "nothing")


def _studio_lesson_urls(world: World) -> list[str]:
    return [reverse("studio_lesson_change", args=[lesson.pk, change])
            for lesson in (world.lesson, world.draft) for change in LESSON_CHANGES]


def _studio_step_urls(world: World) -> list[str]:
    return [reverse("studio_step_change", args=[world.lesson.pk, number, change])
            for number in (2, 3) for change in STEP_CHANGES]


def _studio_fields(world: World) -> dict[str, list[str]]:
    texts = ["", "Текст", "**Markdown**", "x" * 300]
    return {**MOVE_FIELDS, "move": ["0", "1", "-1"], "purpose": ["play", "answer"], "players": ["2", "3", "9"],
            "seed": ["0", "7", "-5", "99999999999999999999"], "dealer": ["0", "1", "5"], "seat": ["0", "1", "4"],
            "move_number": ["0", "3", "100"], "game": [str(world.game.pk), str(world.stranger_game.pk), "nope"],
            "puzzle": [str(world.puzzle.pk), str(world.hidden_puzzle.pk), "0"], "kind": ["text", "replay", "practice"],
            "body_ru": texts, "body_en": texts, "hint_1_en": texts, "title_en": texts, "title_ru": texts,
            "feedback-0-ru": texts, "feedback-0-en": texts, "feedback-99-en": texts, "use_draft": ["0", "1", "x"],
            "question_texts": ["1"], "explain_after_first_wrong": ["on"], "back": ["index", ""],
            **{f"card-{card}": ["0", "1", "stock", "9"] for card in CARDS[:8]}}


POST_ROUTES: dict[str, PostRoute] = {
    # The lesson studio: editors only; every change is checked as the lesson admin checks a save.
    "studio": PostRoute(_editor, lambda world: [reverse("studio")], lambda world: [],
                        fields=lambda world: {"game": ["hearts", "sunduchok", "chess", ""],
                                              "title": ["A new lesson", "", "x" * 300, "Урок"]}),
    "studio_lesson_change": PostRoute(
        _editor, _studio_lesson_urls,
        lambda world: [reverse("studio_lesson_change", args=[HUGE_ID, "publish"]),
                       reverse("studio_lesson_change", args=[0, "texts"])],
        fields=_studio_fields),
    "studio_step_change": PostRoute(
        _editor, _studio_step_urls,
        lambda world: [reverse("studio_step_change", args=[world.lesson.pk, 99, "deal"]),
                       reverse("studio_step_change", args=[HUGE_ID, 1, "play"])],
        fields=_studio_fields),
    "new_game": PostRoute(
        client=_player,
        own=lambda world: [reverse("new_game", args=[key]) for key in GAMES],
        foreign=lambda world: [reverse("new_game", args=["poker"]), reverse("new_game", args=["x" * 300])],
        fields=lambda world: {"preset": ["standard", "deck-52", "short", "no-such"], "players": ["2", "3", "4", "9"],
                              "seed": ["1", "-1", str(2**53)],
                              **{f"bot_{seat}": ["easy", "genius"] for seat in range(1, 6)}}),
    "act": PostRoute(_player, *_game_urls("act"),
                     fields=lambda world: {"move": _current_move(world), **MOVE_FIELDS}),
    # A hint given (200) counts on the game; a refused one (409: over, not the seat's turn) changes nothing.
    "hint": PostRoute(_player, *_game_urls("hint"), changes_on=lambda response: response.status_code == 200),
    "play_again": PostRoute(_player, *_game_urls("play_again")),
    # A practice game from one of the player's decisions in a finished game (a redirect); 409 for any other step.
    "review_try_again": PostRoute(
        _player, lambda world: [reverse("review_try_again", args=[game.pk, step])
                                for game in (world.game, world.finished) for step in (0, 1, 3, 10**6)],
        lambda world: [reverse("review_try_again", args=[game, 1]) for game in (world.stranger_game.pk, UNKNOWN_UUID)]),
    "next_game": PostRoute(_player, *_game_urls("next_game")),
    "lesson_answer": PostRoute(_player, *_lesson_urls("lesson_answer"), fields=_step_fields,
                               changes_on=accepted_or_judged),
    "lesson_hint": PostRoute(_player, *_lesson_urls("lesson_hint"), fields=_step_fields),
    "lesson_explanation": PostRoute(_player, *_lesson_urls("lesson_explanation"), fields=_step_fields),
    "lesson_practice": PostRoute(_player, *_lesson_urls("lesson_practice"), fields=_step_fields),
    "class_create": PostRoute(_teacher, lambda world: [reverse("class_create")], lambda world: [],
                              fields=lambda world: {"name": ["8B", " ", "x" * 101]}),
    "class_join": PostRoute(_student, lambda world: [reverse("class_join")], lambda world: [],
                            fields=lambda world: {"code": [world.classroom.join_code, world.other_classroom.join_code,
                                                           "ZZZZZZZZ", world.classroom.join_code.lower()]}),
    "class_join_code": PostRoute(
        _student, lambda world: [reverse("class_join_code", args=[world.classroom.join_code])],
        lambda world: [],
        fields=lambda world: {"code": [world.classroom.join_code, world.other_classroom.join_code, "ZZZZZZZZ"]}),
    "class_rename": PostRoute(_teacher, *_class_urls("class_rename"),
                              fields=lambda world: {"name": ["8B", " ", "x" * 101, "x" * 100]}),
    "class_archive": PostRoute(_teacher, *_class_urls("class_archive"),
                               fields=lambda world: {"archived": ["0", "1", "yes"]}),
    "class_add_teacher": PostRoute(_teacher, *_class_urls("class_add_teacher"),
                                   fields=lambda world: {"username": ["other-teacher", "masha", "nobody", " loner "]}),
    "class_remove_student": PostRoute(_teacher, *_class_urls("class_remove_student"),
                                      fields=lambda world: {"student": _users(world)}),
    # The form starts with the game (hidden `game`, or `?game=` in the address): every game's own presets, goals.
    "assignment_new": PostRoute(
        _teacher, lambda world: [reverse("assignment_new", args=[world.classroom.pk]) + query
                                 for query in ("", "?game=hearts", "?game=yashchiki", "?game=chess")],
        lambda world: [reverse("assignment_new", args=[world.other_classroom.pk]) + "?game=hearts",
                       reverse("assignment_new", args=[HUGE_ID]), reverse("assignment_new", args=[0])],
        fields=lambda world: {
            "game": [*GAMES, "chess", ""],
            "title": ["Two rounds", " "], "rounds": ["0", "1", "2", "21", "-1"],
            "preset": ["standard", "short", "short-50", "short-hands", "deck-52", "no-such"],
            "players": ["2", "3", "4", "7"], "goal": ["none", "wins", "chests", "points", "not-rooster", "fame"],
            "goal_count": ["0", "1", "14", "26", "27"], "hints": ["allow", "count", "forbid", "sometimes"],
            "due_at": ["2999-01-01T10:00", "2000-01-01T10:00", "9999-12-31T23:59", "0000-00-00"],
            "same_deals": ["on", "off"], "students": _users(world),
            "lessons": [str(world.lesson.pk), str(world.draft.pk), "0"],
            **{f"bot_{seat}": ["easy", "genius"] for seat in range(1, 6)}}),
    "round_start": PostRoute(
        _student, lambda world: [reverse("round_start", args=[world.assignment.pk])],
        lambda world: [reverse("round_start", args=[world.other_assignment.pk]),
                       reverse("round_start", args=[HUGE_ID])]),
    "signup": PostRoute(
        lambda world: browser(), lambda world: [reverse("signup")], lambda world: [],
        fields=lambda world: {"username": ["newcomer", "masha", ""], "email": ["new@school.example", "not-an-address"],
                              "password1": [PASSWORD, "123"], "password2": [PASSWORD, "321"], "teaches": ["on"],
                              "next": ["/learn/", "https://evil.example/"]}),
    "login": PostRoute(
        lambda world: browser(), lambda world: [reverse("login")], lambda world: [],
        fields=lambda world: {"username": ["masha", "nobody", " MASHA "], "password": [PASSWORD, "wrong"],
                              "next": ["/learn/", "//evil.example/"]}),
    "logout": PostRoute(_student, lambda world: [reverse("logout")], lambda world: [],
                        fields=lambda world: {"next": ["/learn/", "https://evil.example/"]}),
    "password_change": PostRoute(
        lambda world: signed_in_browser(world.loner), lambda world: [reverse("password_change")], lambda world: [],
        fields=lambda world: {"old_password": [PASSWORD, "wrong"], "new_password1": ["short", PASSWORD + "!"],
                              "new_password2": ["short", PASSWORD + "!"]}),
    "password_reset": PostRoute(lambda world: browser(), lambda world: [reverse("password_reset")], lambda world: [],
                                fields=lambda world: {"email": ["loner@school.example", "nobody@school.example"]}),
    "password_reset_confirm": PostRoute(
        lambda world: browser(), _reset_token_urls, lambda world: [],
        fields=lambda world: {"new_password1": [PASSWORD + "!"], "new_password2": [PASSWORD + "!"]}),
    # An answer is recorded when it is judged (200, right or wrong); a malformed one is refused (400).
    "puzzle_answer": PostRoute(
        _player, lambda world: [reverse("puzzle_answer", args=["sunduchok", world.puzzle.pk])],
        lambda world: [reverse("puzzle_answer", args=["sunduchok", world.hidden_puzzle.pk]),
                       reverse("puzzle_answer", args=["hearts", world.puzzle.pk]),
                       reverse("puzzle_answer", args=["sunduchok", HUGE_ID]),
                       reverse("puzzle_answer", args=["chess", world.puzzle.pk])],
        fields=lambda world: {"move": ["0", str(len(world.puzzle.actions))], "theme": ["the-count", "no-such", ""],
                              **MOVE_FIELDS},
        changes_on=lambda response: response.status_code == 200),
    # A table to play together: opened by a teacher (who may make it a class table); any game's seats, rules,
    # stand-in bots and patience. Accepted: the new table's page (a redirect).
    "table_new": PostRoute(
        _teacher, lambda world: [reverse("table_new", args=[key]) for key in GAMES],
        lambda world: [reverse("table_new", args=["poker"]), reverse("table_new", args=["x" * 300])],
        fields=lambda world: {
            "preset": ["standard", "short", "short-50", "deck-52", "no-such"], "players": ["2", "3", "4", "7"],
            "stand_in_level": ["easy", "hard", "genius"], "away_after": ["never", "60", "600", "5", "-1"],
            "classroom": [str(world.classroom.pk), str(world.other_classroom.pk), "0"],
            **{f"seat_{seat}": ["person", "easy", "hard", "genius"] for seat in range(6)}}),
    # A newcomer takes a free seat at the player's open table (once: then "You already sit").
    "table_sit": PostRoute(
        lambda world: browser(),
        lambda world: [reverse("table_sit", args=[code]) for code in (
            world.open_table.code, "-".join([world.open_table.code[:4].lower(), world.open_table.code[4:]]))],
        lambda world: [reverse("table_sit", args=[world.played_table.code]), *_others_tables("table_sit")(world)],
        fields=lambda world: {"seat": ["0", "1", "2", "3", "-1"], "name": ["Olga", " ", "x" * 40, "Anna  Lee"]},
        changes_on=_changed_the_table),
    "table_leave": PostRoute(_player, _table_urls("table_leave", "open_table", "played_table"),
                             _others_tables("table_leave"), changes_on=_changed_the_table),
    # The opener starts the open table: its game's page (a redirect, as the player now plays it).
    "table_start": PostRoute(_player, _table_urls("table_start", "open_table"), _others_tables("table_start")),
    # The player's page at a table of people says they are there (200); nobody else's page may, and a game of
    # one person keeps no such count (404).
    "here": PostRoute(
        _player, lambda world: [reverse("here", args=[world.together_game.pk])],
        lambda world: [reverse("here", args=[game]) for game in (
            world.stranger_table.game_id, world.game.pk, world.stranger_game.pk, UNKNOWN_UUID)],
        changes_on=lambda response: response.status_code == 200),
    "set_language": PostRoute(
        lambda world: browser(), lambda world: [reverse("set_language")], lambda world: [],
        fields=lambda world: {"language": ["ru", "en", "de"], "next": ["/learn/", "//evil.example/"]}),
}

# Pages that only read: a POST there is refused (405) or answered as a GET, and changes nothing.
GET_ROUTES: dict[str, Callable[[World], str]] = {
    "studio_lesson": lambda world: reverse("studio_lesson", args=[world.lesson.pk]),
    "studio_step": lambda world: reverse("studio_step", args=[world.lesson.pk, 3]),
    "home": lambda world: reverse("home"),
    "health": lambda world: reverse("health"),
    "favicon": lambda world: reverse("favicon"),
    # The presets' admin before they moved to the games app: a permanent redirect to their new admin pages.
    "old_preset_admin": lambda world: reverse("old_preset_admin", args=[""]),
    # The editors' guide among the admin's pages (staff only).
    "writing_lessons_guide": lambda world: reverse("writing_lessons_guide"),
    "play_index": lambda world: reverse("play_index"),
    "my_games": lambda world: reverse("my_games"),
    "play": lambda world: reverse("play", args=[world.game.pk]),
    "table": lambda world: reverse("table", args=[world.game.pk]),
    "table_lobby": lambda world: reverse("table_lobby", args=[world.open_table.code]),
    "tables": lambda world: reverse("tables"),
    "replay": lambda world: reverse("replay", args=[world.finished.pk]),
    "review": lambda world: reverse("review", args=[world.finished.pk]),
    # Computes and keeps a part of the review (a cache of what the finished game's log already decides).
    "review_part": lambda world: reverse("review_part", args=[world.finished.pk, 0]),
    "learn": lambda world: reverse("learn"),
    "course": lambda world: reverse("course", args=["sunduchok"]),
    "lesson": lambda world: reverse("lesson", args=["sunduchok", world.lesson.slug]),
    "lesson_done": lambda world: reverse("lesson_done", args=["sunduchok", world.lesson.slug]),
    "classes": lambda world: reverse("classes"),
    "class_dashboard": lambda world: reverse("class_dashboard", args=[world.classroom.pk]),
    "class_dashboard_csv": lambda world: reverse("class_dashboard_csv", args=[world.classroom.pk]),
    "assignment_detail": lambda world: reverse("assignment_detail", args=[world.assignment.pk]),
    "assignment_deal": lambda world: reverse("assignment_deal", args=[world.assignment.pk, 1]),
    "round_replay": lambda world: reverse("round_replay", args=[world.practice_round.pk]),
    "password_change_done": lambda world: reverse("password_change_done"),
    "password_reset_done": lambda world: reverse("password_reset_done"),
    "password_reset_complete": lambda world: reverse("password_reset_complete"),
    "rules_index": lambda world: reverse("rules_index"),
    "rules_page": lambda world: reverse("rules_page", args=["sunduchok"]),
    "puzzles": lambda world: reverse("puzzles"),
    "puzzle_game": lambda world: reverse("puzzle_game", args=["sunduchok"]),
    "puzzle_next": lambda world: reverse("puzzle_next", args=["sunduchok"]),
    "puzzle": lambda world: reverse("puzzle", args=["sunduchok", world.puzzle.pk]),
    "puzzle_solution": lambda world: reverse("puzzle_solution", args=["sunduchok", world.puzzle.pk]),
}


def site_route_names(patterns=None) -> set[str]:
    """The name of every route in the URLconf outside /admin/ ("<unnamed …>" for a route without one)."""
    names: set[str] = set()
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace != "admin":
                names |= site_route_names(pattern.url_patterns)
        elif isinstance(pattern, URLPattern):
            names.add(pattern.name or f"<unnamed {pattern.pattern}>")
    return names
