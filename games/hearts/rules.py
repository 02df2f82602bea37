"""Hearts ("Червы"): four players avoid taking hearts and the queen of spades — or take them all.

The rules implemented are ../shared/rules/hearts.md; the standard preset is the house variant of
`hearts.ru.txt` (Pagat's basic game), the other presets are the alternatives it names.

A state is a whole match (deals until someone reaches `end_at`). It is immutable: `apply` copies
the state into a `_Table` (plain lists sharing the state's tuples), plays the action and every
automatic step that follows (the exchange of passed cards, the scoring, the next deal), and freezes
the result again. Random playouts call `legal_actions` and `apply` in a tight loop, so a card play
that does not end the deal, and a pass before the dealer's, skip the `_Table` and work on the state's
fields directly (`_play_card`, `_pass_cards`); the playable cards are computed once per state, and
for the next player of a trick straight from the led suit.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.rules.base import EventLog, IllegalAction, build_variant, copy_json, resolve_variant
from games.rules.cards import RANKS, SUIT_NAMES, card_short, is_card, make_deck
from games.rules.variant_fields import Choice, ChoiceList, Number, check_variant_fields

PLAYERS = 4
HAND_SIZE = 13
DECK = make_deck(RANKS)
DECK_INDEX = {card: index for index, card in enumerate(DECK)}
RANK_ORDER = {card: index // 4 for index, card in enumerate(DECK)}
POINTS = {card: 1 if card[-1] == "H" else 13 if card == "QS" else 0 for card in DECK}
MOON_POINTS = 26
DIRECTIONS = ("left", "right", "across", "none")
PASS_OFFSET = {"left": 1, "right": PLAYERS - 1, "across": 2}
MOON_CHOICES = ("add", "subtract")
HEART_BREAKERS = frozenset(card for card in DECK if card[-1] == "H" or card == "QS")
ACTION_FIELDS = {"pass": frozenset({"type", "cards"}), "play": frozenset({"type", "card"}),
                 "moon": frozenset({"type", "choice"})}


def _sorted(cards) -> tuple[str, ...]:
    return tuple(sorted(cards, key=DECK_INDEX.__getitem__))


# What each variant field allows: the variant's check and the presets' form in the admin both read it.
VARIANT_FIELDS = (
    ChoiceList("pass_cycle", DIRECTIONS, min_length=1, max_length=12),
    Choice("qs_breaks_hearts", ("never", "when-discarded", "when-played")),
    Choice("hearts_broken_by", ("discard", "any-heart")),
    Choice("points_on_first_trick", ("never-unless-forced", "allowed")),
    Choice("moon", ("add-to-others", "subtract", "choice")),
    Number("end_at", 1, 1000),
    Choice("tie", ("shared", "play-on")),
)


@dataclasses.dataclass(frozen=True)
class HeartsVariant:
    pass_cycle: tuple[str, ...] = ("left", "right", "across", "none")   # by deal number, repeating
    qs_breaks_hearts: str = "never"                 # or "when-discarded" (Bicycle), "when-played" (OpenSpiel)
    hearts_broken_by: str = "discard"               # or "any-heart": a led or followed heart breaks too
    points_on_first_trick: str = "never-unless-forced"
    moon: str = "add-to-others"
    end_at: int = 100
    tie: str = "shared"

    def __post_init__(self) -> None:
        check_variant_fields(self, VARIANT_FIELDS)

    def pass_direction(self, deal_number: int) -> str:
        return self.pass_cycle[(deal_number - 1) % len(self.pass_cycle)]

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["pass_cycle"] = list(self.pass_cycle)
        return data


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "bicycle": {"qs_breaks_hearts": "when-discarded"},
    "moon-subtract": {"moon": "subtract"},
    "moon-choice": {"moon": "choice"},
    "short-50": {"end_at": 50},
    "play-on-ties": {"tie": "play-on"},
    "openspiel": {"qs_breaks_hearts": "when-played", "hearts_broken_by": "any-heart"},
}

PRESET_DESCRIPTIONS = {
    "standard": "Pass left, right, across, then none; only a discarded heart breaks hearts; the match ends at 100.",
    "bicycle": "As Bicycle's rules: a discarded queen of spades breaks hearts too.",
    "moon-subtract": "Shooting the moon subtracts 26 from the shooter's own total instead of adding 26 to the others.",
    "moon-choice": "The moon shooter chooses: 26 off their own total or 26 onto each other player's.",
    "short-50": "A short match that ends once someone reaches 50 points.",
    "play-on-ties": "If the lowest total is tied at the end, further deals are played until one player leads alone.",
    "openspiel": "OpenSpiel's defaults, for cross-checking: any heart or queen of spades played breaks hearts.",
}


@dataclasses.dataclass(frozen=True)
class HeartsState:
    variant: HeartsVariant
    seed: Any
    dealer: int                                     # of the current deal
    deal_number: int                                # 1 for the first deal of the match
    hands: tuple[tuple[str, ...], ...]              # deck order; passed cards stay until the exchange
    passes: tuple[tuple[str, ...] | None, ...]      # the cards each seat chose to pass this deal
    received: tuple[tuple[str, ...] | None, ...]    # the cards each seat received this deal
    trick: tuple[tuple[int, str], ...]              # (seat, card) in play order, the trick in progress
    leader: int | None                              # who leads the trick in progress (play phase only)
    last_trick: tuple[int, tuple[tuple[int, str], ...]] | None   # (winner, plays) of this deal
    tricks: tuple[tuple[str, ...], ...]             # cards taken by each seat this deal
    hearts_broken: bool
    totals: tuple[int, ...]                         # match totals of the completed deals
    turn: int | None                                # seat to decide; None once the match is over
    phase: str                                      # "pass", "play", "moon" or "over"
    winner_seats: tuple[int, ...]
    events: EventLog                                # every event; "private" parts only for the event's seat

    def __post_init__(self) -> None:
        # Not a field: the cards the player to move may play, derived once per state (see _new_state).
        object.__setattr__(self, "_playable", _playable_cards(self.__dict__))

    # -- the contract ------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return PLAYERS

    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.turn is None

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    @property
    def winners(self) -> list[int]:
        return list(self.winner_seats)

    @property
    def log(self) -> list[dict]:
        return self.events.seen_by(None)

    @property
    def pass_direction(self) -> str:
        return self.variant.pass_direction(self.deal_number)

    @property
    def first_trick(self) -> bool:
        """No trick of this deal is complete yet (and the deal is still being played)."""
        return self.phase in ("pass", "play") and not any(self.tricks)

    def legal_actions(self) -> list[dict]:
        if self.phase == "play":
            return [{"type": "play", "card": card} for card in self._playable]
        if self.phase == "pass":
            return [{"type": "pass", "cards": [first, second, third]}
                    for first, second, third in itertools.combinations(self.hands[self.turn], 3)]
        if self.phase == "moon":
            return [{"type": "moon", "choice": choice} for choice in MOON_CHOICES]
        return []

    def apply(self, action: Mapping[str, Any]) -> HeartsState:
        # The common cases first: a legal card play or pass as legal_actions() lists them (random
        # playouts spend most of their time here); anything else is checked in full below.
        if type(action) is dict and len(action) == 2:
            kind = action.get("type")
            if kind == "play":
                card = action.get("card")
                if type(card) is str and card in self._playable:
                    return _play_card(self, card)
            elif kind == "pass" and self.phase == "pass":
                cards = action.get("cards")
                if (type(cards) is list and len(cards) == 3 and all(card in self.hands[self.turn] for card in cards)
                        and len(set(cards)) == 3):
                    return _pass_cards(self, _sorted(cards))
        kind, value = _parse(action)
        if kind != self.phase:
            raise self._wrong_phase(kind)
        if kind == "play":
            if value not in self._playable:
                raise self._why_unplayable(value)
            return _play_card(self, value)
        if kind == "pass":
            hand = self.hands[self.turn]
            missing = [card for card in value if card not in hand]
            if missing:
                raise IllegalAction(f"You do not hold the {card_short(missing[0])}.", "not-in-hand", card=missing[0])
            return _pass_cards(self, value)
        else:
            table = _Table(self)
            table.choose_moon(value)
        return table.freeze()

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < PLAYERS):
            raise ValueError(f"No seat {seat!r} at this table.")
        last_trick = None
        if self.last_trick is not None:
            winner, plays = self.last_trick
            last_trick = {"winner": winner, "cards": [{"seat": s, "card": card} for s, card in plays]}
        own = seat is not None
        return {
            "game": "hearts",
            "seat": seat,
            "players": PLAYERS,
            "dealer": self.dealer,
            "deal_number": self.deal_number,
            "pass_direction": self.pass_direction,
            "variant": self.variant.to_dict(),
            "hand": list(self.hands[seat]) if own else None,
            "hand_sizes": [len(hand) for hand in self.hands],
            "passed": [cards is not None for cards in self.passes],
            "my_pass": list(self.passes[seat]) if own and self.passes[seat] is not None else None,
            "received": list(self.received[seat]) if own and self.received[seat] is not None else None,
            "trick": [{"seat": s, "card": card} for s, card in self.trick],
            "leader": self.leader,
            "last_trick": last_trick,
            "tricks_taken": [len(pile) // PLAYERS for pile in self.tricks],
            "points_taken": [sum(POINTS[card] for card in pile) for pile in self.tricks],
            "hearts_broken": self.hearts_broken,
            "first_trick": self.first_trick,
            "scores": self.scores,
            "current_player": self.turn,
            "phase": self.phase if self.turn is not None else None,
            "log": self.events.seen_by(seat),
            "is_over": self.is_over,
            "winners": self.winners,
        }

    def card_locations(self) -> dict[str, str]:
        locations = {card: f"hand:{seat}" for seat, hand in enumerate(self.hands) for card in hand}
        locations.update({card: "table" for _, card in self.trick})
        locations.update({card: f"tricks:{seat}" for seat, pile in enumerate(self.tricks) for card in pile})
        return locations

    def to_dict(self) -> dict[str, Any]:
        last_trick = None
        if self.last_trick is not None:
            last_trick = [self.last_trick[0], [list(play) for play in self.last_trick[1]]]
        return {
            "game": "hearts",
            "variant": self.variant.to_dict(),
            "seed": self.seed,
            "dealer": self.dealer,
            "deal_number": self.deal_number,
            "hands": [list(hand) for hand in self.hands],
            "passes": [list(cards) if cards is not None else None for cards in self.passes],
            "received": [list(cards) if cards is not None else None for cards in self.received],
            "trick": [list(play) for play in self.trick],
            "leader": self.leader,
            "last_trick": last_trick,
            "tricks": [list(pile) for pile in self.tricks],
            "hearts_broken": self.hearts_broken,
            "totals": list(self.totals),
            "turn": self.turn,
            "phase": self.phase,
            "winners": list(self.winner_seats),
            "events": [copy_json(event) for event in self.events],
        }

    # -- checking actions ------------------------------------------------------------------
    def _wrong_phase(self, kind: str) -> IllegalAction:
        if self.turn is None:
            return IllegalAction("The game is over.", "game-over")
        if kind == "pass" and any(cards is not None for cards in self.passes):
            return IllegalAction("The cards have already been passed in this deal.", "already-passed",
                                 phase=self.phase)
        expected = {"pass": "pass three cards", "play": "play a card",
                    "moon": "choose how to score your moon shot"}[self.phase]
        return IllegalAction(f"Now you must {expected}.", "wrong-phase", phase=self.phase)

    def _why_unplayable(self, card: str) -> IllegalAction:
        hand = self.hands[self.turn]
        if card not in hand:
            return IllegalAction(f"You do not hold the {card_short(card)}.", "not-in-hand", card=card)
        if not self.trick:
            if not any(self.tricks):
                return IllegalAction("The first trick is led with the 2♣.", "lead-two-of-clubs")
            if [other for other in hand if other[-1] != "H"] == ["QS"]:
                return IllegalAction("Hearts are not broken yet: with only the Q♠ besides hearts, lead the Q♠.",
                                     "queen-before-hearts")
            return IllegalAction("Hearts are not broken yet: lead another suit.", "hearts-not-broken")
        led = self.trick[0][1][-1]
        if any(other[-1] == led for other in hand):
            return IllegalAction(f"You must follow suit: play {SUIT_NAMES[led]}.", "follow-suit", suit=led)
        return IllegalAction("No hearts and no Q♠ in the first trick while you hold another card.",
                             "no-points-first-trick", card=card)


def _parse(action: Any) -> tuple[str, Any]:
    """The action's type and its value (a card, three cards in deck order, or a moon choice),
    with its shape checked."""
    if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
        raise IllegalAction("That is not an action: expected a type such as pass, play or moon.", "not-an-action")
    kind = action["type"]
    fields = ACTION_FIELDS.get(kind)
    if fields is None:
        raise IllegalAction(f"Hearts has no '{kind}' action.", "unknown-type", type=kind)
    if action.keys() != fields:
        raise IllegalAction(f"A {kind} action takes exactly: {', '.join(sorted(fields))}.", "fields",
                            type=kind, fields=sorted(fields))
    if kind == "play":
        card = action["card"]
        if not is_card(card):
            raise IllegalAction(f"There is no card {card!r}.", "not-a-card", card=_shown(card))
        return kind, card
    if kind == "pass":
        cards = action["cards"]
        if not isinstance(cards, (list, tuple)):
            raise IllegalAction("Pass exactly three different cards, as a list.", "pass-three")
        for card in cards:
            if not is_card(card):
                raise IllegalAction(f"There is no card {card!r}.", "not-a-card", card=_shown(card))
        if len(cards) != 3 or len(set(cards)) != 3:
            raise IllegalAction("Pass exactly three different cards.", "pass-three")
        return kind, _sorted(cards)
    choice = action["choice"]
    if not isinstance(choice, str) or choice not in MOON_CHOICES:
        raise IllegalAction("Choose 'add' (26 to each other player) or 'subtract' (26 off your own total).",
                            "moon-choice")
    return kind, choice


def _shown(value: Any) -> str:
    return value if isinstance(value, str) else repr(value)


class _Table:
    """A mutable working copy of a state, used only inside `apply` and when a match starts.

    Lists of the state's tuples: an action replaces the tuples it changes and shares the rest.
    """

    __slots__ = ("variant", "seed", "dealer", "deal_number", "hands", "passes", "received", "trick", "leader",
                 "last_trick", "tricks", "hearts_broken", "totals", "turn", "phase", "winners", "old_events",
                 "events")

    def __init__(self, state: HeartsState | None = None) -> None:
        if state is None:
            return
        self.variant, self.seed, self.dealer, self.deal_number = (state.variant, state.seed, state.dealer,
                                                                  state.deal_number)
        self.hands, self.passes, self.received = list(state.hands), list(state.passes), list(state.received)
        self.trick, self.leader, self.last_trick = list(state.trick), state.leader, state.last_trick
        self.tricks, self.hearts_broken, self.totals = list(state.tricks), state.hearts_broken, state.totals
        self.turn, self.phase, self.winners = state.turn, state.phase, state.winner_seats
        self.old_events, self.events = state.events, []

    @classmethod
    def match(cls, variant: HeartsVariant, seed: Any, dealer: int, hands: list[list[str]]) -> _Table:
        table = cls()
        table.variant, table.seed, table.totals, table.winners = variant, seed, (0,) * PLAYERS, ()
        table.old_events, table.events = EventLog(), []
        table.start_deal(1, dealer, hands)
        return table

    def freeze(self) -> HeartsState:
        return _new_state({
            "variant": self.variant, "seed": self.seed, "dealer": self.dealer, "deal_number": self.deal_number,
            "hands": tuple(self.hands), "passes": tuple(self.passes), "received": tuple(self.received),
            "trick": tuple(self.trick), "leader": self.leader, "last_trick": self.last_trick,
            "tricks": tuple(self.tricks), "hearts_broken": self.hearts_broken, "totals": tuple(self.totals),
            "turn": self.turn, "phase": self.phase, "winner_seats": tuple(self.winners),
            "events": self.old_events.extended(self.events),
        })

    # -- deals -----------------------------------------------------------------------------
    def start_deal(self, deal_number: int, dealer: int, hands: list[list[str]]) -> None:
        self.deal_number, self.dealer = deal_number, dealer
        self.hands = [_sorted(hand) for hand in hands]
        self.passes, self.received = [None] * PLAYERS, [None] * PLAYERS
        self.trick, self.leader, self.last_trick = [], None, None
        self.tricks, self.hearts_broken = [()] * PLAYERS, False
        direction = self.variant.pass_direction(deal_number)
        self.events.append({"type": "deal", "seat": dealer, "deal_number": deal_number, "pass": direction,
                            "hand_sizes": [len(hand) for hand in self.hands]})
        if direction == "none":
            self.events.append({"type": "no-pass", "seat": None})
            self.start_play()
        else:
            self.phase, self.turn = "pass", (dealer + 1) % PLAYERS

    def next_deal(self) -> None:
        deal_number, dealer = self.deal_number + 1, (self.dealer + 1) % PLAYERS
        deck = list(DECK)
        random.Random(f"{self.seed}-deal-{deal_number}").shuffle(deck)
        self.start_deal(deal_number, dealer, deal_hands(deck, dealer))

    def start_play(self) -> None:
        leader = next(seat for seat, hand in enumerate(self.hands) if "2C" in hand)
        self.phase, self.turn, self.leader = "play", leader, leader

    # -- the player's decisions ------------------------------------------------------------
    def pass_last(self, cards: tuple[str, ...]) -> None:
        """The dealer, the last to choose, passes `cards`: now everyone has chosen, and the cards
        change hands at once."""
        seat = self.turn
        self.passes[seat] = cards
        self.events.append({"type": "pass", "seat": seat, "private": {"cards": list(cards)}})
        offset = PASS_OFFSET[self.variant.pass_direction(self.deal_number)]
        kept = [tuple(card for card in hand if card not in self.passes[seat]) for seat, hand in enumerate(self.hands)]
        for step in range(1, PLAYERS + 1):
            receiver = (self.dealer + step) % PLAYERS
            giver = (receiver - offset) % PLAYERS
            cards = self.passes[giver]
            self.hands[receiver] = _sorted(kept[receiver] + cards)
            self.received[receiver] = cards
            self.events.append({"type": "receive", "seat": receiver, "from": giver, "private": {"cards": list(cards)}})
        self.start_play()

    def end_deal(self) -> None:
        points = [sum(POINTS[card] for card in pile) for pile in self.tricks]
        shooter = points.index(MOON_POINTS) if MOON_POINTS in points else None
        self.leader = None
        if shooter is None:
            self.finish_deal(points, None)
        elif self.variant.moon == "choice":
            self.phase, self.turn = "moon", shooter
        else:
            self.finish_deal(moon_points(shooter, "add" if self.variant.moon == "add-to-others" else "subtract"),
                             shooter)

    def choose_moon(self, choice: str) -> None:
        shooter = self.turn
        self.finish_deal(moon_points(shooter, choice), shooter)

    def finish_deal(self, points: list[int], shooter: int | None) -> None:
        self.totals = tuple(total + gained for total, gained in zip(self.totals, points, strict=True))
        self.events.append({"type": "deal-end", "seat": None, "points": points, "moon": shooter,
                            "totals": list(self.totals)})
        if max(self.totals) >= self.variant.end_at:
            lowest = min(self.totals)
            tied = [seat for seat, total in enumerate(self.totals) if total == lowest]
            if len(tied) == 1 or self.variant.tie == "shared":
                self.phase, self.turn, self.winners = "over", None, tuple(tied)
                self.events.append({"type": "end", "seat": None, "winners": tied})
                return
        self.next_deal()


def _pass_cards(state: HeartsState, cards: tuple[str, ...]) -> HeartsState:
    """The state after the player to move passes `cards` (held, in deck order). Until the dealer has
    chosen too nothing changes hands, so only the passes, the log and the turn change."""
    seat = state.turn
    if seat == state.dealer:
        table = _Table(state)
        table.pass_last(cards)
        return table.freeze()
    fields = state.__dict__.copy()
    fields["passes"] = (*state.passes[:seat], cards, *state.passes[seat + 1:])
    fields["events"] = state.events.extended([{"type": "pass", "seat": seat, "private": {"cards": list(cards)}}])
    fields["turn"] = (seat + 1) % PLAYERS
    return _new_state(fields)


def _play_card(state: HeartsState, card: str) -> HeartsState:
    """The state after `card`, a legal play. The commonest move works on the state's fields directly;
    only the end of a deal goes through a _Table."""
    fields = state.__dict__.copy()
    seat, trick, hands = state.turn, state.trick, state.hands
    hand = hands[seat]
    index = hand.index(card)
    hands = fields["hands"] = (*hands[:seat], hand[:index] + hand[index + 1:], *hands[seat + 1:])
    event = {"type": "play", "seat": seat, "card": card}
    if not state.hearts_broken and card in HEART_BREAKERS and _breaks_hearts(
            state.variant, card, trick[0][1][-1] if trick else None):
        fields["hearts_broken"] = True
        new_events = [event, {"type": "hearts-broken", "seat": seat, "card": card}]
    else:
        new_events = [event]
    if len(trick) < PLAYERS - 1:
        # The trick goes on: the next seat follows, and its playable cards are known without the
        # general case analysis of _playable_cards.
        turn = (seat + 1) % PLAYERS
        fields["trick"], fields["turn"] = (*trick, (seat, card)), turn
        fields["events"] = state.events.extended(new_events)
        return _new_state(fields, _cards_to_follow(hands[turn], trick[0][1][-1] if trick else card[-1],
                                                   state.variant, state.tricks))
    trick = (*trick, (seat, card))
    led = trick[0][1][-1]
    winner, best = trick[0][0], RANK_ORDER[trick[0][1]]
    for other_seat, other in trick[1:]:
        if other[-1] == led and RANK_ORDER[other] > best:
            winner, best = other_seat, RANK_ORDER[other]
    cards = [other for _, other in trick]
    tricks = list(state.tricks)
    tricks[winner] += tuple(cards)
    new_events.append({"type": "trick", "seat": winner, "cards": cards, "points": sum(POINTS[c] for c in cards)})
    fields.update(trick=(), last_trick=(winner, trick), tricks=tuple(tricks), turn=winner, leader=winner,
                  events=state.events.extended(new_events))
    if hands[winner]:
        return _new_state(fields)
    table = _Table(_new_state(fields))
    table.end_deal()
    return table.freeze()


def _breaks_hearts(variant: HeartsVariant, card: str, led: str | None) -> bool:
    """Whether `card` breaks hearts under `variant`, played to a trick led with suit `led`
    (None: the card leads the trick)."""
    if card[-1] == "H":
        return variant.hearts_broken_by == "any-heart" or led not in (None, "H")
    if card == "QS":
        return variant.qs_breaks_hearts == "when-played" or (
            variant.qs_breaks_hearts == "when-discarded" and led not in (None, "S"))
    return False


def _new_state(fields: dict[str, Any], playable: Sequence[str] | None = None) -> HeartsState:
    """A state from its fields, without the dataclass __init__: a frozen dataclass sets each of its
    17 fields through object.__setattr__, which costs more than a whole card play. Only `apply`
    and the deal functions use this, with every field given; like __post_init__ it adds `_playable`,
    unless the caller already knows it."""
    state = object.__new__(HeartsState)
    fields["_playable"] = _playable_cards(fields) if playable is None else playable
    object.__setattr__(state, "__dict__", fields)
    return state


def _playable_cards(fields: Mapping[str, Any]) -> tuple[str, ...] | list[str]:
    """The cards the player to move may play now, in deck order; () outside the play phase."""
    if fields["phase"] != "play":
        return ()
    hand, trick = fields["hands"][fields["turn"]], fields["trick"]
    if trick:
        return _cards_to_follow(hand, trick[0][1][-1], fields["variant"], fields["tricks"])
    if not any(fields["tricks"]):
        return ("2C",)              # the first leader is whoever holds it
    if fields["hearts_broken"]:
        return hand
    return [card for card in hand if card[-1] != "H"] or hand


def _cards_to_follow(hand: tuple[str, ...], led: str, variant: HeartsVariant,
                     tricks: tuple[tuple[str, ...], ...]) -> tuple[str, ...] | list[str]:
    """The cards of `hand` playable to a trick led with suit `led`, `tricks` being the deal's tricks taken."""
    following = [card for card in hand if card[-1] == led]
    if following:
        return following
    if variant.points_on_first_trick == "never-unless-forced" and not any(tricks):
        return [card for card in hand if not POINTS[card]] or hand
    return hand


def moon_points(shooter: int, choice: str) -> list[int]:
    """A moon shot's deal points: "add" gives each other seat 26, "subtract" takes 26 off the shooter."""
    if choice == "add":
        return [0 if seat == shooter else MOON_POINTS for seat in range(PLAYERS)]
    return [-MOON_POINTS if seat == shooter else 0 for seat in range(PLAYERS)]


def deal_hands(deck: Sequence[str], dealer: int) -> list[list[str]]:
    """The deck dealt one card at a time, starting to the dealer's left."""
    hands: list[list[str]] = [[] for _ in range(PLAYERS)]
    for offset in range(PLAYERS):
        hands[(dealer + 1 + offset) % PLAYERS] = list(deck[offset::PLAYERS])
    return hands


class Hearts:
    key = "hearts"
    title = "Hearts"
    min_players = PLAYERS
    max_players = PLAYERS
    presets = PRESETS
    preset_descriptions = PRESET_DESCRIPTIONS
    variant_fields = VARIANT_FIELDS

    def variant(self, preset: str = "standard", **fields: Any) -> HeartsVariant:
        return build_variant(HeartsVariant, PRESETS, self.title, preset, **fields)

    def _resolve_variant(self, variant: HeartsVariant | Mapping[str, Any] | None) -> HeartsVariant:
        return resolve_variant(self, HeartsVariant, variant)

    def _check_dealer(self, dealer: Any) -> None:
        # bool is an int subclass: True must not pass for seat 1.
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < PLAYERS:
            raise ValueError(f"The dealer must be a seat from 0 to {PLAYERS - 1}.")

    def new_game(self, players: int = PLAYERS, seed: Any = 0, variant: Any = None, dealer: int = 0) -> HeartsState:
        variant = self._resolve_variant(variant)
        if type(players) is not int or players != PLAYERS:
            raise ValueError("Hearts takes exactly 4 players.")
        self._check_dealer(dealer)
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        return _Table.match(variant, seed, dealer, deal_hands(deck, dealer)).freeze()

    def from_deal(self, hands: Sequence[Sequence[str]], stock: Sequence[str] = (), variant: Any = None,
                  dealer: int = 0, seed: Any = 0) -> HeartsState:
        variant = self._resolve_variant(variant)
        if (not isinstance(hands, Sequence) or isinstance(hands, str) or len(hands) != PLAYERS
                or any(not isinstance(hand, Sequence) or isinstance(hand, str) for hand in hands)):
            raise ValueError("Hearts hands are a list of 4 card lists, one per seat.")
        self._check_dealer(dealer)
        if isinstance(stock, str) or list(stock):
            raise ValueError("Hearts deals every card: the stock must be empty.")
        cards = [card for hand in hands for card in hand]
        bad = [card for card in cards if not is_card(card)]
        if bad:
            raise ValueError(f"{bad[0]!r} is not a card.")
        if len(cards) != len(set(cards)) or set(cards) != set(DECK):
            missing = sorted(set(DECK) - set(cards))
            doubled = sorted({card for card in cards if cards.count(card) > 1})
            raise ValueError(f"The deal must be exactly the 52-card deck (missing {missing}, dealt twice {doubled}).")
        if any(len(hand) != HAND_SIZE for hand in hands):
            raise ValueError(f"Each of the 4 hands holds {HAND_SIZE} cards.")
        return _Table.match(variant, seed, dealer, [list(hand) for hand in hands]).freeze()

    def state_from_dict(self, data: Mapping[str, Any]) -> HeartsState:
        if data.get("game") != self.key:
            raise ValueError("That is not a Hearts state.")
        last_trick = data["last_trick"]
        if last_trick is not None:
            last_trick = (last_trick[0], tuple((seat, card) for seat, card in last_trick[1]))
        return HeartsState(
            variant=self._resolve_variant(data["variant"]), seed=data["seed"], dealer=data["dealer"],
            deal_number=data["deal_number"], hands=tuple(tuple(hand) for hand in data["hands"]),
            passes=tuple(tuple(cards) if cards is not None else None for cards in data["passes"]),
            received=tuple(tuple(cards) if cards is not None else None for cards in data["received"]),
            trick=tuple((seat, card) for seat, card in data["trick"]), leader=data["leader"],
            last_trick=last_trick, tricks=tuple(tuple(pile) for pile in data["tricks"]),
            hearts_broken=data["hearts_broken"], totals=tuple(data["totals"]), turn=data["turn"],
            phase=data["phase"], winner_seats=tuple(data["winners"]),
            events=EventLog(copy_json(event) for event in data["events"]),
        )


HEARTS = Hearts()
