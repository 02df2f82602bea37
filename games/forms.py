"""Forms of the play pages: the new-game settings, and a posted move read into an engine action."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.bots import LEVELS
from games.rules import get_game
from games.selectors import BOT_LEVEL_LABELS, presets_to_try
from games.services import MAX_SEED
from games.tables import TABLES

LEVEL_CHOICES = [(level, BOT_LEVEL_LABELS[level]) for level in LEVELS]


def default_player_count(engine) -> int:
    """The table size offered first: three where the game allows it, else the nearest it does."""
    return min(max(3, engine.min_players), engine.max_players)


# A preset slug posted by hand that the form does not offer (another game's, or one hidden from learners).
PRESET_NOT_OFFERED = _("These rules are not offered here: choose one of the rule sets listed.")


class PresetChoiceField(forms.ModelChoiceField):
    """A choice among the presets the form offers, each shown with its description; a preset hidden from
    learners, which only the staff are offered, says so."""

    default_error_messages = {"invalid_choice": PRESET_NOT_OFFERED}

    def label_from_instance(self, preset) -> str:
        label = f"{preset.name} — {preset.description}"
        if not preset.shown_to_learners:
            label += " " + gettext("(hidden from learners)")
        return label


def players_for(engine, requested, *, default: int) -> int:
    """The table size `requested` (a count as posted or asked for, text or None) within the game's range of
    players; `default` when it is not a number."""
    try:
        players = int(requested or default)
    except ValueError:
        players = default
    return min(max(players, engine.min_players), engine.max_players)


def seat_label(seat: int):
    """Seat `seat` (counted from 0) as people count it."""
    return _("Seat %(number)s") % {"number": seat + 1}


class GameSettingsForm(forms.Form):
    """A game's table settings, the part the new-game, table and assignment forms share: the rules (one of the
    `presets` offered, `first_preset` chosen), the number of players, and a field per seat that is not the
    player's own (from `first_seat`: a bot's level here; a subclass may offer more in `seat_field`).
    templates/games/_game_settings.html shows them."""

    seat_prefix = "bot"
    first_seat = 1   # seat 0 is the player's own

    preset = PresetChoiceField(queryset=None, to_field_name="slug", empty_label=None, widget=forms.RadioSelect,
                               label=_("Rules"))
    players = forms.TypedChoiceField(coerce=int, label=_("Players"))

    def __init__(self, *args: Any, game_key: str, presets, first_preset: str = "standard", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game_key = game_key
        self.engine = get_game(game_key)
        self.fields["preset"].queryset = presets
        self.fields["preset"].initial = first_preset
        self.fields["players"].choices = [
            (n, _("%(count)s players") % {"count": n})
            for n in range(self.engine.min_players, self.engine.max_players + 1)]
        self.fields["players"].initial = default_player_count(self.engine)
        for seat in range(self.first_seat, self.engine.max_players):
            self.fields[f"{self.seat_prefix}_{seat}"] = self.seat_field(seat)

    def seat_field(self, seat: int) -> forms.Field:
        return forms.ChoiceField(choices=LEVEL_CHOICES, initial="medium", required=False, label=seat_label(seat))

    def seat_fields(self, players: int) -> list[forms.BoundField]:
        """The fields of the seats a table of `players` has."""
        return [self[f"{self.seat_prefix}_{seat}"] for seat in range(self.first_seat, players)]

    def bot_levels(self) -> list[str]:
        """The bots' levels, seat by seat after the player's (where those seats are bots' alone)."""
        players = self.cleaned_data["players"]
        return [self.cleaned_data.get(f"bot_{seat}") or "medium" for seat in range(1, players)]

    def seats_shown(self, data) -> dict[str, Any]:
        """The number of players the page shows and its seats' fields: as posted (`data`), or as asked for when
        the select changes (hx-get); the form's first offer when none is."""
        players = players_for(self.engine, data.get("players"), default=self.fields["players"].initial)
        return {"players": players, "seat_fields": self.seat_fields(players)}


class NewGameForm(GameSettingsForm):
    """A game against bots: the settings and a seed."""

    seed = forms.IntegerField(required=False, min_value=0, max_value=MAX_SEED - 1, label=_("Seed"),
                              help_text=_("Optional: the same seed deals the same cards again."))

    def __init__(self, *args: Any, game_key: str, user, **kwargs: Any) -> None:
        super().__init__(*args, game_key=game_key, presets=presets_to_try(game_key, user=user), **kwargs)


class ActionPostError(ValueError):
    """A posted move that cannot even be read as an action."""


INCOMPLETE = _("That move is incomplete: make a choice in each part of the form.")
# A move form's part left unchosen, named, so that the form says which choice is missing.
MISSING_PARTS = {
    "target": _("Choose the player you ask first, then the rank."),
    "rank": _("Choose the rank you ask for."),
    "count": _("Choose how many cards you think they hold."),
    "suits": _("Choose the suits you name."),
    "card": _("Choose a card."),
}


def action_from_post(data, *, game_key: str) -> tuple[dict[str, Any], int]:
    """The engine action of `game_key` and the expected move number from a move form's POST data.

    The game's table module reads its own form (games.tables: `action_from_post`); only the shape is checked
    here, whether the move is legal is the engine's call. A part left unchosen is named in the error.
    """
    try:
        expected_move = int(data.get("move", ""))
    except ValueError:
        raise ActionPostError(gettext("The move number is missing: reload the page and try again.")) from None
    try:
        action = TABLES[game_key].action_from_post(data)
    except KeyError as missing:
        raise ActionPostError(str(MISSING_PARTS.get(missing.args[0], INCOMPLETE))) from None
    except ValueError:
        raise ActionPostError(str(INCOMPLETE)) from None
    if action is None:
        raise ActionPostError(gettext("Unknown action."))
    return action, expected_move


def move_form_values(fields) -> dict[str, list[str]]:
    """A move form's fields as the form posts them, each name with its values as strings: from a POST (what the
    player sent: the form shown again keeps it chosen) or from a game's `action_form_fields` (the coach's hint).

    The move form templates read it as `chosen` (the radios and checkboxes shown ticked) and `suggested` (the
    controls outlined and labelled as the coach's suggestion)."""
    if hasattr(fields, "getlist"):
        return {name: fields.getlist(name) for name in fields}
    return {name: [str(value) for value in (values if isinstance(values, list | tuple) else [values])]
            for name, values in fields.items()}
