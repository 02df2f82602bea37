"""Admin change lists whose editable cells have names: Django draws a `list_editable` field as a bare input,
labelled only by the column's heading on screen, so a screen reader announces "edit text" (axe: `label`)."""

from __future__ import annotations


class LabelledListEditable:
    """A ModelAdmin mixin: each editable cell of the change list is named "<field>: <object>" ("Order: Two
    queens pass to you"), in the editor's language."""

    def get_changelist_form(self, request, **kwargs):
        base = super().get_changelist_form(request, **kwargs)

        class LabelledChangeListForm(base):
            def __init__(self, *args, **form_kwargs):
                super().__init__(*args, **form_kwargs)
                for field in self.fields.values():   # deep copies: the attributes are this row's own
                    field.widget.attrs["aria-label"] = f"{field.label}: {self.instance}"

        return LabelledChangeListForm
