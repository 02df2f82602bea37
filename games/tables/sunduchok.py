"""Sunduchok's table: chests, the stock, the question in progress and the three question forms."""

from __future__ import annotations

from typing import Any

from games.rules.cards import SUIT_SYMBOLS, rank_of


def opponent_facts(view: dict[str, Any], other: int) -> dict[str, Any]:
    return {"chests": view["chests"][other], "score": view["scores"][other]}


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
