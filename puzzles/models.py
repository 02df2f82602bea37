"""Puzzles: positions from bot games where one action is clearly best (puzzles/mining.py), rated by Glicko-2."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.versions import register_versions
from games.models import game_choices
from puzzles.rating import START_DEVIATION, START_RATING, START_VOLATILITY
from puzzles.themes import THEMES


@register_versions()
class Puzzle(models.Model):
    """One decision to find: the position replays from `seed`, `dealer`, the preset's rules and `actions`; the
    seat to move is `seat`; `best` is its solution and `losses` what every other candidate loses against it.
    Editors may hide a puzzle, change its theme and write its explanation (with history, as lessons)."""

    TRANSLATED_FIELDS = ("explanation",)

    game_key = models.CharField(_("game"), max_length=32, choices=game_choices)
    preset = models.CharField(_("preset"), max_length=64)
    players = models.PositiveSmallIntegerField(_("players"))
    seed = models.BigIntegerField(_("seed"))
    dealer = models.PositiveSmallIntegerField(_("dealer"))
    actions = models.JSONField(_("actions before the decision"), default=list)
    seat = models.PositiveSmallIntegerField(_("seat to move"))
    best = models.JSONField(_("solution"))
    losses = models.JSONField(_("what the other actions lose"), default=list)   # [{"action": ..., "loss": ...}]
    unit = models.CharField(_("unit of the losses"), max_length=32)
    theme = models.CharField(_("theme"), max_length=48)
    reason = models.JSONField(_("the coach's reason"), null=True, blank=True)
    explanation = models.TextField(_("explanation"), blank=True,
                                   help_text=_("Markdown: why the solution is best, in the editors' words."))
    view_key = models.CharField(max_length=64, editable=False)
    hidden = models.BooleanField(_("hidden"), default=False,
                                 help_text=_("A hidden puzzle is never offered to learners."))
    rating = models.FloatField(_("rating"), default=START_RATING)
    deviation = models.FloatField(_("rating deviation"), default=START_DEVIATION)
    volatility = models.FloatField(_("rating volatility"), default=START_VOLATILITY)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("puzzle")
        verbose_name_plural = _("puzzles")
        constraints = [models.UniqueConstraint(fields=["game_key", "view_key"], name="one_puzzle_per_view")]
        indexes = [models.Index(fields=["game_key", "theme", "rating"])]

    def __str__(self) -> str:
        theme = THEMES.get(self.game_key, {}).get(self.theme, self.theme)
        return f"{self.get_game_key_display()} #{self.pk}: {theme}"

    def clean(self) -> None:
        if self.theme not in THEMES.get(self.game_key, {}):
            raise ValidationError({"theme": gettext("Choose one of this game's themes.")})

    @property
    def gap(self) -> float:
        """The least any other action loses: how clearly the best one is best."""
        return min((item["loss"] for item in self.losses), default=0.0)


class LearnerQuerySet(models.QuerySet):
    def of_learner(self, *, user=None, session_key: str | None = None):
        """The rows of a signed-in `user`, else of the anonymous learner key `session_key` (tutorials.sessions)."""
        if user is not None and user.is_authenticated:
            return self.filter(user=user)
        return self.filter(user=None, session_key=session_key) if session_key else self.none()


class PuzzleRating(models.Model):
    """One learner's puzzle rating in one game (Glicko-2), with the run of puzzles solved at the first try.
    A learner is a signed-in user or, before signing in, an anonymous learner key; on sign-in the rows move."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("user"), null=True, blank=True,
                             on_delete=models.CASCADE, related_name="puzzle_ratings")
    session_key = models.CharField(_("anonymous learner key"), max_length=64, null=True, blank=True)  # noqa: DJ001
    game_key = models.CharField(_("game"), max_length=32, choices=game_choices)
    rating = models.FloatField(_("rating"), default=START_RATING)
    deviation = models.FloatField(_("rating deviation"), default=START_DEVIATION)
    volatility = models.FloatField(_("rating volatility"), default=START_VOLATILITY)
    streak = models.PositiveIntegerField(_("streak"), default=0)
    best_streak = models.PositiveIntegerField(_("best streak"), default=0)
    updated_at = models.DateTimeField(auto_now=True)

    objects = LearnerQuerySet.as_manager()

    class Meta:
        verbose_name = _("puzzle rating")
        verbose_name_plural = _("puzzle ratings")
        constraints = [
            models.UniqueConstraint(fields=["user", "game_key"], name="one_puzzle_rating_per_user_and_game"),
            models.UniqueConstraint(fields=["session_key", "game_key"],
                                    name="one_puzzle_rating_per_anonymous_learner_and_game"),
            models.CheckConstraint(condition=models.Q(user__isnull=False) | models.Q(session_key__isnull=False),
                                   name="puzzle_rating_has_a_learner"),
        ]

    def __str__(self) -> str:
        return f"{self.get_game_key_display()}: {self.rating:.0f}"


class PuzzleAttempt(models.Model):
    """One answer of a learner to a puzzle. Only the first attempt at a puzzle is rated (`rated`)."""

    puzzle = models.ForeignKey(Puzzle, verbose_name=_("puzzle"), on_delete=models.CASCADE, related_name="attempts")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("user"), null=True, blank=True,
                             on_delete=models.CASCADE, related_name="puzzle_attempts")
    session_key = models.CharField(_("anonymous learner key"), max_length=64, null=True, blank=True)  # noqa: DJ001
    action = models.JSONField(_("the move chosen"))
    solved = models.BooleanField(_("solved"))
    rated = models.BooleanField(_("rated"), default=False)
    rating_after = models.FloatField(_("rating after"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = LearnerQuerySet.as_manager()

    class Meta:
        verbose_name = _("puzzle attempt")
        verbose_name_plural = _("puzzle attempts")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(condition=models.Q(user__isnull=False) | models.Q(session_key__isnull=False),
                                   name="puzzle_attempt_has_a_learner"),
        ]

    def __str__(self) -> str:
        return f"{self.puzzle}: {'solved' if self.solved else 'missed'}"
