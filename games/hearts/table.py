"""Hearts' table: the trick in the middle, passing, hearts broken, points per deal and across the match."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy, pgettext

from games.hearts.bots.knowledge import DealKnowledge
from games.hearts.bots.playout import QUEEN_OF_SPADES, SUIT_LETTERS, card_code
from games.history import game_history
from games.rules.cards import ALTERNATING_SUITS, card_sort_key, sort_by_suit, suit_of
from games.tables import goals
from games.tables.knowledge import cards, panel, row, section, suit, text

POSITIONS = ("left", "across", "right")   # the other seats, clockwise from the viewer
PASS_OFFSETS = {"left": 1, "across": 2, "right": 3}


def _position(seat: int, other: int) -> str:
    return "me" if other == seat else POSITIONS[(other - seat) % 4 - 1]


def hand_order(cards, variant: dict[str, Any]) -> list[str]:
    """A hand grouped by suit, each suit from its lowest card: which card of the led suit to play is the question
    of every trick (any variant)."""
    return sort_by_suit(cards, ALTERNATING_SUITS)


def opponent_facts(view: dict[str, Any], other: int) -> dict[str, Any]:
    played = next((entry["card"] for entry in view["trick"] if entry["seat"] == other), None)
    return {"position": _position(view["seat"], other), "tricks": view["tricks_taken"][other],
            "points": view["points_taken"][other], "total": view["scores"][other],
            "passed": view["passed"][other] and view["phase"] == "pass", "played": played}


def held_cards(view: dict[str, Any]) -> list[str]:
    """The hand without the three cards set aside to pass, until the others' cards arrive."""
    passing = view["my_pass"] if view["received"] is None and view["my_pass"] else []
    return [card for card in view["hand"] or [] if card not in passing]


def context(view: dict[str, Any], legal_actions: list[dict] | None, narrator, *, seat: int) -> dict[str, Any]:
    players = view["players"]
    direction = view["pass_direction"]
    pass_to = (seat + PASS_OFFSETS[direction]) % players if direction in PASS_OFFSETS else None
    deal_ends = [event for event in view["log"] if event["type"] == "deal-end"]
    extra: dict[str, Any] = {
        "phase": view["phase"], "deal_number": view["deal_number"], "hearts_broken": view["hearts_broken"],
        "pass_direction": narrator.direction(direction),
        "pass_to": narrator.object_name(pass_to) if pass_to is not None else None,
        "trick": [{"seat": entry["seat"], "name": narrator.name(entry["seat"]), "card": entry["card"],
                   "position": _position(seat, entry["seat"])} for entry in view["trick"]],
        "my_played": next((entry["card"] for entry in view["trick"] if entry["seat"] == seat), None),
        "last_trick": ({"winner": narrator.name(view["last_trick"]["winner"]),
                        "cards": [{"name": narrator.name(entry["seat"]), "card": entry["card"]}
                                  for entry in view["last_trick"]["cards"]]}
                       if view["last_trick"] else None),
        "my_tricks": view["tricks_taken"][seat], "my_points": view["points_taken"][seat],
        "my_total": view["scores"][seat],
        "my_pass": view["my_pass"] and hand_order(view["my_pass"], view["variant"]),
        "received": view["received"] and hand_order(view["received"], view["variant"]),
        "score_names": [narrator.name(other) for other in range(players)],
        "score_rows": [{"deal": number, "points": event["points"],
                        "moon": narrator.name(event["moon"]) if event.get("moon") is not None else None}
                       for number, event in enumerate(deal_ends, start=1)],
        "totals": view["scores"],
        "status": _status(view, narrator, seat, pass_to),
        "choices": _choices(view, legal_actions) if legal_actions else None,
    }
    if view["is_over"]:
        extra["standings"] = sorted(
            ({"name": narrator.name(other), "total": view["scores"][other], "is_winner": other in view["winners"]}
             for other in range(players)), key=lambda row: row["total"])
    return extra


def replay_seat(state, narrator, seat: int, cards_at) -> dict[str, Any]:
    taken = cards_at(f"tricks:{seat}")
    return {"taken": [card for card in taken if suit_of(card) == "H" or card == "QS"]}


def _status(view: dict[str, Any], narrator, seat: int, pass_to: int | None) -> str:
    if view["is_over"] or view["current_player"] != seat:
        return ""
    if view["phase"] == "pass":
        return _("Your turn: pass three cards %(direction)s, to %(name)s.") % {
            "direction": narrator.direction(view["pass_direction"]), "name": narrator.object_name(pass_to)}
    if view["phase"] == "moon":
        return _("You shot the moon! Choose how it counts.")
    if not view["trick"]:
        return _("Your turn: lead a card.")
    return _("Your turn: play a card.")


def _choices(view: dict[str, Any], legal_actions: list[dict]) -> dict[str, Any]:
    kind = legal_actions[0]["type"]
    hand = hand_order(view["hand"], view["variant"])
    if kind == "pass":
        return {"kind": "pass", "cards": hand}
    if kind == "moon":
        return {"kind": "moon", "options": [
            {"value": "subtract", "label": _("Take 26 off my total")},
            {"value": "add", "label": _("Add 26 to everyone else")}]}
    playable = {action["card"] for action in legal_actions}
    return {"kind": "play", "cards": [card for card in hand if card in playable]}


def rules_link(view: dict, legal_actions: list[dict], narrator) -> dict | None:
    """The rules question the seat's current decision raises, and where the rules page answers it.

    `view` is the deciding seat's view and `legal_actions` its moves; the anchor names a section
    ("rule-…") or a disputed point ("dispute-…") of content/rules/hearts.json.
    """
    if not legal_actions:
        return None
    kind = legal_actions[0]["type"]
    if kind == "moon":
        return {"anchor": "dispute-moon-choice", "text": _("Why may I choose how my moon shot counts?")}
    if kind == "pass":
        question = {"left": _("Why do I pass to the left this deal?"),
                    "right": _("Why do I pass to the right this deal?"),
                    "across": _("Why do I pass across this deal?")}[view["pass_direction"]]
        return {"anchor": "dispute-pass-direction", "text": question}
    hand = view["hand"]
    playable = {action["card"] for action in legal_actions}
    refused = [card for card in hand if card not in playable]
    general = {"anchor": "rule-following-suit", "text": _("How does a trick go?")}
    if not view["trick"]:
        if view["first_trick"]:
            return {"anchor": "dispute-who-leads-first", "text": _("Why must I lead the 2♣?")}
        if view["hearts_broken"] or not any(suit_of(card) == "H" for card in hand):
            return general
        if not refused:
            return {"anchor": "dispute-lead-only-hearts", "text": _("Why may I lead a heart before hearts are broken?")}
        if playable == {"QS"}:
            return {"anchor": "dispute-lead-only-hearts", "text": _("Why must I lead the Q♠?")}
        # The log since this deal began: has the Q♠ gone without breaking hearts (standard rules)?
        this_deal = []
        for event in reversed(view["log"]):
            if event["type"] == "deal":
                break
            this_deal.append(event)
        if view["variant"]["qs_breaks_hearts"] == "never" and any(
                event["type"] == "play" and event.get("card") == "QS" for event in this_deal):
            return {"anchor": "dispute-queen-breaks-hearts",
                    "text": _("The Q♠ has been played: why can't I lead hearts?")}
        return {"anchor": "rule-leading-hearts", "text": _("Why can't I lead hearts?")}
    led = suit_of(view["trick"][0]["card"])
    if refused and any(suit_of(card) == led for card in hand):
        question = {"C": _("Why must I play a club?"), "D": _("Why must I play a diamond?"),
                    "H": _("Why must I play a heart?"), "S": _("Why must I play a spade?")}[led]
        return {"anchor": "rule-following-suit", "text": question}
    if view["first_trick"] and refused:
        return {"anchor": "dispute-points-on-first-trick",
                "text": _("Why can't I discard a heart or the Q♠ on the first trick?")}
    if view["first_trick"] and any(suit_of(card) == "H" or card == "QS" for card in hand):
        return {"anchor": "dispute-first-trick-only-hearts",
                "text": _("Why may I play a heart or the Q♠ on the first trick?")}
    return general


KNOWLEDGE_SUITS = "SHDC"   # spades first: the queen's suit, then the points' suit


def knowledge(view: dict[str, Any], narrator, *, seat: int) -> dict[str, Any]:
    """What the seat knows of the deal, by the hard bot's model (DealKnowledge): the cards of each suit still in
    the other hands, each player's points and the voids their plays showed (and where our own pass went),
    whether hearts are broken and who can still shoot the moon."""
    model = DealKnowledge(view)
    out = model.still_out()
    still_out = []
    for letter in KNOWLEDGE_SUITS:
        count = sum(1 for number in out if SUIT_LETTERS[number // 13] == letter)
        queen = QUEEN_OF_SPADES in out if letter == "S" else None
        items = [[text(count)]]
        if queen:
            items.append([text(_("the queen among them"))])
        still_out.append(row(narrator.suit_name(letter).capitalize(), items,
                             [{"kind": "still-out", "suit": letter, "count": count, "queen": queen}],
                             label_suit=suit(letter, narrator)))
    players = [_player_knowledge(model, narrator, other, out) for other in [*range(seat + 1, 4), *range(seat)]]
    players.append(row(narrator.name(seat), [[_points(model.points[seat])]],
                       [{"kind": "points", "seat": seat, "points": model.points[seat]}]))
    broken = model.broken
    deal = [row(_("Hearts"), [[text(pgettext("hearts", "broken") if broken else pgettext("hearts", "not broken yet"))]],
                [{"kind": "hearts-broken", "broken": broken}]),
            row(_("Shooting the moon"), [[text(_moon_text(model, narrator, seat))]],
                [{"kind": "moon", "seats": model.moon_open_to()}])]
    return panel([section(_("Still in the other hands"), still_out), section(_("Players"), players),
                  section(_("This deal"), deal)])


def _points(points: int) -> dict[str, str]:
    return text(ngettext("%(points)s point", "%(points)s points", points) % {"points": points})


def _player_knowledge(model: DealKnowledge, narrator, other: int, out: list[int]) -> dict[str, Any]:
    # A suit counts as a void only while some of it is still out: once all of it is played, every hand lacks it.
    voids = [letter for letter in KNOWLEDGE_SUITS
             if any(SUIT_LETTERS[number // 13] == letter for number in out)
             and model.is_void(other, SUIT_LETTERS.index(letter))]
    passed = sorted(map(card_code, model.known[other]), key=card_sort_key)
    items = [[_points(model.points[other])]]
    facts: list[dict[str, Any]] = [{"kind": "points", "seat": other, "points": model.points[other]}]
    if voids:
        items.append([text(_("void in")), *(suit(letter, narrator, "genitive") for letter in voids)])
        facts += [{"kind": "void", "seat": other, "suit": letter} for letter in voids]
    if passed:
        items.append([text(_("from your pass:")), cards(passed)])
        facts.append({"kind": "holds", "seat": other, "cards": passed})
    return row(narrator.name(other), items, facts)


def _moon_text(model: DealKnowledge, narrator, seat: int) -> str:
    seats = model.moon_open_to()
    if len(seats) > 1:
        return _("anyone can still: no points taken yet")
    if not seats:
        return _("nobody can: the points are split")
    points = model.points[seats[0]]
    if seats[0] == seat:
        return _("only you can still (every point so far: %(points)s)") % {"points": points}
    return _("only %(name)s can still (every point so far: %(points)s)") % {
        "name": narrator.name(seats[0]), "points": points}


def action_from_post(data) -> dict[str, Any] | None:
    """The action the move form posts: the three cards passed, the card played, or the moon's choice; None for
    another type."""
    kind = data.get("type")
    if kind == "pass":
        return {"type": "pass", "cards": data.getlist("cards")}
    if kind == "play":
        return {"type": "play", "card": data["card"]}
    if kind == "moon":
        return {"type": "moon", "choice": data["choice"]}
    return None


def action_form_fields(action: dict[str, Any]) -> dict[str, Any]:
    """The move form's fields that post `action` (the inverse of action_from_post)."""
    kind = action["type"]
    if kind == "pass":
        return {"type": kind, "cards": list(action["cards"])}
    if kind == "play":
        return {"type": kind, "card": action["card"]}
    return {"type": kind, "choice": action["choice"]}


# -- a class's goals and results (games.tables.goals) --------------------------------------------

CLASS_GOALS = (
    goals.WIN_ROUNDS,
    goals.AveragePerDeal(
        key="points", label=gettext_lazy("take at most N points per deal on average"),
        wording=ngettext_lazy("goal: take at most %(count)s point per deal on average",
                              "goal: take at most %(count)s points per deal on average", "count"),
        range_error=gettext_lazy("The points per deal must be from %(low)s to %(high)s."),
        progress_label=gettext_lazy("points per deal on average"),
        total="points", deals="deals", high=26),
)


def round_outcome(game, seat: int) -> goals.Outcome:
    """A finished match: won (the lowest total, shared), the seat's total, its place, and how many deals the
    match took (the final state's deal number: the log replayed)."""
    totals = game.scores or []
    deals = game_history(game).current.view(seat)["deal_number"]
    return goals.Outcome(won=seat in (game.winners or []), figures={
        "points": totals[seat], "deals": deals, "place": 1 + sum(1 for total in totals if total < totals[seat])})


def round_text(outcome: goals.Outcome) -> str:
    """"12 points, 2nd place"."""
    points = outcome["points"]
    return ngettext("%(points)s point, place %(place)s", "%(points)s points, place %(place)s", abs(points)) % {
        "points": points, "place": outcome["place"]}



def hands_at_the_deal(state, hands: list[list[str]]) -> list[list[str]]:
    """The dealt hands that lead to `hands` at `state`, a position right after the pass (the lesson studio shows the
    hands after it and lets an editor move cards): each seat's hand less what it received, plus what it passed.
    ValueError when `hands` no longer hold the cards the pass gave (the pass itself would change)."""
    data = state.to_dict()
    if data["deal_number"] != 1 or data["trick"] or any(data["tricks"]):
        raise ValueError(_("Cards can be moved only in the first deal, before its first card is played."))
    if any(received is None for received in data["received"]):
        return [list(hand) for hand in hands]   # the chosen cards stay in their hands until all four have passed
    dealt = []
    for seat, hand in enumerate(hands):
        received, passed = data["received"][seat], data["passes"][seat]
        missing = [card for card in received if card not in hand]
        if missing:
            raise ValueError(_("Player %(number)s keeps the cards received in the pass (%(cards)s): take the pass "
                               "back to change them.") % {"number": seat + 1, "cards": ", ".join(missing)})
        dealt.append([card for card in hand if card not in received] + list(passed))
    return dealt
