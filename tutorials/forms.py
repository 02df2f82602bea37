"""Admin forms for lessons, steps and presets: JSON boxes people can read, text boxes that keep LF line ends,
step renumbering, and presets' variant fields in words."""

from __future__ import annotations

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.forms.fields import InvalidJSONInput
from django.utils.html import format_html
from django.utils.text import normalize_newlines
from django.utils.translation import gettext, gettext_lazy

from games.models import Preset
from games.preset_uses import PresetReview, preset_change_reviews
from games.rules import GAMES
from tutorials import jsontext, preset_fields
from tutorials.models import LessonStep
from tutorials.payloads import PayloadError
from tutorials.step_checks import check_lesson_steps


class ReadableJSONField(forms.JSONField):
    """A JSON box shown indented (tutorials.jsontext); an empty box means {}."""

    def prepare_value(self, value):
        if isinstance(value, InvalidJSONInput):
            return value
        return jsontext.dumps(value)

    def to_python(self, value):
        value = super().to_python(value)
        return {} if value is None else value


class MultilineTextField(forms.CharField):
    """A text box (Markdown, hints) whose text is stored with LF line ends, whatever the browser sends.

    Browsers submit a textarea's text with CRLF line ends. Stored as sent, every text loaded from a file
    (LF) changed on the next save of its form, so Django saw every box of every step as changed and the
    history named them all. Normalised, a form sent back unchanged has no changed data, and the history
    names only the boxes an editor really edited. The admins use it for every TextField
    (tutorials.admin.PlainLineEnds).
    """

    def to_python(self, value):
        value = super().to_python(value)
        return normalize_newlines(value) if isinstance(value, str) else value

    def has_changed(self, initial, data):
        # Compare with the stored text as this field would store it: a text saved with CRLF line ends
        # before this field existed is not "changed" by being sent back as it is.
        if isinstance(initial, str):
            initial = self.to_python(initial)
        return super().has_changed(initial, data)


def json_box(*, rows: int, help_text: str) -> ReadableJSONField:
    return ReadableJSONField(required=False, help_text=help_text,
                             widget=forms.Textarea(attrs={"rows": rows, "class": "json-box", "spellcheck": "false"}))


class PresetForm(forms.ModelForm):
    """A preset with each variant field of its game as a form field in words (tutorials.preset_fields), storing
    only the fields that differ from the standard rules. A change under which a lesson step ends, scores or moves
    on differently (games.preset_uses.preset_change_reviews) is listed and saved only once the editor ticks
    "save anyway"; a change under which a step no longer replays is refused by the model (Preset.clean)."""

    confirm_changes = forms.BooleanField(
        required=False, widget=forms.HiddenInput,   # shown, as a checkbox, with the list it confirms
        label=gettext_lazy("I have read this list; save anyway"))

    class Meta:
        model = Preset
        # The admin decides which fields it shows; the variant fields are edited one at a time, never as JSON.
        fields = ("game_key", "slug", "name", "description", "order", "shown_to_learners")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The presets' list edits only their order with this form: it shows and changes no variant field.
        self.game_key = self._chosen_game() if "game_key" in self.fields else None
        if self.game_key is not None:
            stored = self.instance.fields if self.game_key == self.instance.game_key else {}
            self.fields.update(preset_fields.form_fields(self.game_key, stored if isinstance(stored, dict) else {}))

    def _chosen_game(self) -> str | None:
        """The game whose fields the form shows: the one posted, else the preset's, else the one the add page was
        opened for (?game_key=…); None before a game is chosen."""
        if self.is_bound:
            key = self.data.get(self.add_prefix("game_key"))
        else:
            key = self.instance.game_key or self.initial.get("game_key")
        return key if key in GAMES else None

    def clean(self):
        cleaned = super().clean()
        if self.game_key is None:
            return cleaned
        values = {}
        for declared in preset_fields.variant_fields(self.game_key):
            name = preset_fields.form_name(declared.name)
            if name in self.errors:
                continue
            try:
                values[declared.name] = preset_fields.cleaned_value(self.game_key, declared, cleaned.get(name))
            except ValidationError as error:
                self.add_error(name, error)
        if len(values) == len(preset_fields.variant_fields(self.game_key)):
            self.instance.fields = preset_fields.differing_fields(self.game_key, values)
        return cleaned

    def _update_errors(self, errors):
        # The model refuses its variant fields as a whole ("fields"), which this form shows one by one.
        if hasattr(errors, "error_dict") and "fields" in errors.error_dict:
            errors = ValidationError({NON_FIELD_ERRORS if key == "fields" else key: value
                                      for key, value in errors.error_dict.items()})
        super()._update_errors(errors)

    def _post_clean(self):
        super()._post_clean()
        if self.errors or self.instance.pk is None:
            return
        reviews = self._changed_outcomes()
        if reviews and not self.cleaned_data.get("confirm_changes"):
            self.fields["confirm_changes"].widget = forms.CheckboxInput()
            items = [format_html('<a href="{}">{}</a>: {}', review.url, review.where, review.what) if review.url
                     else f"{review.where}: {review.what}" for review in reviews]
            self.add_error(None, [gettext("Under the new rules these lesson steps end, score or go on differently, "
                                          "so nothing was saved yet. Read the list; if the lessons still say what "
                                          "they should, tick “I have read this list; save anyway” and save again."),
                                  *items])

    def _changed_outcomes(self) -> list[PresetReview]:
        saved = Preset.objects.filter(pk=self.instance.pk).first()
        if saved is None or saved.game_key != self.instance.game_key:
            return []
        try:
            old_variant = saved.variant()
        except ValueError:
            return []   # the saved fields no longer make a variant: nothing to compare with
        return preset_change_reviews(self.instance, old_variant, self.instance.variant())


class LessonStepForm(forms.ModelForm):
    payload = json_box(rows=12, help_text=LessonStep._meta.get_field("payload").help_text)

    class Meta:
        model = LessonStep
        fields = "__all__"   # noqa: DJ007 - the admin decides which fields it shows

    def validate_unique(self):
        # Step numbers are checked against each other by the formset. Checking each against the
        # database as well would refuse swapping two steps (each collides with the other's old
        # number); the admin parks renumbered steps before saving (services.lesson_steps_park).
        exclude = self._get_validation_exclusions() | {"number"}
        try:
            self.instance.validate_unique(exclude=exclude)
        except ValidationError as error:
            self._update_errors(error)


class LessonStepFormSet(forms.BaseInlineFormSet):
    """A lesson's steps, checked together: a step that goes on from a question's position must go on with
    its answer (tutorials.step_checks.check_lesson_steps), so that the log never contradicts the learner."""

    def clean(self):
        super().clean()
        if any(self.errors):
            return   # each step's own errors first
        lesson = self.instance
        try:
            variant = lesson.variant()
        except (ValueError, KeyError):
            return   # a broken preset or an unknown game is reported by the lesson's own form
        steps = [(form.cleaned_data["number"], form.cleaned_data["kind"], form.cleaned_data.get("payload") or {})
                 for form in self.forms
                 if form.cleaned_data and not form.cleaned_data.get("DELETE") and "number" in form.cleaned_data]
        try:
            check_lesson_steps(game_key=lesson.game_key, variant=variant, steps=steps)
        except PayloadError as error:
            raise ValidationError(str(error)) from None
