"""The puzzle pages: thin views over puzzles.selectors and puzzles.services.

HTMX requests get the puzzle fragment; plain requests get whole pages, so a puzzle also works without
JavaScript. The table is drawn from the seat's view only.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from games.forms import ActionPostError, action_from_post, move_form_values
from games.rules import GAMES
from puzzles import selectors, services
from puzzles.models import Puzzle
from puzzles.themes import THEMES
from tutorials.sessions import learner_of

PAGE = "puzzles/puzzle.html"
PARTIAL = "puzzles/puzzle.html#puzzle"


def _theme(request: HttpRequest, game_key: str) -> str | None:
    """The theme chosen (?theme=), or None for any; an unknown theme is no choice."""
    theme = request.GET.get("theme") or request.POST.get("theme")
    return theme if theme in THEMES[game_key] else None


def _puzzle(game_key: str, pk: int) -> Puzzle:
    return get_object_or_404(Puzzle, pk=pk, game_key=game_key, hidden=False)


@require_GET
def puzzle_index(request: HttpRequest) -> HttpResponse:
    return render(request, "puzzles/index.html", {"games": selectors.puzzle_games(**learner_of(request))})


def _game_page(request: HttpRequest, game_key: str, **extra) -> HttpResponse:
    learner = learner_of(request)
    return render(request, "puzzles/game.html", {
        "game": GAMES[game_key], "game_key": game_key, "themes": selectors.puzzle_themes(game_key),
        "rating": selectors.learner_rating(game_key=game_key, **learner),
        "attempts": selectors.attempts_of(game_key=game_key, **learner), **extra})


@require_GET
def puzzle_game(request: HttpRequest, game_key: str) -> HttpResponse:
    return _game_page(request, game_key)


@require_GET
def puzzle_next(request: HttpRequest, game_key: str) -> HttpResponse:
    """The next puzzle for this learner (of the chosen theme), nearest the learner's rating."""
    theme = _theme(request, game_key)
    puzzle = selectors.next_puzzle(game_key=game_key, theme=theme, **learner_of(request))
    if puzzle is None:
        return _game_page(request, game_key, none_left=True, chosen_theme=theme)
    url = reverse("puzzle", args=[puzzle.game_key, puzzle.pk])
    return redirect(f"{url}?theme={theme}" if theme else url)


def _render(request: HttpRequest, puzzle: Puzzle, state, *, can_move: bool = True, status: int = 200,
            **extra) -> HttpResponse:
    """The puzzle's page or fragment: its table at `state` from the seat's view, the move form where `can_move`
    (until "Show me"), and `extra` (an answer's result, an error)."""
    theme = _theme(request, puzzle.game_key)
    next_url = reverse("puzzle_next", args=[puzzle.game_key])
    context = {**selectors.puzzle_table_context(puzzle, state, can_move=can_move),
               "answer_url": reverse("puzzle_answer", args=[puzzle.game_key, puzzle.pk]),
               "solution_url": reverse("puzzle_solution", args=[puzzle.game_key, puzzle.pk])
               + (f"?theme={theme}" if theme else ""),
               "next_url": f"{next_url}?theme={theme}" if theme else next_url,
               "chosen_theme": theme, "hidden_fields": {"theme": theme} if theme else {}, **extra}
    return render(request, PARTIAL if request.htmx else PAGE, context, status=status)


@require_GET
def puzzle(request: HttpRequest, game_key: str, pk: int) -> HttpResponse:
    puzzle = _puzzle(game_key, pk)
    return _render(request, puzzle, selectors.puzzle_state(puzzle))


@require_POST
def puzzle_answer(request: HttpRequest, game_key: str, pk: int) -> HttpResponse:
    puzzle = _puzzle(game_key, pk)
    position = selectors.puzzle_state(puzzle)   # replayed once: the check, the verdict's words and the table use it
    chosen = move_form_values(request.POST)   # the form shown again keeps the learner's choices as they sent them
    try:
        action, _move = action_from_post(request.POST, game_key=puzzle.game_key)
        result = services.puzzle_attempt(puzzle=puzzle, position=position, action=action,
                                         **learner_of(request, create=True))
    except (ActionPostError, services.PuzzleAnswerError) as error:
        return _render(request, puzzle, position, status=400, error=str(error), chosen=chosen)
    return _render(request, puzzle, position, chosen=chosen,
                   **selectors.puzzle_result_context(puzzle, position, result, action))


@require_GET
def puzzle_solution(request: HttpRequest, game_key: str, pk: int) -> HttpResponse:
    """"Show me": the solution played and the moves that follow it, from the seat's view."""
    puzzle = _puzzle(game_key, pk)
    position = selectors.puzzle_state(puzzle)
    return _render(request, puzzle, selectors.puzzle_shown_state(puzzle, position), can_move=False, shown=True,
                   **selectors.puzzle_solution_words(puzzle, position))
