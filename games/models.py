"""A played game is its start (game, variant, seed or deal, seats) plus an append-only action log.

The current state is never stored: it is rebuilt by replaying the log through the rule engine
(games.selectors.game_state), so a restart loses nothing and every game can be replayed.

Presets, the engines' named variants that editors may change, live here too: lessons, rules pages, tables and
assignments name them, and the play pages offer them.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.versions import register_versions
from games.rules import GAMES, get_game


def game_choices() -> list[tuple[str, str]]:
    # A callable, so that a new game needs no migration of these fields; the engines' English
    # titles are msgids of the site's catalogue, said in the reader's language.
    return [(key, _(game.title)) for key, game in GAMES.items()]


# Checks of a preset's change, each called as check(preset, variant) by Preset.clean and raising ValidationError
# to refuse it. Apps whose rows depend on a preset add theirs from their AppConfig.ready (tutorials: its lessons
# must still replay), so that this app needs to know none of them.
PRESET_CHANGE_CHECKS: list[Callable] = []


@register_versions()
class Preset(models.Model):
    """A named set of variant fields of one game, e.g. Sunduchok's "deck-52" = {"deck": 52}."""

    TRANSLATED_FIELDS = ("name", "description")

    game_key = models.CharField(_("game"), max_length=20, choices=game_choices)
    slug = models.SlugField(_("slug"), max_length=50,
                            help_text=_("Short name used in addresses and lesson files, e.g. deck-52."))
    name = models.CharField(_("name"), max_length=100)
    description = models.TextField(_("description"), blank=True)
    fields = models.JSONField(
        _("variant fields"), default=dict, blank=True,
        help_text=_('The variant fields that differ from the standard rules, as a JSON object, e.g. {"deck": 52}. '
                  "{} is the standard game."))
    order = models.PositiveSmallIntegerField(_("order"), default=0,
                                             help_text=_("Position in lists of this game's presets."))
    shown_to_learners = models.BooleanField(
        _("shown to learners"), default=True,
        help_text=_("Offered where people choose rules: new games, tables, assignments and the rules pages. "
                    "Off for a preset meant for developers (such as a cross-check with another program) or "
                    "one not ready yet; editors may still try it in a new game."))
    is_builtin = models.BooleanField(
        _("built in"), default=False,
        help_text=_("Created from the rule engine's presets; recreated by load_builtin_data if deleted."))

    class Meta:
        verbose_name = _("preset")
        verbose_name_plural = _("presets")
        ordering = ["game_key", "order", "slug"]
        constraints = [models.UniqueConstraint(fields=["game_key", "slug"], name="one_preset_slug_per_game")]
        # Made by the tutorials app, which held presets first; the table kept its name when they moved here.
        db_table = "tutorials_preset"

    def __str__(self) -> str:
        return f"{self.game_title}: {self.name}"

    @property
    def game_title(self) -> str:
        return gettext(GAMES[self.game_key].title) if self.game_key in GAMES else self.game_key

    def clean(self) -> None:
        super().clean()
        if self.game_key not in GAMES:
            return   # the field's own choices check reports it
        if not isinstance(self.fields, dict):
            raise ValidationError({"fields": gettext('Write the variant fields as a JSON object, e.g. {"deck": 52}.')})
        if "preset" in self.fields:
            raise ValidationError({"fields": gettext("'preset' is not a variant field: write the fields themselves.")})
        try:
            variant = self.variant()
        except ValueError as error:
            raise ValidationError({"fields": str(error)}) from None   # the engine's words, in English
        for check in PRESET_CHANGE_CHECKS:
            check(self, variant)

    def variant(self):
        """The engine's frozen variant; ValueError (the engine's message) on a bad field or value."""
        return get_game(self.game_key).variant(**self.fields)


class Game(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "In progress"
        FINISHED = "finished", "Finished"

    class Hints(models.TextChoices):
        """Whether the table offers the coach's hint: a class's assignment sets it for its rounds."""

        ALLOW = "allow", _("allowed")
        COUNT = "count", _("allowed and counted")
        FORBID = "forbid", _("forbidden")

    # A random key: game pages are private, and their address must not be guessable.
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    game_key = models.CharField(max_length=20)
    preset = models.CharField(max_length=50, default="standard")
    variant = models.JSONField(help_text="The variant's fields, as validated by the rule engine.")
    seed = models.BigIntegerField()
    deal = models.JSONField(null=True, blank=True, help_text="An explicit first deal: hands and stock.")
    dealer = models.PositiveSmallIntegerField(default=0)
    # A game that continues a series (Chuvash Rooster's next game) starts from the last game's loser.
    previous_loser = models.PositiveSmallIntegerField(
        null=True, blank=True,
        help_text="The seat that lost the previous game of the series: it deals and is attacked first.")
    seats = models.JSONField(help_text='One entry per seat: {"kind": "human"} or {"kind": "bot", "level": …}.')
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="games")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    # Number of actions in the log: the version a move must name, so a stale move is refused.
    move_count = models.PositiveIntegerField(default=0)
    # Hints the player asked for at the table (games.services.game_hint): the end screen, My games and a
    # class's results read it; asking changes nothing else.
    hints_used = models.PositiveIntegerField(default=0)
    # A class's round may have the hint turned off by its teacher (classroom.services.round_start_next sets it).
    hints = models.CharField(max_length=10, choices=Hints.choices, default=Hints.ALLOW)
    # A game several people play (together.Table): seconds a person may be away before a bot of their seat's
    # "stand_in" level plays for them until they are back; None: never (and for a game of one person).
    away_after = models.PositiveIntegerField(null=True, blank=True)
    scores = models.JSONField(null=True, blank=True)
    winners = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["owner", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.game_key} {self.id} ({self.status})"

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def played_together(self) -> bool:
        """Whether people play it together (together.Table): its people's seats name a bot to stand in for them."""
        return any("stand_in" in info for info in self.seats)

    @property
    def is_over(self) -> bool:
        return self.status == self.Status.FINISHED


class SeatHolder(models.Model):
    """The person playing one seat of a game several people play (together.Table): a signed-in user, or the
    browser session holding `visitor_key` (core.visitors.Visitor). A game with holders is theirs alone;
    a game without is its owner's or its session's (games.selectors.game_visible_to)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="holders")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="held_seats")
    visitor_key = models.CharField(max_length=40)
    # When the person's page last said they were there (games.services.game_seat_seen): a seat away longer than
    # the game's `away_after` is played by a bot until they are back.
    last_seen = models.DateTimeField()

    class Meta:
        ordering = ["seat"]
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="one_holder_per_seat")]
        indexes = [models.Index(fields=["visitor_key"])]

    def __str__(self) -> str:
        return f"seat {self.seat} of {self.game_id}"


class GameAction(models.Model):
    """One entry of a game's log: written once, never changed."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    number = models.PositiveIntegerField(help_text="0 for the first action of the game.")
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    # games.bots.base.Reason.to_dict(): a sentence shape and its public facts, said in the reader's language.
    reason = models.JSONField(null=True, blank=True, help_text="The bot's reason for this move; empty for a person's.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            # The last line of defence against two moves racing for the same place in the log.
            models.UniqueConstraint(fields=["game", "number"], name="one_action_per_log_position"),
        ]

    def __str__(self) -> str:
        return f"#{self.number} seat {self.seat}: {self.action}"


class GameReview(models.Model):
    """One part of a finished game's review (games.review_services): the coach's verdicts on a few of one
    seat's decisions, kept because they take a while to compute and a finished game never changes.

    A kept part is only a cache: deleted, it is computed again, equal (the coach is deterministic for its
    seed). `version` names the coach's judgement: raising games.review_services.REVIEW_VERSION after the coach
    changes makes every review compute afresh.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reviews")
    # Each person at a table of several people has a review of their own seat's decisions.
    seat = models.PositiveSmallIntegerField(help_text="The seat whose decisions the part judges.")
    part = models.PositiveSmallIntegerField(help_text="The part's number in the seat's review plan, from 0.")
    version = models.PositiveSmallIntegerField()
    decisions = models.JSONField(help_text="games.coach.review.ReviewedDecision.to_dict() of each decision.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seat", "part", "version"], name="one_review_part")]

    def __str__(self) -> str:
        return f"review of {self.game_id}, seat {self.seat}, part {self.part} (v{self.version})"
