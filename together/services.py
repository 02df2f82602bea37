"""Write paths of the tables to play together: open one, take or leave a seat, start its game.

Each write locks the table's row, so people taking seats at once each get a different seat or a clear
refusal, and a table starts once. The game itself then goes through games.services like every game.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from core import live
from core.visitors import Visitor
from games.bots import LEVELS
from games.rules import get_game
from games.services import Person, game_create_together
from together.models import CODE_ALPHABET, CODE_LENGTH, Table, TableSeat
from together.selectors import is_opener, may_sit_at, open_tables_of_person

PERSON = "person"


class TableRefused(Exception):
    """A change the table cannot take; the message is for the person, `status` for the response."""

    status = 400


class TableConflict(TableRefused):
    status = 409


def lobby_group(table: Table) -> str:
    return f"table-{table.code}"


def _announce_lobby(table: Table) -> None:
    """Tell the table's open lobby pages that its seats changed (or that it started), after the commit."""
    transaction.on_commit(lambda: live.publish(lobby_group(table), {"type": "lobby.changed"}))


def table_open(*, game_key: str, preset: str, variant: dict, seat_plan: list[dict], stand_in_level: str,
               away_after: int | None, creator: Visitor, classroom=None) -> Table:
    """A new table, not started, with an invitation code; nobody sits at it yet (the opener takes a seat too).

    `seat_plan` has one {"kind": "person"} or {"kind": "bot", "level": …} per seat; `creator` has a visitor key
    (Visitor.of_request with make_key). Refused beyond settings.OPEN_TABLES_PER_PERSON tables of the same person
    waiting to start.
    """
    engine = get_game(game_key)
    engine.variant(**variant)   # an editor's broken preset is refused here, not at the start
    if not engine.min_players <= len(seat_plan) <= engine.max_players:
        raise TableRefused(_("%(game)s is played by %(low)s to %(high)s players.") % {
            "game": _(engine.title), "low": engine.min_players, "high": engine.max_players})
    for plan in seat_plan:
        if plan["kind"] not in (PERSON, "bot") or (plan["kind"] == "bot" and plan.get("level") not in LEVELS):
            raise TableRefused(_("Each seat is for a person or a bot of a known level."))
    if not any(plan["kind"] == PERSON for plan in seat_plan):
        raise TableRefused(_("Leave at least one seat for a person."))
    if stand_in_level not in LEVELS:
        raise TableRefused(_("Choose the level of the bots that stand in for people."))
    if len(open_tables_of_person(visitor=creator)) >= settings.OPEN_TABLES_PER_PERSON:
        raise TableConflict(_("You already have %(count)s tables waiting to start: start one or let it expire "
                              "first.") % {"count": settings.OPEN_TABLES_PER_PERSON})
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        try:
            with transaction.atomic():
                return Table.objects.create(
                    code=code, game_key=game_key, preset=preset, variant=variant, seat_plan=seat_plan,
                    stand_in_level=stand_in_level, away_after=away_after, classroom=classroom,
                    creator=creator.account, creator_key=creator.key)
        except IntegrityError:   # the code is taken (one chance in a trillion): draw another
            continue


def _locked(table: Table) -> Table:
    table = Table.objects.select_for_update().get(pk=table.pk)
    if table.is_started:
        raise TableConflict(_("The game at this table has started."))
    if table.is_expired:
        raise TableConflict(_("This table was never started and has expired."))
    return table


def table_sit(*, table: Table, seat: int, name: str, visitor: Visitor) -> Table:
    """Take a free people's seat under `name` (`visitor` must have a visitor key). A person sits at one seat of
    a table; the game starts by itself once every people's seat is taken."""
    name = " ".join(name.split())[:30]
    if not name:
        raise TableRefused(_("Write the name the others will see."))
    with transaction.atomic():
        table = _locked(table)
        if not may_sit_at(table, user=visitor.user):
            raise TableRefused(_("Only the members of this table's class may sit at it."))
        if seat not in table.people_seats():
            raise TableRefused(_("That seat is not for a person."))
        taken = list(table.people.all())
        mine = [person for person in taken if visitor.owns(person)]
        if mine:
            raise TableConflict(_("You already sit at seat %(number)s of this table.") % {"number": mine[0].seat + 1})
        if any(person.seat == seat for person in taken):
            raise TableConflict(_("Somebody has just taken that seat: choose another."))
        TableSeat.objects.create(table=table, seat=seat, name=name, user=visitor.account, visitor_key=visitor.key)
        if len(taken) + 1 == len(table.people_seats()):
            _start(table)   # which tells the lobby pages once: two messages would send each page there twice
        else:
            _announce_lobby(table)
    return table


def table_leave(*, table: Table, visitor: Visitor) -> None:
    """Give up one's seat before the game starts."""
    with transaction.atomic():
        table = _locked(table)
        if not table.people.filter(visitor.q()).delete()[0]:
            raise TableRefused(_("You do not sit at this table."))
        _announce_lobby(table)


def table_start(*, table: Table, visitor: Visitor) -> Table:
    """Start the game now (its opener only): the people's seats left empty get bots of the stand-in level."""
    with transaction.atomic():
        table = _locked(table)
        if not is_opener(table, visitor=visitor):
            raise TableRefused(_("Only the person who opened the table starts it."))
        if not table.people.exists():
            raise TableRefused(_("Nobody sits at the table yet: take a seat first."))
        _start(table)
    return table


def _start(table: Table) -> None:
    """The table's game, with its people at their seats; inside the caller's transaction, the table locked."""
    people = list(table.people.all())
    taken = {person.seat for person in people}
    bots = {seat: plan["level"] if plan["kind"] == "bot" else table.stand_in_level
            for seat, plan in enumerate(table.seat_plan) if seat not in taken}
    table.game = game_create_together(
        game_key=table.game_key, preset=table.preset, variant=table.variant, bot_levels=bots,
        people=[Person(seat=person.seat, name=person.name, user=person.user, visitor_key=person.visitor_key)
                for person in people],
        stand_in_level=table.stand_in_level, away_after=table.away_after)
    table.save(update_fields=["game"])
    _announce_lobby(table)
