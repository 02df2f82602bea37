"""Admin forms for lessons, steps and presets: JSON boxes people can read, text boxes that keep LF line ends,
and step renumbering."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.forms.fields import InvalidJSONInput
from django.utils.text import normalize_newlines

from games.models import Preset
from tutorials import jsontext
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
    fields = json_box(rows=6, help_text=Preset._meta.get_field("fields").help_text)

    class Meta:
        model = Preset
        fields = "__all__"   # noqa: DJ007 - the admin decides which fields it shows


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
