"""`{% draw_position position "template.html" %}`: a position drawn by a template that reads its context's names.

A table template reads the names of a position's context (games.selectors.position_context) directly, and
some pages show several positions (a rules page's examples, a review's decisions), so each is drawn with its
own context pushed on top of the page's.
"""

from django import template

register = template.Library()


@register.simple_tag(takes_context=True)
def draw_position(context, position: dict, template_name: str):
    with context.push(**position):
        return context.template.engine.get_template(template_name).render(context)
