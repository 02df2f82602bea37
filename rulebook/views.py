"""Thin views of the rules pages: the list of games, and one game's rules."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from rulebook import selectors

QUESTION_PARTIAL = "rulebook/page.html#question"


@require_GET
def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "rulebook/index.html", {"games": selectors.rules_index(user=request.user)})


@require_GET
def rules_page(request: HttpRequest, game_key: str) -> HttpResponse:
    """The page; `?open=<question>` opens all hands of that question's example. An HTMX request that
    names `?question=` gets that question alone (the example's show/hide switch)."""
    page = selectors.rules_page_for_visitor(game_key=game_key, user=request.user)
    if page is None:
        raise Http404("No rules page for this game.")
    opened = frozenset({request.GET.get("open", "")} - {""})
    if request.htmx and "question" in request.GET:
        context = selectors.rules_question_context(page, slug=request.GET["question"], open_examples=opened)
        if context is None:
            raise Http404("No such question.")
        return render(request, QUESTION_PARTIAL, context)
    return render(request, "rulebook/page.html",
                  selectors.rules_page_context(page, user=request.user, open_examples=opened))
