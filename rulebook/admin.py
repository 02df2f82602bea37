"""Editing the rules pages in /admin/, like lessons: one box per language, sanitised Markdown, history.

A page's sections and disputed points edit inline. Their lesson, preset and section choices are
limited to the page's game; saving replays each example through the rule engine and refuses the save
with the engine's message.
"""

from __future__ import annotations

from django.contrib import admin
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TranslationStackedInline

from games.selectors import presets_for_game
from rulebook.forms import DisputedPointForm
from rulebook.models import DisputedPoint, RulesPage, RulesSection
from tutorials.admin import EditorsAdmin, PlainLineEnds, with_rows
from tutorials.models import Lesson


class PageItemInline(PlainLineEnds, TranslationStackedInline):
    """An inline whose lesson, preset and section choices come from the page being edited."""

    extra = 0
    ordering = ("order", "slug")
    readonly_fields = ("preview_link",)
    page: RulesPage | None = None

    def get_formset(self, request, obj=None, **kwargs):
        self.page = obj   # inline instances are made per request, so this is this request's page
        return super().get_formset(request, obj, **kwargs)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        game_key = self.page.game_key if self.page is not None else None
        if db_field.name == "lesson":
            kwargs["queryset"] = Lesson.objects.filter(game_key=game_key).order_by("order", "slug")
        elif db_field.name == "preset":
            kwargs["queryset"] = presets_for_game(game_key)
        elif db_field.name == "section":
            # A new page has no sections yet (page_id None matches none).
            kwargs["queryset"] = RulesSection.objects.filter(page_id=self.page.pk if self.page else None)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    @admin.display(description=_("preview"))
    def preview_link(self, item) -> str:
        if item.pk is None:
            return _("Save to preview.")
        return format_html('<a href="{}#{}" target="_blank" rel="noopener">{}</a>',
                           item.page.get_absolute_url(), item.anchor, _("See it on the rules page"))


class RulesSectionInline(PageItemInline):
    model = RulesSection
    fields = (("order", "slug", "preview_link"), "title", "body", ("lesson", "lesson_step"))

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        formfield = super().formfield_for_dbfield(db_field, request, **kwargs)
        return with_rows(formfield, db_field, {"body": 6})


class DisputedPointInline(PageItemInline):
    model = DisputedPoint
    form = DisputedPointForm
    fields = (("order", "slug", "preview_link"), "question", "answer", ("section", "preset"), "example")

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        formfield = super().formfield_for_dbfield(db_field, request, **kwargs)
        return with_rows(formfield, db_field, {"answer": 4})


@admin.register(RulesPage)
class RulesPageAdmin(EditorsAdmin):
    list_display = ("__str__", "game_key", "published", "section_count", "question_count", "updated_at")
    list_filter = ("published",)
    fields = ("game_key", "published", "intro")
    inlines = (RulesSectionInline, DisputedPointInline)

    class Media:
        css = {"all": ("tutorials/admin/lessons.css",)}

    def get_readonly_fields(self, request, obj=None):
        # The sections' lessons and the questions' presets belong to the page's game.
        return ("game_key",) if obj is not None else ()

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        formfield = super().formfield_for_dbfield(db_field, request, **kwargs)
        return with_rows(formfield, db_field, {"intro": 3})

    @admin.display(description=_("sections"))
    def section_count(self, page: RulesPage) -> int:
        return page.sections.count()

    @admin.display(description=_("disputed points"))
    def question_count(self, page: RulesPage) -> int:
        return page.questions.count()
