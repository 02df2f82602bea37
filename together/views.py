"""Thin views of the tables to play together: the list, the form that opens one, and each table's page, where
people take their seats until its game starts. The game itself is played on its play page like any other."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.ratelimits import attempt_limited, attempts_exhausted
from core.visitors import Visitor, session_visitor_key
from games.selectors import game_offers, player_name, visitor_seat
from together import selectors, services
from together.forms import SitForm, TableForm
from together.models import Table

LOBBY_PARTIAL = "together/table.html#lobby"


@require_GET
def tables(request: HttpRequest) -> HttpResponse:
    """The tables the visitor may join or go back to, those they finished playing, and a new table of any game."""
    visitor = Visitor.of_request(request)
    rows = selectors.tables_for_visitor(visitor=visitor)
    finished = selectors.finished_tables_of_visitor(visitor=visitor)
    return render(request, "together/index.html", {
        "rows": [selectors.table_summary(table) for table in rows],
        "finished": [selectors.table_summary(table) for table in finished], "games": game_offers()})


@require_http_methods(["GET", "POST"])
def table_new(request: HttpRequest, game_key: str) -> HttpResponse:
    form = TableForm(request.POST or None, game_key=game_key, user=request.user,
                     initial={"classroom": request.GET.get("classroom")})
    status = 200
    if request.method == "POST":
        status = 400
        if attempt_limited(request, group="table-open:ip", key="ip", rate=settings.TABLE_OPEN_RATE_PER_IP):
            form.add_error(None, gettext("Too many tables were opened from your address: try again later."))
            status = 429
        elif form.is_valid():
            preset = form.cleaned_data["preset"]
            try:
                table = services.table_open(
                    game_key=game_key, preset=preset.slug, variant=preset.fields, seat_plan=form.seat_plan(),
                    stand_in_level=form.cleaned_data["stand_in_level"], away_after=form.cleaned_data["away_after"],
                    classroom=form.cleaned_data.get("classroom"),
                    creator=Visitor.of_request(request, make_key=True))
            except services.TableRefused as error:
                form.add_error(None, str(error))
                status = error.status
            else:
                return redirect("table_lobby", code=table.code)
    return render(request, "together/new.html", {"form": form, "engine": form.engine,
                                                 **form.seats_shown(request.POST or request.GET)}, status=status)


def _table(request: HttpRequest, code: str) -> Table:
    """The table of `code`. Wrong codes are counted per client address: past the limit every code answers 429
    (nothing learned), so codes cannot be guessed; the right ones are not counted, however often a page asks."""
    if attempts_exhausted(request, group="table-code:ip", key="ip", rate=settings.TABLE_CODE_RATE_PER_IP):
        raise TooManyGuesses
    table = selectors.table_for_code(code)
    if table is None:
        attempt_limited(request, group="table-code:ip", key="ip", rate=settings.TABLE_CODE_RATE_PER_IP)
        raise Http404("No table has this code.")
    if table.classroom_id is not None and not selectors.may_sit_at(table, user=request.user):
        raise Http404("No table has this code.")   # a class table is not even shown to others
    return table


class TooManyGuesses(Exception):
    pass


def _guarded(view):
    """`view`, answering 429 with a message once the client tried too many wrong codes."""

    def guarded(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except TooManyGuesses:
            return render(request, "together/too_many.html", status=429)

    guarded.__name__ = view.__name__
    guarded.__doc__ = view.__doc__
    return guarded


def _lobby(request: HttpRequest, table: Table, *, error: str = "", status: int = 200) -> HttpResponse:
    """The table's page (its seats part alone for HTMX); once the game started, its play page for the people
    sitting at it."""
    if table.is_started and visitor_seat(table.game, user=request.user, session=request.session) is not None:
        play = reverse("play", args=[table.game_id])
        if request.htmx:
            response = HttpResponse(status=204)
            response["HX-Redirect"] = play
            return response
        return redirect(play)
    if table.is_expired:
        status = 410
    elif table.is_started and status == 200:
        status = 409
    context = {**selectors.lobby_context(table, visitor=Visitor.of_request(request)),
               "error": error, "default_name": player_name(request.user) if request.user.is_authenticated else ""}
    return render(request, LOBBY_PARTIAL if request.htmx else "together/table.html", context, status=status)


@_guarded
@require_GET
def table(request: HttpRequest, code: str) -> HttpResponse:
    table = _table(request, code)
    # The session and its visitor key exist before the visitor sits down: the lobby's live refresh, asked for
    # while the answer to "Sit down" (which would otherwise make them) is on its way, then already carries them,
    # instead of drawing the lobby for a stranger over the seat just taken.
    session_visitor_key(request.session)
    return _lobby(request, table)


def _lobby_after(request: HttpRequest, table: Table, change) -> HttpResponse:
    """The table's page after `change(table)` (a service call returning the table, or None for the same one),
    or with the service's refusal and its status."""
    try:
        table = change(table) or table
    except services.TableRefused as error:
        table.refresh_from_db()
        return _lobby(request, table, error=str(error), status=error.status)
    return _lobby(request, table)


@_guarded
@require_POST
def table_sit(request: HttpRequest, code: str) -> HttpResponse:
    table = _table(request, code)
    form = SitForm(request.POST)
    if not form.is_valid():
        return _lobby(request, table, error=form.error_text(), status=400)
    return _lobby_after(request, table, lambda table: services.table_sit(
        table=table, seat=form.cleaned_data["seat"], name=form.cleaned_data["name"],
        visitor=Visitor.of_request(request, make_key=True)))


@_guarded
@require_POST
def table_leave(request: HttpRequest, code: str) -> HttpResponse:
    return _lobby_after(request, _table(request, code), lambda table: services.table_leave(
        table=table, visitor=Visitor.of_request(request, make_key=True)))


@_guarded
@require_POST
def table_start(request: HttpRequest, code: str) -> HttpResponse:
    return _lobby_after(request, _table(request, code), lambda table: services.table_start(
        table=table, visitor=Visitor.of_request(request, make_key=True)))
