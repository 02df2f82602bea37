"""Thin views of the class pages: students' assignments, teachers' classes, dashboards and rounds.

Who may see a class is decided here, in the view, through classroom.selectors: a class, assignment
or round the user may not see answers 404, as if it did not exist.
"""

from __future__ import annotations

import csv
from urllib.parse import urlsplit

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import Resolver404, resolve, reverse
from django.utils.translation import gettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from classroom import selectors, services
from classroom.class_tables import class_table_lines
from classroom.deal_review import deal_comparison, deal_rounds, review_next
from classroom.forms import AssignmentForm, ClassNameForm, CoTeacherForm, JoinForm
from classroom.services import ClassroomDenied, ClassroomError
from core.ratelimits import attempt_limited
from games.rules import GAMES
from games.selectors import game_offers, replay_context
from games.sessions import session_remember_game

DASHBOARD_PARTIAL = "classroom/dashboard.html#dashboard"


def _taught_class(request: HttpRequest, classroom_id: int):
    classroom = selectors.classroom_for_teacher(classroom_id=classroom_id, user=request.user)
    if classroom is None:
        raise Http404("No such class.")
    return classroom


def _taught_assignment(request: HttpRequest, assignment_id: int):
    assignment = selectors.assignment_for_teacher(assignment_id=assignment_id, user=request.user)
    if assignment is None:
        raise Http404("No such assignment.")
    return assignment


def _classes_home(request: HttpRequest, *, class_form: ClassNameForm, status: int = 200) -> HttpResponse:
    """/classes/: the student's classes, each with its assignments and its tables waiting for players, and the
    classes the user teaches."""
    overview = [{**entry, "tables": class_table_lines(entry["classroom"], waiting_only=True)}
                for entry in selectors.student_overview(request.user)]
    return render(request, "classroom/home.html", {
        "overview": overview, "taught": selectors.classes_taught(request.user),
        "may_create": selectors.may_create_classes(request.user), "join_form": JoinForm(), "class_form": class_form,
    }, status=status)


@login_required
@require_GET
def classes_home(request: HttpRequest) -> HttpResponse:
    return _classes_home(request, class_form=ClassNameForm())


@login_required
@require_POST
def class_create(request: HttpRequest) -> HttpResponse:
    form = ClassNameForm(request.POST)
    if form.is_valid():
        try:
            classroom = services.classroom_create(teacher=request.user, name=form.cleaned_data["name"])
        except ClassroomDenied as error:
            messages.error(request, str(error))
            return redirect("classes")
        except ClassroomError as error:
            form.add_error("name", str(error))
        else:
            return redirect("class_dashboard", classroom_id=classroom.pk)
    return _classes_home(request, class_form=form, status=400)


def _join_limited(request: HttpRequest) -> bool:
    return attempt_limited(request, group="join-code:user", key="user", rate=settings.JOIN_CODE_RATE_PER_USER)


def _too_many_join_attempts() -> str:
    return _("Too many attempts with join codes. Wait a few minutes and try again.")


@require_http_methods(["GET", "POST"])
def class_join(request: HttpRequest, code: str = "") -> HttpResponse:
    """The join link (/classes/join/<code>/) and the join form. Signing in or up comes first."""
    if not request.user.is_authenticated:
        return render(request, "classroom/join_sign_in.html", {"next": request.get_full_path()})
    form = JoinForm(request.POST or None, initial={"code": code})
    status = 200
    if request.method == "POST":
        if _join_limited(request):
            form.add_error(None, _too_many_join_attempts())
            return render(request, "classroom/join.html", {"form": form}, status=429)
        if form.is_valid():
            try:
                classroom = services.classroom_join(code=form.cleaned_data["code"], student=request.user)
            except ClassroomError as error:
                form.add_error("code", str(error))
            else:
                messages.success(request, _("You joined the class “%(name)s”.") % {"name": classroom.name})
                return redirect("classes")
        status = 400
    return render(request, "classroom/join.html", {"form": form}, status=status)


def join_link_code(url: str) -> str:
    """The code of a class's join link (/classes/join/<code>/), or "" when `url` is no join link."""
    try:
        match = resolve(urlsplit(url).path)
    except Resolver404:
        return ""
    return match.kwargs.get("code", "") if match.url_name == "class_join_code" else ""


def class_join_on_arrival(request: HttpRequest, *, code: str) -> HttpResponse:
    """Join the class whose link a visitor has just signed in or up from, as pressing *Join* would.

    Only the POST of the sign-in or sign-up form (CSRF-checked) gets here: following a link never joins a class
    by itself. With the same limit and checks as the join form; a refusal goes back to the join form, with the
    code filled in and the reason as a message.
    """
    if _join_limited(request):
        messages.error(request, _too_many_join_attempts())
        return redirect("class_join_code", code=code)
    try:
        classroom = services.classroom_join(code=code, student=request.user)
    except ClassroomError as error:
        messages.error(request, str(error))
        return redirect("class_join_code", code=code)
    messages.success(request, _("You joined the class “%(name)s”.") % {"name": classroom.name})
    return redirect("classes")


@login_required
@require_GET
def class_dashboard(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = _taught_class(request, classroom_id)
    if request.htmx:   # the students' part alone, refreshed live
        return render(request, DASHBOARD_PARTIAL, selectors.dashboard(classroom))
    context = {**selectors.dashboard(classroom),
               "join_url": request.build_absolute_uri(reverse("class_join_code", args=[classroom.join_code])),
               "rename_form": ClassNameForm(initial={"name": classroom.name}), "teacher_form": CoTeacherForm(),
               "tables": class_table_lines(classroom), "games": game_offers()}
    return render(request, "classroom/dashboard.html", context)


@login_required
@require_GET
def class_dashboard_csv(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = _taught_class(request, classroom_id)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="class-{classroom.pk}.csv"'
    response.write("\ufeff")   # so that spreadsheet programs read the file as UTF-8 (Cyrillic names)
    writer = csv.writer(response)
    for row in selectors.dashboard_csv_rows(classroom):
        # A cell starting with = + - @ would be run as a formula by a spreadsheet: quote it as text.
        writer.writerow(["'" + cell if cell and cell[0] in "=+-@" else cell for cell in row])
    return response


def _cleaned(form: forms.Form, field: str):
    """`field` of a valid form, or ClassroomError with the form's message, as the services refuse bad input.

    The forms also refuse what the services do not look for, such as a NUL character: PostgreSQL cannot store
    one, so it would end in a server error."""
    if not form.is_valid():
        raise ClassroomError(" ".join(form.errors.get(field) or form.non_field_errors()))
    return form.cleaned_data[field]


def _manage(request: HttpRequest, classroom_id: int, change) -> HttpResponse:
    """Run one of the class-settings changes and go back to the dashboard with its outcome."""
    classroom = _taught_class(request, classroom_id)
    try:
        change(classroom)
    except (ClassroomError, ClassroomDenied) as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Saved."))
    return redirect("class_dashboard", classroom_id=classroom.pk)


@login_required
@require_POST
def class_rename(request: HttpRequest, classroom_id: int) -> HttpResponse:
    form = ClassNameForm(request.POST)
    return _manage(request, classroom_id, lambda classroom: services.classroom_rename(
        classroom=classroom, user=request.user, name=_cleaned(form, "name")))


@login_required
@require_POST
def class_archive(request: HttpRequest, classroom_id: int) -> HttpResponse:
    archived = request.POST.get("archived") == "1"
    return _manage(request, classroom_id, lambda classroom: services.classroom_set_archived(
        classroom=classroom, user=request.user, archived=archived))


@login_required
@require_POST
def class_add_teacher(request: HttpRequest, classroom_id: int) -> HttpResponse:
    form = CoTeacherForm(request.POST)
    return _manage(request, classroom_id, lambda classroom: services.classroom_add_teacher(
        classroom=classroom, user=request.user, username=_cleaned(form, "username")))


@login_required
@require_POST
def class_remove_student(request: HttpRequest, classroom_id: int) -> HttpResponse:
    try:
        student_id = int(request.POST.get("student", ""))
    except ValueError:
        student_id = 0

    return _manage(request, classroom_id, lambda classroom: services.classroom_remove_student(
        classroom=classroom, user=request.user, student_id=student_id))


@login_required
@require_http_methods(["GET", "POST"])
def assignment_new(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """The assignment form, which starts with the game (`?game=<key>`, kept in the form's hidden `game` on POST):
    without one, the page offers the games; with one, that game's presets, seats, bots, lessons and goals."""
    classroom = _taught_class(request, classroom_id)
    game_key = (request.POST.get("game") if request.method == "POST" else None) or request.GET.get("game") or ""
    context = {"classroom": classroom, "games": game_offers(), "game_key": game_key}
    if not game_key:
        if request.method == "POST":
            context["error"] = _("Choose the assignment's game first.")
        return render(request, "classroom/assignment_new.html", context,
                      status=400 if request.method == "POST" else 200)
    if game_key not in GAMES:
        raise Http404("No such game.")
    form = AssignmentForm(request.POST or None, classroom=classroom, game_key=game_key)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                assignment = services.assignment_create(classroom=classroom, user=request.user,
                                                        **form.service_arguments())
            except ClassroomError as error:
                form.add_error(None, str(error))
            else:
                messages.success(request, _("Assignment “%(title)s” set.") % {"title": assignment.title})
                return redirect("class_dashboard", classroom_id=classroom.pk)
        status = 400
    return render(request, "classroom/assignment_new.html", {
        **context, "form": form, **form.seats_shown(request.POST or request.GET),
        "game_title": gettext(form.engine.title),
    }, status=status)


@login_required
@require_GET
def assignment_detail(request: HttpRequest, assignment_id: int) -> HttpResponse:
    assignment = _taught_assignment(request, assignment_id)
    return render(request, "classroom/assignment.html", selectors.assignment_results(assignment))


@login_required
@require_GET
def assignment_deal(request: HttpRequest, assignment_id: int, number: int) -> HttpResponse:
    """Round `number` of every student, judged by the coach. The page asks for itself (HTMX) while finished
    rounds are not reviewed yet: each such request reviews one more game; without JavaScript, a link does."""
    assignment = _taught_assignment(request, assignment_id)
    if not 1 <= number <= assignment.rounds:
        raise Http404("This assignment has no such round.")
    rounds = deal_rounds(assignment, number)
    if request.htmx or request.GET.get("review") == "next":
        review_next(rounds)
    template = "classroom/deal.html#deal-rows" if request.htmx else "classroom/deal.html"
    return render(request, template, deal_comparison(rounds))


@login_required
@require_POST
def round_start(request: HttpRequest, assignment_id: int) -> HttpResponse:
    assignment = selectors.assignment_for_student(assignment_id=assignment_id, user=request.user)
    if assignment is None:
        raise Http404("No such assignment.")
    try:
        game = services.round_start_next(assignment=assignment, student=request.user)
    except (ClassroomError, ClassroomDenied) as error:
        messages.error(request, str(error))
        return redirect("classes")
    session_remember_game(request.session, game, back_url=reverse("classes"), back_label=_("Back to my classes"))
    return redirect("play", game_id=game.pk)


@login_required
@require_GET
def round_replay(request: HttpRequest, round_id: int) -> HttpResponse:
    """A student's finished round, move by move with every hand open, for their teacher."""
    practice = selectors.round_for_teacher(round_id=round_id, user=request.user)
    if practice is None:
        raise Http404("No such round.")
    back = {"back_url": reverse("assignment_detail", args=[practice.assignment_id]),
            "back_label": _("Back to the assignment")}
    if not practice.game.is_over:
        # Every hand is open in a replay: while the round is played, nobody else may see them.
        return render(request, "games/replay_locked.html", {"game": practice.game, **back}, status=403)
    try:
        step = int(request.GET.get("step", 0))
    except ValueError:
        step = 0
    context = {**replay_context(practice.game, step=step), **back}
    return render(request, "games/replay.html#replay-step" if request.htmx else "games/replay.html", context)
