"""Helpers for the tests of the "What your seat knows" panel (games.tables' `knowledge`): the panel of a state for
one seat in a language, what a row says as plain text, and each kind of fact held against the hidden state."""

from __future__ import annotations

import json
import re

from django.template.loader import render_to_string
from django.utils import translation

from games.narration import narrator_for
from games.rules.cards import rank_of, suit_of
from games.tables import TABLES
from games.tables.knowledge import facts_of

NAMES = ["Guest", "Anna-bot", "Boris-bot", "Vera-bot", "Gleb-bot", "Dasha-bot"]
CARD_CODE = re.compile(r'"((?:10|[2-9JQKA])[CDHS])"')
# A card face as templates/games/_card.html draws it: its suit letter and, inside, its rank.
CARD_FACE = re.compile(r'<span class="card \w+ suit-([CDHS])"[^>]*><span class="rank">(10|[2-9JQKA])</span>')


def knowledge_of(state, seat: int = 0, language: str = "en") -> dict:
    view = state.view(seat)
    with translation.override(language):
        narrator = narrator_for(view["game"], NAMES[:view["players"]], seat, language)
        return TABLES[view["game"]].knowledge(view, narrator, seat=seat)


def rendered(knowledge: dict, language: str = "en") -> str:
    with translation.override(language):
        return render_to_string("games/_knowledge.html", {"knowledge": knowledge})


def said(line: dict) -> str:
    """A row's items as one line: parts joined by spaces (cards by their codes, a suit by its symbol), items by
    " / "."""
    return " / ".join(" ".join(part.get("text") or " ".join(part.get("cards", [])) or part["symbol"] for part in item)
                      for item in line["items"])


def section_lines(knowledge: dict, heading: str) -> dict[str, str]:
    """The rows of the section under `heading`, label -> what the row says."""
    part = next(part for part in knowledge["sections"] if part["heading"] == heading)
    return {line["label"]: said(line) for line in part["rows"]}


def codes_in(data) -> set[str]:
    return set(CARD_CODE.findall(json.dumps(data)))


def faces_in(page: str) -> set[str]:
    return {rank + suit for suit, rank in CARD_FACE.findall(page)}


def assert_names_only_seen_cards(knowledge: dict, page: str, view: dict) -> None:
    """Every card the panel names, in its data or as a face on the page, is named in the seat's view."""
    seen = codes_in(view)
    assert codes_in(knowledge) <= seen, f"cards the view never names: {codes_in(knowledge) - seen}"
    assert faces_in(page) <= seen, f"card faces the view never names: {faces_in(page) - seen}"


def _cards_at(locations: dict[str, str], place: str) -> list[str]:
    return [code for code, where in locations.items() if where == place]


def assert_facts_true(state, seat: int, knowledge: dict) -> None:
    """Every claim of the panel holds in the real state, hidden cards included."""
    locations = state.card_locations()
    public = state.view(None)
    for fact in facts_of(knowledge):
        assert _fact_holds(fact, locations, public, seat), f"false claim {fact} (move {len(state.log)})"


def _fact_holds(fact: dict, locations: dict[str, str], public: dict, seat: int) -> bool:
    kind = fact["kind"]
    hand = _cards_at(locations, f"hand:{fact['seat']}") if "seat" in fact else []
    if kind == "holds" and "rank" in fact:            # Sunduchok: how many of a rank, which suits, which cards
        of_rank = [code for code in hand if rank_of(code) == fact["rank"]]
        return (fact["at_least"] <= len(of_rank) <= fact["at_most"]
                and {fact["rank"] + letter for letter in fact["suits"]} <= set(of_rank)
                and set(fact["cards"]) <= set(of_rank))
    if kind == "holds":
        return set(fact["cards"]) <= set(hand)
    if kind == "holds-none":
        return not any(rank_of(code) == fact["rank"] for code in hand)
    if kind == "unknown":
        return fact["hand_size"] == len(hand) and 0 <= fact["count"] <= len(hand)
    if kind == "chests":
        laid = _cards_at(locations, f"chests:{fact['seat']}")
        return (set(fact["ranks"]) <= set(map(rank_of, laid))
                and len(fact["ranks"]) + fact["face_down"] == len(laid) // 4)
    if kind == "still-out" and "count" in fact:       # Hearts: the cards of a suit in the other hands
        elsewhere = [code for code, where in locations.items()
                     if where.startswith("hand:") and where != f"hand:{seat}" and suit_of(code) == fact["suit"]]
        queen_out = locations["QS"].startswith("hand:") and locations["QS"] != f"hand:{seat}"
        return len(elsewhere) == fact["count"] and fact["queen"] in (None, queen_out)
    if kind == "still-out":                           # Yashchiki: the special cards neither ours nor discarded
        out = {suit_of(code) for code, where in locations.items()
               if rank_of(code) == fact["rank"] and where not in ("discard", f"hand:{seat}")}
        return out == set(fact["suits"])
    if kind == "points":
        return public["points_taken"][fact["seat"]] == fact["points"]
    if kind == "void":
        return not any(suit_of(code) == fact["suit"] for code in hand)
    if kind == "at-most":
        return sum(suit_of(code) == fact["suit"] for code in hand) <= fact["count"]
    if kind == "hearts-broken":
        return public["hearts_broken"] == fact["broken"]
    if kind == "moon":
        takers = [other for other, points in enumerate(public["points_taken"]) if points]
        if len(fact["seats"]) == 4:
            return not takers
        return takers == fact["seats"] if fact["seats"] else len(takers) > 1
    if kind == "hidden":
        return fact["count"] >= 0 and fact["count"] <= len(hand)
    if kind == "discard":
        return all(locations[code] == "discard" for code in fact["cards"])
    if kind == "hand-size":
        return len(hand) == fact["count"]
    raise AssertionError(f"a kind of fact the tests do not know: {fact}")
