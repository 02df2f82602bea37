"""The lesson player: thin views that parse the request, call a service or selector, and render.

HTMX requests get the step fragment (`tutorials/lesson.html#step`) and the address to push; plain
requests get whole pages and redirects, so every link and form also works without JavaScript.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import push_url

from games.forms import ActionPostError, action_from_post, move_form_values
from games.selectors import game_offers, player_name
from games.sessions import session_remember_game
from tutorials import selectors, services
from tutorials.models import Lesson, LessonStep
from tutorials.practice import practice_goal
from tutorials.sessions import learner_of, learner_session_key

PAGE = "tutorials/lesson.html"
STEP_PARTIAL = "tutorials/lesson.html#step"
END_PARTIAL = "tutorials/lesson.html#end"
# A right answer's result, carried over the redirect to the next step when there is no JavaScript.
RESULT_SESSION_KEY = "tutorials_answer_result"


def home(request: HttpRequest) -> HttpResponse:
    """The site's front page: every game, and where the learner left off in the lessons (served at "/", see
    config/urls.py, here because the lessons are what it resumes)."""
    resume = selectors.learner_resume(user=request.user, session=request.session)
    return render(request, "home.html", {"games": game_offers(), "resume": resume})


@require_GET
def learn(request: HttpRequest) -> HttpResponse:
    games = selectors.learn_index(user=request.user, session_key=learner_session_key(request.session))
    resume = selectors.learner_resume(user=request.user, session=request.session)
    return render(request, "tutorials/index.html", {"games": games, "resume": resume})


@require_GET
def course(request: HttpRequest, game_key: str) -> HttpResponse:
    """A game's course: its lessons in order with the learner's progress, its rules, a game against bots."""
    course = selectors.course_for_game(game_key, user=request.user,
                                       session_key=learner_session_key(request.session))
    return render(request, "tutorials/course.html", {"course": course})


def _lesson(request: HttpRequest, game_key: str, lesson_slug: str) -> Lesson:
    lesson = selectors.lesson_for_visitor(game_key=game_key, slug=lesson_slug, user=request.user)
    if lesson is None:
        raise Http404(_("No such lesson."))
    return lesson


def _learner(request: HttpRequest) -> dict:
    return learner_of(request, create=True)


def _posted_step(request: HttpRequest, lesson: Lesson) -> LessonStep:
    try:
        number = int(request.POST.get("step", ""))
    except ValueError:
        raise Http404(_("No such step.")) from None
    step = next((step for step in lesson.steps.all() if step.number == number), None)
    if step is None:
        raise Http404(_("No such step."))
    return step


def _render_step(request: HttpRequest, lesson: Lesson, number: int, *, status: int = 200, push: bool = False,
                 **extra) -> HttpResponse:
    learner = _learner(request)
    progress = selectors.progress_of(lesson, user=learner["user"], session_key=learner["session_key"])
    opened = request.GET.get("all") or request.POST.get("all")
    context = selectors.lesson_step_context(
        lesson, number=number, progress=progress, show_all_hands={"1": True, "0": False}.get(opened),
        user=request.user, session=request.session)
    context.update(extra)
    response = render(request, STEP_PARTIAL if request.htmx else PAGE, context, status=status)
    if request.htmx and push:
        push_url(response, context["step_url"] + (f"&all={opened}" if opened in ("0", "1") else ""))
    return response


@require_GET
def lesson(request: HttpRequest, game_key: str, lesson_slug: str) -> HttpResponse:
    lesson = _lesson(request, game_key, lesson_slug)
    if not lesson.steps.all():
        return render(request, PAGE, {"lesson": lesson, "empty": True})
    learner = _learner(request)
    progress = selectors.progress_of(lesson, **learner)
    requested = request.GET.get("step")
    number = selectors.step_number_to_show(lesson, requested, furthest=progress.furthest_step if progress else 0)
    if requested != str(number) and not request.htmx:
        # The address always names the step shown, so that it can be linked and reloaded.
        url = lesson.step_url(number) + (f"&all={request.GET['all']}" if request.GET.get("all") in ("0", "1") else "")
        return redirect(url)
    services.progress_record_step(lesson=lesson, step_number=number, **learner)
    result = request.session.pop(RESULT_SESSION_KEY, None)
    if result is not None and (result.get("lesson"), result.get("step")) != (lesson.pk, number):
        result = None
    return _render_step(request, lesson, number, push=requested != str(number), result=result)


@require_POST
def lesson_answer(request: HttpRequest, game_key: str, lesson_slug: str) -> HttpResponse:
    lesson = _lesson(request, game_key, lesson_slug)
    step = _posted_step(request, lesson)
    chosen = move_form_values(request.POST)   # the form shown again keeps the learner's choices as they sent them
    try:
        action, _ = action_from_post(request.POST, game_key=lesson.game_key)
        outcome = services.lesson_answer_question(lesson=lesson, step=step, action=action, **_learner(request))
    except services.StepBroken:
        return _render_step(request, lesson, step.number, status=409)   # the step itself says why
    except (ActionPostError, services.AnswerRejected) as error:
        return _render_step(request, lesson, step.number, status=400, error=str(error), chosen=chosen)
    if not outcome.right:
        return _render_step(request, lesson, step.number, wrong=outcome.feedback, chosen=chosen)
    result = selectors.answer_result_context(lesson, step, position=outcome.position, after=outcome.after,
                                             action=action, progress=outcome.progress)
    following = next((other.number for other in lesson.steps.all() if other.number > step.number), None)
    if following is None:
        if request.htmx:
            return _render_done(request, lesson, result=result, push=True)
        request.session[RESULT_SESSION_KEY] = {**result, "lesson": lesson.pk, "step": "done"}
        return redirect(selectors.lesson_done_url(lesson))
    if request.htmx:
        return _render_step(request, lesson, following, push=True, result=result)
    request.session[RESULT_SESSION_KEY] = {**result, "lesson": lesson.pk, "step": following}
    return redirect(lesson.step_url(following))


@require_POST
def lesson_hint(request: HttpRequest, game_key: str, lesson_slug: str) -> HttpResponse:
    return _reveal(request, game_key, lesson_slug, services.lesson_reveal_hint)


@require_POST
def lesson_explanation(request: HttpRequest, game_key: str, lesson_slug: str) -> HttpResponse:
    return _reveal(request, game_key, lesson_slug, services.lesson_reveal_explanation)


def _reveal(request: HttpRequest, game_key: str, lesson_slug: str, reveal) -> HttpResponse:
    """Show the posted step's next hint or its explanation (`reveal`, a service that charges for it), then the step."""
    lesson = _lesson(request, game_key, lesson_slug)
    step = _posted_step(request, lesson)
    reveal(lesson=lesson, step=step, **_learner(request))
    if request.htmx:
        return _render_step(request, lesson, step.number)
    return redirect(lesson.step_url(step.number))


@require_POST
def lesson_practice(request: HttpRequest, game_key: str, lesson_slug: str) -> HttpResponse:
    lesson = _lesson(request, game_key, lesson_slug)
    step = _posted_step(request, lesson)
    try:
        game = services.lesson_start_practice(lesson=lesson, step=step, human_name=player_name(request.user),
                                              **_learner(request))
    except services.StepBroken:
        return _render_step(request, lesson, step.number, status=409)   # the step itself says why
    except services.AnswerRejected as error:
        return _render_step(request, lesson, step.number, status=400, error=str(error))
    session_remember_game(request.session, game, back_url=lesson.step_url(step.number),
                          back_label=_("Back to the lesson “%(title)s”") % {"title": lesson.title},
                          goal=practice_goal(step.payload))
    return redirect("play", game_id=game.pk)


@require_GET
def lesson_done(request: HttpRequest, game_key: str, lesson_slug: str) -> HttpResponse:
    lesson = _lesson(request, game_key, lesson_slug)
    result = request.session.pop(RESULT_SESSION_KEY, None)
    if result is not None and (result.get("lesson"), result.get("step")) != (lesson.pk, "done"):
        result = None
    return _render_done(request, lesson, result=result)


def _render_done(request: HttpRequest, lesson: Lesson, *, result: dict | None = None,
                 push: bool = False) -> HttpResponse:
    outcome = services.lesson_finish(lesson=lesson, **_learner(request))
    context = selectors.lesson_end_context(lesson, progress=outcome.progress, unanswered=outcome.unanswered,
                                           user=request.user)
    context.update({"result": result, "done": True})
    response = render(request, END_PARTIAL if request.htmx else PAGE, context)
    if request.htmx and push:
        push_url(response, selectors.lesson_done_url(lesson))
    return response
