"""The "What your seat knows" panel as HTML, drawn in Python rather than by template loops.

The panel (games.tables.knowledge's shape) is part of every table pushed to every page; its nested loops
over sections, rows, items and parts cost more than the rest of the table's template (bench_web, py-spy).
The markup is what templates/games/_knowledge.html's loops wrote, and every text is escaped as they escaped it.
"""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.templatetags.cards import card_face

register = template.Library()


@register.simple_tag
def knowledge_panel(knowledge: dict) -> SafeString:
    """A closed disclosure (static/js/table.js remembers whether the learner opened it) with the panel's
    sections: each a heading and its rows as a definition list, or its `empty` sentence."""
    note = format_html('<p class="knowledge__note">{}</p>', knowledge["note"]) if knowledge.get("note") else ""
    return format_html(
        '<details class="panel knowledge" id="knowledge" data-remember="knowledge-open">'
        '<summary class="knowledge__summary"><h2 class="knowledge__title">{}</h2></summary>'
        '<div class="knowledge__body">{}{}</div></details>',
        gettext("What your seat knows"), mark_safe("".join(_section(part) for part in knowledge["sections"])), note)


def _section(part: dict) -> str:
    if not part["rows"]:
        body = format_html('<p class="knowledge__empty">{}</p>', part["empty"])
    else:
        rows = mark_safe("".join(_row(line) for line in part["rows"]))
        body = format_html('<dl class="knowledge__rows">{}</dl>', rows)
    return format_html('<div class="knowledge__section"><h3 class="knowledge__heading">{}</h3>{}</div>',
                       part["heading"], body)


def _row(line: dict) -> str:
    mark = line.get("label_suit")
    label_mark = format_html(
        '<span class="suit-mark suit-mark--{} suit-{}" aria-hidden="true">{}</span> ',
        mark["colour"], mark["suit"], mark["symbol"]) if mark else ""
    items = format_html_join("", "<li>{}</li>", ((mark_safe(" ".join(_part(bit) for bit in item)),)
                                                 for item in line["items"]))
    return format_html('<div class="knowledge__row"><dt>{}{}</dt><dd><ul class="knowledge__items">{}</ul></dd></div>',
                       label_mark, line["label"], items)


def _part(bit: dict) -> str:
    if bit.get("cards"):
        return format_html('<span class="knowledge__cards">{}</span>',
                           mark_safe("".join(card_face(card) for card in bit["cards"])))
    if bit.get("suit"):
        return format_html('<span class="suit-mark suit-mark--{} suit-{}" role="img" aria-label="{}">{}</span>',
                           bit["colour"], bit["suit"], bit["name"], bit["symbol"])
    return format_html("<span>{}</span>", bit["text"])
