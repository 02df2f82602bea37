"""Puzzles in /admin/: editors hide a puzzle, change its theme (one of its game's) and explain it, with history
(as lessons: tutorials.admin.EditorsAdmin). The position and its solution are the miner's and stay as mined."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from puzzles.models import Puzzle
from puzzles.themes import THEMES
from tutorials.admin import EditorsAdmin, with_rows

MINED_FIELDS = ("game_key", "preset", "players", "seed", "dealer", "seat", "actions", "best", "losses", "unit",
                "reason", "rating", "deviation")


class PuzzleForm(forms.ModelForm):
    """The theme is chosen among the puzzle's own game's themes."""

    class Meta:
        model = Puzzle
        fields = ("theme", "hidden", "explanation")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        themes = THEMES.get(self.instance.game_key, {})
        self.fields["theme"] = forms.ChoiceField(label=_("theme"), choices=list(themes.items()))


class ThemeFilter(admin.SimpleListFilter):
    """The themes by their names (of the game chosen in the game filter, or of every game)."""

    title = _("theme")
    parameter_name = "theme"

    def lookups(self, request, model_admin):
        game_key = request.GET.get("game_key__exact")
        games = [game_key] if game_key in THEMES else list(THEMES)
        return [(key, label) for game in games for key, label in THEMES[game].items()]

    def queryset(self, request, queryset):
        return queryset.filter(theme=self.value()) if self.value() else queryset


@admin.register(Puzzle)
class PuzzleAdmin(EditorsAdmin):
    form = PuzzleForm
    list_display = ("__str__", "game_key", "theme_shown", "gap_shown", "rating", "hidden")
    list_filter = ("game_key", ThemeFilter, "hidden")
    list_editable = ("hidden",)
    fields = ("theme", "hidden", "explanation", *MINED_FIELDS)
    readonly_fields = MINED_FIELDS

    def has_add_permission(self, request) -> bool:
        return False   # puzzles are mined (manage.py mine_puzzles), never written by hand

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        formfield = super().formfield_for_dbfield(db_field, request, **kwargs)
        return with_rows(formfield, db_field, {"explanation": 4})

    @admin.display(description=_("theme"), ordering="theme")
    def theme_shown(self, puzzle: Puzzle) -> str:
        return THEMES.get(puzzle.game_key, {}).get(puzzle.theme, puzzle.theme)

    @admin.display(description=_("least loss of another move"))
    def gap_shown(self, puzzle: Puzzle) -> str:
        return f"{puzzle.gap:g} {puzzle.unit}"
