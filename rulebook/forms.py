"""Admin form of a disputed point: its example in a JSON box people can read (as a lesson step's payload)."""

from __future__ import annotations

from django import forms

from rulebook.models import DisputedPoint
from tutorials.forms import json_box


class DisputedPointForm(forms.ModelForm):
    example = json_box(rows=8, help_text=DisputedPoint._meta.get_field("example").help_text)

    class Meta:
        model = DisputedPoint
        fields = "__all__"   # noqa: DJ007 - the admin decides which fields it shows
