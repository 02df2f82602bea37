"""The form that opens a table: the game's rules, each seat for a person or a bot, the stand-in bots' level,
how long a person may be away, and, for a teacher, the class whose table it is."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from classroom.selectors import classes_taught
from games.forms import LEVEL_CHOICES, GameSettingsForm, seat_label
from games.selectors import presets_for_learners
from together.models import AWAY_LIMITS
from together.services import PERSON

NEVER = "never"


def seat_choices() -> list[tuple[str, str]]:
    """A person or a bot of each level, in the request's language: "%(level)s bot" is filled in per form, since a
    list built once at import would keep the language of that moment."""
    return [(PERSON, gettext("a person")), *[(level, gettext("%(level)s bot") % {"level": label})
                                             for level, label in LEVEL_CHOICES]]


class SitForm(forms.Form):
    """A seat taken at a table: its number and the name the others see. together.services.table_sit judges the
    seat and tidies the name; the form refuses what the service does not look for, such as a NUL character
    (PostgreSQL cannot store one, so it would end in a server error)."""

    seat = forms.IntegerField(error_messages={"required": _("Choose a free seat."),
                                              "invalid": _("Choose a free seat.")})
    name = forms.CharField(required=False, strip=False)

    def error_text(self) -> str:
        return " ".join(message for messages in self.errors.values() for message in messages)


class TableForm(GameSettingsForm):
    """The settings of a table to play together: each seat is for a person or a bot (the first two for people)."""

    seat_prefix = "seat"
    first_seat = 0   # every seat is chosen, the first too

    stand_in_level = forms.ChoiceField(choices=LEVEL_CHOICES, initial="medium",
                                       label=_("Bots that stand in for people"),
                                       help_text=_("They take the people's seats left empty at the start, and "
                                                   "play for a person who is away."))
    away_after = forms.TypedChoiceField(
        choices=[(NEVER if seconds is None else seconds, label) for seconds, label in AWAY_LIMITS],
        coerce=lambda value: None if value == NEVER else int(value), initial=180,
        label=_("A bot plays for a person away"))
    classroom = forms.ModelChoiceField(queryset=None, required=False, label=_("Class table"),
                                       empty_label=_("no: anybody with the link may sit"),
                                       help_text=_("Only the class's students and teachers may sit at a class "
                                                   "table; it is listed on the class's page."))

    def __init__(self, *args: Any, game_key: str, user, **kwargs: Any) -> None:
        super().__init__(*args, game_key=game_key, presets=presets_for_learners(game_key), **kwargs)
        if user.is_authenticated:
            self.fields["classroom"].queryset = classes_taught(user).filter(archived=False)
        else:
            del self.fields["classroom"]

    def seat_field(self, seat: int) -> forms.Field:
        return forms.ChoiceField(choices=seat_choices(), initial=PERSON if seat < 2 else "medium", required=False,
                                 label=seat_label(seat))

    def seat_plan(self) -> list[dict[str, str]]:
        plan = []
        for seat in range(self.cleaned_data["players"]):
            choice = self.cleaned_data.get(f"seat_{seat}") or (PERSON if seat == 0 else "medium")
            plan.append({"kind": PERSON} if choice == PERSON else {"kind": "bot", "level": choice})
        return plan

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if "players" in cleaned and not any(plan["kind"] == PERSON for plan in self.seat_plan()):
            raise forms.ValidationError(_("Leave at least one seat for a person."))
        return cleaned
