"""Sunduchok's table: chests, the stock, the question in progress and the three question forms."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from games.rules.cards import SUIT_SYMBOLS, rank_of
from games.rules.sunduchok import DECK_RANKS


def opponent_facts(view: dict[str, Any], other: int) -> dict[str, Any]:
    return {"chests": view["chests"][other], "score": view["scores"][other]}


def holdings(view: dict[str, Any], narrator, *, seat: int) -> str:
    """"Your chests: queens and kings." — what the seat has laid down ("" before any chest)."""
    return narrator.own_chests([rank for rank in view["chests"][seat] if rank])


def context(view: dict[str, Any], legal_actions: list[dict] | None, narrator, *, seat: int) -> dict[str, Any]:
    players = view["players"]
    extra = {
        "my_chests": view["chests"][seat], "my_score": view["scores"][seat], "stock_size": view["stock_size"],
        # Not "request": that name is the HttpRequest in templates (base.html reads request.path).
        "pending_question": narrator.request_text(view["request"]) if view["request"] else None,
        "choices": _choices(legal_actions, narrator, view["request"]) if legal_actions else None,
    }
    if view["is_over"]:
        extra["standings"] = sorted(
            ({"name": narrator.name(s), "score": view["scores"][s], "chests": view["chests"][s],
              "is_winner": s in view["winners"]} for s in range(players)),
            key=lambda row: -row["score"])
    return extra


def replay_seat(state, narrator, seat: int, cards_at) -> dict[str, Any]:
    return {"chests": list(dict.fromkeys(map(rank_of, cards_at(f"chests:{seat}"))))}


def _choices(legal_actions: list[dict], narrator, request: dict | None) -> dict[str, Any]:
    """The legal actions grouped for the three forms: whom and which rank, how many, which suits."""
    kind = legal_actions[0]["type"]
    if kind == "ask":
        targets = list(dict.fromkeys(action["target"] for action in legal_actions))
        ranks = list(dict.fromkeys(action["rank"] for action in legal_actions))
        return {"kind": "ask", "targets": [{"seat": t, "name": narrator.name(t)} for t in targets],
                "ranks": [{"rank": rank, "label": narrator.rank_plural(rank).capitalize()} for rank in ranks]}
    if kind == "count":
        return {"kind": "count", "counts": [
            {"value": action["count"], "label": narrator.count_word(action["count"], request["rank"])}
            for action in legal_actions]}
    return {"kind": "suits", "suit_sets": [
        {"value": ",".join(action["suits"]), "label": narrator.suits_phrase(action["suits"]),
         "symbols": " ".join(SUIT_SYMBOLS[suit] for suit in action["suits"])}
        for action in legal_actions]}


def rules_link(view: dict, legal_actions: list[dict], narrator) -> dict | None:
    """The rules question the seat's current decision raises, and where the rules page answers it.

    Returns {"anchor": "rule-<section slug>" or "dispute-<question slug>", "text": <question>}, the
    anchors naming content/rules/sunduchok.json. Checked in this order: a target the preset fixes, a
    turn that goes on after a success, a rank still in play the seat may not ask for, else the turn.
    """
    if not legal_actions:
        return None
    kind = legal_actions[0]["type"]
    if kind == "count":
        return {"anchor": "rule-the-first-no", "text": gettext("What if I name the wrong number?")}
    if kind == "suits":
        return {"anchor": "dispute-suits-half-right", "text": gettext("What if I get only some of the suits right?")}
    seat = view["seat"]
    targets = {action["target"] for action in legal_actions}
    with_cards = [other for other in range(view["players"]) if other != seat and view["hand_sizes"][other]]
    if any(other not in targets for other in with_cards):
        if view["locked_target"] is not None:
            return {"anchor": "dispute-same-opponent-after-success",
                    "text": gettext("Why must I ask the same player again?")}
        return {"anchor": "dispute-whom-to-ask", "text": gettext("Why may I only ask the next player?")}
    # The turn goes on after a success: the last event, chests aside, is this seat's transfer.
    last = next((event for event in reversed(view["log"]) if event["type"] != "chest"), None)
    if last is not None and last["type"] == "transfer" and last["seat"] == seat:
        return {"anchor": "dispute-draw-after-success", "text": gettext("Do I draw a card after a success?")}
    laid_down = {rank for ranks in view["chests"] for rank in ranks if rank is not None}
    offered = {action["rank"] for action in legal_actions}
    refused = [rank for rank in DECK_RANKS[view["variant"]["deck"]] if rank not in laid_down and rank not in offered]
    if refused:
        # Translators: the rank in the plural, in the case the question needs (Russian: "о королях").
        return {"anchor": "dispute-ask-rank-not-held",
                "text": gettext("Why can't I ask for %(rank)s?") % {"rank": narrator.rank_asked_about(refused[0])}}
    return {"anchor": "rule-a-turn", "text": gettext("How does a turn go?")}
