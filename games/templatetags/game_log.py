"""The game log's lines as HTML, drawn in Python rather than by a template loop.

A table is rendered again for every move pushed to every page, and its log holds up to a few hundred
lines: a template loop over them cost about two thirds of the whole table's rendering. The markup is what
the loop wrote, and every text is escaped as the template escaped it.
"""

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

register = template.Library()


@register.simple_tag
def log_lines(log: list[dict], seat: int | None) -> SafeString:
    """One <li> per line of `log` (games.selectors.position_context): the player's own moves marked, a bot's
    reason folded under "Why?"."""
    why = conditional_escape(gettext("Why?"))
    lines = []
    for line in log:
        mine = ' class="log__mine"' if line["seat"] == seat else ""
        reason = (f'\n      <details class="why"><summary>{why}</summary>{conditional_escape(line["reason"])}</details>'
                  if line["reason"] else "")
        lines.append(f"<li{mine}>{conditional_escape(line['text'])}{reason}</li>")
    return mark_safe("\n".join(lines))
