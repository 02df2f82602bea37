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
def log_lines(log: list[dict], seat: int | None, start: int = 0) -> SafeString:
    """One <li> per line of `log` (games.selectors.position_context) from its `start`-th: the player's own moves
    marked, a bot's reason folded under "Why?"."""
    why = conditional_escape(gettext("Why?"))
    # A bot's move for a person away from a table of several people (games.services.game_seat_seen).
    stand_in = conditional_escape(gettext("(a bot played for this seat while its player was away)"))
    lines = []
    for line in log[start:]:
        classes = " ".join(name for name, applies in (("log__mine", line["seat"] == seat),
                                                      ("log__stand-in", line.get("stand_in"))) if applies)
        attributes = f' class="{classes}"' if classes else ""
        note = f' <span class="log__note">{stand_in}</span>' if line.get("stand_in") else ""
        reason = (f'\n      <details class="why"><summary>{why}</summary>{conditional_escape(line["reason"])}</details>'
                  if line["reason"] else "")
        lines.append(f"<li{attributes}>{conditional_escape(line['text'])}{note}{reason}</li>")
    return mark_safe("\n".join(lines))
