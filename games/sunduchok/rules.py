"""Sunduchok ("little chests"): ask an opponent three questions to collect four-of-a-kind chests.

The rules implemented are ../shared/rules/sunduchok.md; the standard preset is the house variant of
`sunduchok-three-questions.ru.txt`, the other presets are the variations the sources describe.

A state is immutable. `apply` checks the action directly against the state, hands the state's
tuples to a `_Table` that replaces only the hands, stock and chests it changes, plays the action and
every automatic move that follows (draws, skipped turns, passes), and freezes the result again: a new
state shares everything unchanged with the old one, its log too (base.EventLog).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.rules.base import EventLog, IllegalAction, build_variant, copy_json, resolve_variant
from games.rules.cards import RANKS, SUITS, is_card, make_deck, rank_of, rank_plural, suit_of
from games.rules.variant_fields import Choice, Number, check_variant_fields

DECK_RANKS = {36: RANKS[4:], 52: RANKS}
DECK_ORDER = {card: index for index, card in enumerate(make_deck(RANKS))}  # the sort key of deck order
CARD_RANK = {card: rank_of(card) for card in DECK_ORDER}
ACTION_FIELDS = {"ask": frozenset({"type", "target", "rank"}), "count": frozenset({"type", "count"}),
                 "suits": frozenset({"type", "suits"})}


def in_deck_order(cards) -> tuple[str, ...]:
    return tuple(sorted(cards, key=DECK_ORDER.__getitem__))


# What each variant field allows: the variant's check and the presets' form in the admin both read it.
VARIANT_FIELDS = (
    Choice("deck", (36, 52)),
    Number("hand_size", 1, 9),
    Choice("target", ("any", "next", "same-after-success")),
    Choice("questions", ("three", "rank-only")),
    Choice("must_hold_rank", (True, False)),
    Choice("deal_all", (True, False)),
    Choice("show_chests", (True, False)),
)


@dataclasses.dataclass(frozen=True)
class SunduchokVariant:
    deck: int = 36
    hand_size: int = 4
    target: str = "any"                 # whom you may ask: any opponent with cards, the next one, or
                                        # after a success the same one again
    questions: str = "three"            # rank, count and suits; or the rank alone
    must_hold_rank: bool = True
    deal_all: bool = False
    show_chests: bool = True

    def __post_init__(self) -> None:
        check_variant_fields(self, VARIANT_FIELDS)

    @property
    def ranks(self) -> tuple[str, ...]:
        return DECK_RANKS[self.deck]

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "add-hobby": {"target": "next"},
    "nastolnie-igri": {"target": "same-after-success"},
    "deck-52": {"deck": 52},
    "aurabox": {"questions": "rank-only"},
    "deal-all": {"deal_all": True},
    "open-ranks": {"must_hold_rank": False},
    "hidden-chests": {"show_chests": False},
}

PRESET_DESCRIPTIONS = {
    "standard": "Three questions to any opponent with cards; ask only for ranks you hold.",
    "add-hobby": "Ask the next player clockwise who holds cards; anyone once the stock is empty.",
    "nastolnie-igri": "After a successful request you must keep asking the same opponent.",
    "deck-52": "A 52-card deck from twos to aces: thirteen chests.",
    "aurabox": "One question only, the rank: the opponent hands over every card of it.",
    "deal-all": "All cards are dealt at the start; with no stock, a failed request draws nothing.",
    "open-ranks": "You may ask for a rank you do not hold.",
    "hidden-chests": "Chests are laid down face down: the others do not see their rank.",
}


@dataclasses.dataclass(frozen=True)
class SunduchokState:
    variant: SunduchokVariant
    dealer: int
    seed: int
    hands: tuple[tuple[str, ...], ...]     # each in deck order
    stock: tuple[str, ...]                  # face down, top first
    chests: tuple[tuple[str, ...], ...]     # ranks laid down by each seat, in order
    turn: int | None                        # seat to decide; None once the game is over
    phase: str                              # "ask", "count" or "suits"
    request: tuple | None                   # (target, rank) or (target, rank, count) while asking
    locked_target: int | None               # whom the asker must keep asking (same-after-success)
    events: EventLog                        # every event; "private" parts only for the event's seat

    @classmethod
    def _of(cls, fields: dict[str, Any]) -> SunduchokState:
        """The state with these fields (all of them), built without the frozen dataclass's __init__,
        which sets them one by one and takes as long as the rest of a move: apply builds one per action."""
        state = object.__new__(cls)
        state.__dict__.update(fields)
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
        return self.turn is None

    @property
    def scores(self) -> list[int]:
        return [len(ranks) for ranks in self.chests]

    @property
    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        best = max(self.scores)
        return [seat for seat, score in enumerate(self.scores) if score == best]

    @property
    def log(self) -> list[dict]:
        return self.events.seen_by(None)

    def legal_actions(self) -> list[dict]:
        if self.turn is None:
            return []
        if self.phase == "ask":
            targets, ranks = self._asks
            return [{"type": "ask", "target": target, "rank": rank} for target in targets for rank in ranks]
        if self.phase == "count":
            return [{"type": "count", "count": count} for count in self._counts()]
        return [{"type": "suits", "suits": list(combo)}
                for combo in itertools.combinations(self._free_suits(), self.request[2])]

    def apply(self, action: Mapping[str, Any]) -> SunduchokState:
        canonical = self._canonical(action)
        if not self._is_legal(canonical):
            raise self._why_illegal(canonical)
        table = _Table.from_state(self)
        table.play(canonical)
        return table.freeze()

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players):
            raise ValueError(f"No seat {seat!r} at this table.")
        chests = []
        for owner, ranks in enumerate(self.chests):
            visible = self.variant.show_chests or owner == seat
            chests.append([rank if visible else None for rank in ranks])
        request = None
        if self.request is not None:
            request = dict(zip(("target", "rank", "count"), self.request, strict=False))
        return {
            "game": "sunduchok",
            "seat": seat,
            "players": self.players,
            "dealer": self.dealer,
            "variant": self.variant.to_dict(),
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(hand) for hand in self.hands],
            "stock_size": len(self.stock),
            "chests": chests,
            "current_player": self.turn,
            "phase": self.phase if self.turn is not None else None,
            "request": request,
            "locked_target": self.locked_target,
            "log": self.events.seen_by(seat),
            "is_over": self.is_over,
            "scores": self.scores,
            "winners": self.winners,
        }

    def card_locations(self) -> dict[str, str]:
        locations = {card: f"hand:{seat}" for seat, hand in enumerate(self.hands) for card in hand}
        locations.update({card: "stock" for card in self.stock})
        for seat, ranks in enumerate(self.chests):
            locations.update({rank + suit: f"chests:{seat}" for rank in ranks for suit in SUITS})
        return locations

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "sunduchok",
            "variant": self.variant.to_dict(),
            "dealer": self.dealer,
            "seed": self.seed,
            "hands": [list(hand) for hand in self.hands],
            "stock": list(self.stock),
            "chests": [list(ranks) for ranks in self.chests],
            "turn": self.turn,
            "phase": self.phase,
            "request": list(self.request) if self.request is not None else None,
            "locked_target": self.locked_target,
            "events": [copy_json(event) for event in self.events],
        }

    # -- checking actions ------------------------------------------------------------------
    @property
    def _asks(self) -> tuple[list[int], list[str]]:
        """Whom the player may ask and for which ranks: listed by legal_actions, checked by apply.

        Worked out once per state and kept beside its fields (not one of them: equality and to_dict
        ignore it); functools.cached_property would do the same behind a lock that costs more."""
        asks = self.__dict__.get("_asks_cache")
        if asks is None:
            asks = self.__dict__["_asks_cache"] = (self._allowed_targets(), self._allowed_ranks())
        return asks

    def _counts(self) -> range:
        """From 1 to 4 minus the cards of the rank the player holds: as many as the suits they lack."""
        return range(1, len(self._free_suits()) + 1)

    def _free_suits(self) -> list[str]:
        rank, hand = self.request[1], self.hands[self.turn]
        return [suit for suit in SUITS if rank + suit not in hand]

    def _is_legal(self, action: dict[str, Any]) -> bool:
        """Whether `action` (canonical) is one of legal_actions(), without listing them all."""
        if self.turn is None or action["type"] != self.phase:
            return False
        if self.phase == "ask":
            targets, ranks = self._asks
            return action["target"] in targets and action["rank"] in ranks
        if self.phase == "count":
            return action["count"] in self._counts()
        suits, free_suits = action["suits"], self._free_suits()
        return len(suits) == self.request[2] and all(suit in free_suits for suit in suits)

    def _allowed_targets(self) -> list[int]:
        seat, players = self.turn, self.players
        clockwise = [(seat + step) % players for step in range(1, players)]
        with_cards = [other for other in clockwise if self.hands[other]]
        if self.locked_target is not None and self.hands[self.locked_target]:
            return [self.locked_target]
        if self.variant.target == "next" and self.stock:
            return with_cards[:1]
        return with_cards

    def _allowed_ranks(self) -> list[str]:
        if self.variant.must_hold_rank:
            # The hand is in deck order, so its ranks come in the deck's order of ranks.
            return list(dict.fromkeys([CARD_RANK[card] for card in self.hands[self.turn]]))
        seen_laid_down = {rank for owner, ranks in enumerate(self.chests) for rank in ranks
                          if self.variant.show_chests or owner == self.turn}
        return [rank for rank in self.variant.ranks if rank not in seen_laid_down]

    def _canonical(self, action: Any) -> dict[str, Any]:
        """The action with its fields checked for shape and its suit set in deck order."""
        # A dict is a Mapping: its type is checked first, as isinstance against an ABC takes longer.
        if type(action) is not dict and not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
            raise IllegalAction("That is not an action: expected a type such as ask, count or suits.", "not-an-action")
        kind = action["type"]
        fields = ACTION_FIELDS.get(kind)
        if fields is None:
            raise IllegalAction(f"Sunduchok has no '{kind}' action.", "unknown-type", type=kind)
        if action.keys() != fields:
            raise IllegalAction(f"A {kind} action takes exactly: {', '.join(sorted(fields))}.", "fields",
                                type=kind, fields=sorted(fields))
        if kind == "suits":
            suits = action["suits"]
            if not isinstance(suits, (list, tuple)) or not all(isinstance(s, str) and s in SUITS for s in suits):
                raise IllegalAction("Name the suits as letters C, D, H and S.", "suit-letters")
            if len(set(suits)) != len(suits):
                raise IllegalAction("Name each suit once.", "suit-twice")
            return {"type": "suits", "suits": sorted(suits, key=SUITS.index)}
        number = "target" if kind == "ask" else "count"
        value = action[number]
        # bool is an int subclass, and True == 1 would otherwise pass for seat 1.
        if type(value) is not int and (not isinstance(value, int) or isinstance(value, bool)):
            raise IllegalAction(f"The {number} must be a whole number.", "not-a-number", field=number)
        if kind == "ask" and not isinstance(action["rank"], str):
            raise IllegalAction("The rank must be one of 2-10, J, Q, K, A.", "rank-not-text")
        return dict(action)

    def _why_illegal(self, action: dict[str, Any]) -> IllegalAction:
        if self.turn is None:
            return IllegalAction("The game is over.", "game-over")
        if action["type"] != self.phase:
            expected = {"ask": "ask for a rank", "count": "say how many", "suits": "name the suits"}[self.phase]
            return IllegalAction(f"Now you must {expected}.", "wrong-phase", phase=self.phase)
        if action["type"] == "ask":
            target, rank = action["target"], action["rank"]
            targets = self._allowed_targets()
            if not 0 <= target < self.players:
                return IllegalAction("There is no such player.", "no-such-player")
            if target == self.turn:
                return IllegalAction("You cannot ask yourself.", "ask-yourself")
            if target not in targets:
                if not self.hands[target]:
                    return IllegalAction(f"Player {target + 1} has no cards to ask for.", "target-empty",
                                         target=target)
                return IllegalAction(f"You must ask Player {targets[0] + 1}.", "target-fixed", target=targets[0])
            if rank not in self.variant.ranks:
                return IllegalAction(f"There is no rank {rank!r} in this deck.", "no-such-rank", rank=rank)
            if self.variant.must_hold_rank:
                return IllegalAction(f"You can only ask for a rank you hold, and you hold no {rank_plural(rank)}.",
                                     "rank-not-held", rank=rank)
            return IllegalAction(f"The {rank_plural(rank)} are already laid down as a chest.", "rank-laid-down",
                                 rank=rank)
        if action["type"] == "count":
            counts = [option["count"] for option in self.legal_actions()]
            return IllegalAction(f"Name a number from {counts[0]} to {counts[-1]}.", "count-range",
                                 low=counts[0], high=counts[-1])
        count, rank = self.request[2], self.request[1]
        return IllegalAction(f"Name exactly {count} suit{'s' if count > 1 else ''} of {rank_plural(rank)}, "
                             "none of which you hold.", "suits-count", count=count, rank=rank)


class _Table:
    """A working copy of a state, used only inside `apply` and the deal functions. It starts from the
    state's own tuples and replaces only the hands, stock and chests the move changes (hands stay in
    deck order), so the frozen result shares the rest with the old state."""

    def __init__(self, variant: SunduchokVariant, dealer: int, seed: int, hands: list[tuple[str, ...]],
                 stock: tuple[str, ...], chests: list[tuple[str, ...]], events: EventLog) -> None:
        self.variant, self.dealer, self.seed = variant, dealer, seed
        self.hands, self.stock, self.chests = hands, stock, chests
        self.old_events = events
        self.events: list[dict] = []        # the events of this move, appended to the old log when frozen
        self.turn: int | None = None
        self.phase = "ask"
        self.request: tuple | None = None
        self.locked_target: int | None = None

    @classmethod
    def from_state(cls, state: SunduchokState) -> _Table:
        table = cls(state.variant, state.dealer, state.seed, list(state.hands), state.stock, list(state.chests),
                    state.events)
        table.turn, table.phase = state.turn, state.phase
        table.request, table.locked_target = state.request, state.locked_target
        return table

    def freeze(self) -> SunduchokState:
        return SunduchokState._of({
            "variant": self.variant, "dealer": self.dealer, "seed": self.seed, "hands": tuple(self.hands),
            "stock": self.stock, "chests": tuple(self.chests), "turn": self.turn, "phase": self.phase,
            "request": self.request, "locked_target": self.locked_target,
            "events": self.old_events.extended(self.events),
        })

    @property
    def players(self) -> int:
        return len(self.hands)

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def opponents_hold_cards(self, seat: int) -> bool:
        return any(self.hands[:seat]) or any(self.hands[seat + 1:])

    def start(self) -> None:
        self.events.append({"type": "deal", "seat": self.dealer, "hand_sizes": [len(h) for h in self.hands],
                            "stock_size": len(self.stock)})
        for step in range(1, self.players + 1):
            seat = (self.dealer + step) % self.players
            # The ranks the seat holds, in deck order as its hand is.
            for rank in dict.fromkeys([CARD_RANK[card] for card in self.hands[seat]]):
                self.lay_down_if_complete(seat, rank, "deal")
        self.begin_turn(self.next_seat(self.dealer))

    # -- automatic moves -------------------------------------------------------------------
    def begin_turn(self, seat: int) -> None:
        """Give `seat` the turn, playing every automatic move until someone must decide."""
        self.phase, self.request, self.locked_target = "ask", None, None
        while sum(map(len, self.chests)) < len(self.variant.ranks):
            if not self.hands[seat]:
                if self.stock:
                    self.draw(seat, "empty-hand")
                else:
                    self.events.append({"type": "skip", "seat": seat})
            elif not self.opponents_hold_cards(seat):
                self.events.append({"type": "pass", "seat": seat, "reason": "opponents-empty"})
            else:
                self.turn = seat
                return
            seat = self.next_seat(seat)
        self.turn = None
        self.phase = "over"
        scores = [len(ranks) for ranks in self.chests]
        self.events.append({"type": "end", "seat": None, "scores": scores,
                            "winners": [s for s, score in enumerate(scores) if score == max(scores)]})

    def continue_turn(self, seat: int, target: int) -> None:
        """After a success the asker goes on, unless they or all their opponents are out of cards."""
        self.phase, self.request = "ask", None
        self.locked_target = target if self.variant.target == "same-after-success" else None
        if sum(map(len, self.chests)) == len(self.variant.ranks):
            self.begin_turn(seat)   # ends the game
        elif not self.hands[seat]:
            self.events.append({"type": "pass", "seat": seat, "reason": "no-cards"})
            self.begin_turn(self.next_seat(seat))
        elif not self.opponents_hold_cards(seat):
            self.events.append({"type": "pass", "seat": seat, "reason": "opponents-empty"})
            self.begin_turn(self.next_seat(seat))

    def draw(self, seat: int, reason: str) -> None:
        card, self.stock = self.stock[0], self.stock[1:]
        self.hands[seat] = in_deck_order((*self.hands[seat], card))
        self.events.append({"type": "draw", "seat": seat, "reason": reason, "stock_size": len(self.stock),
                            "private": {"card": card}})
        self.lay_down_if_complete(seat, CARD_RANK[card], "draw")

    def lay_down_if_complete(self, seat: int, rank: str, source: str) -> None:
        hand = self.hands[seat]
        if [CARD_RANK[card] for card in hand].count(rank) < 4:
            return
        self.hands[seat] = tuple([card for card in hand if CARD_RANK[card] != rank])
        self.chests[seat] += (rank,)
        event = {"type": "chest", "seat": seat, "source": source}
        if self.variant.show_chests:
            event["rank"] = rank
        else:
            event["private"] = {"rank": rank}
        self.events.append(event)

    # -- the player's decisions ------------------------------------------------------------
    def held(self, target: int, rank: str) -> tuple[str, ...]:
        """The cards of `rank` in the target's hand, in deck order (so their suits in C D H S order)."""
        return tuple([card for card in self.hands[target] if CARD_RANK[card] == rank])

    def play(self, action: dict[str, Any]) -> None:
        seat = self.turn
        if action["type"] == "ask":
            target, rank = action["target"], action["rank"]
            held = self.held(target, rank)
            answer = "yes" if held else "no"
            self.events.append({"type": "ask", "seat": seat, "target": target, "rank": rank, "answer": answer})
            if not held:
                self.fail(seat)
            elif self.variant.questions == "rank-only":
                self.transfer(seat, target, rank, held)
            else:
                self.phase, self.request = "count", (target, rank)
        elif action["type"] == "count":
            target, rank = self.request
            answer = "yes" if len(self.held(target, rank)) == action["count"] else "no"
            self.events.append({"type": "count", "seat": seat, "target": target, "rank": rank,
                                "count": action["count"], "answer": answer})
            if answer == "no":
                self.fail(seat)
            else:
                self.phase, self.request = "suits", (target, rank, action["count"])
        else:
            target, rank, _count = self.request
            held = self.held(target, rank)
            answer = "yes" if [suit_of(card) for card in held] == action["suits"] else "no"
            self.events.append({"type": "suits", "seat": seat, "target": target, "rank": rank,
                                "suits": action["suits"], "answer": answer})
            if answer == "no":
                self.fail(seat)
            else:
                self.transfer(seat, target, rank, held)

    def transfer(self, seat: int, target: int, rank: str, cards: tuple[str, ...]) -> None:
        self.hands[target] = tuple([card for card in self.hands[target] if card not in cards])
        self.hands[seat] = in_deck_order(self.hands[seat] + cards)
        self.events.append({"type": "transfer", "seat": seat, "target": target, "cards": list(cards)})
        self.lay_down_if_complete(seat, rank, "ask")
        self.continue_turn(seat, target)

    def fail(self, seat: int) -> None:
        if self.stock:
            self.draw(seat, "failed")
        self.begin_turn(self.next_seat(seat))


class Sunduchok:
    key = "sunduchok"
    title = "Sunduchok"
    min_players = 2
    max_players = 6
    presets = PRESETS
    preset_descriptions = PRESET_DESCRIPTIONS
    variant_fields = VARIANT_FIELDS

    def variant(self, preset: str = "standard", **fields: Any) -> SunduchokVariant:
        return build_variant(SunduchokVariant, PRESETS, self.title, preset, **fields)

    def _resolve_variant(self, variant: SunduchokVariant | Mapping[str, Any] | None) -> SunduchokVariant:
        return resolve_variant(self, SunduchokVariant, variant)

    def _check_table(self, players: Any, dealer: Any) -> None:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(f"Sunduchok takes {self.min_players} to {self.max_players} players.")
        # bool is an int subclass: True must not pass for seat 1.
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
            raise ValueError(f"The dealer must be a seat from 0 to {players - 1}.")

    def new_game(self, players: int, seed: int, variant: Any = None, dealer: int = 0) -> SunduchokState:
        variant = self._resolve_variant(variant)
        self._check_table(players, dealer)
        if not variant.deal_all and variant.hand_size * players > variant.deck:
            raise ValueError(f"{players} hands of {variant.hand_size} need more than {variant.deck} cards.")
        deck = list(make_deck(variant.ranks))
        random.Random(seed).shuffle(deck)
        # One card at a time, starting to the dealer's left.
        dealt = len(deck) if variant.deal_all else variant.hand_size * players
        hands: list[list[str]] = [[] for _ in range(players)]
        for index, card in enumerate(deck[:dealt]):
            hands[(dealer + 1 + index) % players].append(card)
        return self._deal(variant, dealer, seed, hands, deck[dealt:])

    def from_deal(self, hands: Sequence[Sequence[str]], stock: Sequence[str], variant: Any = None,
                  dealer: int = 0, seed: int = 0) -> SunduchokState:
        variant = self._resolve_variant(variant)
        if not isinstance(hands, Sequence) or isinstance(hands, str):
            raise ValueError("Hands are a list of card lists, one per seat.")
        self._check_table(len(hands), dealer)
        cards = [card for hand in hands for card in hand] + list(stock)
        bad = [card for card in cards if not is_card(card)]
        if bad:
            raise ValueError(f"{bad[0]!r} is not a card.")
        deck = make_deck(variant.ranks)
        if len(cards) != len(set(cards)) or set(cards) != set(deck):
            missing = sorted(set(deck) - set(cards))
            extra = sorted(set(cards) - set(deck))
            doubled = sorted({card for card in cards if cards.count(card) > 1})
            raise ValueError(f"The deal must be exactly the {variant.deck}-card deck "
                             f"(missing {missing}, not in this deck {extra}, dealt twice {doubled}).")
        if variant.deal_all and stock:
            raise ValueError("This variant deals every card: the stock must be empty.")
        return self._deal(variant, dealer, seed, [list(hand) for hand in hands], list(stock))

    def _deal(self, variant: SunduchokVariant, dealer: int, seed: int, hands: list[list[str]],
              stock: list[str]) -> SunduchokState:
        table = _Table(variant, dealer, seed, [in_deck_order(hand) for hand in hands], tuple(stock),
                       [() for _ in hands], EventLog())
        table.start()
        return table.freeze()

    def state_from_dict(self, data: Mapping[str, Any]) -> SunduchokState:
        if data.get("game") != self.key:
            raise ValueError("That is not a Sunduchok state.")
        return SunduchokState(
            variant=self._resolve_variant(data["variant"]), dealer=data["dealer"], seed=data["seed"],
            hands=tuple(tuple(hand) for hand in data["hands"]), stock=tuple(data["stock"]),
            chests=tuple(tuple(ranks) for ranks in data["chests"]), turn=data["turn"], phase=data["phase"],
            request=tuple(data["request"]) if data["request"] is not None else None,
            locked_target=data["locked_target"], events=EventLog(copy_json(event) for event in data["events"]),
        )


SUNDUCHOK = Sunduchok()
