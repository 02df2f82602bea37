"""Each game's rules reference page: numbered sections of the standard rules and the disputed points.

A page belongs to one game. Its sections state the standard preset's rules in short, each linking to
the lesson step that shows it on real cards; its questions settle the points players argue about,
each optionally with a live example (a lesson replay payload, played under the standard rules, so
the engine checks it on every save) and the preset that rules the point the other way.
Texts are stored once per language (translation.py), Markdown sanitised as in lessons, and every
save is a version in the page's history (django-reversion, following sections and questions).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.versions import register_versions
from games.links import rules_page_url
from games.models import Preset, game_choices
from games.rules import GAMES, get_game
from tutorials.markdown import render_markdown
from tutorials.models import Lesson
from tutorials.payloads import PayloadError, validate_step_payload

SECTION_ANCHOR_PREFIX = "rule-"
QUESTION_ANCHOR_PREFIX = "dispute-"


@register_versions(follow=("sections", "questions"))
class RulesPage(models.Model):
    TRANSLATED_FIELDS = ("intro",)

    game_key = models.CharField(_("game"), max_length=20, choices=game_choices, unique=True)
    intro = models.TextField(_("introduction"), blank=True, help_text=_("Markdown, shown above the sections."))
    published = models.BooleanField(_("published"), default=True,
                                    help_text=_("Only published pages are shown to visitors (staff see drafts)."))
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("rules page")
        verbose_name_plural = _("rules pages")
        ordering = ["game_key"]

    def __str__(self) -> str:
        return gettext("Rules of %(game)s") % {"game": self.game_title}

    def get_absolute_url(self) -> str:
        return rules_page_url(self.game_key)

    @property
    def game_title(self) -> str:
        return gettext(GAMES[self.game_key].title) if self.game_key in GAMES else self.game_key

    @property
    def intro_html(self) -> SafeString:
        return render_markdown(self.intro)


@register_versions()
class RulesSection(models.Model):
    """One numbered section of the standard rules; shown in `order`, numbered 1, 2, … on the page."""

    TRANSLATED_FIELDS = ("title", "body")

    page = models.ForeignKey(RulesPage, verbose_name=_("rules page"), on_delete=models.CASCADE,
                             related_name="sections")
    slug = models.SlugField(_("slug"), max_length=60,
                            help_text=_("Names the section in links, e.g. a-turn in /rules/sunduchok/#rule-a-turn."))
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    title = models.CharField(_("title"), max_length=200)
    body = models.TextField(_("text"), blank=True, help_text=_("Markdown."))
    lesson = models.ForeignKey(
        Lesson, verbose_name=_("lesson"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        help_text=_("The lesson that shows this section on real cards."))
    lesson_step = models.PositiveSmallIntegerField(_("lesson step"), null=True, blank=True,
                                                   help_text=_("The number of the step of that lesson."))

    class Meta:
        verbose_name = _("rules section")
        verbose_name_plural = _("rules sections")
        ordering = ["order", "slug"]
        constraints = [models.UniqueConstraint(fields=["page", "slug"], name="one_section_slug_per_page")]

    def __str__(self) -> str:
        return self.title or self.slug

    @property
    def anchor(self) -> str:
        return SECTION_ANCHOR_PREFIX + self.slug

    @property
    def body_html(self) -> SafeString:
        return render_markdown(self.body)

    def clean(self) -> None:
        super().clean()
        if (self.lesson_id is None) != (self.lesson_step is None):
            raise ValidationError({"lesson_step": gettext("Name both the lesson and its step, or neither.")})
        if self.lesson_id is None:
            return
        page = _page_or_none(self)
        if page is not None and self.lesson.game_key != page.game_key:
            raise ValidationError({"lesson": gettext("“%(lesson)s” is a lesson of another game.")
                                   % {"lesson": self.lesson}})
        if not self.lesson.steps.filter(number=self.lesson_step).exists():
            raise ValidationError({"lesson_step": gettext("“%(lesson)s” has no step %(number)s.")
                                   % {"lesson": self.lesson, "number": self.lesson_step}})


@register_versions()
class DisputedPoint(models.Model):
    """A question players argue about, our standard rules' answer, and optionally a live example."""

    TRANSLATED_FIELDS = ("question", "answer")

    page = models.ForeignKey(RulesPage, verbose_name=_("rules page"), on_delete=models.CASCADE,
                             related_name="questions")
    slug = models.SlugField(_("slug"), max_length=60,
                            help_text=_("Names the question in links, e.g. ties in /rules/sunduchok/#dispute-ties."))
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    question = models.CharField(_("question"), max_length=300)
    answer = models.TextField(_("answer"), blank=True, help_text=_("Markdown."))
    section = models.ForeignKey(RulesSection, verbose_name=_("section"), null=True, blank=True,
                                on_delete=models.SET_NULL, related_name="questions",
                                help_text=_("The section of the rules the answer belongs to."))
    preset = models.ForeignKey(Preset, verbose_name=_("preset"), null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="+", help_text=_("The preset that rules this point differently."))
    example = models.JSONField(
        _("example"), default=dict, blank=True,
        help_text=_('{} for none, or a position as in a lesson\'s replay step: {"deal": …, "actions": […], '
                    '"seat": 0, "show_all_hands": true}; played under the standard rules and checked when saved.'))

    class Meta:
        verbose_name = _("disputed point")
        verbose_name_plural = _("disputed points")
        ordering = ["order", "slug"]
        constraints = [models.UniqueConstraint(fields=["page", "slug"], name="one_question_slug_per_page")]

    def __str__(self) -> str:
        return self.question or self.slug

    @property
    def anchor(self) -> str:
        return QUESTION_ANCHOR_PREFIX + self.slug

    @property
    def answer_html(self) -> SafeString:
        return render_markdown(self.answer)

    def clean(self) -> None:
        super().clean()
        page = _page_or_none(self)
        if page is None or page.game_key not in GAMES:
            return   # the page's own form reports that
        if self.preset_id is not None and self.preset.game_key != page.game_key:
            raise ValidationError({"preset": gettext("“%(preset)s” is a preset of another game.")
                                   % {"preset": self.preset}})
        if self.section_id is not None and self.section.page_id != page.pk:
            raise ValidationError({"section": gettext("“%(section)s” is a section of another rules page.")
                                   % {"section": self.section}})
        if self.example in (None, {}):
            self.example = {}
            return
        try:
            validate_step_payload(game_key=page.game_key, variant=get_game(page.game_key).variant(),
                                  kind="replay", payload=self.example)
        except PayloadError as error:
            raise ValidationError({"example": str(error)}) from None


def _page_or_none(instance) -> RulesPage | None:
    try:
        return instance.page
    except RulesPage.DoesNotExist:
        return None
