"""Read paths of the tables to play together: who may sit where, and which tables a visitor is shown."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from classroom.models import Classroom
from core.visitors import Visitor
from games.models import Game
from games.preset_uses import PresetUse
from games.rules import get_game
from games.selectors import BOT_LEVEL_LABELS, preset_name
from together.models import CODE_ALPHABET, CODE_LENGTH, Table


def normalised_code(text: str) -> str | None:
    """An invitation code as typed (any case, spaces or dashes between its letters), or None if it cannot be one."""
    code = "".join(text.split()).replace("-", "").upper()
    if len(code) != CODE_LENGTH or any(letter not in CODE_ALPHABET for letter in code):
        return None
    return code


def table_for_code(code: str) -> Table | None:
    """The table of an invitation code, if there is one (expired or started tables too: the page says so)."""
    code = normalised_code(code)
    return Table.objects.filter(code=code).select_related("classroom", "game").first() if code else None


def may_sit_at(table: Table, *, user) -> bool:
    """Anybody may sit at a table with the code, except at a class table: its students and teachers only."""
    if table.classroom_id is None:
        return True
    if user is None or not user.is_authenticated:
        return False
    return Classroom.objects.filter(Q(memberships__student=user) | Q(teachers=user), pk=table.classroom_id).exists()


def _still_open() -> Q:
    return Q(game__isnull=True, created_at__gt=timezone.now() - timedelta(seconds=settings.TABLE_EXPIRES_AFTER))


def _opened_by(visitor: Visitor) -> Q:
    return visitor.q(user_field="creator", key_field="creator_key")


def open_tables_of_person(*, visitor: Visitor) -> QuerySet[Table]:
    """The tables the person opened that wait to start (counted against settings.OPEN_TABLES_PER_PERSON)."""
    return Table.objects.filter(_opened_by(visitor)).filter(_still_open())


def _played_by(visitor: Visitor) -> Q:
    return visitor.q(user_field="game__holders__user", key_field="game__holders__visitor_key")


def tables_for_visitor(*, visitor: Visitor, limit: int = 50) -> list[Table]:
    """The tables a visitor may join or go back to, newest first: those they opened or sit at (waiting, or
    started and still played), and the waiting tables of their classes."""
    mine = (_opened_by(visitor) | visitor.q(user_field="people__user", key_field="people__visitor_key")
            | _played_by(visitor))
    if visitor.signed_in:
        classes = Classroom.objects.filter(Q(memberships__student=visitor.user) | Q(teachers=visitor.user),
                                           archived=False)
        mine |= Q(classroom__in=classes) & _still_open()
    playing = Q(game__status="active")
    tables = Table.objects.filter(mine).filter(_still_open() | playing).values("pk")
    return list(Table.objects.filter(pk__in=tables).select_related("classroom", "game")
                .prefetch_related("people").order_by("-created_at")[:limit])


FINISHED_TABLES_SHOWN = 10


def finished_tables_of_visitor(*, visitor: Visitor, limit: int = FINISHED_TABLES_SHOWN) -> list[Table]:
    """The tables whose game the visitor played and is over, the latest finished first (a finished game is not
    changed again: its last change is its end), at most `limit`."""
    tables = Table.objects.filter(_played_by(visitor), game__status=Game.Status.FINISHED).values("pk")
    return list(Table.objects.filter(pk__in=tables).select_related("classroom", "game")
                .prefetch_related("people").order_by("-game__updated_at")[:limit])


def class_tables(classroom: Classroom, *, waiting_only: bool = False) -> list[Table]:
    """A class's tables waiting to start, and unless `waiting_only` those being played, for its pages: the
    teacher's class page lists both, a student's the tables still to join."""
    shown = _still_open() if waiting_only else _still_open() | Q(game__status="active")
    return list(classroom.tables.filter(shown).prefetch_related("people").order_by("-created_at"))


def table_summary(table: Table) -> dict[str, Any]:
    """One line of a list of tables: its game, seats taken and whether it is waiting, played or over."""
    taken = len(table.people.all())
    return {"table": table, "title": gettext(get_game(table.game_key).title),
            "people": len(table.people_seats()), "taken": taken, "started": table.is_started,
            "finished": table.is_started and table.game.is_over,
            "names": [person.name for person in table.people.all()]}


def class_table_lines(classroom: Classroom, *, waiting_only: bool = False) -> list[dict[str, Any]]:
    """A class's tables as its pages list them (classroom.class_tables, registered by TogetherConfig.ready)."""
    return [table_summary(table) for table in class_tables(classroom, waiting_only=waiting_only)]


def is_opener(table: Table, *, visitor: Visitor) -> bool:
    """Whether the visitor opened `table` (and so may start it)."""
    return visitor.owns(table, user_field="creator", key_field="creator_key")


def lobby_context(table: Table, *, visitor: Visitor) -> dict[str, Any]:
    """The table's page before its game starts: each seat, who took it or what it is for, and what the visitor
    may do (take a free seat, leave theirs, start the game)."""
    people = {person.seat: person for person in table.people.all()}
    me = next((person for person in people.values() if visitor.owns(person)), None)
    seats = []
    for seat, plan in enumerate(table.seat_plan):
        person = people.get(seat)
        seats.append({"number": seat + 1, "seat": seat, "is_person": plan["kind"] == "person",
                      "level": BOT_LEVEL_LABELS.get(plan.get("level")), "person": person,
                      "is_mine": person is not None and person is me})
    # The opener is offered the start once somebody sits (table_start refuses an empty table).
    return {"table": table, "seats": seats, "me": me, "may_start": is_opener(table, visitor=visitor) and bool(people),
            "may_sit": may_sit_at(table, user=visitor.user),
            "title": gettext(get_game(table.game_key).title),
            "preset": preset_name(game_key=table.game_key, slug=table.preset),
            "stand_in": BOT_LEVEL_LABELS.get(table.stand_in_level),
            "away_minutes": table.away_after // 60 if table.away_after else None,
            "free": [seat for seat in seats if seat["is_person"] and seat["person"] is None]}


def table_preset_uses(preset) -> list[PresetUse]:
    """The tables of people opened under `preset` (games.preset_uses): they keep the rules they were opened with."""
    count = Table.objects.filter(game_key=preset.game_key, preset=preset.slug).count()
    return [PresetUse(kind=gettext("Tables of people"), count=count)]
