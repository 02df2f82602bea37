"""Forms of the class pages. They read and check the input's shape; classroom.services judges it."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db.models import Case, Value, When
from django.utils.translation import gettext_lazy as _

from classroom.models import Assignment, Classroom
from classroom.services import JOIN_CODE_LENGTH, MAX_PUZZLES, MAX_ROUNDS
from games.forms import PRESET_NOT_OFFERED, GameSettingsForm
from games.models import Game
from games.selectors import presets_for_learners
from games.tables import class_goals, class_preset
from puzzles.themes import THEMES
from tutorials.selectors import lessons_for_game


class ClassNameForm(forms.Form):
    name = forms.CharField(label=_("Class name"), max_length=100)


class JoinForm(forms.Form):
    code = forms.CharField(label=_("Join code"), max_length=JOIN_CODE_LENGTH + 4,
                           widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}))


class CoTeacherForm(forms.Form):
    username = forms.CharField(label=_("User name of the co-teacher"), max_length=150)


HINT_CHOICES = [
    (Game.Hints.ALLOW, _("Allowed")),
    (Game.Hints.COUNT, _("Allowed and counted: the student sees the count at the table")),
    (Game.Hints.FORBID, _("Forbidden: the rounds' tables offer no hint")),
]


class RowsChoiceField(forms.ModelMultipleChoiceField):
    """Several rows chosen by id; an id past the database's integer range is an invalid choice like any other (Django
    checks only that each one converts to an int, and SQLite raises OverflowError on such a number)."""

    LARGEST_ID = 2**63 - 1

    def _check_values(self, value):
        for pk in value:
            try:
                in_range = 0 < int(pk) <= self.LARGEST_ID
            except (TypeError, ValueError):
                continue   # Django's own check names it
            if not in_range:
                raise ValidationError(self.error_messages["invalid_choice"], code="invalid_choice",
                                      params={"value": pk})
        return super()._check_values(value)


class AssignmentForm(GameSettingsForm):
    """One game's assignment: its presets, seat counts, bots, lessons and goals are the game's
    (`game_key`, chosen first: the view reads it from the address or the form's hidden `game`); the bot-level
    fields follow the number of players."""

    title = forms.CharField(label=_("Title"), max_length=120)
    lessons = RowsChoiceField(queryset=None, required=False, widget=forms.CheckboxSelectMultiple,
                              label=_("Lessons to finish"))
    rounds = forms.IntegerField(label=_("Practice rounds"), min_value=0, max_value=MAX_ROUNDS, initial=3)
    puzzles = forms.IntegerField(label=_("Puzzles to solve"), min_value=0, max_value=MAX_PUZZLES, initial=0,
                                 required=False)
    puzzle_theme = forms.ChoiceField(label=_("Puzzle theme"), required=False)
    # The rules as a select of their names (the play and table forms offer radios, each with its description).
    preset = forms.ModelChoiceField(queryset=None, to_field_name="slug", empty_label=None, label=_("Rules"),
                                    error_messages={"invalid_choice": PRESET_NOT_OFFERED})
    goal = forms.ChoiceField(label=_("Goal"))
    # The goal's own range is checked by classroom.services, with the goal's message.
    goal_count = forms.IntegerField(label=_("N in the goal"), min_value=0, max_value=999, initial=0,
                                    required=False)
    hints = forms.ChoiceField(choices=HINT_CHOICES, initial=Game.Hints.ALLOW, widget=forms.RadioSelect,
                              label=_("Hint at the table"), required=False)
    due_at = forms.DateTimeField(label=_("Due"), required=False,
                                 widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
                                 input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%d"])
    same_deals = forms.BooleanField(label=_("Same deals for everyone (results compare deal by deal)"),
                                    required=False)
    students = RowsChoiceField(queryset=None, required=False, widget=forms.CheckboxSelectMultiple,
                               label=_("Only these students (none chosen: the whole class)"))

    def __init__(self, *args: Any, classroom: Classroom, game_key: str, **kwargs: Any) -> None:
        first = class_preset(game_key)
        # The preset a class is offered first (a game's short match) heads the list and is chosen.
        presets = presets_for_learners(game_key).annotate(
            offered_first=Case(When(slug=first, then=Value(0)), default=Value(1))).order_by(
            "offered_first", "order", "slug")
        super().__init__(*args, game_key=game_key, presets=presets, first_preset=first, **kwargs)
        self.fields["lessons"].queryset = lessons_for_game(game_key)
        self.fields["goal"].choices = [(goal.key, goal.label) for goal in class_goals(game_key)]
        self.fields["puzzle_theme"].choices = [("", _("Any theme")), *THEMES[game_key].items()]
        self.fields["goal"].initial = Assignment.NO_GOAL
        self.fields["students"].queryset = classroom.students.order_by("username")
        self.fields["students"].label_from_instance = lambda user: user.get_username()

    def service_arguments(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "title": data["title"], "lessons": list(data["lessons"]), "game_key": self.game_key,
            "preset": data["preset"].slug, "players": data["players"], "bot_levels": self.bot_levels(),
            "rounds": data["rounds"], "goal": data["goal"], "goal_count": data.get("goal_count") or 0,
            "puzzles": data.get("puzzles") or 0, "puzzle_theme": data.get("puzzle_theme") or "",
            "hints": data.get("hints") or Game.Hints.ALLOW, "due_at": data.get("due_at"),
            "same_deals": data["same_deals"], "students": list(data["students"]),
        }
