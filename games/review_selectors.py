"""Read paths of the review of a finished game (`/play/<id>/review/`): which decisions it judges, in which parts,
what is kept of it, and the page's context — each decision with the table as the seat saw it.

The plan: the player's decisions (games.coach.review.decision_steps) grouped by deal, each deal cut into
parts of at most PART_SIZE decisions; the page loads the parts one after another (games.review_services
computes and keeps each), so the first verdicts show while the rest are still being worked out.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from django.urls import reverse

from games.coach import get_coach
from games.coach.review import ReviewedDecision, ReviewSummary, deal_of, decision_steps, summarise
from games.history import game_history
from games.models import Game, GameReview
from games.narration import narrator_for
from games.narration.coach import move_loss_sentence, played_and_best_figures, thresholds_sentence
from games.narration.reasons import Mover
from games.rules import get_game
from games.selectors import narration_language, position_context, preset_display_name, seat_names
from games.tables import templates_for

# The coach's judgement as kept: raise it when the coach's verdicts change, and every review computes afresh.
REVIEW_VERSION = 1
PART_SIZE = 8         # decisions per part: a part is computed in about a second
RECENT_EVENTS = 4     # the log lines shown above each position: what had just happened


@dataclasses.dataclass(frozen=True)
class ReviewPart:
    seat: int              # whose decisions
    number: int            # from 0, over the seat's decisions in the whole game
    deal: int
    steps: tuple[int, ...]


def review_plan(*, game: Game, seat: int) -> list[ReviewPart]:
    """The review's parts: `seat`'s decisions in log order, by deal, at most PART_SIZE to a part."""
    history = game_history(game)
    by_deal: dict[int, list[int]] = {}
    for step in decision_steps(history.states, [logged.seat for logged in history.actions], seat):
        by_deal.setdefault(deal_of(history.states[step]), []).append(step)
    parts: list[ReviewPart] = []
    for deal, steps in by_deal.items():
        for start in range(0, len(steps), PART_SIZE):
            parts.append(ReviewPart(seat=seat, number=len(parts), deal=deal,
                                    steps=tuple(steps[start:start + PART_SIZE])))
    return parts


def stored_part(*, game: Game, part: ReviewPart) -> list[ReviewedDecision] | None:
    """The part's verdicts if they are kept, else None."""
    row = GameReview.objects.filter(game=game, seat=part.seat, part=part.number, version=REVIEW_VERSION).first()
    return _decisions(row.decisions) if row is not None else None


def stored_parts(*, game: Game, seat: int) -> dict[int, list[ReviewedDecision]]:
    """The kept parts of `seat`'s review, by part number."""
    rows = GameReview.objects.filter(game=game, seat=seat, version=REVIEW_VERSION).values_list("part", "decisions")
    return {part: _decisions(decisions) for part, decisions in rows}


def _decisions(data: list[dict[str, Any]]) -> list[ReviewedDecision]:
    return [ReviewedDecision.from_dict(item) for item in data]


def review_context(*, game: Game, seat: int, deal: int | None = None) -> dict[str, Any]:
    """The review page of `deal` (the first deal by default): the game's and the deal's summaries, the deal
    picker, the kept parts drawn and the first missing one to load next."""
    plan = review_plan(game=game, seat=seat)
    deals = sorted({part.deal for part in plan})
    if deal not in deals:
        deal = deals[0] if deals else None
    kept = stored_parts(game=game, seat=seat)
    parts = [part for part in plan if part.deal == deal]
    decisions = {part.number: kept.get(part.number) for part in plan}
    coach = get_coach(game.game_key)
    language = narration_language()
    shown = []
    for part in parts:
        if decisions[part.number] is None:
            # Only the first missing part is asked for; each part's answer asks for the next (review_part_context).
            shown.append(_waiting_part(game, part))
            break
        shown.append(_drawn_part(game, seat, part, decisions[part.number]))
    return {
        "game": game, "game_key": game.game_key, "game_title": get_game(game.game_key).title,
        "preset": preset_display_name(game), "deal": deal, "parts": shown,
        "thresholds": thresholds_sentence(coach.unit, coach.thresholds.inaccuracy, coach.thresholds.mistake,
                                          language),
        "deals": _deal_picker(game, plan, decisions, deal) if len(deals) > 1 else [],
        **_progress(plan, decisions, deal),
    }


def review_part_context(*, game: Game, seat: int, plan: list[ReviewPart], part: ReviewPart,
                        decisions: list[ReviewedDecision]) -> dict[str, Any]:
    """One part of `plan` (the request's review_plan) just computed, as the page swaps it in: drawn, followed by
    the next part of its deal to load, with the progress and summaries brought up to date."""
    kept = stored_parts(game=game, seat=seat)
    kept[part.number] = decisions
    everything = {each.number: kept.get(each.number) for each in plan}
    following = next((each for each in plan if each.deal == part.deal and everything[each.number] is None), None)
    shown = [_drawn_part(game, seat, part, decisions)]
    if following is not None:
        shown.append(_waiting_part(game, following))
    return {"game": game, "parts": shown, "deal": part.deal,
            "deals": _deal_picker(game, plan, everything, part.deal) if len({each.deal for each in plan}) > 1 else [],
            **_progress(plan, everything, part.deal)}


def _progress(plan: list[ReviewPart], decisions: dict[int, list | None], deal: int | None) -> dict[str, Any]:
    in_deal = [part for part in plan if part.deal == deal]
    done = [decision for part in in_deal for decision in decisions[part.number] or ()]
    whole = all(decisions[part.number] is not None for part in plan)
    return {
        "decisions_total": sum(len(part.steps) for part in in_deal), "decisions_done": len(done),
        "deal_summary": summarise(done) if all(decisions[part.number] is not None for part in in_deal) else None,
        "game_summary": summarise(decision for part in plan for decision in decisions[part.number]) if whole else None,
        "deals_total": len({part.deal for part in plan}),
    }


def _deal_picker(game: Game, plan: list[ReviewPart], decisions: dict[int, list | None], current: int) -> list[dict]:
    url = reverse("review", args=[game.pk])
    picker = []
    for deal in sorted({part.deal for part in plan}):
        parts = [part for part in plan if part.deal == deal]
        done = all(decisions[part.number] is not None for part in parts)
        summary: ReviewSummary | None = (
            summarise(decision for part in parts for decision in decisions[part.number]) if done else None)
        picker.append({"number": deal, "url": f"{url}?deal={deal}", "is_current": deal == current,
                       "summary": summary})
    return picker


def _waiting_part(game: Game, part: ReviewPart) -> dict[str, Any]:
    return {"number": part.number, "first": part.steps[0] + 1, "last": part.steps[-1] + 1,
            "url": reverse("review_part", args=[game.pk, part.number]), "decisions": None}


def _drawn_part(game: Game, seat: int, part: ReviewPart, decisions: list[ReviewedDecision]) -> dict[str, Any]:
    history = game_history(game)
    names = seat_names(game)
    narrator = narrator_for(game.game_key, names, seat, narration_language())
    levels = [info.get("level") for info in game.seats]
    return {"number": part.number, "first": part.steps[0] + 1, "last": part.steps[-1] + 1,
            "decisions": [_decision(game, history, decision, narrator, names, seat, levels)
                          for decision in decisions]}


def _decision(game: Game, history, decision: ReviewedDecision, narrator, names: list[str], seat: int,
              levels: list) -> dict[str, Any]:
    state = history.states[decision.step]
    view = state.view(seat)
    position = position_context(state, names=names, seat=seat, can_move=False, levels=levels,
                                history=history.prefix(decision.step))
    judged = decision.verdict != "good"
    # The figures and the hard bot's reason for the better move, told of the reader's seat ("you").
    mover = Mover(narrator, seat)
    reason = narrator.reason(decision.reason, seat) if decision.reason else ""
    return {
        "step": decision.step, "move_number": decision.step + 1, "verdict": decision.verdict,
        "played": narrator.action_text(decision.action, view),
        "better": narrator.action_text(decision.better, view) if judged and decision.better else "",
        "lost": move_loss_sentence(decision.unit, decision.loss, narrator.language, mover) if judged else "",
        "figures": (played_and_best_figures(decision.unit, decision.played_value, decision.best_value,
                                            narrator.language, mover) if judged else ""),
        "why": reason if judged else "",
        "recent": position["log"][-RECENT_EVENTS:],
        "position": position, **templates_for(game.game_key),
        "replay_url": f"{reverse('replay', args=[game.pk])}?step={decision.step}",
        "again_url": reverse("review_try_again", args=[game.pk, decision.step]),
    }
