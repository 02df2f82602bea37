"""Sunduchok's table: chests, the stock, the question in progress and the three question forms."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_lazy, ngettext, ngettext_lazy

from games.rules.cards import SUIT_SYMBOLS, SUITS, rank_of, sort_cards, suit_of
from games.sunduchok.bots.knowledge import SUIT_BITS, PublicKnowledge
from games.sunduchok.bots.sampler import settled_holdings
from games.sunduchok.rules import DECK_RANKS
from games.tables import goals
from games.tables.knowledge import cards, panel, row, section, suit, text


def hand_order(cards, variant: dict[str, Any]) -> list[str]:
    """A hand by rank, the suits of a rank side by side: in Sunduchok the question is which ranks a hand holds
    and how near each is to a chest of four (any variant)."""
    return list(sort_cards(cards))


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


def knowledge(view: dict[str, Any], narrator, *, seat: int) -> dict[str, Any]:
    """What the public log proves about each opponent's hand, by the hard bot's model (PublicKnowledge): the
    ranks they must hold (they asked for it, said yes, took cards), the ranks they cannot hold (they said no
    or gave them away, and drew nothing since), the suits known, how many cards are still unknown; and the
    chests laid."""
    model = PublicKnowledge(view)
    laid = {rank for ranks in view["chests"] for rank in ranks if rank} | model.laid_ranks
    players = view["players"]
    sections = [_opponent_knowledge(view, model, narrator, other, laid)
                for other in ((seat + offset) % players for offset in range(1, players))]
    sections.append(_chests_laid(view, narrator, seat))
    return panel(sections, note=gettext("“Has none” holds until that player draws a card."))


def _opponent_knowledge(view: dict[str, Any], model: PublicKnowledge, narrator, other: int,
                        laid: set[str]) -> dict[str, Any]:
    size = view["hand_sizes"][other]
    if not size:
        return section(narrator.name(other), [], empty=gettext("No cards in hand."))
    in_play = [rank for rank in model.ranks if rank not in laid]
    held = [rank for rank in in_play if model.holds_some(other, rank)]
    lacking = [rank for rank in in_play if model.holds_none(other, rank)]
    rows = []
    if held:
        rows.append(row(gettext("Has for sure"), [_held_item(model, narrator, other, rank) for rank in held],
                        [_held_fact(model, other, rank) for rank in held]))
    if lacking:
        rows.append(row(gettext("Has none"), [[text(narrator.rank_plural(rank))] for rank in lacking],
                        [{"kind": "holds-none", "seat": other, "rank": rank} for rank in lacking]))
    unknown = size - sum(model.least_count(other, rank) for rank in model.ranks)
    rows.append(row(gettext("Not known yet"), [[text(ngettext(
        "%(unknown)s of %(size)s card", "%(unknown)s of %(size)s cards", size) % {"unknown": unknown, "size": size})]],
        [{"kind": "unknown", "seat": other, "count": unknown, "hand_size": size}]))
    return section(narrator.name(other), rows)


def _known_suits(model: PublicKnowledge, seat: int, rank: str) -> list[str]:
    known = model.known_suits(seat, rank)
    return [letter for letter in SUITS if known & SUIT_BITS[letter]]


def _held_item(model: PublicKnowledge, narrator, seat: int, rank: str) -> list[dict[str, str]]:
    """"queens (exactly 2)" with the cards taken in plain view, and any other suit the answers proved."""
    least, most = model.least_count(seat, rank), model.most_count(seat, rank)
    words = narrator.rank_plural(rank)
    if least == most:
        words = gettext("%(ranks)s (exactly %(count)s)") % {"ranks": words, "count": least}
    elif least > 1:
        words = gettext("%(ranks)s (at least %(count)s)") % {"ranks": words, "count": least}
    taken = model.received_cards(seat, rank)
    # A suit proven by the answers alone (no card named in the log) is shown as a suit, never as a card.
    proven = [letter for letter in _known_suits(model, seat, rank) if letter not in map(suit_of, taken)]
    item = [text(words), cards(taken)] if taken else [text(words)]
    if proven:
        item += [text(gettext("including")), *(suit(letter, narrator) for letter in proven)]
    return item


def _held_fact(model: PublicKnowledge, seat: int, rank: str) -> dict[str, Any]:
    return {"kind": "holds", "seat": seat, "rank": rank, "at_least": model.least_count(seat, rank),
            "at_most": model.most_count(seat, rank), "suits": _known_suits(model, seat, rank),
            "cards": model.received_cards(seat, rank)}


def _chests_laid(view: dict[str, Any], narrator, seat: int) -> dict[str, Any]:
    rows = []
    players = view["players"]
    for owner in ((seat + offset) % players for offset in range(players)):
        chests = view["chests"][owner]
        if not chests:
            continue
        shown = [rank for rank in chests if rank]
        face_down = len(chests) - len(shown)
        items = [[text(narrator.rank_plural(rank))] for rank in shown]
        if face_down:
            items.append([text(ngettext("%(count)s face down", "%(count)s face down", face_down) % {
                "count": face_down})])
        rows.append(row(narrator.name(owner), items,
                        [{"kind": "chests", "seat": owner, "ranks": shown, "face_down": face_down}]))
    return section(gettext("Chests laid"), rows, empty=gettext("None yet."))


def action_from_post(data) -> dict[str, Any] | None:
    """The action the move form posts (games.forms.action_from_post reads the move number and the errors): a
    question's target and rank, the count, or the suits comma-separated; None for another type."""
    kind = data.get("type")
    if kind == "ask":
        return {"type": "ask", "target": int(data["target"]), "rank": data["rank"]}
    if kind == "count":
        return {"type": "count", "count": int(data["count"])}
    if kind == "suits":
        return {"type": "suits", "suits": [letter for letter in data["suits"].split(",") if letter]}
    return None


def action_form_fields(action: dict[str, Any]) -> dict[str, Any]:
    """The move form's fields that post `action` (the inverse of action_from_post)."""
    fields: dict[str, Any] = {"type": action["type"]}
    if action["type"] == "ask":
        fields.update(target=action["target"], rank=action["rank"])
    elif action["type"] == "count":
        fields["count"] = action["count"]
    else:
        fields["suits"] = ",".join(action["suits"])
    return fields


# -- a class's goals and results (games.tables.goals) --------------------------------------------

CLASS_GOALS = (
    goals.WIN_ROUNDS,
    goals.EveryRound(
        key="chests", label=gettext_lazy("finish each round with at least N chests"),
        wording=ngettext_lazy("goal: finish each round with at least %(count)s chest",
                              "goal: finish each round with at least %(count)s chests", "count"),
        range_error=gettext_lazy("The number of chests must be from %(low)s to %(high)s."),
        progress_label=gettext_lazy("chests per round"),
        # A deck of 36 cards holds 9 chests, one of 52 cards 13.
        figure="chests", low=1, high=lambda variant: len(DECK_RANKS[variant.get("deck", 36)])),
)


def round_outcome(game, seat: int) -> goals.Outcome:
    """A finished round: won (the most chests, shared), and the seat's chests (its score)."""
    return goals.Outcome(won=seat in (game.winners or []), figures={"chests": (game.scores or [])[seat]})


def round_text(outcome: goals.Outcome) -> str:
    """"won, 3 chests" or "lost, 2 chests"."""
    chests = outcome["chests"]
    if outcome.won:
        return ngettext("won, %(chests)s chest", "won, %(chests)s chests", chests) % {"chests": chests}
    return ngettext("lost, %(chests)s chest", "lost, %(chests)s chests", chests) % {"chests": chests}


# -- moves the seat can be sure of (games.tables.sure_moves) ----------------------------------------

def sure_moves(view: dict[str, Any], legal_actions: list[dict]) -> list[dict]:
    """The requests among `legal_actions` that every deal consistent with the seat's view answers yes to the
    end: the public log and the seat's own cards settle the target's holding of the rank (its count and suits
    under three questions; that it holds some under one)."""
    held = settled_holdings(view)
    three = view["variant"]["questions"] == "three"
    sure = []
    for action in legal_actions:
        if action["type"] != "ask":
            continue
        found = held.get((action["target"], action["rank"]), set())
        if found and 0 not in found and (len(found) == 1 or not three):
            sure.append(action)
    return sure

