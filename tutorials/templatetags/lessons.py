"""Template filters for lessons: `{% load lessons %}` then `{{ step.body|markdown }}`."""

from django import template
from django.utils.safestring import SafeString

from tutorials.markdown import render_markdown

register = template.Library()


@register.filter(name="markdown")
def markdown_filter(text: str | None) -> SafeString:
    return render_markdown(text)
