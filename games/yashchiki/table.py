"""Yashchiki's table: the partner across and the opponents left and right, the top of the discard pile and
the suit to follow (prominent when an 8 or 9 named another), the direction of play, a pending chain of
twos, the deal of the match and its hand size, and the partnerships' points deal by deal.

A match runs to thousands of log events, so the table shows the log of the current deal only, from the
scoring of the one before (`first_logged`); the score table keeps the whole match in sight.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy, pgettext

from games.rules.base import last_event_index
from games.rules.cards import ALTERNATING_SUITS, SUIT_SYMBOLS, SUITS, card_short, rank_of, sort_by_suit, suit_of
from games.tables import goals
from games.tables.deals import dealt_as_is
from games.tables.knowledge import cards, panel, row, section, suit, text
from games.yashchiki.bots.knowledge import YashchikiKnowledge
from games.yashchiki.rules import partner_of

POSITIONS = ("left", "across", "right")   # the other seats, clockwise from the viewer
SUIT_CHANGERS = ("8", "9")


def _position(seat: int, other: int) -> str:
    return POSITIONS[(other - seat) % 4 - 1]


def hand_order(cards, variant: dict[str, Any]) -> list[str]:
    """A hand grouped by suit, each suit from its lowest card: the cards that follow a suit sit together (any
    variant)."""
    return sort_by_suit(cards, ALTERNATING_SUITS)


def first_logged(view: dict[str, Any]) -> int:
    """The first log event the table shows: the previous deal's scoring, or else this deal's start."""
    log = view["log"]
    deal_start = last_event_index(log, "deal")
    return deal_start - 1 if deal_start and log[deal_start - 1]["type"] == "deal-end" else deal_start


def _dealt_each(view: dict[str, Any]) -> int | None:
    """How many cards each player was dealt this deal, as the deal's log event says (a lesson's or a rules
    example's deal may be smaller than the match's schedule); None for a deal of uneven hands."""
    deal = next((event for event in reversed(view["log"]) if event["type"] == "deal"), None)
    sizes = set(deal["hand_sizes"]) if deal is not None else {view["hand_size"]}
    return sizes.pop() if len(sizes) == 1 else None


def opponent_facts(view: dict[str, Any], other: int) -> dict[str, Any]:
    return {"position": _position(view["seat"], other), "is_partner": other == view["partner"]}


def context(view: dict[str, Any], legal_actions: list[dict] | None, narrator, *, seat: int) -> dict[str, Any]:
    top, suit = view["top_card"], view["suit"]
    extra: dict[str, Any] = {
        "deal_number": view["deal_number"], "deals": view["deals"], "hand_size": _dealt_each(view),
        "stock_size": view["stock_size"], "discard_size": view["discard_size"],
        "top_card": top, "suit": suit, "suit_name": narrator.suit(suit), "suit_symbol": SUIT_SYMBOLS[suit],
        # After an 8 or 9 the suit to follow may differ from the top card's: the table must say so loudly.
        "suit_named": suit != suit_of(top),
        "clockwise": view["direction"] == "clockwise",
        "chain": view["chain"], "chain_draw": view["chain_draw"],
        "partner_name": narrator.name(view["partner"]),
        "my_team": _team_names(narrator, seat), "their_team": _team_names(narrator, seat + 1),
        "my_team_total": view["team_totals"][seat % 2], "their_team_total": view["team_totals"][1 - seat % 2],
        "score_rows": _score_rows(view, seat),
        "status": _status(view, legal_actions, narrator),
        "choices": _choices(view, legal_actions, narrator) if legal_actions else None,
    }
    if view["is_over"]:
        extra["match_line"] = narrator.match_over(view["winners"], view["team_totals"])
        extra["standings"] = sorted(
            ({"name": _team_names(narrator, team), "total": view["team_totals"][team],
              "is_winner": team in {winner % 2 for winner in view["winners"]}} for team in (seat % 2, 1 - seat % 2)),
            key=lambda row: row["total"])
    return extra


def replay_seat(state, narrator, seat: int, cards_at) -> dict[str, Any]:
    return {}


def _team_names(narrator, seat: int) -> str:
    return narrator.team(seat % 2)


def _score_rows(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """One row per finished deal, from the log's scoring events: both partnerships' points, the viewer's
    first, and the running totals."""
    mine = seat % 2
    rows = []
    for event in view["log"]:
        if event["type"] == "deal-end":
            points = event["points"]
            team_points = [points[0] + points[2], points[1] + points[3]]
            rows.append({"deal": event["deal_number"], "mine": team_points[mine], "theirs": team_points[1 - mine],
                         "my_total": event["team_totals"][mine], "their_total": event["team_totals"][1 - mine]})
    return rows


def _status(view: dict[str, Any], legal_actions: list[dict] | None, narrator) -> str:
    if not legal_actions:
        return ""
    may_draw = any(action["type"] == "draw" for action in legal_actions)
    if view["chain"]:
        if may_draw:
            return _("Your turn: answer the chain with a two of any suit, or draw %(count)s.") % {
                "count": view["chain_draw"]}
        return _("Your turn: answer the chain with a two of any suit.")
    if may_draw:
        return _("Your turn: play a card of %(suit)s (or a pair with one of them), or draw a card.") % {
            "suit": narrator.suit(view["suit"])}
    return _("Your turn: play a card of %(suit)s (or a pair with one of them).") % {
        "suit": narrator.suit(view["suit"])}


def _choices(view: dict[str, Any], legal_actions: list[dict], narrator) -> dict[str, Any]:
    """The decisions as the move form offers them: each single card (an 8 or 9 with the suits it may
    name), each pair with its suits (declared or not: the form's toggle says), and drawing; the cards where
    the hand holds them (hand_order)."""
    singles: dict[str, list[str]] = {}
    pairs: dict[tuple[str, ...], list[str]] = {}
    for action in legal_actions:
        if action["type"] != "play":
            continue
        cards = tuple(action["cards"])
        if len(cards) == 2 and action["declared"] is False:   # the same pair, sent by the form's toggle
            continue
        named = singles.setdefault(cards[0], []) if len(cards) == 1 else pairs.setdefault(cards, [])
        if "suit" in action:
            named.append(action["suit"])
    place = {card: index for index, card in enumerate(hand_order(view["hand"], view["variant"]))}
    return {
        "singles": [{"card": card, "suits": _suits(card, singles[card], narrator)}
                    for card in sorted(singles, key=place.__getitem__)],
        "pairs": [{"cards": list(cards), "value": ",".join(cards),
                   "suits": _suits(",".join(cards), pairs[cards], narrator)}
                  for cards in sorted(pairs, key=lambda cards: [place[card] for card in cards])],
        "can_draw": any(action["type"] == "draw" for action in legal_actions),
    }


def _suits(played: str, suits: list[str], narrator) -> list[dict[str, str]]:
    """The suits the card or pair `played` (as the form posts it) may name, each with the value its button posts."""
    return [{"suit": suit, "name": narrator.suit(suit), "symbol": SUIT_SYMBOLS[suit], "value": f"{played}:{suit}"}
            for suit in suits]


def rules_link(view: dict, legal_actions: list[dict], narrator) -> dict | None:
    """The rules question the seat's current decision raises, and where the rules page answers it."""
    if view["chain"]:
        return {"anchor": "rule-chain-of-twos", "text": _("Why must I answer with a two?")}
    playable = {card for action in legal_actions if action["type"] == "play" for card in action["cards"]}
    # A pair of eights or nines always holds one that may go down alone: name the single card.
    naming = next((action["cards"][0] for action in legal_actions if "suit" in action and len(action["cards"]) == 1),
                  None)
    if naming is not None:
        return {"anchor": "dispute-naming-a-suit",
                "text": _("Which suit may I name with %(card)s?") % {"card": card_short(naming)}}
    held = [card for card in view["hand"] or [] if card not in playable]
    changer = next((card for card in held if rank_of(card) in SUIT_CHANGERS), None)
    if changer is not None:
        return {"anchor": "dispute-eight-on-any-suit",
                "text": _("Why can't I play %(card)s on any suit?") % {"card": card_short(changer)}}
    if held:
        follow = {"C": _("Why must I play a club?"), "D": _("Why must I play a diamond?"),
                  "H": _("Why must I play a heart?"), "S": _("Why must I play a spade?")}
        return {"anchor": "rule-a-turn", "text": follow[view["suit"]]}
    return {"anchor": "rule-a-turn", "text": _("How does a turn go?")}


SPECIAL_RANKS = ("2", "8", "9", "7")   # the chain, the two suit changers, the draw


def knowledge(view: dict[str, Any], narrator, *, seat: int) -> dict[str, Any]:
    """What the seat knows of the deal, by the hard bot's model (YashchikiKnowledge): each other player's hand
    size, the suits they were shown to lack (they drew for want of one: a void, or at most as many of it as
    they drew since) and the cards they showed (an undeclared pair goes back to the hand face up); the special
    cards neither in the seat's hand nor in the discard pile."""
    model = YashchikiKnowledge(view)
    players = []
    for other in ((seat + offset) % 4 for offset in range(1, 4)):
        size = view["hand_sizes"][other]
        voids = [letter for letter in SUITS if model.void(other, letter)]
        # A player who drew for want of a suit may have drawn one: "at most 1" of it, not a void.
        few = [(letter, most) for letter in SUITS if 0 < (most := model.most_of_suit(other, letter)) < size]
        known = hand_order(model.known[other], view["variant"])
        items = [[text(ngettext("%(size)s card", "%(size)s cards", size) % {"size": size})]]
        facts: list[dict[str, Any]] = [{"kind": "hand-size", "seat": other, "count": size}]
        if voids:
            items.append([text(_("void in")), *(suit(letter, narrator, "genitive") for letter in voids)])
            facts += [{"kind": "void", "seat": other, "suit": letter} for letter in voids]
        if few:
            limits = [part for letter, most in few for part in (suit(letter, narrator), text(most))]
            items.append([text(_("at most:")), *limits])
            facts += [{"kind": "at-most", "seat": other, "suit": letter, "count": most} for letter, most in few]
        if known:
            items.append([text(_("in hand:")), cards(known)])
            facts.append({"kind": "holds", "seat": other, "cards": known})
        label = (_("%(name)s (partner)") % {"name": narrator.name(other)} if other == view["partner"]
                 else narrator.name(other))
        players.append(row(label, items, facts))
    out = model.still_out()
    specials = []
    for rank in SPECIAL_RANKS:
        suits = [suit_of(code) for code in out if rank_of(code) == rank]
        item = [suit(letter, narrator) for letter in suits] or [text(pgettext("cards still out", "none"))]
        specials.append(row(narrator.rank_plural(rank).capitalize(), [item],
                            [{"kind": "still-out", "rank": rank, "suits": suits}]))
    return panel([section(_("Players"), players),
                  section(_("Special cards not in your hand or the discard"), specials)])


def action_from_post(data) -> dict[str, Any] | None:
    """The action the move form posts: a draw, or a play from its button, whose `cards` holds one card or a
    pair, comma-separated, and after a colon the suit an 8 or 9 names ("8C,8H:S"). A pair's declaration comes
    from the form's toggle: a hidden "false" then the checkbox's "true", so the last value sent counts. An
    undeclared pair goes back to the hand, so it names no suit. None for another type."""
    kind = data.get("type")
    if kind == "draw":
        return {"type": "draw"}
    if kind != "play":
        return None
    cards, _colon, named = data["cards"].partition(":")
    action: dict[str, Any] = {"type": "play", "cards": [card for card in cards.split(",") if card]}
    declared = data.getlist("declared")
    if len(action["cards"]) == 2 and declared:
        action["declared"] = declared[-1] == "true"
    if named and action.get("declared") is not False:
        action["suit"] = named
    return action


def action_form_fields(action: dict[str, Any]) -> dict[str, Any]:
    """The move form's fields that post `action` (the inverse of action_from_post): one button per card or
    pair, the suit after a colon, a pair's declaration as the toggle sends it."""
    if action["type"] == "draw":
        return {"type": "draw"}
    fields: dict[str, Any] = {"type": "play",
                              "cards": ",".join(action["cards"]) + (f":{action['suit']}" if "suit" in action else "")}
    if "declared" in action:
        fields["declared"] = ["false", "true"] if action["declared"] else ["false"]
    return fields


# -- a class's goals and results (games.tables.goals) --------------------------------------------

# A whole match of 15 deals is long for a lesson's practice: a class is offered the short match first.
CLASS_PRESET = "short"

CLASS_GOALS = (
    goals.RoundsWhere(
        key="wins", label=gettext_lazy("the partnership wins at least N of the matches"),
        wording=ngettext_lazy("goal: your partnership wins at least %(count)s of %(rounds)s match",
                              "goal: your partnership wins at least %(count)s of %(rounds)s matches", "rounds"),
        range_error=gettext_lazy("The number of matches won must be from 1 to the number of rounds."),
        progress_label=gettext_lazy("matches won")),
)


def round_outcome(game, seat: int) -> goals.Outcome:
    """A finished match: the seat's partnership won (fewer points; a tie is shared), and the two partnerships'
    totals."""
    totals = game.scores or []
    team = totals[seat] + totals[partner_of(seat)]
    return goals.Outcome(won=seat in (game.winners or []), figures={"team": team, "other": sum(totals) - team})


def round_text(outcome: goals.Outcome) -> str:
    """"your partnership won 180 : 95" (fewer points win)."""
    numbers = {"team": outcome["team"], "other": outcome["other"]}
    if outcome["team"] == outcome["other"]:
        return _("a tie, %(team)s : %(other)s") % numbers
    if outcome.won:
        return _("your partnership won %(team)s : %(other)s") % numbers
    return _("your partnership lost %(team)s : %(other)s") % numbers


def opening_deal(state) -> dict[str, Any]:
    """The lesson DEAL (tutorials.payloads) that `from_deal` turns back into `state`, a freshly dealt game: how a
    lesson studio writes down a deal made from a seed."""
    deal = dealt_as_is(state)
    # A fresh game may have drawn already (automatic draws: a first player with no card to play, the up-card's
    # penalty): those cards go back on top of the stock, in the order they were drawn.
    data = state.to_dict()
    drawn = []
    for event in data["events"]:
        if event["type"] == "draw":
            for card in event["private"]["cards"]:
                deal["hands"][event["seat"]].remove(card)
            drawn += event["private"]["cards"]
    return {**deal, "stock": drawn + deal["stock"], "upcard": data["discard"][0]}
