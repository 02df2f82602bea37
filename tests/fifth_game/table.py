"""Duel's table (games.declaration.GameTable): the trick on the table and the tricks each side has taken."""

from __future__ import annotations

from typing import Any

from games.rules.cards import RANK_INDEX, rank_of
from games.tables import goals
from games.tables.knowledge import cards, panel, row, section
from tests.fifth_game.search import position


def hand_order(hand, variant: dict[str, Any]) -> list[str]:
    return sorted(hand, key=lambda card: RANK_INDEX[rank_of(card)])


def context(view: dict[str, Any], legal_actions: list[dict] | None, narrator, *, seat: int) -> dict[str, Any]:
    extra: dict[str, Any] = {
        "trick": [{"name": narrator.name(played["seat"]), "card": played["card"]} for played in view["trick"]],
        "my_tricks": view["tricks"][seat],
        "status": "Your turn: play a card." if legal_actions else "",
        "choices": {"cards": [action["card"] for action in legal_actions]} if legal_actions else None,
    }
    if view["is_over"]:
        extra["standings"] = [{"name": narrator.name(other), "tricks": view["tricks"][other],
                               "is_winner": other in view["winners"]} for other in range(2)]
    return extra


def opponent_facts(view: dict[str, Any], other: int) -> dict[str, Any]:
    return {"tricks": view["tricks"][other]}


def replay_seat(state, narrator, seat: int, cards_at) -> dict[str, Any]:
    return {"tricks": state.tricks[seat]}


def rules_link(view: dict, legal_actions: list[dict], narrator) -> dict | None:
    return {"anchor": "rule-tricks", "text": "Which card takes the trick?"}


def knowledge(view: dict[str, Any], narrator, *, seat: int) -> dict[str, Any]:
    """The other hand is every card not yet seen: the deal is known whole."""
    other = list(position(view).hands[1 - seat]) if not view["is_over"] else []
    rows = [row(narrator.name(1 - seat), [[cards(other)]])] if other else []
    return panel([section("The other hand", rows, empty="Nothing left.")])


def action_from_post(data) -> dict[str, Any] | None:
    return {"type": "play", "card": data["card"]} if data.get("type") == "play" else None


def action_form_fields(action: dict[str, Any]) -> dict[str, Any]:
    return {"type": "play", "card": action["card"]}


CLASS_GOALS = (goals.WIN_ROUNDS,)


def round_outcome(game, seat: int) -> goals.Outcome:
    return goals.Outcome(won=seat in (game.winners or []), figures={"tricks": (game.scores or [0, 0])[seat]})


def round_text(outcome: goals.Outcome) -> str:
    return f"{outcome['tricks']} tricks"
