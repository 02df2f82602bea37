"""The lesson studio's pages: thin views that check the editor, parse the form, call a service and go back to the
page (a redirect, so that a reload never repeats a change). Each change is refused in words when it would break
the lesson, and then nothing is saved."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.forms import ActionPostError, action_from_post
from games.models import Game
from games.selectors import games_of_user
from puzzles.models import Puzzle
from studio import selectors, services
from tutorials.models import Lesson, LessonStep

EDITOR_PERMISSION = "tutorials.change_lesson"


def editors_only(view: Callable) -> Callable:
    """The studio is for editors: people who may change lessons. Others are asked to sign in, or refused."""
    @wraps(view)
    def checked(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not request.user.has_perm(EDITOR_PERMISSION):
            raise PermissionDenied(_("The lesson studio is for editors."))
        return view(request, *args, **kwargs)
    return checked


@editors_only
def index(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        try:
            lesson = services.lesson_create(game_key=request.POST.get("game", ""),
                                            title=request.POST.get("title", ""), user=request.user)
        except services.StudioRefused as refused:
            _tell(request, refused)
            return redirect("studio")
        return redirect("studio_lesson", lesson_id=lesson.pk)
    return render(request, "studio/index.html", {"games": selectors.studio_index()})


@require_GET
@editors_only
def lesson(request: HttpRequest, lesson_id: int) -> HttpResponse:
    lesson = get_object_or_404(Lesson, pk=lesson_id)
    return render(request, "studio/lesson.html", selectors.lesson_outline(lesson))


@require_POST
@editors_only
def lesson_change(request: HttpRequest, lesson_id: int, change: str) -> HttpResponse:
    lesson = get_object_or_404(Lesson, pk=lesson_id)
    changes = {
        "publish": lambda: services.lesson_set_published(lesson=lesson, published=True, user=request.user),
        "unpublish": lambda: services.lesson_set_published(lesson=lesson, published=False, user=request.user),
        "up": lambda: services.lesson_move(lesson=lesson, offset=-1, user=request.user),
        "down": lambda: services.lesson_move(lesson=lesson, offset=1, user=request.user),
        "texts": lambda: services.lesson_set_texts(lesson=lesson, texts=_posted_texts(request, ("title", "summary")),
                                                   user=request.user),
        "add-step": lambda: services.step_add(lesson=lesson, user=request.user),
        "preset": lambda: services.lesson_set_preset(
            lesson=lesson, user=request.user, preset_id=_posted_numbers(request, preset=None)["preset"]
            if request.POST.get("preset") else None),
    }
    if change not in changes:
        raise Http404(_("No such change."))
    try:
        made = changes[change]()
    except services.StudioRefused as refused:
        _tell(request, refused)
    else:
        if isinstance(made, LessonStep):
            return redirect("studio_step", lesson_id=lesson.pk, number=made.number)
        messages.success(request, _("Saved."))
    if request.POST.get("back") == "index":
        return redirect("studio")
    return redirect("studio_lesson", lesson_id=lesson.pk)


@require_GET
@editors_only
def step(request: HttpRequest, lesson_id: int, number: int) -> HttpResponse:
    lesson = get_object_or_404(Lesson, pk=lesson_id)
    step = get_object_or_404(LessonStep, lesson=lesson, number=number)
    return render(request, "studio/step.html", selectors.step_editor(lesson, step, request=request))


@require_POST
@editors_only
def step_change(request: HttpRequest, lesson_id: int, number: int, change: str) -> HttpResponse:
    lesson = get_object_or_404(Lesson, pk=lesson_id)
    step = get_object_or_404(LessonStep, lesson=lesson, number=number)
    user = request.user
    changes = {
        "deal": lambda: services.step_deal(step=step, user=user, **_posted_numbers(
            request, players=None, seed=0, dealer=0, seat=0)),
        "continue": lambda: services.step_continue_previous(step=step, user=user),
        "cards": lambda: services.step_move_cards(step=step, user=user, places={
            name.removeprefix("card-"): value for name, value in request.POST.items() if name.startswith("card-")}),
        "from-game": lambda: services.step_start_from_game(step=step, user=user, game=_posted_game(request),
                                                           move=_posted_numbers(request, move_number=0)["move_number"]),
        "from-puzzle": lambda: services.step_start_from_puzzle(step=step, user=user, puzzle=_posted_puzzle(request)),
        "undo": lambda: services.step_undo(step=step, user=user),
        "play": lambda: services.step_play(step=step, action=_posted_action(request, step), user=user),
        "answer": lambda: services.step_toggle_answer(step=step, action=_posted_action(request, step), user=user),
        "kind": lambda: services.step_set_kind(step=step, kind=request.POST.get("kind", ""), user=user),
        "practice": lambda: services.step_set_practice(
            step=step, user=user, bots=request.POST.getlist("bots"), goal=request.POST.get("goal", ""),
            **_posted_numbers(request, count=0, max_moves=0)),
        "texts": lambda: services.step_set_texts(
            step=step, texts=_posted_texts(request, selectors.STEP_TEXTS), feedback=_posted_feedback(request),
            draft_for=_posted_numbers(request, use_draft=None)["use_draft"] if request.POST.get("use_draft") else None,
            explain_after_first_wrong=(request.POST.get("explain_after_first_wrong") == "on"
                                       if "question_texts" in request.POST else None),
            user=user),
        "up": lambda: services.step_move(step=step, offset=-1, user=user),
        "down": lambda: services.step_move(step=step, offset=1, user=user),
        "delete": lambda: services.step_delete(step=step, user=user),
    }
    if change not in changes:
        raise Http404(_("No such change."))
    try:
        changes[change]()
    except services.StudioRefused as refused:
        _tell(request, refused)
    else:
        messages.success(request, _("Saved."))
    if change in ("up", "down", "delete"):
        return redirect("studio_lesson", lesson_id=lesson.pk)
    return redirect("studio_step", lesson_id=lesson.pk, number=step.number)


def _tell(request: HttpRequest, refused: services.StudioRefused) -> None:
    messages.error(request, _("Not saved:") + " " + " ".join(refused.problems))


def _posted_texts(request: HttpRequest, fields: tuple[str, ...]) -> dict[str, dict[str, str]]:
    return {field: {language: request.POST[f"{field}_{language}"]
                    for language in settings.MODELTRANSLATION_LANGUAGES if f"{field}_{language}" in request.POST}
            for field in fields}


def _posted_feedback(request: HttpRequest) -> dict[int, dict[str, str]]:
    """{legal move index: {language: text}} from the boxes named feedback-<index>-<language>."""
    feedback: dict[int, dict[str, str]] = {}
    for name, value in request.POST.items():
        parts = name.split("-")
        if len(parts) == 3 and parts[0] == "feedback" and parts[1].isdigit():
            feedback.setdefault(int(parts[1]), {})[parts[2]] = value
    return feedback


def _posted_numbers(request: HttpRequest, **defaults) -> dict[str, int]:
    numbers = {}
    for name, default in defaults.items():
        raw = request.POST.get(name, "").strip()
        if not raw and default is not None:
            numbers[name] = default
            continue
        try:
            numbers[name] = int(raw)
        except ValueError:
            raise services.StudioRefused([_("“%(value)s” is not a whole number.") % {"value": raw}]) from None
        if abs(numbers[name]) > 2**31:
            raise services.StudioRefused([_("“%(value)s” is too large.") % {"value": raw}])
    return numbers


def _posted_game(request: HttpRequest) -> Game:
    """One of the editor's own games, by the id the form posted."""
    try:
        return games_of_user(user=request.user).get(pk=uuid.UUID(request.POST.get("game", "")))
    except (ValueError, Game.DoesNotExist):
        raise services.StudioRefused([_("Choose one of your games.")]) from None


def _posted_puzzle(request: HttpRequest) -> Puzzle:
    number = _posted_numbers(request, puzzle=None)["puzzle"]
    try:
        return Puzzle.objects.get(pk=number)
    except Puzzle.DoesNotExist:
        raise services.StudioRefused([_("There is no puzzle number %(number)s.") % {"number": number}]) from None


def _posted_action(request: HttpRequest, step: LessonStep) -> dict:
    """The move posted by the play page's move form, made at the position the page showed."""
    try:
        action, expected_move = action_from_post(request.POST, game_key=step.lesson.game_key)
    except ActionPostError as error:
        raise services.StudioRefused([str(error)]) from None
    if expected_move != len(step.payload.get("actions", [])):
        raise services.StudioRefused([_("The table changed meanwhile (in another tab?): look at it again.")])
    return action
