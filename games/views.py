"""Thin views of the play pages: read the request, call a service or selector, render.

HTMX requests get the table fragment; plain requests get whole pages, so everything also works
without JavaScript.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.visitors import Visitor
from games import registry, review_selectors, review_services, selectors, services
from games.forms import ActionPostError, NewGameForm, action_from_post, move_form_values
from games.live import table_page_id
from games.models import Game
from games.move_slots import move_slot
from games.sessions import session_back_link, session_practice_goal, session_remember_game

TABLE_PARTIAL = "games/play.html#table"


@require_GET
def health(request: HttpRequest) -> HttpResponse:
    """For a load balancer's health check, and the baseline a benchmark compares the real pages with:
    the whole middleware stack, no database and no template."""
    return HttpResponse("ok", content_type="text/plain")


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask every site for /favicon.ico, on the admin's pages too: send them to the site's icon
    instead of a 404 (resolved per request, so that the static files' manifest names it)."""
    return redirect(static("favicon.svg"), permanent=True)


@require_GET
def play_index(request: HttpRequest) -> HttpResponse:
    """Every game, each with its new-game, lessons and rules links."""
    return render(request, "games/index.html", {"games": selectors.game_offers()})


def _visitor_game(request: HttpRequest, game_id) -> tuple[Game, int]:
    """The game and the seat the visitor plays in it; 404 when it is not theirs."""
    game = Game.objects.filter(pk=game_id).first()
    seat = selectors.visitor_seat(game, user=request.user, session=request.session) if game is not None else None
    if seat is None:
        raise Http404("No such game.")
    return game, seat


def _table(request: HttpRequest, game: Game, **kwargs) -> dict:
    """The table's context, with the link back to the page the game was started from, if any."""
    return {**selectors.table_context(game, goal=session_practice_goal(request.session, game), **kwargs),
            "back_link": session_back_link(request.session, game)}


@require_http_methods(["GET", "POST"])
def new_game(request: HttpRequest, game_key: str) -> HttpResponse:
    form = NewGameForm(request.POST or None, game_key=game_key, user=request.user)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            preset = form.cleaned_data["preset"]
            try:
                game = services.game_create(
                    game_key=game_key, preset=preset.slug, variant=preset.fields,
                    players=form.cleaned_data["players"], bot_levels=form.bot_levels(),
                    seed=form.cleaned_data["seed"], human_name=selectors.player_name(request.user),
                    owner=request.user if request.user.is_authenticated else None)
            except ValueError as error:   # e.g. a preset whose hands do not fit this many players
                form.add_error(None, str(error))
            else:
                session_remember_game(request.session, game)
                return redirect("play", game_id=game.pk)
        status = 400
    return render(request, "games/new.html", {"form": form, "engine": form.engine,
                                              **form.seats_shown(request.POST or request.GET)}, status=status)


@require_GET
def play(request: HttpRequest, game_id) -> HttpResponse:
    game, seat = _visitor_game(request, game_id)
    # Back at the table: no bot plays for them now. The game is read again only if a bot has just played for
    # whoever is to move and away.
    if game.played_together and services.game_seat_seen(game_id=game.pk, seat=seat):
        game.refresh_from_db()
    return render(request, "games/play.html", _table(request, game, seat=seat))


@require_GET
def table(request: HttpRequest, game_id) -> HttpResponse:
    """The table alone, for pages that missed a live update; a plain request gets the page."""
    game, seat = _visitor_game(request, game_id)
    if not request.htmx:
        return redirect("play", game_id=game.pk)
    return render(request, TABLE_PARTIAL, _table(request, game, seat=seat))


@require_POST
def here(request: HttpRequest, game_id) -> HttpResponse:
    """A person's page at a table of several people says, now and then, that they are still there: a bot plays
    for them only while they are away, and for whoever is to move and away longer than the table allows."""
    game, seat = _visitor_game(request, game_id)
    if not game.played_together:
        raise Http404("Only a table of several people keeps count of who is there.")
    played = services.game_seat_seen(game_id=game.pk, seat=seat)
    return HttpResponse("moved" if played else "", content_type="text/plain")


@require_POST
def act(request: HttpRequest, game_id) -> HttpResponse:
    # The slot first: a move waiting for one must not hold a database connection meanwhile (games/move_slots.py).
    with move_slot():
        game, seat = _visitor_game(request, game_id)
        try:
            action, expected_move = action_from_post(request.POST, game_key=game.game_key)
            before = expected_move
            game = services.game_apply_action(game_id=game.pk, seat=seat, action=action,
                                              expected_move=expected_move, answered_page=table_page_id(request))
        except (ActionPostError, services.MoveRejected) as error:
            status = getattr(error, "status", 400)
            game.refresh_from_db()
            # The form comes back with the player's choices as they sent them, to be corrected rather than redone;
            # not onto another decision than the one they were made for (the table moved on, or the page is behind).
            same_decision = request.POST.get("move") == str(game.move_count)
            context = {**_table(request, game, seat=seat), "error": str(error),
                       "chosen": move_form_values(request.POST) if same_decision else {}}
            template = TABLE_PARTIAL if request.htmx else "games/play.html"
            return render(request, template, context, status=status)
        if not request.htmx:
            return redirect("play", game_id=game.pk)
        if game.played_together:
            # The player's own move first; the others' moves, the people's and the bots', follow over the WebSocket.
            return render(request, TABLE_PARTIAL, _table(request, game, seat=seat, step=before + 1))
        return _move_and_replies(request, game, seat=seat, first=before + 1)


def _move_and_replies(request: HttpRequest, game: Game, *, seat: int, first: int) -> HttpResponse:
    """The answer to a move against bots alone: the table after the player's move, carrying each state after it up
    to the player's next decision or the end, for the page to show one by one at the bots' pace
    (static/js/table.js). Nobody else acts in such a game, so no WebSocket is needed: the move's answer is all the
    page waits for."""
    preset_name = selectors.preset_display_name(game)   # read once for all the tables
    shown = _table(request, game, seat=seat, step=first, preset_name=preset_name)
    following, log_before = [], shown["log"]
    for step in range(first + 1, game.move_count + 1):
        table = _table(request, game, seat=seat, step=step, preset_name=preset_name)
        # Each state after the first carries only the log's new lines where it goes on from the state before (not
        # where a new deal starts the log again): the page has the others already.
        log_from = len(log_before) if table["log"][:len(log_before)] == log_before else 0
        following.append({"step": step, "html": render_to_string(TABLE_PARTIAL, {**table, "log_from": log_from},
                                                                 request=request)})
        log_before = table["log"]
    return render(request, TABLE_PARTIAL, {**shown, "following_tables": following,
                                           "following_pace_ms": round(settings.BOT_MOVE_DELAY * 1000)})


@require_POST
def hint(request: HttpRequest, game_id) -> HttpResponse:
    """The coach's suggestion for the player's move: the table with a hint panel. Changes no game state."""
    game, seat = _visitor_game(request, game_id)
    template = TABLE_PARTIAL if request.htmx else "games/play.html"
    try:
        suggestion = services.game_hint(game_id=game.pk, seat=seat)
    except services.HintRefused as error:
        context = {**_table(request, game, seat=seat), "error": str(error)}
        return render(request, template, context, status=error.status)
    game.refresh_from_db()
    hint = selectors.hint_context(game, seat=seat, hint=suggestion)
    # The form is set to the suggested move, and its controls are marked as the suggestion: never a default
    # that contradicts it.
    marks = move_form_values(hint["fields"])
    context = {**_table(request, game, seat=seat), "hint": hint, "chosen": marks, "suggested": marks}
    return render(request, template, context)


def _deal_again(request: HttpRequest, game: Game, previous_loser: int | None = None) -> HttpResponse:
    if game.played_together:
        return redirect("tables")   # people choose their next table together
    bots = [info["level"] for info in game.seats if info["kind"] == "bot"]
    # The same rules (the stored variant, also for a lesson's preset) and seats; a new deal.
    new = services.game_create(game_key=game.game_key, preset=game.preset, players=game.players, bot_levels=bots,
                               variant=game.variant, human_seat=selectors.human_seat(game),
                               human_name=selectors.player_name(request.user),
                               owner=request.user if request.user.is_authenticated else None,
                               previous_loser=previous_loser)
    session_remember_game(request.session, new)
    return redirect("play", game_id=new.pk)


@require_POST
def play_again(request: HttpRequest, game_id) -> HttpResponse:
    game, _seat = _visitor_game(request, game_id)
    return _deal_again(request, game)


@require_POST
def next_game(request: HttpRequest, game_id) -> HttpResponse:
    """The next game of a series: the finished game's loser deals and is attacked first."""
    game, _seat = _visitor_game(request, game_id)
    if not game.is_over:
        return redirect("play", game_id=game.pk)
    return _deal_again(request, game, previous_loser=selectors.series_loser(game))


@require_GET
def replay(request: HttpRequest, game_id) -> HttpResponse:
    game, _seat = _visitor_game(request, game_id)
    if not game.is_over:
        return render(request, "games/replay_locked.html", {"game": game}, status=403)
    try:
        step = int(request.GET.get("step", 0))
    except ValueError:
        step = 0
    context = selectors.replay_context(game, step=step)
    template = "games/replay.html#replay-step" if request.htmx else "games/replay.html"
    return render(request, template, context)


def _review_refused(request: HttpRequest, game: Game) -> HttpResponse:
    return render(request, "games/review_locked.html", {"game": game}, status=review_services.ReviewRefused.status)


@require_GET
def review(request: HttpRequest, game_id) -> HttpResponse:
    """The coach's review of a finished game, one deal at a time (`?deal=`): the kept parts drawn, the rest
    loaded part by part (review_part)."""
    game, seat = _visitor_game(request, game_id)
    if not game.is_over:
        return _review_refused(request, game)
    try:
        deal = int(request.GET.get("deal", ""))
    except ValueError:
        deal = None
    context = review_selectors.review_context(game=game, seat=seat, deal=deal)
    return render(request, "games/review.html", context)


@require_GET
def review_part(request: HttpRequest, game_id, part: int) -> HttpResponse:
    """One part of the review, computed now if it is not kept yet: the page's next verdicts (HTMX), or, without
    JavaScript, the review page again with this part in it."""
    game, seat = _visitor_game(request, game_id)
    if not game.is_over:
        return _review_refused(request, game)
    plan = review_selectors.review_plan(game=game, seat=seat)
    if not 0 <= part < len(plan):
        raise Http404("No such part of the review.")
    decisions = review_services.game_review_part(game=game, part=plan[part])
    if not request.htmx:
        return redirect(f"{reverse('review', args=[game.pk])}?deal={plan[part].deal}#review-part-{part}")
    context = review_selectors.review_part_context(game=game, seat=seat, plan=plan, part=plan[part],
                                                   decisions=decisions)
    return render(request, "games/review.html#review-update", context)


@require_POST
def review_try_again(request: HttpRequest, game_id, step: int) -> HttpResponse:
    """Try again from here: a new practice game at the position of one of the player's decisions."""
    game, seat = _visitor_game(request, game_id)
    plan = review_selectors.review_plan(game=game, seat=seat)
    try:
        new = review_services.game_try_again_from(
            game=game, seat=seat, plan=plan, step=step,
            owner=request.user if request.user.is_authenticated else None)
    except review_services.ReviewRefused as error:
        return render(request, "games/review_locked.html", {"game": game, "error": str(error)}, status=error.status)
    # The practice game links back to the decision it was started from.
    deal = next(part.deal for part in plan if step in part.steps)
    back = f"{reverse('review', args=[game.pk])}?deal={deal}#move-{step + 1}"
    session_remember_game(request.session, new, back_url=back, back_label=gettext("Back to the review"))
    return redirect("play", game_id=new.pk)


@login_required
@require_GET
def my_games(request: HttpRequest) -> HttpResponse:
    services.games_claim_for_user(game_ids=request.session.get(selectors.SESSION_GAMES_KEY, []), user=request.user,
                                  visitor_key=Visitor.of_request(request).key)
    # "No games yet": the link starts the first game the site lists.
    return render(request, "games/mine.html", {"rows": selectors.my_games_rows(user=request.user),
                                               "first_game_key": next(iter(registry.games()))})
