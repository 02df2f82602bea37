"""What a preset's change means for the lessons on it (games.preset_uses hooks, added in TutorialsConfig.ready).

A step that no longer replays is refused outright (tutorials.models.check_lessons_replay). A step that still
replays may still say something else: its position may now be over or not, its scores, winners or player to move
may differ, and a practice game is played on under the new rules. Those are listed for the editor, who saves
anyway only after reading them (tutorials.forms.PresetForm).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from games.practice_goals import goal_text
from games.preset_uses import PresetReview, PresetUse, texts_containing
from games.variant_words import field_label, value_label
from tutorials.models import Lesson, LessonStep
from tutorials.payloads import position_from_payload
from tutorials.practice import practice_goal
from tutorials.step_checks import REPLAY_ERRORS


def lesson_admin_url(lesson: Lesson) -> str:
    return reverse("admin:tutorials_lesson_change", args=[lesson.pk])


def lesson_uses(preset) -> list[PresetUse]:
    lessons = list(Lesson.objects.filter(preset=preset).order_by("game_key", "order"))
    url = f"{reverse('admin:tutorials_lesson_changelist')}?preset__id__exact={preset.pk}"
    return [PresetUse(kind=_("Lessons"), count=len(lessons), url=url if lessons else "",
                      items=[(str(lesson), lesson_admin_url(lesson)) for lesson in lessons])]


def _seat(seat: int) -> str:
    # Numbered from 1, as the lesson's narration names the seats ("Player 2").
    return _("Seat %(number)s") % {"number": seat + 1}


def _position_facts(state) -> dict[str, Any]:
    player = state.current_player
    return {
        "over": state.is_over,
        "scores": ", ".join(map(str, state.scores)),
        "winners": ", ".join(map(_seat, state.winners)) if state.is_over else "",
        "player": _seat(player) if player is not None else "",
    }


def _fact_changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    changes = []
    if before["over"] != after["over"]:
        changes.append(_("the game is now over") if after["over"] else _("the game is no longer over"))
    if before["scores"] != after["scores"]:
        changes.append(_("the scores change from %(before)s to %(after)s") % {"before": before["scores"],
                                                                              "after": after["scores"]})
    if before["winners"] != after["winners"] and before["over"] and after["over"]:
        changes.append(_("the winners change from %(before)s to %(after)s") % {
            "before": before["winners"] or "—", "after": after["winners"] or "—"})
    if before["player"] != after["player"] and before["player"] and after["player"]:
        changes.append(_("the player to move changes from %(before)s to %(after)s") % {
            "before": before["player"], "after": after["player"]})
    return changes


def _rules_changes(game_key: str, old_variant, new_variant) -> str:
    old, new = old_variant.to_dict(), new_variant.to_dict()
    return "; ".join(f"{field_label(game_key, field)}: {value_label(game_key, field, old[field])} → "
                     f"{value_label(game_key, field, new[field])}" for field in new if old.get(field) != new[field])


def lesson_change_reviews(preset, old_variant, new_variant) -> list[PresetReview]:
    """Each step of a lesson on `preset` whose position ends, scores or moves on differently under `new_variant`
    than under `old_variant`, and each practice step (its game is played on under the new rules). Steps that no
    longer replay are check_lessons_replay's."""
    reviews = []
    rules = _rules_changes(preset.game_key, old_variant, new_variant)
    for lesson in Lesson.objects.filter(preset=preset, game_key=preset.game_key).prefetch_related("steps"):
        for step in lesson.steps.all():
            if "deal" not in (step.payload or {}):
                continue
            try:
                before = _position_facts(position_from_payload(lesson.game_key, old_variant, step.payload))
                after = _position_facts(position_from_payload(lesson.game_key, new_variant, step.payload))
            except REPLAY_ERRORS:
                continue   # refused by check_lessons_replay, or already broken before this change
            changes = _fact_changes(before, after)
            if step.kind == LessonStep.Kind.PRACTICE:
                changes.append(_("its practice game is played under the changed rules (%(rules)s): check that "
                                 "its goal “%(goal)s” still fits") % {
                    "rules": rules, "goal": goal_text(practice_goal(step.payload))})
            if changes:
                where = _("“%(lesson)s”, step %(number)s") % {"lesson": lesson, "number": step.number}
                reviews.append(PresetReview(where=where, what="; ".join(changes), url=lesson_admin_url(lesson)))
    return reviews


def lessons_naming(preset, names: Sequence[str]) -> list[tuple[str, str]]:
    """The lessons of the preset's game whose title, summary or a step's text names the preset by one of `names`."""
    found = Lesson.objects.filter(game_key=preset.game_key).filter(
        texts_containing(Lesson.TRANSLATED_FIELDS, names)
        | texts_containing(LessonStep.TRANSLATED_FIELDS, names, prefix="steps__")).distinct()
    return [(_("Lesson “%(lesson)s”") % {"lesson": lesson}, lesson_admin_url(lesson))
            for lesson in found.order_by("order")]
