"""Yashchiki ("Ящики", from the English "Crates"): a partnership Crazy Eights relative over 15 deals.

The rules implemented are ../shared/rules/yashchiki.md; the standard preset follows the Russian text
`yashchiki.ru.txt` with its open points fixed there (*house*), the other presets are the alternatives
it names. Seats 0 and 2 play against seats 1 and 3; the partnership with fewer points wins the match.

A state is a whole match and immutable: `apply` copies it into a `_Table` (plain lists), plays the
action and every automatic move after it (draws of players who cannot play, penalty draws, missed
turns, reshuffles, the scoring and the next deal), and freezes the result again.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.rules.base import (
    EventLog,
    IllegalAction,
    build_variant,
    copy_json,
    resolve_variant,
)
from games.rules.cards import RANKS, SUITS, card_short, is_card, make_deck, rank_of, suit_of
from games.rules.variant_fields import Choice, NumberList, check_variant_fields

PLAYERS = 4
DECK = make_deck(RANKS)
DECK_INDEX = {card: index for index, card in enumerate(DECK)}
RANK_OF = {card: rank_of(card) for card in DECK}     # looked up in the hot loops instead of slicing the name
SUIT_OF = {card: suit_of(card) for card in DECK}
STANDARD_HAND_SIZES = (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)
CARD_POINTS = {"3": 3, "J": 10, "Q": 10, "K": 10, "4": 15, "2": 20, "7": 20, "10": 25, "5": 30, "6": 30,
               "9": 30, "8": 50}
THREES_BONUS = 50
SUIT_CHANGERS = frozenset({"8", "9"})
UPCARD_EFFECTS = frozenset({"2", "4", "5", "6", "7", "10"})   # under upcard_effect; an 8 or 9 keeps its suit
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}
TWO_PENALTIES = ("chain-plus-one", "two-per-two")


def _sorted(cards) -> tuple[str, ...]:
    return tuple(sorted(cards, key=DECK_INDEX.__getitem__))


def partner_of(seat: int) -> int:
    return (seat + 2) % PLAYERS


def team_of(seat: int) -> int:
    """0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


# What each variant field allows: the variant's check and the presets' form in the admin both read it.
VARIANT_FIELDS = (
    NumberList("hand_sizes", 1, 12, min_length=1, max_length=30),
    Choice("ace_points", (0, 1)),
    Choice("upcard_effect", (True, False)),
    Choice("nine_same_colour", (True, False)),
    Choice("draw_when_able", (True, False)),
    Choice("two_penalty", TWO_PENALTIES),
)


@dataclasses.dataclass(frozen=True)
class YashchikiVariant:
    hand_sizes: tuple[int, ...] = STANDARD_HAND_SIZES   # cards per player, one entry per deal of the match
    ace_points: int = 0
    upcard_effect: bool = False         # the up-card acts as if the dealer had played it (Crates)
    nine_same_colour: bool = False      # a 9 names its own suit or the other suit of its colour
    draw_when_able: bool = False        # a player may draw instead of playing a card they hold
    two_penalty: str = "chain-plus-one"  # the chain's draw: twos played + 1, or 2 per two

    def __post_init__(self) -> None:
        check_variant_fields(self, VARIANT_FIELDS)

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["hand_sizes"] = list(self.hand_sizes)
        return data

    def card_points(self, card: str) -> int:
        rank = rank_of(card)
        return self.ace_points if rank == "A" else CARD_POINTS[rank]

    def chain_draw(self, twos: int) -> int:
        """How many cards the player who cannot answer a chain of `twos` twos draws."""
        return twos + 1 if self.two_penalty == "chain-plus-one" else 2 * twos

    def named_suits(self, card: str) -> tuple[str, ...]:
        """The suits an 8 or 9 may name."""
        if rank_of(card) == "9" and self.nine_same_colour:
            return tuple(suit for suit in SUITS if suit in (suit_of(card), SAME_COLOUR[suit_of(card)]))
        return SUITS


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "crates": {"ace_points": 1, "upcard_effect": True, "nine_same_colour": True},
    "free-draw": {"draw_when_able": True},
    "short": {"hand_sizes": [8, 7, 6, 5, 4, 3, 2, 1]},   # a list, as the preset is stored in JSON
}

PRESET_DESCRIPTIONS = {
    "standard": "As the Russian text: 15 deals of 8 down to 1 card and back to 8; aces score 0; the up-card only "
                "sets the suit.",
    "crates": "Closer to the English Crates: an ace scores 1; the up-card acts as if the dealer played it; a 9 "
              "may only switch to the other suit of its colour.",
    "free-draw": "You may draw a card instead of playing one you hold.",
    "short": "A short match of 8 deals: 8, 7, 6, 5, 4, 3, 2, 1 cards.",
}


def score_hand(hand: Sequence[str], variant: YashchikiVariant) -> int:
    """The points of the cards left in a hand: the table, plus 50 once for more than one three."""
    points = sum(variant.card_points(card) for card in hand)
    if sum(rank_of(card) == "3" for card in hand) > 1:
        points += THREES_BONUS
    return points


@dataclasses.dataclass(frozen=True)
class YashchikiState:
    variant: YashchikiVariant
    seed: Any
    dealer: int                             # of the current deal
    deal_number: int                        # 1 for the first deal of the match
    hands: tuple[tuple[str, ...], ...]      # deck order
    stock: tuple[str, ...]                  # face down, top first
    discard: tuple[str, ...]                # face up, the top (last played or the up-card) last
    suit: str                               # the suit to follow
    direction: int                          # 1 clockwise, -1 after an odd number of tens
    chain: int                              # twos played in the pending chain (0: none)
    reshuffles: int                         # this deal's reshuffles so far: seeds the next one
    totals: tuple[int, ...]                 # match totals of the completed deals, per seat
    turn: int | None                        # seat to decide; None once the match is over
    winner_seats: tuple[int, ...]
    events: EventLog                        # every event; "private" parts only for the event's seat

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
    def team_totals(self) -> list[int]:
        return [self.totals[0] + self.totals[2], self.totals[1] + self.totals[3]]

    @property
    def winners(self) -> list[int]:
        return list(self.winner_seats)

    @property
    def log(self) -> list[dict]:
        return self.events.seen_by(None)

    @property
    def top_card(self) -> str:
        return self.discard[-1]

    @property
    def can_draw(self) -> bool:
        return _can_draw(self.stock, self.discard)

    def legal_actions(self) -> list[dict]:
        if self.turn is None:
            return []
        actions = _plays(self.variant, self.hands[self.turn], self.suit, self.chain, self.can_draw)
        if self.variant.draw_when_able and self.can_draw:
            actions.append({"type": "draw"})
        return actions

    def apply(self, action: Mapping[str, Any]) -> YashchikiState:
        cards, suit, declared = self._check(action)
        table = _Table(self)
        if cards is None:
            table.draw_by_choice()
        else:
            table.play(cards, suit, declared)
        return table.freeze()

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None and not (type(seat) is int and 0 <= seat < PLAYERS):
            raise ValueError(f"No seat {seat!r} at this table.")
        playing = self.turn is not None
        return {
            "game": "yashchiki",
            "seat": seat,
            "players": PLAYERS,
            "partner": partner_of(seat) if seat is not None else None,
            "dealer": self.dealer,
            "deal_number": self.deal_number,
            "deals": len(self.variant.hand_sizes),
            "hand_size": self.variant.hand_sizes[self.deal_number - 1],
            "variant": self.variant.to_dict(),
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(hand) for hand in self.hands],
            "stock_size": len(self.stock),
            "discard_size": len(self.discard),
            "top_card": self.top_card,
            "suit": self.suit,
            "direction": "clockwise" if self.direction == 1 else "anticlockwise",
            "chain": self.chain if playing else 0,
            "chain_draw": self.variant.chain_draw(self.chain) if playing and self.chain else 0,
            "scores": self.scores,
            "team_totals": self.team_totals,
            "current_player": self.turn,
            "log": self.events.seen_by(seat),
            "is_over": self.is_over,
            "winners": self.winners,
        }

    def card_locations(self) -> dict[str, str]:
        locations = {card: f"hand:{seat}" for seat, hand in enumerate(self.hands) for card in hand}
        locations.update({card: "stock" for card in self.stock})
        locations.update({card: "discard" for card in self.discard})
        return locations

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "yashchiki",
            "variant": self.variant.to_dict(),
            "seed": self.seed,
            "dealer": self.dealer,
            "deal_number": self.deal_number,
            "hands": [list(hand) for hand in self.hands],
            "stock": list(self.stock),
            "discard": list(self.discard),
            "suit": self.suit,
            "direction": self.direction,
            "chain": self.chain,
            "reshuffles": self.reshuffles,
            "totals": list(self.totals),
            "turn": self.turn,
            "winners": list(self.winner_seats),
            "events": [copy_json(event) for event in self.events],
        }

    # -- checking actions ------------------------------------------------------------------
    def _check(self, action: Any) -> tuple[tuple[str, ...] | None, str | None, bool | None]:
        """The action's cards (deck order; None for a draw), named suit and declaration, or IllegalAction."""
        if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
            raise IllegalAction("That is not an action: expected a type, play or draw.", "not-an-action")
        kind = action["type"]
        if kind not in ("play", "draw"):
            raise IllegalAction(f"Yashchiki has no '{kind}' action.", "unknown-type", type=kind)
        if self.turn is None:
            raise IllegalAction("The match is over.", "game-over")
        if kind == "draw":
            if action.keys() != {"type"}:
                raise IllegalAction("A draw action takes exactly: type.", "fields", type=kind, fields=["type"])
            if not self.variant.draw_when_able:
                raise IllegalAction("You draw only when you have no card to play: these rules do not let you "
                                    "draw instead.", "draw-not-allowed")
            if not self.can_draw:
                raise IllegalAction("There is no card left to draw.", "nothing-to-draw")
            return None, None, None
        cards = action.get("cards")
        if not isinstance(cards, (list, tuple)) or not 1 <= len(cards) <= 2:
            raise IllegalAction("Play one card, or two of one rank, as a list.", "cards-list")
        for card in cards:
            if not (isinstance(card, str) and card in DECK_INDEX):
                shown = card if isinstance(card, str) else repr(card)
                raise IllegalAction(f"There is no card {shown!r}.", "not-a-card", card=shown)
        declared = action.get("declared")
        if len(cards) == 1:
            cards = (cards[0],)
        else:
            cards = _sorted(cards)
            if cards[0] == cards[1]:
                raise IllegalAction("Name each card once.", "cards-twice")
            if RANK_OF[cards[0]] != RANK_OF[cards[1]]:
                raise IllegalAction("Two cards go down together only if they are of one rank.", "pair-rank")
            if type(declared) is not bool:
                raise IllegalAction('Say whether you declared "one card": declared is true or false.', "declared")
        expected = PLAY_FIELDS[len(cards), declared is True, RANK_OF[cards[-1]] in SUIT_CHANGERS]
        if action.keys() != expected:
            raise IllegalAction(f"This play takes exactly: {', '.join(sorted(expected))}.", "fields", type=kind,
                                fields=sorted(expected))
        hand = self.hands[self.turn]
        missing = [card for card in cards if card not in hand]
        if missing:
            raise IllegalAction(f"You do not hold the {card_short(missing[0])}.", "not-in-hand", card=missing[0])
        suit = action.get("suit")
        if "suit" in action:
            allowed = self.variant.named_suits(_upper(cards, self.suit))
            if suit not in allowed:
                raise IllegalAction(f"Name one of the suits {', '.join(allowed)}.", "named-suit",
                                    suits=list(allowed))
        if not self._playable(cards, declared):
            raise self._why_unplayable(cards, declared)
        return cards, suit, declared

    def _playable(self, cards: tuple[str, ...], declared: bool | None) -> bool:
        """Whether `_plays` lists these held cards (of one rank, with the right fields and named suit),
        decided directly rather than by listing every play."""
        if self.chain:
            return len(cards) == 1 and RANK_OF[cards[0]] == "2"
        return self.suit in map(SUIT_OF.__getitem__, cards) and (declared is not False or self.can_draw)

    def _why_unplayable(self, cards: tuple[str, ...], declared: bool | None) -> IllegalAction:
        if self.chain:
            if len(cards) == 2:
                return IllegalAction("Inside a chain of twos only a single two may be played.", "chain-single")
            return IllegalAction("A two was played: answer with a two of any suit, or you draw.", "chain-two")
        if len(cards) == 2 and declared is False and not self.can_draw:
            return IllegalAction("An undeclared pair would cost a penalty card, and there is none left to draw.",
                                 "nothing-to-draw", penalty=True)
        if len(cards) == 2:
            return IllegalAction(f"One of the two cards must be {_SUIT_WORDS[self.suit]}, the suit to follow.",
                                 "pair-suit", suit=self.suit)
        return IllegalAction(f"Follow the suit: play {_SUIT_WORDS[self.suit]}.", "follow-suit", suit=self.suit)


_SUIT_WORDS = {"C": "a club", "D": "a diamond", "H": "a heart", "S": "a spade"}


def _can_draw(stock: Sequence[str], discard: Sequence[str]) -> bool:
    """Whether a card could be drawn now: from the stock, or from the discard pile (but its top) reshuffled."""
    return bool(stock) or len(discard) > 1


def _fields(cards: int, declared: bool, suit_changer: bool) -> frozenset[str]:
    """The keys a play of `cards` cards takes: a suit for an 8 or 9 played alone or as a declared pair."""
    fields = {"type", "cards"}
    if cards == 2:
        fields.add("declared")
    if suit_changer and (cards == 1 or declared):
        fields.add("suit")
    return frozenset(fields)


PLAY_FIELDS = {(cards, declared, suit_changer): _fields(cards, declared, suit_changer)
               for cards in (1, 2) for declared in (True, False) for suit_changer in (True, False)}


def _upper(cards: Sequence[str], suit: str) -> str:
    """The card that goes down last and sets the suit: of a pair, the one not of the suit to follow."""
    return next((card for card in cards if suit_of(card) != suit), cards[-1])


def _plays(variant: YashchikiVariant, hand: Sequence[str], suit: str, chain: int, can_draw: bool) -> list[dict]:
    """Every legal play, in a stable order: single cards, then pairs, each in deck order; for an 8 or 9
    one action per suit it may name, and a declared pair before an undeclared one."""
    if chain:
        return [{"type": "play", "cards": [card]} for card in hand if RANK_OF[card] == "2"]
    actions: list[dict] = []
    ranks_to_follow = set()
    for card in hand:
        if SUIT_OF[card] == suit:
            rank = RANK_OF[card]
            ranks_to_follow.add(rank)
            if rank in SUIT_CHANGERS:
                actions.extend({"type": "play", "cards": [card], "suit": named} for named in variant.named_suits(card))
            else:
                actions.append({"type": "play", "cards": [card]})
    # A pair holds a card of the suit to follow: only cards of those ranks can be in one (hand order kept,
    # so the pairs come in the order of all the hand's pairs).
    candidates = [card for card in hand if RANK_OF[card] in ranks_to_follow]
    if len(candidates) > len(ranks_to_follow):
        for first, second in itertools.combinations(candidates, 2):
            if RANK_OF[first] == RANK_OF[second] and suit in (SUIT_OF[first], SUIT_OF[second]):
                actions.extend(_with_suits(variant, [first, second], suit, {"declared": True}))
                if can_draw:
                    actions.append({"type": "play", "cards": [first, second], "declared": False})
    return actions


def _has_play(hand: Sequence[str], suit: str, chain: int) -> bool:
    """Whether `_plays` lists anything, without listing: a pair needs a card of the suit to follow, which
    is a play on its own."""
    if chain:
        return any(RANK_OF[card] == "2" for card in hand)
    return suit in map(SUIT_OF.__getitem__, hand)


def _with_suits(variant: YashchikiVariant, cards: list[str], suit: str, extra: dict) -> list[dict]:
    if RANK_OF[cards[0]] not in SUIT_CHANGERS:
        return [{"type": "play", "cards": cards, **extra}]
    return [{"type": "play", "cards": cards, **extra, "suit": named}
            for named in variant.named_suits(_upper(cards, suit))]


class _Table:
    """A working copy of a state, used only inside `apply` and when a match starts. It holds the state's
    tuples and replaces those an action changes (hands stay in deck order), so a move copies only what
    it touches."""

    __slots__ = ("variant", "seed", "dealer", "deal_number", "hands", "stock", "discard", "suit", "direction",
                 "chain", "reshuffles", "totals", "turn", "winners", "old_events", "events")

    def __init__(self, state: YashchikiState | None = None) -> None:
        if state is None:
            return
        self.variant, self.seed, self.dealer, self.deal_number = (state.variant, state.seed, state.dealer,
                                                                  state.deal_number)
        self.hands, self.stock, self.discard = list(state.hands), state.stock, state.discard
        self.suit, self.direction, self.chain, self.reshuffles = (state.suit, state.direction, state.chain,
                                                                  state.reshuffles)
        self.totals, self.turn, self.winners = state.totals, state.turn, state.winner_seats
        self.old_events, self.events = state.events, []

    @classmethod
    def match(cls, variant: YashchikiVariant, seed: Any, dealer: int, deal_number: int, hands: list[list[str]],
              stock: list[str], upcard: str) -> _Table:
        table = cls()
        table.variant, table.seed, table.totals, table.winners = variant, seed, (0,) * PLAYERS, ()
        table.old_events, table.events = EventLog(), []
        table.start_deal(deal_number, dealer, hands, stock, upcard)
        return table

    def freeze(self) -> YashchikiState:
        return _new_state({
            "variant": self.variant, "seed": self.seed, "dealer": self.dealer, "deal_number": self.deal_number,
            "hands": tuple(self.hands), "stock": self.stock, "discard": self.discard, "suit": self.suit,
            "direction": self.direction, "chain": self.chain, "reshuffles": self.reshuffles,
            "totals": tuple(self.totals), "turn": self.turn, "winner_seats": tuple(self.winners),
            "events": self.old_events.extended(self.events),
        })

    def next_seat(self, seat: int, steps: int = 1) -> int:
        return (seat + self.direction * steps) % PLAYERS

    # -- deals -----------------------------------------------------------------------------
    def start_deal(self, deal_number: int, dealer: int, hands: list[list[str]], stock: list[str],
                   upcard: str) -> None:
        self.deal_number, self.dealer = deal_number, dealer
        self.hands, self.stock, self.discard = [_sorted(hand) for hand in hands], tuple(stock), (upcard,)
        self.suit, self.direction, self.chain, self.reshuffles = suit_of(upcard), 1, 0, 0
        self.events.append({"type": "deal", "seat": dealer, "deal_number": deal_number,
                            "hand_sizes": [len(hand) for hand in self.hands], "stock_size": len(self.stock),
                            "upcard": upcard})
        if self.variant.upcard_effect and rank_of(upcard) in UPCARD_EFFECTS:
            # As if the dealer had played it: its effect starts with the dealer's left.
            self.events.append({"type": "upcard-effect", "seat": dealer, "card": upcard})
            self.card_effect(dealer, upcard)
        else:
            self.begin_turn(self.next_seat(dealer))

    def next_deal(self) -> None:
        deal_number, dealer = self.deal_number + 1, (self.dealer + 1) % PLAYERS
        deck = list(DECK)
        random.Random(f"{self.seed}-deal-{deal_number}").shuffle(deck)
        hands, stock, upcard = deal_cards(deck, dealer, self.variant.hand_sizes[deal_number - 1])
        self.start_deal(deal_number, dealer, hands, stock, upcard)

    def end_deal(self, seat: int) -> None:
        """`seat` has played its last card: everyone else scores what they hold."""
        points = [score_hand(hand, self.variant) for hand in self.hands]
        self.totals = tuple(total + gained for total, gained in zip(self.totals, points, strict=True))
        teams = [self.totals[0] + self.totals[2], self.totals[1] + self.totals[3]]
        self.events.append({"type": "deal-end", "seat": seat, "deal_number": self.deal_number, "points": points,
                            "hands": [list(hand) for hand in self.hands], "totals": list(self.totals),
                            "team_totals": teams})
        if self.deal_number < len(self.variant.hand_sizes):
            self.next_deal()
            return
        best = min(teams)
        self.winners = tuple(seat for seat in range(PLAYERS) if teams[team_of(seat)] == best)
        self.turn = None
        self.events.append({"type": "end", "seat": None, "winners": list(self.winners), "team_totals": teams})

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, seat: int, count: int, reason: str) -> None:
        """`seat` draws up to `count` cards: the stock, then once the discard pile (but its top)
        reshuffled; what is still missing is skipped."""
        drawn, self.stock = self.stock[:count], self.stock[count:]
        if len(drawn) < count and self.reshuffle():
            missing = count - len(drawn)
            drawn, self.stock = drawn + self.stock[:missing], self.stock[missing:]
        if drawn:
            self.hands[seat] = _sorted(self.hands[seat] + drawn)
        self.events.append({"type": "draw", "seat": seat, "count": len(drawn), "reason": reason,
                            "private": {"cards": list(drawn)}})

    def reshuffle(self) -> bool:
        if len(self.discard) < 2:
            return False
        self.reshuffles += 1
        cards, self.discard = list(self.discard[:-1]), self.discard[-1:]
        random.Random(f"{self.seed}-deal-{self.deal_number}-reshuffle-{self.reshuffles}").shuffle(cards)
        self.stock = tuple(cards)
        self.events.append({"type": "reshuffle", "seat": None, "count": len(cards)})
        return True

    @property
    def can_draw(self) -> bool:
        return _can_draw(self.stock, self.discard)

    # -- turns -----------------------------------------------------------------------------
    def begin_turn(self, seat: int) -> None:
        """Give `seat` the turn; while the player to move has no play, carry out the automatic moves:
        the chain penalty, or the draw of a player who cannot follow, and pass the turn on."""
        while True:
            if _has_play(self.hands[seat], self.suit, self.chain):
                self.turn = seat
                return
            if self.chain:
                self.draw(seat, self.variant.chain_draw(self.chain), "chain")
                self.chain = 0
            else:
                self.draw(seat, 1, "no-card")
            seat = self.next_seat(seat)

    def draw_by_choice(self) -> None:
        seat = self.turn
        if self.chain:
            self.draw(seat, self.variant.chain_draw(self.chain), "chain")
            self.chain = 0
        else:
            self.draw(seat, 1, "choice")
        self.begin_turn(self.next_seat(seat))

    def play(self, cards: tuple[str, ...], suit: str | None, declared: bool | None) -> None:
        seat = self.turn
        if declared is False:
            # An undeclared pair: the cards go back to the hand, one penalty card, the turn passes.
            self.events.append({"type": "undeclared-pair", "seat": seat, "cards": list(cards)})
            self.draw(seat, 1, "pair")
            self.begin_turn(self.next_seat(seat))
            return
        # The card of the suit to follow goes first (for a chain, either two); the other is the upper card.
        upper = _upper(cards, self.suit)
        order = [card for card in cards if card != upper] + [upper]
        hand = self.hands[seat]
        for card in cards:
            index = hand.index(card)
            hand = hand[:index] + hand[index + 1:]
        self.hands[seat] = hand
        self.discard += tuple(order)
        self.suit = suit if suit is not None and RANK_OF[upper] in SUIT_CHANGERS else SUIT_OF[upper]
        event = {"type": "play", "seat": seat, "cards": order, "suit": self.suit}
        if declared:
            event["declared"] = True
        self.events.append(event)
        if not hand:
            self.end_deal(seat)
            return
        self.card_effect(seat, upper)

    def card_effect(self, seat: int, card: str) -> None:
        """The effect of `card` played by `seat` (once, even for a pair), then the next turn."""
        rank = RANK_OF[card]
        following = self.next_seat(seat)
        if rank == "2":
            self.chain += 1
        elif rank == "4":
            self.events.append({"type": "miss", "seat": following})
            following = self.next_seat(following)
        elif rank == "5":
            for step in range(1, PLAYERS + 1):
                self.draw(self.next_seat(seat, step), 1, "five")
        elif rank == "6":
            following = seat
        elif rank == "7":
            self.draw(following, 1, "seven")
        elif rank == "10":
            self.direction = -self.direction
            self.events.append({"type": "reverse", "seat": seat})
            following = self.next_seat(seat)
        self.begin_turn(following)


def _new_state(fields: dict[str, Any]) -> YashchikiState:
    """A state from all its fields, without the dataclass __init__: a frozen dataclass sets each of its
    15 fields through object.__setattr__, which costs more than most moves."""
    state = object.__new__(YashchikiState)
    object.__setattr__(state, "__dict__", fields)
    return state


def deal_cards(deck: Sequence[str], dealer: int, hand_size: int) -> tuple[list[list[str]], list[str], str]:
    """`hand_size` cards each, one at a time from the dealer's left; the next card is the up-card and
    the rest the stock."""
    hands: list[list[str]] = [[] for _ in range(PLAYERS)]
    dealt = PLAYERS * hand_size
    for index, card in enumerate(deck[:dealt]):
        hands[(dealer + 1 + index) % PLAYERS].append(card)
    return hands, list(deck[dealt + 1:]), deck[dealt]


class Yashchiki:
    key = "yashchiki"
    title = "Yashchiki"
    min_players = PLAYERS
    max_players = PLAYERS
    presets = PRESETS
    preset_descriptions = PRESET_DESCRIPTIONS
    variant_fields = VARIANT_FIELDS

    def variant(self, preset: str = "standard", **fields: Any) -> YashchikiVariant:
        return build_variant(YashchikiVariant, PRESETS, self.title, preset, **fields)

    def _check_dealer(self, dealer: Any) -> None:
        if type(dealer) is not int or not 0 <= dealer < PLAYERS:
            raise ValueError(f"The dealer must be a seat from 0 to {PLAYERS - 1}.")

    def new_game(self, players: int = PLAYERS, seed: Any = 0, variant: Any = None, dealer: int = 0) -> YashchikiState:
        variant = resolve_variant(self, YashchikiVariant, variant)
        if type(players) is not int or players != PLAYERS:
            raise ValueError("Yashchiki takes exactly 4 players, two partnerships.")
        self._check_dealer(dealer)
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        hands, stock, upcard = deal_cards(deck, dealer, variant.hand_sizes[0])
        return _Table.match(variant, seed, dealer, 1, hands, stock, upcard).freeze()

    def from_deal(self, hands: Sequence[Sequence[str]], stock: Sequence[str] = (), variant: Any = None,
                  dealer: int = 0, seed: Any = 0, upcard: str | None = None, deal_number: int = 1) -> YashchikiState:
        """An explicit deal: four hands, the stock (top first) and the up-card, exactly the 52-card deck.
        Lessons may give hands of any size and start at a later `deal_number` of the match."""
        variant = resolve_variant(self, YashchikiVariant, variant)
        if (isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != PLAYERS
                or any(isinstance(hand, str) or not isinstance(hand, Sequence) for hand in hands)):
            raise ValueError("Yashchiki hands are a list of 4 card lists, one per seat.")
        if isinstance(stock, str) or not isinstance(stock, Sequence):
            raise ValueError("The stock must be a list of cards.")
        self._check_dealer(dealer)
        if type(deal_number) is not int or not 1 <= deal_number <= len(variant.hand_sizes):
            raise ValueError(f"The deal number must be from 1 to {len(variant.hand_sizes)}.")
        if upcard is None:
            raise ValueError("A Yashchiki deal needs its up-card: upcard=\"7H\".")
        if any(not hand for hand in hands):
            raise ValueError("Every player starts a deal with at least one card.")
        cards = [card for hand in hands for card in hand] + list(stock) + [upcard]
        bad = [card for card in cards if not is_card(card)]
        if bad:
            raise ValueError(f"{bad[0]!r} is not a card.")
        if len(cards) != len(set(cards)) or set(cards) != set(DECK):
            missing = sorted(set(DECK) - set(cards), key=DECK_INDEX.__getitem__)
            doubled = sorted({card for card in cards if cards.count(card) > 1}, key=DECK_INDEX.__getitem__)
            raise ValueError(f"The deal must be exactly the 52-card deck (missing {missing}, dealt twice {doubled}).")
        return _Table.match(variant, seed, dealer, deal_number, [list(hand) for hand in hands], list(stock),
                            upcard).freeze()

    def state_from_dict(self, data: Mapping[str, Any]) -> YashchikiState:
        if data.get("game") != self.key:
            raise ValueError("That is not a Yashchiki state.")
        return YashchikiState(
            variant=resolve_variant(self, YashchikiVariant, data["variant"]), seed=data["seed"],
            dealer=data["dealer"], deal_number=data["deal_number"],
            hands=tuple(tuple(hand) for hand in data["hands"]), stock=tuple(data["stock"]),
            discard=tuple(data["discard"]), suit=data["suit"], direction=data["direction"], chain=data["chain"],
            reshuffles=data["reshuffles"], totals=tuple(data["totals"]), turn=data["turn"],
            winner_seats=tuple(data["winners"]), events=EventLog(copy_json(event) for event in data["events"]),
        )


YASHCHIKI = Yashchiki()
