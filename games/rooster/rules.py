"""Chuvash Rooster ("Чувашский петух"): a Durak relative without trumps whose suits are ranked.

The rules implemented are ../shared/rules/rooster.md (from `chuvash-rooster.ru.txt`); the points the
source leaves open are fixed there and marked *house*. A state is one game: the last player left
holding cards is the rooster. The next game of a series is `new_game(..., previous_loser=seat)`.

A bout runs: the attacker leads (phase "attack"); the defender beats card by card or takes
("defend"); whenever everything on the table is beaten, the others are offered throw-ins one by one,
the attacker first ("throw"). A state is immutable: `apply` hands the state's tuples to a `_Table`
that replaces only the hands, stock and table cards it changes, plays the action and the automatic
steps after it (clearing the bout, refills, players going out), and freezes the result again: a new
state shares everything unchanged with the old one, its log too (base.EventLog).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.rules.base import EventLog, IllegalAction, build_variant, copy_json, resolve_variant
from games.rules.cards import RANK_INDEX, RANKS, SUITS, card_short, make_deck, rank_of, suit_of
from games.rules.variant_fields import Choice, ChoiceList, Number, check_variant_fields

DECK = make_deck(RANKS[4:])                     # 36 cards, six to ace
DECK_INDEX = {card: index for index, card in enumerate(DECK)}
CARD_RANK = {card: rank_of(card) for card in DECK}
CARD_SUIT = {card: suit_of(card) for card in DECK}
STANDARD_SUIT_ORDER = ("S", "H", "D", "C")      # highest first
LEAD_RULES = ("same-suit", "single", "same-rank")
ACTION_FIELDS = {
    "attack": frozenset({"type", "cards"}), "beat": frozenset({"type", "attack", "card"}),
    "take": frozenset({"type"}), "throw": frozenset({"type", "cards"}), "pass": frozenset({"type"}),
}
PHASE_ACTIONS = {"attack": ("attack",), "defend": ("beat", "take"), "throw": ("throw", "pass")}
OFFERED = "_offered"    # a state's cache of the actions `legal_actions` last handed out, and their values


def beats(card: str, other: str, suit_order: Sequence[str] = STANDARD_SUIT_ORDER) -> bool:
    """Whether `card` beats `other`: the same suit and higher, or a higher suit and the same rank or
    higher. `suit_order` lists the suits highest first."""
    rank, other_rank = RANK_INDEX[rank_of(card)], RANK_INDEX[rank_of(other)]
    suit, other_suit = suit_order.index(suit_of(card)), suit_order.index(suit_of(other))
    if suit == other_suit:
        return rank > other_rank
    return suit < other_suit and rank >= other_rank


@functools.lru_cache(maxsize=24)
def beaten_by(suit_order: tuple[str, ...]) -> dict[str, frozenset[str]]:
    """For each card, the cards that beat it: `beats` worked out once per suit order, as listing the
    defences asks it for every pair of an unbeaten card and a card in hand."""
    return {other: frozenset(card for card in DECK if beats(card, other, suit_order)) for other in DECK}


def _sorted(cards) -> tuple[str, ...]:
    return tuple(sorted(cards, key=DECK_INDEX.__getitem__))


def _first_card_order(cards: tuple[str, ...]) -> int:
    return DECK_INDEX[cards[0]]


# What each variant field allows: the variant's check and the presets' form in the admin both read it.
VARIANT_FIELDS = (
    Number("hand_size", 1, 18),
    ChoiceList("suit_order", SUITS, each_once=True),
    Choice("multi_lead", LEAD_RULES),
)


@dataclasses.dataclass(frozen=True)
class RoosterVariant:
    hand_size: int = 6
    suit_order: tuple[str, ...] = STANDARD_SUIT_ORDER   # highest first
    multi_lead: str = "same-suit"       # several cards of one suit; or one card only; or one rank (Durak)

    def __post_init__(self) -> None:
        check_variant_fields(self, VARIANT_FIELDS)

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["suit_order"] = list(self.suit_order)
        return data

    def lowest_first(self) -> list[str]:
        """The deck from the lowest card up, the order of the search for the first attacker: by rank,
        then by suit from the lowest suit."""
        return list(_lowest_first(self.suit_order))


@functools.lru_cache(maxsize=24)
def _lowest_first(suit_order: tuple[str, ...]) -> tuple[str, ...]:
    # Worked out once per suit order: every first game of a series starts with this search.
    return tuple(sorted(DECK, key=lambda card: (RANK_INDEX[rank_of(card)], -suit_order.index(suit_of(card)))))


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "single-lead": {"multi_lead": "single"},
    "rank-lead": {"multi_lead": "same-rank"},
    "short-hands": {"hand_size": 4},
}

PRESET_DESCRIPTIONS = {
    "standard": "Six cards each; lead one card or several of one suit; spades > hearts > diamonds > clubs.",
    "single-lead": "Every attack is a single card: no leading several cards of one suit.",
    "rank-lead": "Lead one card or several of one rank, as in Durak, instead of several of one suit.",
    "short-hands": "Four cards each and refills up to four: quicker games.",
}


@dataclasses.dataclass(frozen=True)
class RoosterState:
    variant: RoosterVariant
    seed: Any
    dealer: int
    first_card: str | None              # the card the first game's first attack must be, if any
    hands: tuple[tuple[str, ...], ...]  # deck order
    stock: tuple[str, ...]              # face down, top first
    discard: tuple[str, ...]            # beaten-off cards, in the order they went
    attacker: int | None                # who leads the bout in progress
    defender: int | None
    table: tuple[tuple[str, str | None], ...]   # (attacking card, the card beating it or None), in play order
    phase: str                          # "attack", "defend", "throw" or "over"
    turn: int | None                    # seat to decide; None once the game is over
    offer: tuple[int, ...]              # seats still to be asked in this throw-in offer, after `turn`
    thrown: bool                        # the seat asked now has thrown in this turn
    out: tuple[int, ...]                # seats that went out, in order
    rooster: int | None
    events: EventLog                    # every event; "private" parts only for the event's seat

    @classmethod
    def _of(cls, fields: dict[str, Any]) -> RoosterState:
        """The state with these fields (all of them), built without the frozen dataclass's __init__,
        which sets them one by one and takes as long as the rest of a move: apply builds one per action.
        `fields` becomes the state's own dict: the caller must not keep it."""
        state = object.__new__(cls)
        object.__setattr__(state, "__dict__", fields)
        return state

    # -- the contract ------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> list[int]:
        return [1 if seat == self.rooster else 0 for seat in range(self.players)]

    @property
    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        return [seat for seat in range(self.players) if seat != self.rooster]

    @property
    def log(self) -> list[dict]:
        return self.events.seen_by(None)

    @property
    def unbeaten(self) -> list[str]:
        return [attack for attack, beating in self.table if beating is None]

    @property
    def table_ranks(self) -> set[str]:
        return {CARD_RANK[card] for pair in self.table for card in pair if card is not None}

    @property
    def throw_limit(self) -> int:
        """How many more cards may be thrown in now: unbeaten cards never outnumber the defender's hand."""
        if self.defender is None:
            return 0
        return max(0, len(self.hands[self.defender]) - len(self.unbeaten))

    def legal_actions(self) -> list[dict]:
        phase = self.phase
        if phase == "attack":
            choices = self._leads()
            actions = [{"type": "attack", "cards": [*cards]} for cards in choices]
        elif phase == "defend":
            choices = self._defences()
            actions = [{"type": "beat", "attack": attack, "card": card} for attack, card in choices]
            actions.append({"type": "take"})
        elif phase == "throw":
            choices = self._throwable()
            actions = [{"type": "throw", "cards": [card]} for card in choices]
            actions.append({"type": "pass"})
        else:
            return []
        # Remembered so that `apply` knows one of these actions again without checking it (the cache is
        # no field: states stay equal, and `_Table` leaves it behind).
        self.__dict__[OFFERED] = (tuple(actions), choices)
        return actions

    def apply(self, action: Mapping[str, Any]) -> RoosterState:
        choice = self._offered_choice(action)
        kind, value = self._checked(action) if choice is None else choice
        table = _Table(self)
        if kind == "attack":
            table.attack(value)
        elif kind == "beat":
            table.beat(*value)
        elif kind == "take":
            table.take()
        elif kind == "throw":
            table.throw(value[0])
        else:
            table.pass_offer()
        return table.freeze()

    def _offered_choice(self, action: Any) -> tuple[str, Any] | None:
        """The type and value of `action` if it is one of the actions `legal_actions` last handed out,
        still as it was handed out; None for anything else, which `_checked` then judges."""
        offered = self.__dict__.get(OFFERED)
        if offered is None or type(action) is not dict:
            return None
        handed, choices = offered
        phase = self.phase
        try:
            # Found by identity when the caller passes back one of them; the caller may have changed it
            # since, so it must still equal the action rebuilt from the remembered choice. A value the
            # caller put in may compare in any way, even raise: then the full check decides.
            index = handed.index(action)
            if index == len(choices):       # the take or the pass, listed after the choices
                kind, value = ("take" if phase == "defend" else "pass"), None
                rebuilt = {"type": kind}
            elif phase == "attack":
                kind, value = "attack", choices[index]
                rebuilt = {"type": kind, "cards": [*value]}
            elif phase == "defend":
                kind, value = "beat", choices[index]
                rebuilt = {"type": kind, "attack": value[0], "card": value[1]}
            else:
                kind, value = "throw", (choices[index],)
                rebuilt = {"type": kind, "cards": [*value]}
            if action != rebuilt:
                return None
        except Exception:
            return None
        return kind, value

    def _checked(self, action: Any) -> tuple[str, Any]:
        """The action's type and value, once it is known to be legal; IllegalAction otherwise."""
        kind, value = _parse(action)
        if self.phase == "over":
            raise IllegalAction("The game is over.", "game-over")
        if kind not in PHASE_ACTIONS[self.phase]:
            raise self._wrong_phase(kind)
        if kind == "attack":
            self._check_lead(value)
        elif kind == "beat":
            self._check_beat(*value)
        elif kind == "throw":
            self._check_throw(value)
        return kind, value

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None and not (type(seat) is int and 0 <= seat < self.players):
            raise ValueError(f"No seat {seat!r} at this table.")
        playing = self.phase != "over"
        return {
            "game": "rooster",
            "seat": seat,
            "players": self.players,
            "dealer": self.dealer,
            "variant": self.variant.to_dict(),
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(hand) for hand in self.hands],
            "stock_size": len(self.stock),
            "discard_size": len(self.discard),
            "first_card": self.first_card,
            "attacker": self.attacker,
            "defender": self.defender,
            "table": [{"attack": attack, "beat": beating} for attack, beating in self.table],
            "throw_ranks": sorted(self.table_ranks, key=RANK_INDEX.__getitem__) if playing else [],
            "throw_limit": self.throw_limit if playing else 0,
            "offer": list(self.offer),
            "out": list(self.out),
            "rooster": self.rooster,
            "current_player": self.turn,
            "phase": self.phase if playing else None,
            "scores": self.scores,
            "log": self.events.seen_by(seat),
            "is_over": self.is_over,
            "winners": self.winners,
        }

    def card_locations(self) -> dict[str, str]:
        locations = {card: f"hand:{seat}" for seat, hand in enumerate(self.hands) for card in hand}
        locations.update({card: "stock" for card in self.stock})
        locations.update({card: "discard" for card in self.discard})
        locations.update({card: "table" for pair in self.table for card in pair if card is not None})
        return locations

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "rooster",
            "variant": self.variant.to_dict(),
            "seed": self.seed,
            "dealer": self.dealer,
            "first_card": self.first_card,
            "hands": [list(hand) for hand in self.hands],
            "stock": list(self.stock),
            "discard": list(self.discard),
            "attacker": self.attacker,
            "defender": self.defender,
            "table": [list(pair) for pair in self.table],
            "phase": self.phase,
            "turn": self.turn,
            "offer": list(self.offer),
            "thrown": self.thrown,
            "out": list(self.out),
            "rooster": self.rooster,
            "events": [copy_json(event) for event in self.events],
        }

    # -- what may be played ------------------------------------------------------------------
    def _leads(self) -> list[tuple[str, ...]]:
        """Every legal lead, in a stable order: the opening card alone, or by the lead rule, grouped by
        suit (or rank) in deck order, shorter leads first."""
        if self.first_card is not None:
            return [(self.first_card,)]
        hand = self.hands[self.attacker]
        limit = len(self.hands[self.defender])
        rule = self.variant.multi_lead
        if rule == "single":
            return [(card,) for card in hand]
        leads = [(card,) for card in hand] if limit >= 1 else []
        if limit < 2:
            return leads
        key = CARD_SUIT if rule == "same-suit" else CARD_RANK
        by_key: dict[str, list[str]] = {}
        for card in hand:
            by_key.setdefault(key[card], []).append(card)
        # The hand is in deck order, so each group's combinations of one size come in deck order, and
        # leads from different groups differ in their first card: sorting a size's leads by their first
        # card alone puts them in deck order.
        groups = list(by_key.values())
        for size in range(2, limit + 1):
            groups = [group for group in groups if len(group) >= size]
            if len(groups) == 1:
                leads.extend(itertools.combinations(groups[0], size))
            elif groups:
                of_size = [cards for group in groups for cards in itertools.combinations(group, size)]
                of_size.sort(key=_first_card_order)
                leads.extend(of_size)
            else:
                break
        return leads

    def _defences(self) -> list[tuple[str, str]]:
        """Every (unbeaten card, card beating it) the defender may play, in table order, then hand order."""
        hand, beaters = self.hands[self.defender], beaten_by(self.variant.suit_order)
        defences = []
        for attack in self.unbeaten:
            beating = beaters[attack]
            defences += [(attack, card) for card in hand if card in beating]
        return defences

    def _throwable(self) -> list[str]:
        if self.throw_limit <= 0:
            return []
        # The ranks of the cards on the table, and None for a missing beater, which no card has.
        ranks = set(map(CARD_RANK.get, itertools.chain.from_iterable(self.table)))
        return [card for card in self.hands[self.turn] if CARD_RANK[card] in ranks]

    # -- checking actions ------------------------------------------------------------------
    def _wrong_phase(self, kind: str) -> IllegalAction:
        if self.phase == "attack":
            return IllegalAction("Now you must lead: attack with one card or several of one suit.",
                                 "must-attack", phase=self.phase)
        if self.phase == "defend":
            return IllegalAction("Now you must beat the cards on the table or take them.", "must-defend",
                                 phase=self.phase)
        return IllegalAction("Now you may throw in a card of a rank on the table, or pass.", "must-throw-or-pass",
                             phase=self.phase)

    def _check_lead(self, cards: tuple[str, ...]) -> None:
        hand = self.hands[self.attacker]
        missing = [card for card in cards if card not in hand]
        if missing:
            raise IllegalAction(f"You do not hold the {card_short(missing[0])}.", "not-in-hand", card=missing[0])
        if self.first_card is not None and cards != (self.first_card,):
            raise IllegalAction(f"The first attack of the game is the {card_short(self.first_card)} alone.",
                                "first-card", card=self.first_card)
        limit = len(self.hands[self.defender])
        if len(cards) > limit:
            raise IllegalAction(f"You may lead at most {limit} card{'s' if limit > 1 else ''}: "
                                "as many as the defender holds.", "lead-limit", limit=limit)
        rule = self.variant.multi_lead
        if len(cards) > 1:
            if rule == "single":
                raise IllegalAction("Lead one card only.", "lead-single")
            if rule == "same-suit" and len({CARD_SUIT[card] for card in cards}) > 1:
                raise IllegalAction("Several cards may be led only if they are all of one suit.", "lead-one-suit")
            if rule == "same-rank" and len({CARD_RANK[card] for card in cards}) > 1:
                raise IllegalAction("Several cards may be led only if they are all of one rank.", "lead-one-rank")

    def _check_beat(self, attack: str, card: str) -> None:
        if (attack, None) not in self.table:
            if any(pair[0] == attack for pair in self.table):
                raise IllegalAction(f"The {card_short(attack)} is already beaten.", "already-beaten", attack=attack)
            raise IllegalAction(f"The {card_short(attack)} is not on the table to beat.", "not-on-table",
                                attack=attack)
        if card not in self.hands[self.defender]:
            raise IllegalAction(f"You do not hold the {card_short(card)}.", "not-in-hand", card=card)
        if card not in beaten_by(self.variant.suit_order)[attack]:
            raise IllegalAction(f"The {card_short(card)} does not beat the {card_short(attack)}: beat with a higher "
                                "card of its suit, or a card of a higher suit and at least its rank.",
                                "does-not-beat", card=card, attack=attack)

    def _check_throw(self, cards: tuple[str, ...]) -> None:
        if len(cards) != 1:
            raise IllegalAction("Throw in one card at a time.", "throw-one")
        card = cards[0]
        if card not in self.hands[self.turn]:
            raise IllegalAction(f"You do not hold the {card_short(card)}.", "not-in-hand", card=card)
        if rank_of(card) not in self.table_ranks:
            raise IllegalAction("Throw in only a card of a rank already on the table.", "throw-rank", card=card)
        if self.throw_limit <= 0:
            raise IllegalAction("No more cards may be thrown in: the unbeaten cards would outnumber the "
                                "defender's hand.", "throw-limit")


def _parse(action: Any) -> tuple[str, Any]:
    """The action's type and value (cards in deck order, or an (attack, card) pair), its shape checked."""
    # A dict is a Mapping: its type is checked first, as isinstance against an ABC takes longer.
    if type(action) is not dict and not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
        raise IllegalAction("That is not an action: expected a type such as attack, beat, take, throw or pass.",
                            "not-an-action")
    kind = action["type"]
    fields = ACTION_FIELDS.get(kind)
    if fields is None:
        raise IllegalAction(f"Chuvash Rooster has no '{kind}' action.", "unknown-type", type=kind)
    if action.keys() != fields:
        raise IllegalAction(f"A {kind} action takes exactly: {', '.join(sorted(fields))}.", "fields",
                            type=kind, fields=sorted(fields))
    if kind in ("attack", "throw"):
        cards = action["cards"]
        if not isinstance(cards, (list, tuple)) or not cards:
            raise IllegalAction("Name the cards as a non-empty list.", "cards-list")
        for card in cards:
            _check_card(card)
        if len(cards) == 1:
            return kind, tuple(cards)
        if len(set(cards)) != len(cards):
            raise IllegalAction("Name each card once.", "cards-twice")
        return kind, _sorted(cards)
    if kind == "beat":
        _check_card(action["attack"])
        _check_card(action["card"])
        return kind, (action["attack"], action["card"])
    return kind, None


def _check_card(card: Any) -> None:
    if not (isinstance(card, str) and card in DECK_INDEX):
        shown = card if isinstance(card, str) else repr(card)
        raise IllegalAction(f"There is no card {shown!r} in this deck.", "not-a-card", card=shown)


class _Table:
    """A working copy of a state, used only inside `apply` and when a game starts. It starts from the
    state's own tuples and replaces only the hands, stock and table cards the move changes (hands stay
    in deck order), so the frozen result shares the rest with the old state."""

    # Slots: a move copies every field in and out, which is quicker to and from slots than a dict.
    __slots__ = ("variant", "seed", "dealer", "first_card", "hands", "stock", "discard", "attacker", "defender",
                 "table", "phase", "turn", "offer", "thrown", "out", "rooster", "old_events", "events", "players")

    def __init__(self, state: RoosterState | None = None) -> None:
        if state is None:
            return
        self.variant, self.seed, self.dealer, self.first_card = (state.variant, state.seed, state.dealer,
                                                                 state.first_card)
        self.hands, self.stock, self.discard = list(state.hands), state.stock, state.discard
        self.attacker, self.defender, self.table = state.attacker, state.defender, list(state.table)
        self.phase, self.turn, self.offer, self.thrown = state.phase, state.turn, state.offer, state.thrown
        self.out, self.rooster = state.out, state.rooster
        self.old_events, self.events = state.events, []     # the events of this move go after the old ones
        self.players = len(self.hands)

    @classmethod
    def game(cls, variant: RoosterVariant, seed: Any, dealer: int, hands: list[list[str]], stock: list[str],
             discard: list[str], previous_loser: int | None) -> _Table:
        table = cls()
        table.variant, table.seed, table.dealer = variant, seed, dealer
        table.hands, table.stock, table.discard = [_sorted(hand) for hand in hands], tuple(stock), tuple(discard)
        table.players = len(hands)
        table.table, table.offer, table.thrown, table.out, table.rooster = [], (), False, (), None
        table.old_events, table.events = EventLog(), []
        table.first_card = None
        table.events.append({"type": "deal", "seat": dealer, "hand_sizes": [len(hand) for hand in table.hands],
                             "stock_size": len(table.stock), "discard_size": len(table.discard),
                             "previous_loser": previous_loser})
        holders = [seat for seat, hand in enumerate(table.hands) if hand]
        if len(holders) < 2:
            raise ValueError("At least two players must hold cards when a game starts.")
        if previous_loser is None:
            # The first game: the lowest card dealt opens, alone, against the next player.
            in_hands = {card: seat for seat, hand in enumerate(table.hands) for card in hand}
            table.first_card = next(card for card in variant.lowest_first() if card in in_hands)
            attacker = in_hands[table.first_card]
            table.events.append({"type": "first-attacker", "seat": attacker, "card": table.first_card})
        else:
            # The seat before the loser attacks the loser: if either holds nothing, the nearest holders.
            attacker = table.holder_from(previous_loser - 1, step=-1)
        table.start_bout(attacker)
        return table

    def freeze(self) -> RoosterState:
        return RoosterState._of({
            "variant": self.variant, "seed": self.seed, "dealer": self.dealer, "first_card": self.first_card,
            "hands": tuple(self.hands), "stock": self.stock, "discard": self.discard, "attacker": self.attacker,
            "defender": self.defender, "table": tuple(self.table), "phase": self.phase, "turn": self.turn,
            "offer": self.offer, "thrown": self.thrown, "out": self.out, "rooster": self.rooster,
            "events": self.old_events.extended(self.events),
        })

    def holder_from(self, seat: int, step: int = 1) -> int:
        """The first seat from `seat` on (clockwise, or counter-clockwise with step -1) holding cards."""
        for offset in range(self.players):
            candidate = (seat + step * offset) % self.players
            if self.hands[candidate]:
                return candidate
        raise AssertionError("nobody holds cards")

    def start_bout(self, attacker: int) -> None:
        self.attacker, self.defender = attacker, self.holder_from(attacker + 1)
        self.table, self.offer, self.thrown = [], (), False
        self.phase, self.turn = "attack", attacker

    def remove(self, seat: int, cards: Sequence[str]) -> None:
        hand = self.hands[seat]
        if len(cards) == 1:         # a beat or a throw: slicing around it is quicker than filtering
            index = hand.index(cards[0])
            self.hands[seat] = hand[:index] + hand[index + 1:]
        else:
            self.hands[seat] = tuple([card for card in hand if card not in cards])

    # -- the player's decisions ------------------------------------------------------------
    def attack(self, cards: tuple[str, ...]) -> None:
        self.remove(self.attacker, cards)
        self.first_card = None
        self.table = [(card, None) for card in cards]
        self.events.append({"type": "attack", "seat": self.attacker, "target": self.defender, "cards": list(cards)})
        self.phase, self.turn = "defend", self.defender

    def beat(self, attack: str, card: str) -> None:
        self.remove(self.defender, (card,))
        self.table[self.table.index((attack, None))] = (attack, card)
        self.events.append({"type": "beat", "seat": self.defender, "attack": attack, "card": card})
        if None not in [beating for _, beating in self.table]:
            self.all_beaten()

    def all_beaten(self) -> None:
        """Everything on the table is beaten: throw-ins are offered, the attacker first, unless the
        defender has nothing left to beat with or nobody else holds cards."""
        if not self.hands[self.defender]:
            self.end_bout(taken=False)
            return
        attacker, defender, players, hands = self.attacker, self.defender, self.players, self.hands
        askable = [seat for seat in ((attacker + offset) % players for offset in range(players))
                   if seat != defender and hands[seat]]
        if not askable:
            self.end_bout(taken=False)
            return
        self.phase, self.turn, self.offer, self.thrown = "throw", askable[0], tuple(askable[1:]), False

    def throw(self, card: str) -> None:
        self.remove(self.turn, (card,))
        self.table.append((card, None))
        self.thrown = True
        self.events.append({"type": "throw", "seat": self.turn, "target": self.defender, "cards": [card]})

    def pass_offer(self) -> None:
        self.events.append({"type": "pass", "seat": self.turn})
        if self.thrown:
            self.phase, self.turn, self.offer, self.thrown = "defend", self.defender, (), False
        elif self.offer:
            self.turn, self.offer = self.offer[0], self.offer[1:]
        else:
            self.end_bout(taken=False)

    def take(self) -> None:
        cards = _sorted([card for pair in self.table for card in pair if card is not None])
        self.hands[self.defender] = _sorted(self.hands[self.defender] + cards)
        self.events.append({"type": "take", "seat": self.defender, "cards": list(cards)})
        self.end_bout(taken=True)

    # -- the automatic steps -----------------------------------------------------------------
    def end_bout(self, taken: bool) -> None:
        if not taken:
            cards = [card for pair in self.table for card in pair if card is not None]
            self.discard += tuple(cards)
            self.events.append({"type": "beaten-off", "seat": self.defender, "cards": cards})
        self.table, self.offer, self.thrown = [], (), False
        self.refill()
        for seat in range(self.players):
            if not self.hands[seat] and seat not in self.out:
                self.out = (*self.out, seat)
                self.events.append({"type": "out", "seat": seat})
        holders = [seat for seat, hand in enumerate(self.hands) if hand]
        if len(holders) <= 1:
            self.rooster = holders[0] if holders else None
            self.phase, self.turn, self.attacker, self.defender = "over", None, None, None
            self.events.append({"type": "end", "seat": self.rooster, "rooster": self.rooster,
                                "winners": [seat for seat in range(self.players) if seat != self.rooster]})
            return
        # Beaten off: the defender attacks next; taken: the player after the defender.
        self.start_bout(self.holder_from(self.defender + (1 if taken else 0)))

    def refill(self) -> None:
        """Players short of a full hand draw from the stock: the bout's attacker first, then clockwise."""
        hand_size, players = self.variant.hand_size, self.players
        for offset in range(players):
            if not self.stock:
                return
            seat = (self.attacker + offset) % players
            count = min(hand_size - len(self.hands[seat]), len(self.stock))
            if count <= 0:
                continue
            drawn, self.stock = self.stock[:count], self.stock[count:]
            self.hands[seat] = _sorted(self.hands[seat] + drawn)
            self.events.append({"type": "draw", "seat": seat, "count": count, "private": {"cards": list(drawn)}})


def deal_hands(deck: Sequence[str], players: int, dealer: int, hand_size: int) -> list[list[str]]:
    """`hand_size` cards each, one at a time, starting to the dealer's left."""
    hands: list[list[str]] = [[] for _ in range(players)]
    for index, card in enumerate(deck[:players * hand_size]):
        hands[(dealer + 1 + index) % players].append(card)
    return hands


class Rooster:
    key = "rooster"
    title = "Chuvash Rooster"
    min_players = 2
    max_players = 6
    presets = PRESETS
    preset_descriptions = PRESET_DESCRIPTIONS
    variant_fields = VARIANT_FIELDS

    def variant(self, preset: str = "standard", **fields: Any) -> RoosterVariant:
        return build_variant(RoosterVariant, PRESETS, self.title, preset, **fields)

    def _check_table(self, players: Any, dealer: Any, previous_loser: Any) -> None:
        # bool is an int subclass: True must not pass for a number.
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(f"Chuvash Rooster takes {self.min_players} to {self.max_players} players.")
        for name, seat in (("dealer", dealer), ("previous loser", previous_loser)):
            if seat is not None and (type(seat) is not int or not 0 <= seat < players):
                raise ValueError(f"The {name} must be a seat from 0 to {players - 1}.")

    def new_game(self, players: int, seed: Any = 0, variant: Any = None, dealer: int = 0,
                 previous_loser: int | None = None) -> RoosterState:
        variant = resolve_variant(self, RoosterVariant, variant)
        self._check_table(players, dealer, previous_loser)
        if variant.hand_size * players > len(DECK):
            raise ValueError(f"{players} hands of {variant.hand_size} cards need more than the {len(DECK)}-card deck.")
        if previous_loser is not None:
            dealer = previous_loser                 # the loser deals the next game
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        hands = deal_hands(deck, players, dealer, variant.hand_size)
        stock = deck[players * variant.hand_size:]
        return _Table.game(variant, seed, dealer, hands, stock, [], previous_loser).freeze()

    def from_deal(self, hands: Sequence[Sequence[str]], stock: Sequence[str] = (), variant: Any = None,
                  dealer: int = 0, seed: Any = 0, previous_loser: int | None = None,
                  discard: Sequence[str] = ()) -> RoosterState:
        """An explicit position at the start of a game. Lessons may start late in a game: the cards
        already beaten off are `discard`, and hands may hold any number of cards."""
        variant = resolve_variant(self, RoosterVariant, variant)
        for name, cards in (("hands", hands), ("stock", stock), ("discard", discard)):
            if isinstance(cards, str) or not isinstance(cards, Sequence):
                raise ValueError(f"Rooster {name} must be a list.")
        if any(isinstance(hand, str) or not isinstance(hand, Sequence) for hand in hands):
            raise ValueError("Rooster hands are a list of card lists, one per seat.")
        self._check_table(len(hands), dealer, previous_loser)
        if previous_loser is not None:
            dealer = previous_loser
        cards = [card for hand in hands for card in hand] + list(stock) + list(discard)
        bad = [card for card in cards if card not in DECK_INDEX]
        if bad:
            raise ValueError(f"{bad[0]!r} is not a card of the 36-card deck.")
        if len(cards) != len(set(cards)) or len(cards) != len(DECK):
            missing = sorted(set(DECK) - set(cards), key=DECK_INDEX.__getitem__)
            doubled = sorted({card for card in cards if cards.count(card) > 1}, key=DECK_INDEX.__getitem__)
            raise ValueError(f"The deal must be exactly the 36-card deck (missing {missing}, dealt twice {doubled}).")
        return _Table.game(variant, seed, dealer, [list(hand) for hand in hands], list(stock), list(discard),
                           previous_loser).freeze()

    def state_from_dict(self, data: Mapping[str, Any]) -> RoosterState:
        if data.get("game") != self.key:
            raise ValueError("That is not a Chuvash Rooster state.")
        return RoosterState(
            variant=resolve_variant(self, RoosterVariant, data["variant"]), seed=data["seed"], dealer=data["dealer"],
            first_card=data["first_card"], hands=tuple(tuple(hand) for hand in data["hands"]),
            stock=tuple(data["stock"]), discard=tuple(data["discard"]), attacker=data["attacker"],
            defender=data["defender"], table=tuple(tuple(pair) for pair in data["table"]), phase=data["phase"],
            turn=data["turn"], offer=tuple(data["offer"]), thrown=data["thrown"], out=tuple(data["out"]),
            rooster=data["rooster"], events=EventLog(copy_json(event) for event in data["events"]),
        )


ROOSTER = Rooster()
