"""What a simulated learner reads from the pages it is given: forms, links and the state of the table.

The learner acts only on what the HTML offers, as a person would: its moves are the move form's options,
its next lesson step is the page's "next" link. The standard library's html.parser reads the pages: they
are small, and the client shares the machine's two cores with the workers it measures.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import re
from html.parser import HTMLParser

from multidict import MultiDict

# The delay is a localised number: "8.8" in English, "8,8" in Russian.
RELOAD_DELAY = re.compile(r"load delay:(\d+(?:[.,]\d+)?)s")


@dataclasses.dataclass
class Form:
    action: str
    hidden: dict[str, str] = dataclasses.field(default_factory=dict)
    radios: dict[str, list[str]] = dataclasses.field(default_factory=dict)
    # Each group of checkboxes: its boxes' values, and how many of them a person ticks: as many as the group's
    # fieldset says (data-choose: the three cards to pass), else one (a card to attack with, "one card" declared).
    # Which ones is the person's choice, not always the same: always the same attack left two Rooster players
    # passing the same two cards back and forth for ever.
    checkboxes: dict[str, list[str]] = dataclasses.field(default_factory=dict)
    ticked: dict[str, int] = dataclasses.field(default_factory=dict)
    buttons: list[tuple[str, str]] = dataclasses.field(default_factory=list)   # named submit buttons
    submittable: bool = False   # it has a submit button, named or not (a fieldset may offer none)

    def options(self) -> list[MultiDict[str]]:
        """Every submission a person could make: as many boxes of each group as it asks for, one value of each
        radio group, one named button."""
        submissions = [MultiDict(self.hidden)]
        for name, values in self.checkboxes.items():
            submissions = [_with(fields, [(name, value) for value in ticked]) for fields in submissions
                           for ticked in itertools.combinations(values, self.ticked[name])]
        for name, values in self.radios.items():
            submissions = [_with(fields, [(name, value)]) for fields in submissions for value in values]
        if self.buttons:
            submissions = [_with(fields, [button]) for fields in submissions for button in self.buttons]
        return submissions

    def pick(self, rng: random.Random) -> MultiDict[str]:
        """One submission, chosen as a person clicking at random would: boxes of each group, a radio of each
        group, then a button. Checked boxes go after the hidden fields, in the page's order, as a browser sends
        them: a ticked box wins over a hidden default of its name."""
        fields = MultiDict(self.hidden)
        for name, values in self.checkboxes.items():
            for index in sorted(rng.sample(range(len(values)), self.ticked[name])):
                fields.add(name, values[index])
        for name, values in self.radios.items():
            fields.add(name, rng.choice(values))
        if self.buttons:
            fields.add(*rng.choice(self.buttons))
        return fields


def _with(fields: MultiDict[str], added: list[tuple[str, str]]) -> MultiDict[str]:
    extended = fields.copy()
    extended.extend(added)
    return extended


@dataclasses.dataclass
class Page:
    forms: list[Form] = dataclasses.field(default_factory=list)
    links: list[dict[str, str]] = dataclasses.field(default_factory=list)   # each <a>'s attributes
    sections: dict[str, dict[str, str]] = dataclasses.field(default_factory=dict)   # attributes by element id
    classes: set[str] = dataclasses.field(default_factory=set)   # every class name on the page
    reload_delay: float | None = None   # seconds after which the table reloads itself (a pending push)
    htmx_headers: dict[str, str] = dataclasses.field(default_factory=dict)   # a whole page's hx-headers (CSRF)
    # A move's answer (parse_answer): the milliseconds each later state it carries waits before the page shows it
    # (the bots' pace).
    following_waits_ms: list[int] = dataclasses.field(default_factory=list)

    def form_posting_to(self, suffix: str) -> Form | None:
        return next((form for form in self.forms if form.action.endswith(suffix)), None)

    @property
    def csrf_token(self) -> str | None:
        return next((form.hidden["csrfmiddlewaretoken"] for form in self.forms
                     if "csrfmiddlewaretoken" in form.hidden), None)

    def link_to_next(self) -> str | None:
        return next((link["href"] for link in self.links if link.get("rel") == "next"), None)

    def hrefs_matching(self, pattern: re.Pattern) -> list[str]:
        return list(dict.fromkeys(link["href"] for link in self.links if pattern.fullmatch(link.get("href", ""))))

    # The play page's table.

    @property
    def table_step(self) -> int | None:
        step = self.sections.get("table", {}).get("data-step")
        return int(step) if step is not None else None

    @property
    def playout_seconds(self) -> float:
        """How long the page takes to show the states a move's answer carries, before the player can move again."""
        return sum(self.following_waits_ms) / 1000

    @property
    def websocket_path(self) -> str | None:
        return self.sections.get("table", {}).get("data-ws")

    @property
    def here_path(self) -> str | None:
        """Where the page says its person is still there: only at a table of several people."""
        return self.sections.get("table", {}).get("data-here-url")

    @property
    def move_forms(self) -> list[Form]:
        """The move forms that can be sent: none when the player has no move to make here.

        Some tables split a decision over several forms (games.tables: a Rooster defender's form per attacking
        card, then "take"; Yashchiki's single cards, pairs, then "draw"). A Rooster card that nothing in the hand
        beats has a form without a button.
        """
        return [form for form in self.forms if form.action.endswith("/act/") and form.submittable]

    def pick_move(self, rng: random.Random) -> tuple[str, MultiDict[str]]:
        """A move as a person clicking at random would make it: one of the move forms, then one submission of
        it; where it posts, and its fields.

        Not always the first form: in Yashchiki, people who never play a pair (the second form) almost never
        go out, and a short match of four such players ran to some 14,000 moves.
        """
        form = rng.choice(self.move_forms)
        return form.action, form.pick(rng)

    @property
    def game_over(self) -> bool:
        return "end-screen" in self.classes

    # The lesson player.

    @property
    def lesson_step(self) -> str | None:
        """The step shown ("1", "2", …), or "done" on the lesson's end."""
        return self.sections.get("lesson-step", {}).get("data-step")

    @property
    def answer_form(self) -> Form | None:
        return self.form_posting_to("/answer/")

    @property
    def answer_was_wrong(self) -> bool:
        return "feedback--wrong" in self.classes


class _PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self._form: Form | None = None
        self._choose = 1   # how many boxes the fieldset being read asks for

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        if "class" in attributes:
            self.page.classes.update(attributes["class"].split())
        if "id" in attributes:
            self.page.sections[attributes["id"]] = attributes
        if tag == "body" and "hx-headers" in attributes:
            self.page.htmx_headers = json.loads(attributes["hx-headers"])
        if "hx-trigger" in attributes and (delay := RELOAD_DELAY.match(attributes["hx-trigger"])):
            self.page.reload_delay = float(delay.group(1).replace(",", "."))
        if tag == "a" and "href" in attributes:
            self.page.links.append(attributes)
        elif tag == "form":
            self._form = Form(action=attributes.get("action", ""))
            self.page.forms.append(self._form)
        elif tag == "fieldset":
            self._choose = int(attributes.get("data-choose") or 1)
        elif self._form is not None and tag in ("input", "button"):
            self._form_control(tag, attributes)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "fieldset":
            self._choose = 1

    def _form_control(self, tag: str, attributes: dict[str, str]) -> None:
        name, kind = attributes.get("name"), attributes.get("type", "submit" if tag == "button" else "text")
        if kind == "submit":
            self._form.submittable = True
        if not name:
            return
        if kind == "hidden":
            self._form.hidden[name] = attributes.get("value", "")
        elif kind == "radio":
            self._form.radios.setdefault(name, []).append(attributes.get("value", ""))
        elif kind == "checkbox":
            self._form.checkboxes.setdefault(name, []).append(attributes.get("value", "on"))
            self._form.ticked[name] = self._choose
        elif kind == "submit":
            self._form.buttons.append((name, attributes.get("value", "")))


FOLLOWING_STATE = re.compile(r'<template data-following-step="\d+" data-after-ms="(\d+)">')


def parse_answer(html: str) -> Page:
    """A move's answer, read as the state its page ends on: the last of the states it carries (each in a <template>
    after the table shown at once), with the waits before each (Page.following_waits_ms). Only that state's
    markup is parsed: the client shares the machine's cores with the workers it measures."""
    starts = list(FOLLOWING_STATE.finditer(html))
    page = parse_page(html[starts[-1].end():] if starts else html)
    page.following_waits_ms = [int(start[1]) for start in starts]
    return page


def parse_page(html: str) -> Page:
    """A whole page or an HTMX fragment, read into its forms, links, ids and classes."""
    parser = _PageParser()
    parser.feed(html)
    parser.close()
    return parser.page
