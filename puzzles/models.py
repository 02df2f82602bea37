"""Puzzles: positions from bot games where one action is clearly best (puzzles/mining.py), rated by Glicko-2."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from puzzles.rating import START_DEVIATION, START_RATING, START_VOLATILITY
from puzzles.themes import THEMES
from tutorials.models import game_choices, register_versions


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
