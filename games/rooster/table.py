"""Chuvash Rooster's table: the bout's attack and defence pairs, who attacks whom, the throw-in offer,
stock and discard, the players who are out and, at the end, the rooster."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy

from games.rooster.bots.knowledge import RoosterKnowledge
from games.rules.cards import RANK_INDEX, rank_of, sort_by_suit, suit_of
from games.tables import goals
from games.tables.knowledge import cards, panel, row, section, suit, text


def hand_order(cards, variant: dict[str, Any]) -> list[str]:
    """A hand grouped by suit in the order of the suits' ranking, the lowest suit first, each suit from its
    lowest card: a lead of several cards of one suit sits side by side, and strength grows from left to right."""
    return sort_by_suit(cards, list(reversed(variant["suit_order"])))


def _role(view: dict[str, Any], seat: int) -> str | None:
    if seat == view["rooster"]:
        return "rooster"
    if seat in view["out"]:
        return "out"
    if seat == view["attacker"]:
        return "attacker"
    if seat == view["defender"]:
        return "defender"
    return None


def opponent_facts(view: dict[str, Any], other: int) -> dict[str, Any]:
    return {"role": _role(view, other)}


def context(view: dict[str, Any], legal_actions: list[dict] | None, narrator, *, seat: int) -> dict[str, Any]:
    players = view["players"]
    hand = hand_order(view["hand"] or [], view["variant"])
    throwing = view["phase"] == "throw"
    extra: dict[str, Any] = {
        "phase": view["phase"], "my_role": _role(view, seat),
        "stock_size": view["stock_size"], "discard_size": view["discard_size"],
        "pairs": view["table"],
        "bout": narrator.bout(view["attacker"], view["defender"]) if view["attacker"] is not None else "",
        "throw_offer": {
            "name": narrator.name(view["current_player"]), "is_me": view["current_player"] == seat,
            "limit": view["throw_limit"], "ranks": view["throw_ranks"],
            "next": [narrator.name(other) for other in view["offer"]],
        } if throwing else None,
        "first_card_rule": (narrator.first_card_rule(view["first_card"], view["attacker"])
                            if view["first_card"] else ""),
        "rooster_line": narrator.rooster(view["rooster"]) if view["is_over"] else "",
        "status": _status(view, narrator, seat, legal_actions),
        "choices": _choices(view, legal_actions, hand) if legal_actions else None,
        "offers_next_game": view["is_over"],
    }
    if view["is_over"]:
        extra["standings"] = [
            {"name": narrator.name(other), "is_winner": other in view["winners"],
             "is_out": other in view["out"]}
            for other in [*view["out"], *(s for s in range(players) if s not in view["out"])]]
    return extra


def replay_seat(state, narrator, seat: int, cards_at) -> dict[str, Any]:
    return {}


def _status(view: dict[str, Any], narrator, seat: int, legal_actions: list[dict] | None) -> str:
    if not legal_actions:
        return ""
    phase = view["phase"]
    if phase == "attack":
        whom = narrator.whom(view["defender"])
        if view["first_card"]:
            return _("Your turn: open the game against %(whom)s with the lowest card dealt.") % {"whom": whom}
        limit = view["hand_sizes"][view["defender"]]
        if view["variant"]["multi_lead"] == "single":
            return _("Your turn: attack %(whom)s with one card.") % {"whom": whom}
        if view["variant"]["multi_lead"] == "same-rank":
            return _("Your turn: attack %(whom)s with one card or several of one rank (at most %(limit)s).") % {
                "whom": whom, "limit": limit}
        return _("Your turn: attack %(whom)s with one card or several of one suit (at most %(limit)s).") % {
            "whom": whom, "limit": limit}
    if phase == "defend":
        return _("Your turn: beat every card on the table, or take them.")
    if len(legal_actions) > 1:
        return _("Your turn: throw in a card of a rank on the table (at most %(limit)s more), or pass.") % {
            "limit": view["throw_limit"]}
    if view["throw_limit"] <= 0:
        return _("Your turn to throw in, but no more cards may go on the table: pass.")
    return _("Your turn to throw in, but you hold no card of a rank on the table: pass.")


def _choices(view: dict[str, Any], legal_actions: list[dict], hand: list[str]) -> dict[str, Any]:
    """The decisions as the move form offers them, each card where the hand holds it (hand_order)."""
    kind = legal_actions[0]["type"]
    if kind == "attack":
        playable = {card for action in legal_actions for card in action["cards"]}
        return {"kind": "attack", "cards": [card for card in hand if card in playable]}
    if kind in ("beat", "take"):
        beats: dict[str, set[str]] = {pair["attack"]: set() for pair in view["table"] if pair["beat"] is None}
        for action in legal_actions:
            if action["type"] == "beat":
                beats[action["attack"]].add(action["card"])
        return {"kind": "defend", "groups": [{"attack": attack, "cards": [card for card in hand if card in cards]}
                                             for attack, cards in beats.items()]}
    throwable = {action["cards"][0] for action in legal_actions if action["type"] == "throw"}
    return {"kind": "throw", "cards": [card for card in hand if card in throwable]}


def rules_link(view: dict, legal_actions: list[dict], narrator) -> dict | None:
    """The rules question the seat's current decision raises, and where the rules page answers it.

    `view` is the deciding seat's view and `legal_actions` its moves; the anchor names a section
    ("rule-…") or a disputed point ("dispute-…") of content/rules/rooster.json. Attacking: the first
    game's opening card, two cards of one rank that may not go together, else leading several cards.
    Defending: a card nothing in hand beats, the choice to take at once, else what beats what.
    Throwing in: what may be thrown, a card of a rank on the table the defender's hand keeps back, else
    why a seat with nothing to throw is asked.
    """
    if not legal_actions:
        return None
    kind = legal_actions[0]["type"]
    hand = hand_order(view["hand"], view["variant"])
    if kind == "attack":
        if view["first_card"]:
            card = narrator.cards([view["first_card"]], "instrumental")
            # Translators: the card in the instrumental in Russian ("семёркой червей").
            return {"anchor": "dispute-who-attacks-first", "text": _("Why must I open with %(card)s?") % {"card": card}}
        if view["variant"]["multi_lead"] == "same-suit":
            pair = next(([card, other] for card in sorted(hand, key=lambda card: RANK_INDEX[rank_of(card)])
                         for other in hand if other != card and rank_of(other) == rank_of(card)), None)
            if pair is not None:
                # Translators: two cards of one rank, in the instrumental in Russian ("шестёркой треф и шестёркой
                # бубен").
                text = _("Why can't I lead %(cards)s together?") % {"cards": narrator.cards(pair, "instrumental")}
                return {"anchor": "dispute-lead-same-rank", "text": text}
        return {"anchor": "dispute-lead-several-cards", "text": _("May I lead several cards at once?")}
    if kind in ("beat", "take"):
        answerable = {action["attack"] for action in legal_actions if action["type"] == "beat"}
        hopeless = [pair["attack"] for pair in view["table"]
                    if pair["beat"] is None and pair["attack"] not in answerable]
        if hopeless:
            card = narrator.cards(hopeless[:1], "accusative")
            # Translators: the card in the accusative in Russian ("туза треф").
            return {"anchor": "dispute-which-card-beats", "text": _("Why can't I beat %(card)s?") % {"card": card}}
        if all(pair["beat"] is None for pair in view["table"]):
            return {"anchor": "dispute-take-at-once-or-after", "text": _("Should I take at once, or start beating?")}
        return {"anchor": "rule-beating", "text": _("Which card beats which?")}
    if any(action["type"] == "throw" for action in legal_actions):
        return {"anchor": "dispute-throw-in-ranks", "text": _("Which cards may I throw in?")}
    held = [card for card in hand if rank_of(card) in view["throw_ranks"]]
    if held:
        card = narrator.cards(held[:1], "accusative")
        # Translators: the card in the accusative in Russian ("восьмёрку бубен").
        return {"anchor": "dispute-how-many-throw-in", "text": _("Why can't I throw in %(card)s?") % {"card": card}}
    return {"anchor": "dispute-throw-in-turn-order",
            "text": _("Why am I asked to throw in when I have nothing to throw?")}


def knowledge(view: dict[str, Any], narrator, *, seat: int) -> dict[str, Any]:
    """What the seat knows, by the hard bot's model (RoosterKnowledge): the suit ranking, the cards each other
    player is known to hold (picked up from the table, or the lowest card dealt, until played) and the cards
    gone to the discard."""
    model = RoosterKnowledge(view)
    order = list(view["variant"]["suit_order"])
    ranking = [part for letter in order for part in (text(">"), suit(letter, narrator))][1:]
    players = view["players"]
    holders = []
    for other in ((seat + offset) % players for offset in range(1, players)):
        size = view["hand_sizes"][other]
        if not size:
            continue
        known = sort_by_suit(model.known[other], order)
        hidden = model.hidden_count(other)
        if known:
            items = [[cards(known)]]
            if hidden:
                items.append([text(ngettext("+ %(count)s unknown", "+ %(count)s unknown", hidden) % {"count": hidden})])
        else:
            # A no-break space keeps the number with its noun.
            items = [[text(ngettext("nothing known (%(count)s\u00a0card)", "nothing known (%(count)s\u00a0cards)",
                                    size) % {"count": size})]]
        holders.append(row(narrator.name(other), items, [{"kind": "holds", "seat": other, "cards": known},
                                                         {"kind": "hidden", "seat": other, "count": hidden}]))
    discard = sort_by_suit(model.discard, order)
    gone = [row(narrator.suit_name(letter).capitalize(), [[cards(gone_cards)]],
                [{"kind": "discard", "cards": gone_cards}], label_suit=suit(letter, narrator))
            for letter in order if (gone_cards := [code for code in discard if suit_of(code) == letter])]
    if model.unnamed_discard:
        gone.append(row(_("Not named"), [[text(model.unnamed_discard)]]))
    return panel([section(_("Suit ranking"), [row(_("Highest first"), [ranking])]),
                  section(_("Known cards in other hands"), holders, empty=_("No other player holds cards.")),
                  section(_("Gone to the discard"), gone, empty=_("Nothing yet."))])


def action_from_post(data) -> dict[str, Any] | None:
    """The action the move form posts: the cards of an attack or a throw-in, a beat (the attacking card and
    the card that beats it), a take, or a pass (declining to throw in: no cards); None for another type."""
    kind = data.get("type")
    if kind in ("attack", "throw"):
        return {"type": kind, "cards": data.getlist("cards")}
    if kind == "beat":
        return {"type": "beat", "attack": data["attack"], "card": data["card"]}
    if kind in ("take", "pass"):
        return {"type": kind}
    return None


def action_form_fields(action: dict[str, Any]) -> dict[str, Any]:
    """The move form's fields that post `action` (the inverse of action_from_post)."""
    kind = action["type"]
    if kind in ("attack", "throw"):
        return {"type": kind, "cards": list(action["cards"])}
    if kind == "beat":
        return {"type": kind, "attack": action["attack"], "card": action["card"]}
    return {"type": kind}


# -- a class's goals and results (games.tables.goals) --------------------------------------------

def series_loser(view: dict[str, Any]) -> int | None:
    """The rooster of a finished game, who deals the next game of the series and is attacked first (None: no
    rooster, the game ended without one)."""
    return view.get("rooster")


CLASS_GOALS = (
    goals.RoundsWhere(
        key="not-rooster", label=gettext_lazy("not be the rooster in at least N of the games"),
        wording=ngettext_lazy("goal: not be the rooster in at least %(count)s of %(rounds)s game",
                              "goal: not be the rooster in at least %(count)s of %(rounds)s games", "rounds"),
        range_error=gettext_lazy("The number of games without being the rooster must be from 1 to the number of "
                                 "rounds."),
        progress_label=gettext_lazy("games not the rooster"),
        holds=lambda outcome: not outcome["rooster"]),
)


def round_outcome(game, seat: int) -> goals.Outcome:
    """A finished game: the seat's score is 1 when it ended as the rooster; everyone else wins."""
    return goals.Outcome(won=seat in (game.winners or []), figures={"rooster": (game.scores or [])[seat]})


def round_text(outcome: goals.Outcome) -> str:
    return _("the rooster") if outcome["rooster"] else _("not the rooster")

