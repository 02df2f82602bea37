"""`{% example_table example %}`: a disputed point's example drawn as the game's table.

A table template reads the names of a position's context (games.selectors.position_context) directly,
and a page shows several examples, so each is drawn with its own context pushed on top of the page's.
"""

from django import template

register = template.Library()


@register.simple_tag(takes_context=True)
def example_table(context, example: dict):
    with context.push(**example):
        return context.template.engine.get_template("rulebook/_example_table.html").render(context)
