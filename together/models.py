"""A table several people play at: its seats, the people who took them, and, once started, its game.

The table is the lobby: who sits where before the game starts. Once started, the game's own seat holders
(games.models.SeatHolder) say who plays which seat, and the game's log is the truth as for every game.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.models import Game

# Invitation codes leave out the letters and digits that read alike: 0/O, 1/I/L.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8

AWAY_LIMITS = [(None, _("never: the table waits")), (60, _("after 1 minute")), (180, _("after 3 minutes")),
               (600, _("after 10 minutes"))]


class Table(models.Model):
    code = models.CharField(max_length=CODE_LENGTH, unique=True)
    game_key = models.CharField(max_length=20)
    preset = models.CharField(max_length=50)
    variant = models.JSONField(help_text="The preset's variant fields when the table was opened.")
    # One entry per seat: {"kind": "person"} or {"kind": "bot", "level": …}.
    seat_plan = models.JSONField()
    # The level of the bots that take the people's seats left empty at the start, and play for a person away.
    stand_in_level = models.CharField(max_length=10, default="medium")
    # Seconds a person may be away before a bot plays for them; None: the table waits for them.
    away_after = models.PositiveIntegerField(null=True, blank=True)
    # A class table: only the class's students and teachers may sit at it.
    classroom = models.ForeignKey("classroom.Classroom", null=True, blank=True, on_delete=models.CASCADE,
                                  related_name="tables")
    creator = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="tables_opened")
    creator_key = models.CharField(max_length=40, help_text="The opener's visitor key (games.sessions).")
    game = models.OneToOneField(Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="table")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["creator_key", "created_at"])]

    def __str__(self) -> str:
        return f"table {self.code} ({self.game_key})"

    @property
    def players(self) -> int:
        return len(self.seat_plan)

    @property
    def is_started(self) -> bool:
        return self.game_id is not None

    @property
    def expires_at(self):
        """A table that never starts is gone after settings.TABLE_EXPIRES_AFTER seconds."""
        return self.created_at + timedelta(seconds=settings.TABLE_EXPIRES_AFTER)

    @property
    def is_expired(self) -> bool:
        return not self.is_started and timezone.now() >= self.expires_at

    def people_seats(self) -> list[int]:
        return [seat for seat, plan in enumerate(self.seat_plan) if plan["kind"] == "person"]


class TableSeat(models.Model):
    """A person who took one of a table's people's seats, before the game starts."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="people")
    seat = models.PositiveSmallIntegerField()
    name = models.CharField(_("name"), max_length=30)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="table_seats")
    visitor_key = models.CharField(max_length=40)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="one_person_per_table_seat"),
            # A person sits at one seat of a table, from whichever browser.
            models.UniqueConstraint(fields=["table", "visitor_key"], name="one_seat_per_visitor"),
            models.UniqueConstraint(fields=["table", "user"], condition=models.Q(user__isnull=False),
                                    name="one_seat_per_user"),
        ]

    def __str__(self) -> str:
        return f"{self.name} at seat {self.seat} of {self.table_id}"
