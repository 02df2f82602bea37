"""Editing lessons, their steps and presets in /admin/, with history and restore (django-reversion); and the
user admin, where a superuser makes a user an editor in one step.

Translated texts show one box per language (modeltranslation's TranslationAdmin; the tabbed variant
loads jQuery UI from a CDN, which this site does not use). Steps edit inline: renumber them, or drag
them by their title bar (static/tutorials/admin/steps.js). Saving runs each step's payload through
the rule engine and refuses the save with the engine's message.

The history tells the truth (EditorsAdmin): text boxes keep LF line ends, so it names only the boxes
and steps an editor changed; it lists the newest version first; and its messages and titles are
said in the reader's language, not in the language of whoever saved.
"""

from __future__ import annotations

from contextlib import contextmanager

from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied
from django.db import models, transaction
from django.forms import Textarea
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET
from modeltranslation.admin import TranslationAdmin, TranslationStackedInline
from modeltranslation.utils import build_localized_fieldname
from reversion import get_comment, is_active, set_comment
from reversion.admin import VersionAdmin
from reversion.models import Version

from core.version_changes import version_before, version_changes, version_name
from games.models import Preset
from games.preset_uses import preset_uses, texts_naming
from games.rules import GAMES
from tutorials import change_messages, editor_services, preset_fields, selectors, services
from tutorials.admin_lists import LabelledListEditable
from tutorials.forms import LessonStepForm, LessonStepFormSet, MultilineTextField, PresetForm
from tutorials.models import Lesson, LessonProgress, LessonStep
from tutorials.payloads import PayloadError
from tutorials.step_checks import lesson_replay_problems, texts_naming_the_answer


class PlainLineEnds:
    """Every text box of an admin or inline stores LF line ends (tutorials.forms.MultilineTextField), so a
    box sent back as it was is not a change. Put it first among the bases: it sets formfield_overrides."""

    formfield_overrides = {models.TextField: {"form_class": MultilineTextField}}


class EditorsAdmin(LabelledListEditable, PlainLineEnds, VersionAdmin, TranslationAdmin):
    """The admin of a versioned model with texts per language: lessons, presets and rules pages."""

    history_latest_first = True   # the History and Recover lists: the newest version first
    object_history_template = "admin/editors_object_history.html"   # with each version's changes linked

    def get_urls(self):
        return [path("<path:object_id>/history/<int:version_id>/compare/",
                     self.admin_site.admin_view(self.compare_view), name=self._url_name("compare")),
                *super().get_urls()]

    def construct_change_message(self, request, form, formsets, add=False):
        message = super().construct_change_message(request, form, formsets, add)
        return change_messages.add_translations(message, form=form, formsets=formsets, add=add)

    # A version's comment is the change message as Django stores it (JSON: what changed, in every
    # language), not its rendering in the saver's language: the History page says it to its reader.
    def log_addition(self, request, obj, message):
        entry = super().log_addition(request, obj, message)
        if is_active():
            set_comment(entry.change_message)
        return entry

    def log_change(self, request, obj, message):
        entry = super().log_change(request, obj, message)
        if is_active():
            set_comment(entry.change_message)
        return entry

    @contextmanager
    def create_revision(self, request):
        with super().create_revision(request):
            yield
            restoring = getattr(request, "restoring_version", None)
            if restoring is not None and not get_comment().startswith("["):
                # reversion has just written "Reverted to previous version, saved on …" in the restorer's
                # language: keep it as JSON, said to each reader in theirs.
                set_comment(change_messages.restored(restoring.revision.date_created))

    def history_view(self, request, object_id, extra_context=None):
        response = super().history_view(request, object_id, extra_context)
        for action in (getattr(response, "context_data", None) or {}).get("action_list", ()):
            revision = action["revision"]
            revision.comment = change_messages.for_the_reader(revision.comment)   # for this page; never saved
            action["compare_url"] = action["url"] + "compare/"   # under the version's own (revert) address
        return response

    def _url_name(self, page: str) -> str:
        return f"{self.opts.app_label}_{self.opts.model_name}_{page}"

    def compare_view(self, request, object_id, version_id):
        """A version beside the one before it: only what changed, old and new side by side, with the way to
        revert to it."""
        if not self.has_view_or_change_permission(request):
            raise PermissionDenied
        version = get_object_or_404(Version.objects.select_related("revision", "revision__user"), pk=version_id,
                                    object_id=unquote(object_id),
                                    content_type=ContentType.objects.get_for_model(self.model))
        before, name = version_before(version), version_name(version)
        context = {
            **self.admin_site.each_context(request), "opts": self.opts, "object_id": object_id, "name": name,
            "title": gettext("What changed in “%(name)s”") % {"name": name},
            "change_url": reverse(f"admin:{self._url_name('change')}", args=(object_id,)),
            "version": version, "before": before, "comment": change_messages.for_the_reader(version.revision.comment),
            "rows": version_changes(version=version, before=before),
            "history_url": reverse(f"admin:{self._url_name('history')}", args=(object_id,)),
            "revert_url": reverse(f"admin:{self._url_name('revision')}", args=(object_id, version.pk))
            if self.has_change_permission(request) else None,
        }
        return TemplateResponse(request, "admin/editors_version_compare.html", context)

    def revision_view(self, request, object_id, version_id, extra_context=None):
        version = get_object_or_404(Version, pk=version_id, object_id=unquote(object_id))
        request.restoring_version = version
        context = {"title": gettext("Revert %(name)s") % {"name": version_name(version)}, **(extra_context or {})}
        return super().revision_view(request, object_id, version_id, context)

    def recover_view(self, request, version_id, extra_context=None):
        version = get_object_or_404(Version, pk=version_id)
        request.restoring_version = version
        context = {"title": gettext("Recover %(name)s") % {"name": version_name(version)}, **(extra_context or {})}
        return super().recover_view(request, version_id, context)

    def recoverlist_view(self, request, extra_context=None):
        if not self.has_change_permission(request) or not self.has_add_permission(request):
            raise PermissionDenied
        deleted = list(self._reversion_order_version_queryset(
            request, Version.objects.get_deleted(self.model).select_related("revision")))
        for version in deleted:
            version.object_repr = version_name(version)   # for the list only; never saved
        return super().recoverlist_view(request, {"deleted": deleted, **(extra_context or {})})


# Presets belong to the games app (so their pages are /admin/games/preset/; config/urls.py redirects the old
# /admin/tutorials/preset/ ones), but are edited here beside the lessons, with the same history and restore.
@admin.register(Preset)
class PresetAdmin(EditorsAdmin):
    form = PresetForm
    list_display = ("name", "game_key", "slug", "fields_summary", "shown_to_learners", "is_builtin", "order")
    list_display_links = ("name",)
    list_filter = ("game_key", "shown_to_learners", "is_builtin")
    list_editable = ("order",)
    search_fields = ("slug", "name_ru", "name_en")
    readonly_fields = ("used_by", "is_builtin")

    class Media:
        css = {"all": ("tutorials/admin/lessons.css",)}

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        formfield = super().formfield_for_dbfield(db_field, request, **kwargs)
        return with_rows(formfield, db_field, {"description": 3})

    @staticmethod
    def shown_game(request, obj: Preset | None) -> str | None:
        """The game whose variant fields the page shows, chosen as PresetForm chooses it."""
        key = request.POST.get("game_key") if request.method == "POST" else (
            obj.game_key if obj is not None else request.GET.get("game_key"))
        return key if key in GAMES else None

    def get_fieldsets(self, request, obj=None):
        game_key = self.shown_game(request, obj)
        if game_key is None:
            links = format_html_join(", ", '<a href="?game_key={}">{}</a>',
                                     ((key, gettext(game.title)) for key, game in GAMES.items()))
            rules = {"fields": (), "description": format_html(
                "{} {}", _("Choose the game to set its rules:"), links)}
        else:
            rules = {"fields": tuple(preset_fields.form_fields(game_key, {})),
                     "description": _("Each field says whether this preset differs from the standard rules. Only "
                                      "the fields that differ are stored.")}
        return [
            # The confirmation first: it appears, as a checkbox, right under the list it confirms.
            (None, {"fields": self.replace_orig_field(("confirm_changes", "game_key", "slug", "name", "description",
                                                        "order", "shown_to_learners", "is_builtin"))}),
            (_("Rules of this preset"), rules),
            (_("Used by"), {"fields": ("used_by",)}),
        ]

    def get_form(self, request, obj=None, **kwargs):
        # The variant fields and the confirmation are the form's own (made for the preset's game), not the model's.
        if kwargs.get("fields") is not None:
            kwargs["fields"] = [name for name in kwargs["fields"]
                                if not name.startswith(preset_fields.PREFIX) and name != "confirm_changes"]
        return super().get_form(request, obj, **kwargs)

    @admin.display(description=_("variant fields"))
    def fields_summary(self, preset: Preset) -> str:
        if preset.game_key not in GAMES or not isinstance(preset.fields, dict):
            return str(preset.fields)
        lines = preset_fields.fields_in_words(preset.game_key, preset.fields)
        return format_html_join(mark_safe("<br>"), "{}", ((line,) for line in lines)) or preset_fields.STANDARD_RULES

    @admin.display(description=_("used by"))
    def used_by(self, preset: Preset) -> str:
        if not preset.pk:
            return _("Nothing yet: a new preset.")
        rows = []
        for use in preset_uses(preset):
            count = format_html('<a href="{}">{}: {}</a>', use.url, use.kind, use.count) if use.url \
                else format_html("{}: {}", use.kind, use.count)
            items = format_html_join(", ", '<a href="{}">{}</a>', ((url, name) for name, url in use.items if url))
            rows.append(format_html("<li>{}{}</li>", count, format_html(" — {}", items) if items else ""))
        return format_html('<ul class="preset-uses">{}</ul>', format_html_join("", "{}", ((row,) for row in rows)))

    def save_model(self, request, obj, form, change):
        saved = Preset.objects.filter(pk=obj.pk).first() if change else None
        super().save_model(request, obj, form, change)
        if saved is None:
            return
        old_names = [getattr(saved, field) for field in preset_name_fields()
                     if getattr(saved, field) and getattr(saved, field) != getattr(obj, field)]
        mentions = texts_naming(obj, old_names)
        if mentions:
            messages.warning(request, format_html(
                "{} {}", _("The preset's name changed; these texts name it by its old name (%(names)s): review them.")
                % {"names": ", ".join(f"“{name}”" for name in old_names)},
                format_html_join(", ", '<a href="{}">{}</a>', ((url, title) for title, url in mentions))))


def preset_name_fields() -> list[str]:
    return [build_localized_fieldname("name", language) for language in settings.MODELTRANSLATION_LANGUAGES]


def with_rows(formfield, db_field, rows: dict[str, int]):
    """Shorter text boxes than Django's ten rows, so that a lesson's steps fit on a few screens."""
    for prefix, count in rows.items():
        if formfield is not None and db_field.name.startswith(prefix) and isinstance(formfield.widget, Textarea):
            formfield.widget.attrs["rows"] = count
    return formfield


class LessonStepInline(PlainLineEnds, TranslationStackedInline):
    model = LessonStep
    form = LessonStepForm
    formset = LessonStepFormSet
    extra = 0
    ordering = ("number",)
    readonly_fields = ("preview_link", "wrong_answers")
    fieldsets = (
        (None, {"fields": (("number", "kind", "preview_link"), "body", "payload")}),
        (_("Hints and the explanation of a wrong answer (question steps)"),
         {"fields": ("hint_1", "hint_2", "explanation", "wrong_answers"), "classes": ("collapse",)}),
    )

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        formfield = super().formfield_for_dbfield(db_field, request, **kwargs)
        if formfield is not None and db_field.name.startswith("explanation"):
            # Said here, not on the model, so that the words need no migration.
            formfield.help_text = _("Question steps: shown after the second wrong answer (after the first with "
                                    "\"explain_after_first_wrong\": true in the payload), or earlier when the "
                                    "learner asks for it at a hint's cost (Markdown). Saving warns where it or a "
                                    "hint names the answer's card or rank: a wrong guess should not give the "
                                    "answer away.")
        return with_rows(formfield, db_field, {"body": 6, "hint_": 2, "explanation": 3})

    @admin.display(description=_("preview"))
    def preview_link(self, step: LessonStep) -> str:
        if step.pk is None:
            return _("Save to preview this step.")
        return format_html('<a href="{}" target="_blank" rel="noopener">{}</a>', step.preview_url,
                           _("Preview as the learner sees it"))


    @admin.display(description=_("what each wrong answer reads"))
    def wrong_answers(self, step: LessonStep) -> str:
        if step.pk is None or step.kind != LessonStep.Kind.QUESTION:
            return _("Shown for a saved question step.")
        # The step as the form holds it: after a refused save, the payload that was refused.
        problems = lesson_replay_problems(step.lesson, steps=[step])
        if problems:
            return problems[0][1]
        try:
            rows, more = selectors.wrong_answer_rows(step.lesson, step)
        except (PayloadError, ValueError) as error:
            return str(error)
        header = format_html("<tr><th scope='col'>{}</th><th scope='col'>{}</th><th scope='col'>{}</th></tr>",
                             _("wrong move"), _("action (for \"feedback\")"), _("the learner reads"))
        body = format_html_join("", "<tr><td>{}</td><td><code>{}</code></td><td>{}{}</td></tr>", (
            (row["move"], row["action"], row["text"], _(" (written by an editor)") if row["written"] else "")
            for row in rows))
        footer = format_html("<p>{}</p>", ngettext("and %(count)s more wrong move", "and %(count)s more wrong moves",
                                                   more) % {"count": more}) if more else ""
        return format_html('<table class="wrong-answers">{}{}</table>{}', header, body, footer)


class ReplayFilter(admin.SimpleListFilter):
    """Lessons with a step that no longer replays (its preset or the rules changed under it)."""

    title = _("replay of the steps")
    parameter_name = "replays"

    def lookups(self, request, model_admin):
        return (("broken", _("Some steps no longer replay")), ("fine", _("Every step replays")))

    def queryset(self, request, queryset):
        if self.value() not in ("broken", "fine"):
            return queryset
        broken = [lesson.pk for lesson in queryset.prefetch_related("steps") if lesson_replay_problems(lesson)]
        return queryset.filter(pk__in=broken) if self.value() == "broken" else queryset.exclude(pk__in=broken)


@admin.register(Lesson)
class LessonAdmin(EditorsAdmin):
    list_display = ("title", "game_key", "slug", "order", "published", "preset", "step_count", "replays",
                    "updated_at")
    list_filter = ("game_key", "published", ReplayFilter)
    list_editable = ("order", "published")
    search_fields = ("slug", "title_ru", "title_en")
    fields = ("game_key", "slug", "order", "preset", "published", "title", "summary", "in_the_studio")
    readonly_fields = ("in_the_studio",)
    inlines = (LessonStepInline,)

    class Media:
        css = {"all": ("tutorials/admin/lessons.css",)}
        js = ("tutorials/admin/steps.js",)

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        formfield = super().formfield_for_dbfield(db_field, request, **kwargs)
        return with_rows(formfield, db_field, {"summary": 2})

    @admin.display(description=_("lesson studio"))
    def in_the_studio(self, lesson: Lesson) -> str:
        """Where the lesson's steps are written on the table, without their payloads' JSON."""
        if lesson.pk is None:
            return format_html('<a href="{}">{}</a>', reverse("studio"), _("Create lessons in the lesson studio"))
        return format_html('<a href="{}">{}</a>', reverse("studio_lesson", args=[lesson.pk]),
                           _("Open this lesson in the studio: deal and play its positions on the table"))

    @admin.display(description=_("steps"))
    def step_count(self, lesson: Lesson) -> int:
        return lesson.steps.count()

    @admin.display(description=_("replays"))
    def replays(self, lesson: Lesson) -> str:
        numbers = [str(number) for number, _problem in lesson_replay_problems(lesson)]
        if not numbers:
            return "✓"
        return format_html("<strong>{}</strong>", ngettext(
            "Step %(numbers)s no longer replays", "Steps %(numbers)s no longer replay", len(numbers))
            % {"numbers": ", ".join(numbers)})

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("preset").prefetch_related("steps")

    def change_view(self, request, object_id, form_url="", extra_context=None):
        lesson = self.get_object(request, unquote(object_id)) if request.method == "GET" else None
        if lesson is not None:
            for number, problem in lesson_replay_problems(lesson):
                messages.warning(request, gettext("Step %(number)s no longer replays, and learners see only that it "
                                                  "cannot be shown: %(problem)s") % {"number": number,
                                                                                      "problem": problem})
        return super().change_view(request, object_id, form_url, extra_context)

    def save_related(self, request, form, formsets, change) -> None:
        super().save_related(request, form, formsets, change)
        for step in form.instance.steps.order_by("number"):
            if step.kind != LessonStep.Kind.QUESTION:
                continue
            for named in texts_naming_the_answer(payload=step.payload, texts=step.texts()):
                warning = named.warning(LessonStep._meta.get_field(named.field).verbose_name)
                messages.warning(request, gettext("Step %(number)s. %(warning)s")
                                 % {"number": step.number, "warning": warning})

    def save_formset(self, request, form, formset, change) -> None:
        if formset.model is LessonStep:
            moving = [step_form.instance.pk for step_form in formset.initial_forms
                      if step_form in formset.deleted_forms or "number" in step_form.changed_data]
            services.lesson_steps_park(step_ids=moving)
        super().save_formset(request, form, formset, change)

    def revision_view(self, request, object_id, version_id, extra_context=None):
        # Restoring puts steps back at their old numbers, which other steps may hold now (after a
        # reorder): park the current steps first. Only a saved restore keeps that; viewing an old
        # version, or a restore refused by validation, undoes it with the rest.
        with transaction.atomic():
            services.lesson_steps_park_all(lesson_id=unquote(object_id))
            response = super().revision_view(request, object_id, version_id, extra_context)
            if not (request.method == "POST" and response.status_code == 302):
                transaction.set_rollback(True)
        return response


@admin.register(LessonProgress)
class LessonProgressAdmin(admin.ModelAdmin):
    """Read only: progress is written by the lesson player."""

    list_display = ("lesson", "user", "session_key", "furthest_step", "completed", "score", "updated_at")
    list_filter = ("completed", "lesson__game_key")
    list_select_related = ("lesson", "user")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


# -- users: editors' rights in one step -----------------------------------------------------------

admin.site.unregister(User)


@admin.register(User)
class EditorRightsUserAdmin(UserAdmin):
    """Django's user admin, where a superuser also makes a user an editor, or takes the rights back, in one
    step: from the user's page (through a page that says what it will do) or as actions on the list."""

    change_form_template = "admin/auth/user/editor_rights_change_form.html"
    actions = ("make_editors", "remove_editor_rights")

    def get_urls(self):
        return [path("<id>/editor-rights/", self.admin_site.admin_view(self.editor_rights_view),
                     name="auth_user_editor_rights"), *super().get_urls()]

    def get_actions(self, request):
        actions = super().get_actions(request)
        if not request.user.is_superuser:   # editor_services refuses them too; offer no action that fails
            for name in self.actions:
                actions.pop(name, None)
        return actions

    def change_view(self, request, object_id, form_url="", extra_context=None):
        user = self.get_object(request, unquote(object_id)) if request.user.is_superuser else None
        context = {"editor_rights_url": reverse("admin:auth_user_editor_rights", args=(user.pk,)) if user else None,
                   "is_editor": bool(user and selectors.user_is_editor(user)), **(extra_context or {})}
        return super().change_view(request, object_id, form_url, context)

    def editor_rights_view(self, request, id):
        user = self.get_object(request, unquote(id))
        if user is None:
            raise Http404
        if not self.has_change_permission(request, user):
            raise PermissionDenied
        change_url = reverse("admin:auth_user_change", args=(user.pk,))
        try:
            editor_services.editor_rights_check_allowed(user=request.user)
            if request.method == "POST":
                # The form says which way (not "toggle"), so that a second click changes nothing more.
                if request.POST.get("rights") == "remove":
                    self.remove_editor_rights(request, [user])
                else:
                    self.make_editors(request, [user])
                return redirect(change_url)
        except editor_services.EditorRightsRefused as refusal:
            messages.error(request, str(refusal))
            return redirect(change_url)
        is_editor = selectors.user_is_editor(user)
        context = {**self.admin_site.each_context(request), "opts": self.opts, "original": user,
                   "change_url": change_url, "is_editor": is_editor,
                   "title": gettext("Take back %(user)s's editor rights") % {"user": user} if is_editor
                   else gettext("Make %(user)s an editor") % {"user": user}}
        return TemplateResponse(request, "admin/auth/user/editor_rights_confirm.html", context)

    @admin.action(description=_("Make editors (staff status and the Editors group)"))
    def make_editors(self, request, users) -> None:
        try:
            made = editor_services.editor_rights_grant(users=users, granted_by=request.user)
        except editor_services.EditorRightsRefused as refusal:
            messages.error(request, str(refusal))
            return
        for user in made:
            messages.success(request, gettext(
                "%(user)s is now an editor: staff status and the Editors group, so they may sign in to this admin "
                "and edit lessons, presets, rules pages and puzzles.") % {"user": user})
        unchanged = [str(user) for user in users if user not in made]
        if unchanged:
            messages.info(request, gettext("Already editors, nothing changed: %(users)s.")
                          % {"users": ", ".join(unchanged)})

    @admin.action(description=_("Remove editor rights"))
    def remove_editor_rights(self, request, users) -> None:
        try:
            removed = editor_services.editor_rights_remove(users=users, removed_by=request.user)
        except editor_services.EditorRightsRefused as refusal:
            messages.error(request, str(refusal))
            return
        for removal in removed:
            if removal.staff_kept_because:
                messages.success(request, gettext(
                    "%(user)s is no longer an editor (out of the Editors group) and keeps staff status: "
                    "%(reason)s.") % {"user": removal.user, "reason": removal.staff_kept_because})
            else:
                messages.success(request, gettext(
                    "%(user)s is no longer an editor: out of the Editors group and without staff status, so they "
                    "can no longer sign in to this admin.") % {"user": removal.user})
        unchanged = [str(user) for user in users if user not in [removal.user for removal in removed]]
        if unchanged:
            messages.info(request, gettext("Not editors, nothing changed: %(users)s.")
                          % {"users": ", ".join(unchanged)})


# -- the editors' guide ---------------------------------------------------------------------------

@require_GET
def writing_lessons_guide_view(request):
    """"How to write a lesson" (docs/writing-lessons.md) as an admin page, in the reader's language; linked at the
    top of every admin page. Routed in config/urls.py through admin.site.admin_view: staff only."""
    title, guide = selectors.writing_lessons_guide(language=get_language())
    return TemplateResponse(request, "admin/writing_lessons_guide.html",
                            {**admin.site.each_context(request), "title": title, "guide": guide})
