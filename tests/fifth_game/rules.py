"""Duel, the fifth game that lives only in the tests: two players, the highest cards of hearts, three each (two in
"short"); each trick the higher card wins and its winner leads the next; most tricks wins, a tie going to the last
trick's winner. Written to docs/engine.md's contract, as small as that allows."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.rules.base import IllegalAction, build_variant, copy_json, resolve_variant
from games.rules.cards import RANK_INDEX, RANKS, rank_of
from games.rules.variant_fields import Choice, check_variant_fields

FULL_DECK = tuple(f"{rank}H" for rank in RANKS)

PRESETS: dict[str, dict[str, Any]] = {"standard": {}, "short": {"hand_size": 2}}
PRESET_DESCRIPTIONS = {"standard": "Three cards each, three tricks.", "short": "Two cards each, two tricks."}


VARIANT_FIELDS = (Choice("hand_size", (2, 3)),)


@dataclasses.dataclass(frozen=True)
class DuelVariant:
    hand_size: int = 3

    def __post_init__(self) -> None:
        check_variant_fields(self, VARIANT_FIELDS)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @property
    def deck(self) -> tuple[str, ...]:
        """The highest 2 x hand_size hearts, lowest first."""
        return FULL_DECK[-2 * self.hand_size:]


def trick_winner(trick: Sequence[tuple[int, str]]) -> int:
    return max(trick, key=lambda played: RANK_INDEX[rank_of(played[1])])[0]


@dataclasses.dataclass(frozen=True)
class DuelState:
    variant: DuelVariant
    seed: Any
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    trick: tuple[tuple[int, str], ...]
    tricks: tuple[int, ...]
    turn: int | None
    events: tuple[dict, ...]

    players = 2

    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.turn is None

    @property
    def scores(self) -> list[int]:
        return list(self.tricks)

    @property
    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        if self.tricks[0] != self.tricks[1]:
            return [0 if self.tricks[0] > self.tricks[1] else 1]
        return [next(event["winner"] for event in reversed(self.events) if event["type"] == "trick")]

    @property
    def log(self) -> list[dict]:
        return [copy_json(event) for event in self.events]

    def legal_actions(self) -> list[dict]:
        if self.turn is None:
            return []
        return [{"type": "play", "card": card} for card in self.hands[self.turn]]

    def apply(self, action: Mapping[str, Any]) -> DuelState:
        if self.turn is None:
            raise IllegalAction("The game is over.", "game-over")
        if not isinstance(action, Mapping) or action.get("type") != "play" or set(action) != {"type", "card"}:
            raise IllegalAction("A move is {'type': 'play', 'card': ...}.", "not-an-action")
        seat, card = self.turn, action["card"]
        if card not in self.hands[seat]:
            raise IllegalAction(f"You do not hold {card!r}.", "not-in-hand", card=str(card))
        hands = list(self.hands)
        hands[seat] = tuple(held for held in hands[seat] if held != card)
        trick, tricks = (*self.trick, (seat, card)), list(self.tricks)
        events = [{"type": "play", "seat": seat, "card": card}]
        turn: int | None = 1 - seat
        if len(trick) == 2:
            winner = trick_winner(trick)
            tricks[winner] += 1
            events.append({"type": "trick", "seat": winner, "winner": winner, "cards": [card for _, card in trick]})
            trick, turn = (), winner
            if not any(hands):
                turn = None
                events.append({"type": "end", "seat": None, "tricks": tricks})
        return dataclasses.replace(self, hands=tuple(hands), trick=trick, tricks=tuple(tricks), turn=turn,
                                   events=self.events + tuple(events))

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None and seat not in (0, 1):
            raise ValueError(f"No seat {seat!r} at this table.")
        return {
            "game": "duel", "seat": seat, "players": 2, "dealer": self.dealer, "variant": self.variant.to_dict(),
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(hand) for hand in self.hands],
            "trick": [{"seat": played, "card": card} for played, card in self.trick],
            "tricks": list(self.tricks), "current_player": self.turn, "scores": self.scores, "log": self.log,
            "is_over": self.is_over, "winners": self.winners,
        }

    def card_locations(self) -> dict[str, str]:
        locations = {card: f"hand:{seat}" for seat, hand in enumerate(self.hands) for card in hand}
        locations.update({card: "table" for _, card in self.trick})
        played = [card for event in self.events if event["type"] == "trick" for card in event["cards"]]
        locations.update({card: "discard" for card in played})
        return locations

    def to_dict(self) -> dict[str, Any]:
        return {"game": "duel", "variant": self.variant.to_dict(), "seed": self.seed, "dealer": self.dealer,
                "hands": [list(hand) for hand in self.hands], "trick": [list(played) for played in self.trick],
                "tricks": list(self.tricks), "turn": self.turn, "events": [copy_json(e) for e in self.events]}


class Duel:
    key = "duel"
    title = "Duel"
    min_players = 2
    max_players = 2
    presets = PRESETS
    preset_descriptions = PRESET_DESCRIPTIONS
    variant_fields = VARIANT_FIELDS

    def variant(self, preset: str = "standard", **fields: Any) -> DuelVariant:
        return build_variant(DuelVariant, PRESETS, self.title, preset, **fields)

    def new_game(self, players: int = 2, seed: Any = 0, variant: Any = None, dealer: int = 0) -> DuelState:
        variant = resolve_variant(self, DuelVariant, variant)
        deck = list(variant.deck)
        random.Random(seed).shuffle(deck)
        size = variant.hand_size
        return self.from_deal([deck[:size], deck[size:]], variant=variant, dealer=dealer, seed=seed)

    def from_deal(self, hands: Sequence[Sequence[str]], stock: Sequence[str] = (), variant: Any = None,
                  dealer: int = 0, seed: Any = 0) -> DuelState:
        variant = resolve_variant(self, DuelVariant, variant)
        if len(hands) != 2 or dealer not in (0, 1):
            raise ValueError("Duel takes two players.")
        if stock or sorted(card for hand in hands for card in hand) != sorted(variant.deck):
            raise ValueError(f"The deal must be exactly the deck {list(variant.deck)}.")
        ordered = tuple(tuple(sorted(hand, key=variant.deck.index)) for hand in hands)
        deal = {"type": "deal", "seat": dealer, "hand_sizes": [len(hand) for hand in ordered]}
        return DuelState(variant=variant, seed=seed, dealer=dealer, hands=ordered, trick=(), tricks=(0, 0),
                         turn=1 - dealer, events=(deal,))

    def state_from_dict(self, data: Mapping[str, Any]) -> DuelState:
        if data.get("game") != self.key:
            raise ValueError("That is not a Duel state.")
        return DuelState(variant=resolve_variant(self, DuelVariant, data["variant"]), seed=data["seed"],
                         dealer=data["dealer"], hands=tuple(tuple(hand) for hand in data["hands"]),
                         trick=tuple((seat, card) for seat, card in data["trick"]), tricks=tuple(data["tricks"]),
                         turn=data["turn"], events=tuple(copy_json(event) for event in data["events"]))


DUEL = Duel()
