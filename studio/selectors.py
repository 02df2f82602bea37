"""What the lesson studio's pages show: the lessons of each game, a lesson's steps, and a step beside its table.

The table is the learner's (tutorials.selectors.payload_table_context: the learner's seat sees only its view); the
move forms below it are the play page's own, one for whichever seat is to move, so the editor plays every seat.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from modeltranslation.utils import build_localized_fieldname

from games import registry
from games.models import Preset
from games.narration import narrator_for
from games.practice_goals import PracticeGoal, goal_text
from games.rules import get_game
from games.rules.cards import SUITS, sort_cards, suit_of
from games.selectors import BOT_LEVEL_LABELS, games_of_user, narration_language, position_context
from studio.services import STOCK
from tutorials.coach_drafts import wrong_move_drafts
from tutorials.feedback import editor_feedback, same_move
from tutorials.markdown import render_markdown
from tutorials.models import Lesson, LessonStep
from tutorials.payloads import (
    BOT_LEVELS,
    EVERY_GAMES_GOAL,
    answers_of,
    lesson_seat_names,
    position_from_payload,
)
from tutorials.selectors import payload_table_context
from tutorials.step_checks import lesson_replay_problems, texts_naming_the_answer

# The editor's latest games offered as a position to start from.
MY_GAMES_LISTED = 30
# The step texts an editor writes, in the order the step editor shows them.
STEP_TEXTS = ("body", "hint_1", "hint_2", "explanation")


def studio_index() -> list[dict[str, Any]]:
    """Every game with its lessons in order, published or not, and how many steps each has."""
    lessons = Lesson.objects.order_by("game_key", "order", "slug").prefetch_related("steps")
    by_game: dict[str, list[Lesson]] = {}
    for lesson in lessons:
        by_game.setdefault(lesson.game_key, []).append(lesson)
    return [{"key": key, "title": get_game(key).title, "lessons": by_game.get(key, [])}
            for key in registry.games()]


def lesson_outline(lesson: Lesson) -> dict[str, Any]:
    """A lesson's page: its texts per language and its steps, each with what it shows and any problem."""
    steps = list(lesson.steps.order_by("number"))
    problems = dict(lesson_replay_problems(lesson, steps=steps))
    return {
        "lesson": lesson, "texts": _texts(lesson, ("title", "summary")),
        "presets": list(Preset.objects.filter(game_key=lesson.game_key).order_by("order", "slug")),
        "steps": [{"step": step, "summary": _first_line(step.body), "problem": problems.get(step.number)}
                  for step in steps],
    }


def step_editor(lesson: Lesson, step: LessonStep, *, request) -> dict[str, Any]:
    """The step editor: the step's texts per language with their previews, its table as the learner sees it, the
    move forms of the seat to move, and for a question its right moves and every wrong one with what it reads."""
    steps = list(lesson.steps.order_by("number"))
    index = next(index for index, other in enumerate(steps) if other.pk == step.pk)
    rules = get_game(lesson.game_key)
    context: dict[str, Any] = {
        "lesson": lesson, "step": step, "position": index + 1, "total": len(steps),
        "previous": steps[index - 1] if index > 0 else None,
        "next": steps[index + 1] if index + 1 < len(steps) else None,
        # Hints and the explanation are a question's: other steps have only their text.
        "texts": _texts(step, STEP_TEXTS if step.kind == LessonStep.Kind.QUESTION else STEP_TEXTS[:1]),
        "previews": [{"language": language, "html": render_markdown(getattr(step, build_localized_fieldname(
            "body", language)) or "")} for language in settings.MODELTRANSLATION_LANGUAGES],
        "players": range(rules.min_players, rules.max_players + 1),
        "can_deal": registry.game(lesson.game_key).opening_deal is not None,
        "is_practice": step.kind == LessonStep.Kind.PRACTICE,
        "has_table": "deal" in step.payload,
        "my_games": [{"id": game.pk, "label": _("%(date)s, %(players)s players, %(moves)s moves") % {
            "date": date_format(localtime(game.created_at), "SHORT_DATETIME_FORMAT"), "players": game.players,
            "moves": game.move_count}}
            for game in games_of_user(user=request.user).filter(game_key=lesson.game_key)[:MY_GAMES_LISTED]],
    }
    problems = lesson_replay_problems(lesson, steps=[step])
    if problems:
        context["problem"] = problems[0][1]
        return context
    if not context["has_table"]:
        return context
    payload = step.payload
    state = position_from_payload(lesson.game_key, lesson.variant(), payload)   # it replays: no problem above
    seat = payload.get("seat", 0)
    names = lesson_seat_names(state.players, seat)
    narrator = narrator_for(lesson.game_key, names, seat, narration_language())
    labels = [narrator.name(other) for other in range(state.players)]   # "You", "Player 2", in the page's language
    context.update(payload_table_context(state, payload, can_move=False))
    context.update({
        "seat": seat, "move_count": len(payload.get("actions", [])),
        "deal_players": state.players, "deal_seed": payload["deal"].get("seed", 0),
        "deal_dealer": payload["deal"].get("dealer", 0),
    })
    if step.kind == LessonStep.Kind.PRACTICE:
        context["practice"] = _practice(lesson, payload, state, labels)
        return context
    context["picker"] = _card_picker(lesson, payload, state, labels)
    if state.is_over:
        return context
    context["practice"] = _practice(lesson, payload, state, labels)
    mover = state.current_player
    context["mover_name"] = labels[mover]
    context["play_form"] = _move_form(state, names, mover, request=request, purpose="play",
                                      url=_change_url(step, "play"), move_count=context["move_count"])
    if mover == seat:
        context["answer_form"] = _move_form(state, names, mover, request=request, purpose="answer",
                                            url=_change_url(step, "answer"), move_count=context["move_count"])
    if step.kind == LessonStep.Kind.QUESTION:
        context["question"] = _question(lesson, step, state)
    return context


def _practice(lesson: Lesson, payload: dict, state, labels: list[str]) -> dict[str, Any] | None:
    """A practice game from this position: each other seat's bot level and the goal, as the step has them (or the
    usual choices); None when the game is over here."""
    if state.is_over:
        return None
    seat = payload.get("seat", 0)
    others = [other for other in range(state.players) if other != seat]
    levels = payload.get("bots") or ["medium"] * len(others)
    goal = payload.get("goal") or {"type": EVERY_GAMES_GOAL}
    kinds = [EVERY_GAMES_GOAL, *registry.game(lesson.game_key).lesson_goal_kinds]
    return {
        "seats": [{"name": labels[other], "level": level, "index": index}
                  for index, (other, level) in enumerate(zip(others, levels, strict=True))],
        "levels": [{"value": level, "label": BOT_LEVEL_LABELS[level]} for level in BOT_LEVELS],
        "goals": [{"value": kind, "label": goal_text(PracticeGoal(goal={"type": kind, "count": 1}, seat=seat,
                                                                  opening_moves=0, max_moves=None))}
                  for kind in kinds],
        "goal": goal["type"], "count": goal.get("count", 1), "max_moves": payload.get("max_moves") or "",
    }


def _card_picker(lesson: Lesson, payload: dict, state, labels: list[str]) -> dict[str, Any] | None:
    """Every card of the hands (and, at the deal, the stock) with its place, by suit, and how many each place holds;
    None where cards cannot be moved at this position (studio.services.step_move_cards)."""
    actions = payload.get("actions", [])
    if actions and (registry.game(lesson.game_key).hands_at_the_deal is None or state.is_over):
        return None
    hands = state.to_dict()["hands"] if actions else payload["deal"]["hands"]
    places = {card: str(seat) for seat, hand in enumerate(hands) for card in hand}
    if not actions:
        places.update(dict.fromkeys(payload["deal"].get("stock", []), STOCK))
    options = [{"value": str(seat), "label": label} for seat, label in enumerate(labels)]
    if not actions and registry.game(lesson.game_key).has_stock:
        options.append({"value": STOCK, "label": _("Stock")})
    suits = [{"suit": suit, "cards": [{"card": card, "place": places[card]} for card in sort_cards(places)
                                      if suit_of(card) == suit]} for suit in SUITS]
    return {"suits": [suit for suit in suits if suit["cards"]], "options": options,
            "counts": [{"label": option["label"], "count": sum(place == option["value"] for place in places.values())}
                       for option in options],
            "total": len(places), "after_moves": bool(actions)}


def _move_form(state, names: list[str], mover: int, *, request, purpose: str, url: str, move_count: int) -> str:
    """The play page's move form for `mover` at `state`, posting to `url`."""
    table = position_context(state, names=names, seat=mover, can_move=True)
    return render_to_string(table["move_form_template"], {
        **table, "form_url": url, "form_target": "#studio-step", "move_number": move_count,
        "hidden_fields": {"purpose": purpose}}, request=request)


def _question(lesson: Lesson, step: LessonStep, state) -> dict[str, Any]:
    """A question's right moves in words, and each wrong move with what the learner reads after it, the editor's
    own words per language and the coach's draft (tutorials.coach_drafts: from the learner seat's view only)."""
    payload = step.payload
    language = narration_language()
    legal = state.legal_actions()
    seat = payload.get("seat", 0)
    narrator = narrator_for(lesson.game_key, lesson_seat_names(state.players, seat), seat, language)
    wrong = []
    for draft in wrong_move_drafts(lesson.game_key, lesson.variant(), payload):
        index = next(index for index, action in enumerate(legal) if same_move(state, action, draft.action))
        wrong.append({
            "index": index, "move": draft.move.get(language), "reads": draft.learner_reads.get(language),
            "written": {code: editor_feedback(state, payload, draft.action, code) or ""
                        for code in settings.MODELTRANSLATION_LANGUAGES},
            "draft": (draft.draft or {}).get(language), "comparison": draft.comparison,
        })
    return {"answers": [narrator.action_text(answer, state.view(seat)) for answer in answers_of(payload)],
            "wrong": wrong, "explain_after_first_wrong": bool(payload.get("explain_after_first_wrong")),
            "warnings": [named.warning(_field_label(named.field)) for named in texts_naming_the_answer(
                payload=payload, texts=step.texts())]}


def _field_label(field: str) -> str:
    return str(LessonStep._meta.get_field(field).verbose_name)


def _texts(instance, fields: tuple[str, ...]) -> list[dict[str, Any]]:
    """Each translated field with its text per language, for side-by-side boxes."""
    model = type(instance)
    return [{"field": field, "label": model._meta.get_field(field).verbose_name,
             "help": model._meta.get_field(field).help_text,
             "values": [{"language": language, "name": build_localized_fieldname(field, language),
                         "text": getattr(instance, build_localized_fieldname(field, language)) or ""}
                        for language in settings.MODELTRANSLATION_LANGUAGES]}
            for field in fields]


def _first_line(text: str) -> str:
    line = next((line.strip() for line in (text or "").splitlines() if line.strip()), "")
    return line if len(line) <= 100 else line[:99] + "…"


def _change_url(step: LessonStep, change: str) -> str:
    return reverse("studio_step_change", args=[step.lesson_id, step.number, change])
