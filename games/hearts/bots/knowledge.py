"""What a seat knows about the current deal, replayed from its view alone.

Cards played, the trick on the table, and what the public log proves about the hidden hands:
a seat that did not follow suit holds none of that suit; a heart led before hearts were broken
shows a hand of hearts only; under the clean first trick, a heart or the queen of spades on the
first trick shows a hand of nothing else. On top of that the seat knows its own pass: the cards it
passed are in the receiver's hand until they are played. All cards are numbers (see playout).

It also judges how each other seat plays. A card played is checked against the habits of
playout.choose with the cards that seat played later in the same deal, which it held at the time:
a lead of the 9♦ followed later by the 4♦, or a low club discarded while the queen of spades was
still in that hand, is not what habits do. Each check that fits or fails moves the odds that the
seat plays at random; the hard bot's rollouts let it play that much at random.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from typing import Any

from games.hearts.bots.playout import HEARTS, QUEEN, QUEEN_OF_SPADES, SPADES, Rules, card_number, card_points, hand_of
from games.rules.base import last_event_index

FULL_MASK = (1 << 52) - 1
# How likely a seat is, before any evidence, to play at random rather than by habit.
RANDOM_PRIOR = 0.2
# Each play that can be checked against the habits of playout.choose — because the seat later
# played cards it must have held then — either fits them or shows a card the habits would have
# preferred. How often that shows: rarely for a player of habits (another bot or a person may still
# differ from them), about every other time for one playing at random.
CONTRADICTED = {"habit": 0.03, "random": 0.5}
LOG_ODDS_CONTRADICTED = math.log(CONTRADICTED["random"] / CONTRADICTED["habit"])
LOG_ODDS_FITTING = math.log((1 - CONTRADICTED["random"]) / (1 - CONTRADICTED["habit"]))
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * suit) for suit in range(4))
HEARTS_AND_QUEEN = SUIT_MASKS[HEARTS] | 1 << QUEEN_OF_SPADES
PASS_OFFSETS = {"left": 1, "right": 3, "across": 2}


@dataclasses.dataclass(frozen=True)
class Void:
    """A public fact: `seat` did not follow `suit` (cited by the hard bot's reasons)."""

    seat: int
    suit: int


class DealKnowledge:
    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.seat: int = view["seat"]
        self.rules = Rules.of(view["variant"])
        self.hand_cards = [card_number(card) for card in view["hand"] or []]
        self.hand = hand_of(self.hand_cards)
        self.hand_sizes: list[int] = list(view["hand_sizes"])
        self.points: list[int] = list(view["points_taken"])
        self.broken: bool = view["hearts_broken"]
        self.first: bool = view["first_trick"]
        self.trick = [card_number(entry["card"]) for entry in view["trick"]]
        self.trick_seats = [entry["seat"] for entry in view["trick"]]
        self.leader: int = view["leader"] if view["leader"] is not None else self.seat
        self.played = 0                                 # mask of cards played this deal (the table included)
        self.possible = [FULL_MASK] * 4                 # cards each seat may still hold
        self.voids: list[Void] = []
        self._replay(view["log"])
        for seat in range(4):
            self.possible[seat] &= ~self.played
        # Our own pass: those cards sit in the receiver's hand until played.
        self.known: list[list[int]] = [[], [], [], []]
        offset = PASS_OFFSETS.get(view["pass_direction"])
        if view["my_pass"] and view["received"] is not None and offset:
            receiver = (self.seat + offset) % 4
            self.known[receiver] = [number for number in map(card_number, view["my_pass"])
                                    if not self.played >> number & 1]
        self.queen_out = not self.played >> QUEEN_OF_SPADES & 1

    def _replay(self, log: list[dict]) -> None:
        deal = last_event_index(log, "deal")
        start = deal + 1 if deal is not None else 0
        led = -1
        broken = False
        first = True
        clean_first = self.rules.clean_first_trick
        for event in log[start:]:
            kind = event["type"]
            if kind == "play":
                number = card_number(event["card"])
                seat, suit = event["seat"], number // 13
                self.played |= 1 << number
                if led < 0:
                    led = suit
                    if suit == HEARTS and not broken:
                        self._limit(seat, SUIT_MASKS[HEARTS])
                elif suit != led:
                    self._void(seat, led)
                    if first and clean_first and (suit == HEARTS or number == QUEEN_OF_SPADES):
                        self._limit(seat, HEARTS_AND_QUEEN)
            elif kind == "trick":
                led = -1
                first = False
            elif kind == "hearts-broken":
                broken = True

    @functools.cached_property
    def randomness(self) -> list[float]:
        """How likely each other seat is to play at random: judged from the whole match's plays, so only when
        asked (the hard bot's rollouts ask; the "What your seat knows" panel does not)."""
        return self._judge_players(self.view["log"])

    def _judge_players(self, log: list[dict]) -> list[float]:
        """How likely each other seat is to play at random, from its plays this match checked
        against the habits with the cards it played later in the same deal."""
        odds = [math.log(RANDOM_PRIOR / (1 - RANDOM_PRIOR))] * 4
        plays: list[tuple[int, int, tuple]] = []      # (seat, card, the trick as it was) of one deal
        placed, led, win_rank, points, first, queen_out = 0, -1, -1, 0, True, True
        for event in [*log, {"type": "deal"}]:
            kind = event["type"]
            if kind == "deal":
                later: list[list[int]] = [[], [], [], []]
                for seat, number, trick in reversed(plays):
                    if seat != self.seat:
                        verdict = habit_fits(number, trick, later[seat], self.rules.clean_first_trick)
                        if verdict is not None:
                            odds[seat] += LOG_ODDS_FITTING if verdict else LOG_ODDS_CONTRADICTED
                    later[seat].append(number)
                plays = []
                placed, first, queen_out = 0, True, True
            elif kind == "trick":
                placed, first = 0, False
            elif kind == "play":
                number = card_number(event["card"])
                suit, rank = divmod(number, 13)
                if placed == 0:
                    led, win_rank, points = suit, -1, 0
                plays.append((event["seat"], number, (placed, led, win_rank, points, first, queen_out)))
                if suit == led:
                    win_rank = max(win_rank, rank)
                points += card_points(number)
                queen_out = queen_out and number != QUEEN_OF_SPADES
                placed += 1
        chances = [1 / (1 + math.exp(-value)) for value in odds]
        chances[self.seat] = 0.0
        return chances

    def _void(self, seat: int, suit: int) -> None:
        if self.possible[seat] & SUIT_MASKS[suit]:
            self.voids.append(Void(seat, suit))
        self.possible[seat] &= ~SUIT_MASKS[suit]

    def _limit(self, seat: int, mask: int) -> None:
        for suit in range(4):
            if not mask & SUIT_MASKS[suit]:
                self._void(seat, suit)
        self.possible[seat] &= mask

    # -- questions ------------------------------------------------------------------------------
    def is_void(self, seat: int, suit: int) -> bool:
        return not self.possible[seat] & SUIT_MASKS[suit] and not any(number // 13 == suit
                                                                      for number in self.known[seat])

    def unseen(self) -> list[int]:
        """Cards in the other hands that we do not know the place of, in deck-number order."""
        taken = self.played
        for number in self.hand_cards:
            taken |= 1 << number
        for cards in self.known:
            for number in cards:
                taken |= 1 << number
        return [number for number in range(52) if not taken >> number & 1]

    def still_out(self) -> list[int]:
        """Cards of this deal not played yet and not in our hand: those in the other hands, in deck-number
        order (the unseen ones and our own pass, where it went)."""
        mine = set(self.hand_cards)
        return [number for number in range(52) if not self.played >> number & 1 and number not in mine]

    def moon_open_to(self) -> list[int]:
        """The seats that can still shoot the moon this deal: everyone before any point is taken, then only
        the seat that took every point so far, if one did."""
        if not any(self.points):
            return list(range(4))
        hopeful = self.moon_hopeful()
        return [hopeful] if hopeful >= 0 else []

    def moon_hopeful(self) -> int:
        """The seat that took every point of the deal so far, if any points were taken, else -1."""
        holders = [seat for seat in range(4) if self.points[seat]]
        return holders[0] if len(holders) == 1 else -1

    def trick_state(self) -> tuple[int, int, int, int, int]:
        """The trick on the table: (cards placed, led suit, highest rank of it, its seat, points in it)."""
        if not self.trick:
            return 0, -1, -1, self.leader, 0
        led = self.trick[0] // 13
        win_rank, win_seat, points = -1, self.leader, 0
        for seat, number in zip(self.trick_seats, self.trick, strict=True):
            if number // 13 == led and number % 13 > win_rank:
                win_rank, win_seat = number % 13, seat
            points += card_points(number)
        return len(self.trick), led, win_rank, win_seat, points


def habit_fits(number: int, trick: tuple, later: list[int], clean_first: bool) -> bool | None:
    """Whether a play fits the habits of playout.choose given `later`, cards the seat played later
    in the deal (so held at the time): False when the habits would have preferred one of those,
    None when they cannot tell. `trick` is (cards placed, led suit, its highest rank so far, points
    on the table, first trick, queen of spades still out) before the play."""
    placed, led, win_rank, points, first, queen_out = trick
    suit, rank = divmod(number, 13)
    if placed and suit != led:
        # A discard: the queen of spades first, then the ace and king of spades while she is out,
        # then the highest card, hearts counting four ranks higher.
        if not later or (first and clean_first):
            return None

        def priority(card: int) -> int:
            if card == QUEEN_OF_SPADES:
                return 100
            card_suit, card_rank = divmod(card, 13)
            if card_suit == SPADES and card_rank > QUEEN and queen_out:
                return 50 + card_rank
            return card_rank + (4 if card_suit == HEARTS else 0)

        return not any(priority(card) > priority(number) for card in later)
    same = [card % 13 for card in later if card // 13 == suit]
    if first or not same or (suit == SPADES and QUEEN in [rank, *same]):
        return None
    if placed == 0:
        return min(same) > rank                 # the habits lead the lowest card of the suit
    if placed == 3 and not points:
        return None                             # shedding the highest card: its exceptions are many
    below = [card for card in same if card < win_rank]
    if rank > win_rank:
        # Over the trick: the habits would have stayed under it, or played their lowest card over it.
        return not below and (placed == 3 or min(same) > rank)
    return not any(rank < card < win_rank for card in below)       # under it: the highest card under
