"""Lessons, their ordered steps, and each learner's progress through a lesson (a lesson's preset: games.models).

Texts people read (titles, step bodies, hints) are stored once per language by
django-modeltranslation (translation.py: `title_ru`, `title_en`, …); everything structural —
keys, order, payloads, variant fields — is stored once. A step's payload is checked by replaying
it through the rule engine (payloads.py), so a lesson cannot show a position the rules forbid.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from modeltranslation.utils import build_localized_fieldname

from core.versions import register_versions
from games.models import Preset, game_choices
from games.rules import GAMES, get_game
from tutorials.feedback import check_question
from tutorials.links import lesson_step_url, lesson_url
from tutorials.markdown import render_markdown
from tutorials.payloads import PayloadError, position_from_payload, validate_step_payload
from tutorials.step_checks import (
    check_sure_moves_explained,
    false_hand_claim,
    open_hands_promise,
    steps_replay_problems,
)

MAX_STEP_NUMBER = 999


@register_versions(follow=("steps",))
class Lesson(models.Model):
    TRANSLATED_FIELDS = ("title", "summary")

    game_key = models.CharField(_("game"), max_length=20, choices=game_choices)
    slug = models.SlugField(_("slug"), max_length=80)
    order = models.PositiveSmallIntegerField(_("order"), default=0,
                                             help_text=_("Position in the game's list of lessons."))
    preset = models.ForeignKey(
        Preset, verbose_name=_("preset"), null=True, blank=True, on_delete=models.PROTECT, related_name="lessons",
        help_text=_("The rules the lesson's deals are played under; empty: the standard game."))
    published = models.BooleanField(_("published"), default=False,
                                    help_text=_("Only published lessons are listed for learners."))
    title = models.CharField(_("title"), max_length=200)
    summary = models.TextField(_("summary"), blank=True, help_text=_("One or two sentences for the list of lessons."))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("lesson")
        verbose_name_plural = _("lessons")
        ordering = ["game_key", "order", "slug"]
        constraints = [models.UniqueConstraint(fields=["game_key", "slug"], name="one_lesson_slug_per_game")]

    def __str__(self) -> str:
        return self.title or self.slug

    def get_absolute_url(self) -> str:
        return lesson_url(self)

    def clean(self) -> None:
        super().clean()
        if self.preset_id is not None and self.game_key and self.preset.game_key != self.game_key:
            raise ValidationError({"preset": gettext("“%(preset)s” is a preset of another game.")
                                   % {"preset": self.preset}})

    def variant(self):
        """The variant the lesson's deals are played under: its preset's, or the standard one."""
        if self.preset_id is not None:
            return self.preset.variant()
        return get_game(self.game_key).variant()

    def step_url(self, number: int) -> str:
        return lesson_step_url(self, number)


@register_versions()
class LessonStep(models.Model):
    class Kind(models.TextChoices):
        TEXT = "text", _("Text")
        REPLAY = "replay", _("Replay (a position to look at)")
        QUESTION = "question", _("Question (the learner makes the move)")
        PRACTICE = "practice", _("Practice (a short game against bots)")

    TRANSLATED_FIELDS = ("body", "hint_1", "hint_2", "explanation")

    lesson = models.ForeignKey(Lesson, verbose_name=_("lesson"), on_delete=models.CASCADE, related_name="steps")
    number = models.PositiveSmallIntegerField(
        _("number"), validators=[MinValueValidator(1), MaxValueValidator(MAX_STEP_NUMBER)],
        help_text=_("Steps are shown in this order, from 1."))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.TEXT)
    body = models.TextField(_("text"), blank=True, help_text=_("Markdown."))
    payload = models.JSONField(
        _("payload"), default=dict, blank=True,
        help_text=_("The deal, the actions played so far and what the step asks (see tutorials/payloads.py); "
                  "checked against the rules when saved."))
    hint_1 = models.TextField(_("first hint"), blank=True, help_text=_("Question steps: costs score when shown."))
    hint_2 = models.TextField(_("second hint"), blank=True, help_text=_("Question steps: costs score when shown."))
    explanation = models.TextField(_("explanation"), blank=True,
                                   help_text=_("Question steps: shown after a wrong answer (Markdown)."))

    class Meta:
        verbose_name = _("lesson step")
        verbose_name_plural = _("lesson steps")
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["lesson", "number"], name="one_step_per_number")]

    def __str__(self) -> str:
        return f"{self.number}. {self.get_kind_display()}"

    def clean(self) -> None:
        super().clean()
        lesson = self._lesson_or_none()
        if lesson is None or lesson.game_key not in GAMES:
            return   # the lesson's own form reports that
        try:
            variant = lesson.variant()
        except ValueError:
            return   # a broken preset is reported on the preset
        try:
            validate_step_payload(game_key=lesson.game_key, variant=variant, kind=self.kind, payload=self.payload)
            if self.kind == self.Kind.QUESTION:
                state = position_from_payload(lesson.game_key, variant, self.payload)
                check_question(game_key=lesson.game_key, payload=self.payload, state=state)
                check_sure_moves_explained(game_key=lesson.game_key, payload=self.payload, state=state)
        except PayloadError as error:
            raise ValidationError({"payload": str(error)}) from None
        texts = self.texts()
        refusal = (open_hands_promise(payload=self.payload, texts=texts)
                   or false_hand_claim(game_key=lesson.game_key, variant=variant, payload=self.payload, texts=texts))
        if refusal is not None:
            field, language, message = refusal
            raise ValidationError({build_localized_fieldname(field, language): message})

    def texts(self) -> dict[str, dict[str, str]]:
        """Every translated text of the step: {field: {language: text}}."""
        return {field: {language: getattr(self, build_localized_fieldname(field, language)) or ""
                        for language in settings.MODELTRANSLATION_LANGUAGES}
                for field in self.TRANSLATED_FIELDS}

    def _lesson_or_none(self) -> Lesson | None:
        try:
            return self.lesson
        except Lesson.DoesNotExist:
            return None

    @property
    def body_html(self) -> SafeString:
        return render_markdown(self.body)

    @property
    def hints(self) -> list[str]:
        """The hints in the order a learner reveals them, empty ones left out."""
        return [text for text in (self.hint_1, self.hint_2) if text and text.strip()]

    @property
    def preview_url(self) -> str:
        return lesson_step_url(self.lesson, self.number)


class LessonProgress(models.Model):
    """How far one learner got in one lesson: a signed-in user, or an anonymous browser session.

    `session_key` is the anonymous learner key kept in the session's data (tutorials.sessions), not
    Django's session key, which changes at sign-in; on sign-in the rows move to the user.
    """

    lesson = models.ForeignKey(Lesson, verbose_name=_("lesson"), on_delete=models.CASCADE, related_name="progress")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("user"), null=True, blank=True,
                             on_delete=models.CASCADE, related_name="lesson_progress")
    # NULL, not "", for "no session": the constraints below need it.
    session_key = models.CharField(_("anonymous learner key"), max_length=64, null=True, blank=True)  # noqa: DJ001
    furthest_step = models.PositiveSmallIntegerField(_("furthest step"), default=0,
                                                     help_text=_("The highest step number reached."))
    completed = models.BooleanField(_("completed"), default=False)
    score = models.PositiveSmallIntegerField(_("score"), default=100, validators=[MaxValueValidator(100)],
                                             help_text=_("0–100: hints and wrong answers cost points."))
    hints_used = models.PositiveSmallIntegerField(_("hints used"), default=0)
    wrong_answers = models.PositiveSmallIntegerField(_("wrong answers"), default=0)
    # Keyed by step number (a string, as JSON keys are): {"hints": 1, "answered": true, "wrong": 2, "explained": true,
    # "move": {...}, "practice": "<game id>"}.
    step_states = models.JSONField(
        _("steps"), default=dict, blank=True,
        help_text=_("Per step: hints shown, whether the question was answered right, the practice game."))
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("lesson progress")
        verbose_name_plural = _("lesson progress")
        constraints = [
            models.CheckConstraint(
                condition=Q(user__isnull=False, session_key__isnull=True)
                | Q(user__isnull=True, session_key__isnull=False),
                name="progress_belongs_to_a_user_or_a_session"),
            models.UniqueConstraint(fields=["lesson", "user"], condition=Q(user__isnull=False),
                                    name="one_progress_per_user_and_lesson"),
            models.UniqueConstraint(fields=["lesson", "session_key"], condition=Q(session_key__isnull=False),
                                    name="one_progress_per_session_and_lesson"),
            models.CheckConstraint(condition=Q(score__lte=100), name="progress_score_at_most_100"),
        ]

    def __str__(self) -> str:
        owner = self.user or f"session {self.session_key[:8]}…"
        return f"{owner} in {self.lesson}: step {self.furthest_step}{' (done)' if self.completed else ''}"

    @property
    def stars(self) -> int:
        """0 until completed, then 1–3 by score."""
        if not self.completed:
            return 0
        return 3 if self.score >= 90 else 2 if self.score >= 60 else 1


def check_lessons_replay(preset, variant) -> None:
    """Refuse a change under which a lesson on this preset no longer replays: its learners would meet a step
    that cannot be shown. (Rules pages play their examples under the standard rules, never a preset.)"""
    if preset.pk is None:
        return
    problems = []
    for lesson in Lesson.objects.filter(preset=preset).prefetch_related("steps").order_by("game_key", "order"):
        if lesson.game_key != preset.game_key:
            problems.append(gettext("“%(lesson)s” is a lesson of another game.") % {"lesson": lesson})
            continue
        steps = [(step.number, step.kind, step.payload) for step in lesson.steps.all()]
        problems += [gettext("“%(lesson)s”, step %(number)s: %(problem)s")
                     % {"lesson": lesson, "number": number, "problem": problem}
                     for number, problem in steps_replay_problems(game_key=preset.game_key, variant=variant,
                                                                  steps=steps)]
    if problems:
        heading = gettext("Lessons on this preset could no longer show these steps, so nothing was saved: "
                          "change the lessons first, or give them another preset.")
        raise ValidationError({"fields": [heading, *problems]})
