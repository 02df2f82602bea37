"""The hint panel's link to the move form: the form fields that post the suggested move, as JSON for the page's
script (static/js/table.js marks those controls)."""

import json

from django import template

from games.forms import action_form_fields

register = template.Library()


@register.filter
def hint_fields(action: dict) -> str:
    return json.dumps(action_form_fields(action))
