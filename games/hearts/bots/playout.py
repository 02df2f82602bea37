"""A fast model of a Hearts deal for the bots: cards as numbers, the heuristic player, and rollouts.

A card is `suit * 13 + rank` (suits C D H S = 0..3, ranks 2..A = 0..12) and a hand is four
ascending lists of ranks, one per suit. The heuristic player (`choose`) is the medium bot's play and
the policy of the hard bot's rollouts, for every seat. It looks only at what its seat may know: its
own hand, the trick on the table and public facts (hearts broken, the queen of spades still out,
a seat playing for the moon). `play_out` plays a deal to its end with it, far faster than the engine, which it
mirrors rule for rule (following suit, leading hearts, the first trick, breaking hearts).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
QUEEN, KING, ACE = 10, 11, 12
QUEEN_OF_SPADES = SPADES * 13 + QUEEN
SUIT_LETTERS = "CDHS"
RANK_CODES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_NUMBERS = {code: number for number, code in enumerate(RANK_CODES)}
ALL_POINTS = 26

Hand = list[list[int]]


def card_number(card: str) -> int:
    return "CDHS".index(card[-1]) * 13 + RANK_NUMBERS[card[:-1]]


def card_code(number: int) -> str:
    return RANK_CODES[number % 13] + SUIT_LETTERS[number // 13]


def card_points(number: int) -> int:
    return 13 if number == QUEEN_OF_SPADES else 1 if number // 13 == HEARTS else 0


def hand_of(cards) -> Hand:
    """Four ascending rank lists from card codes or numbers."""
    hand: Hand = [[], [], [], []]
    for card in cards:
        number = card if isinstance(card, int) else card_number(card)
        hand[number // 13].append(number % 13)
    for ranks in hand:
        ranks.sort()
    return hand


@dataclasses.dataclass(frozen=True)
class Rules:
    """The variant fields that change play, read from a view's "variant"."""

    queen_breaks: int = 0           # 0 never, 1 when discarded on another suit, 2 whenever played
    any_heart_breaks: bool = False
    clean_first_trick: bool = True  # no heart and no Q♠ on the first trick unless forced
    moon: str = "add-to-others"

    @classmethod
    def of(cls, variant: dict[str, Any]) -> Rules:
        return cls(queen_breaks=("never", "when-discarded", "when-played").index(variant["qs_breaks_hearts"]),
                   any_heart_breaks=variant["hearts_broken_by"] == "any-heart",
                   clean_first_trick=variant["points_on_first_trick"] == "never-unless-forced",
                   moon=variant["moon"])


# -- the heuristic player ----------------------------------------------------------------------
# Motives name the habit behind a card; the medium bot gives them as its reasons' keys.

def choose(hand: Hand, seat: int, placed: int, led: int, win_rank: int, win_seat: int, trick_points: int,
           broken: bool, first: bool, queen_out: bool, shooter: int, clean_first: bool,
           blockers: int = 0) -> tuple[int, int, str]:
    """The heuristic player's card for `seat` as (suit, rank, motive).

    `placed` cards are on the table, the led suit's highest being `win_rank` of `win_seat`;
    `shooter` is a seat playing for the moon (-1 for none): that seat takes tricks, and the seats in
    the bitmask `blockers` keep points away from it and take a trick with points from it.
    """
    if placed == 0:
        return _lead(hand, seat, broken, first, queen_out, shooter)
    blocking = shooter >= 0 and blockers >> seat & 1 and win_seat == shooter
    cards = hand[led]
    if cards:
        return _follow(cards, seat, placed, led, win_rank, trick_points, first, shooter, blocking)
    return _discard(hand, seat, first, queen_out, shooter, clean_first, blocking)


def _lead(hand: Hand, seat: int, broken: bool, first: bool, queen_out: bool, shooter: int) -> tuple[int, int, str]:
    if first:
        return CLUBS, 0, "two-of-clubs"
    suits = [suit for suit in (CLUBS, DIAMONDS, SPADES) if hand[suit]]
    if broken or not suits:
        suits = [suit for suit in range(4) if hand[suit]]
    if shooter == seat:
        suit = max(suits, key=lambda suit: (hand[suit][-1], suit == HEARTS))
        return suit, hand[suit][-1], "shoot-moon"
    spades = hand[SPADES]
    if queen_out and SPADES in suits and spades[-1] < QUEEN:
        return SPADES, spades[0], "lead-spade"
    best_suit, best_key = suits[0], None
    for suit in suits:
        rank = hand[suit][0]
        # A high spade led while the queen is out may catch her; the queen led gives her away.
        key = (rank + (13 if suit == SPADES and rank >= QUEEN and queen_out else 0), len(hand[suit]))
        if best_key is None or key < best_key:
            best_suit, best_key = suit, key
    return best_suit, hand[best_suit][0], "lead-low"


def _follow(cards: list[int], seat: int, placed: int, led: int, win_rank: int, trick_points: int,
            first: bool, shooter: int, blocking: bool) -> tuple[int, int, str]:
    if shooter == seat:
        return led, (cards[-1] if cards[-1] > win_rank else cards[0]), "shoot-moon"
    if blocking and trick_points and cards[-1] > win_rank:
        rank = cards[-1]
        if led == SPADES and rank == QUEEN and len(cards) > 1 and cards[-2] > win_rank:
            rank = cards[-2]
        return led, rank, "stop-moon"
    if led == SPADES and win_rank > QUEEN and QUEEN in cards:
        return led, QUEEN, "dump-queen"
    if (placed == 3 or first) and not trick_points:
        # Nothing to take here: shed the highest card, unless the queen of spades would win it.
        rank = cards[-1]
        if led == SPADES and rank == QUEEN and len(cards) > 1:
            rank = cards[-2]
        return led, rank, "shed-high"
    if cards[0] < win_rank:
        under = cards[0]
        for rank in cards:
            if rank >= win_rank:
                break
            under = rank
        return led, under, "duck"
    # Every card of ours beats the trick so far: the last seat takes it with its highest (not the
    # queen), the others hope for a higher card behind them.
    if placed == 3:
        rank = cards[-1]
        if led == SPADES and rank == QUEEN and len(cards) > 1:
            rank = cards[-2]
        return led, rank, "cannot-duck"
    rank = cards[0]
    if led == SPADES and rank == QUEEN and len(cards) > 1:
        rank = cards[1]
    return led, rank, "cannot-duck"


def _discard(hand: Hand, seat: int, first: bool, queen_out: bool, shooter: int, clean_first: bool,
             blocking: bool) -> tuple[int, int, str]:
    suits = [suit for suit in range(4) if hand[suit]]
    queen = QUEEN in hand[SPADES]
    if first and clean_first:
        clean = [suit for suit in suits if suit != HEARTS and (suit != SPADES or hand[SPADES] != [QUEEN])]
        if clean:
            suits = clean
            if queen and SPADES in suits:
                queen = False       # the queen may not go on the first trick while another card can
    if shooter == seat:
        # The lowest card outside hearts; the queen of spades only when nothing else is left.
        best = None
        for suit in suits:
            for rank in hand[suit]:
                if suit != HEARTS and not (suit == SPADES and rank == QUEEN):
                    if best is None or (rank, len(hand[suit])) < best[0]:
                        best = ((rank, len(hand[suit])), suit, rank)
                    break
        if best is None:
            suit = HEARTS if HEARTS in suits else suits[0]
            return suit, hand[suit][0], "shoot-moon"
        return best[1], best[2], "shoot-moon"
    if blocking:
        # Nothing for the would-be shooter: a card without points if there is one.
        best = None
        for suit in suits:
            for rank in reversed(hand[suit]):
                if suit != HEARTS and not (suit == SPADES and rank == QUEEN):
                    if best is None or rank > best[1]:
                        best = (suit, rank)
                    break
        if best is None:    # only hearts and the queen: the lowest heart, keeping high ones to win
            best = (HEARTS, hand[HEARTS][0]) if HEARTS in suits else (SPADES, QUEEN)
        return best[0], best[1], "stop-moon"
    if queen:
        return SPADES, QUEEN, "dump-queen"
    spades = hand[SPADES]
    if queen_out and SPADES in suits and spades[-1] > QUEEN:
        return SPADES, spades[-1], "dump-spade"
    best_suit, best_key = suits[0], None
    for suit in suits:
        rank = hand[suit][-1]
        if suit == SPADES and rank == QUEEN:
            rank = hand[suit][-2] if len(hand[suit]) > 1 else rank
        # Hearts first among high cards: each one given away is a point we cannot take later.
        key = (rank + (4 if suit == HEARTS else 0), -len(hand[suit]))
        if best_key is None or key > best_key:
            best_suit, best_key = suit, key
    rank = hand[best_suit][-1]
    if best_suit == SPADES and rank == QUEEN and len(hand[SPADES]) > 1:
        rank = hand[SPADES][-2]
    return best_suit, rank, ("dump-heart" if best_suit == HEARTS else "dump-high")


# -- rollouts ------------------------------------------------------------------------------------

def play_out(hands: list[Hand], leader: int, trick: list[int], points: list[int], broken: bool, first: bool,
             queen_out: bool, shooter: int, rules: Rules, card: int = -1, blockers: int = 0,
             noise: list[float] | None = None, rng: random.Random | None = None) -> list[int]:
    """Play the deal to its end (every seat by `choose`) and return each seat's points before the moon.

    `hands`, `trick` and `points` are changed in place: pass copies. `trick` holds the cards already
    on the table, led by `leader`; `card`, when given, is the next card played (the one being rated).
    With `noise` (a chance per seat), a seat plays a random legal card instead with its chance (drawn
    from `rng`): not every player plays by habit.
    """
    queen_breaks, any_heart, clean_first = rules.queen_breaks, rules.any_heart_breaks, rules.clean_first_trick
    while True:
        placed = len(trick)
        if placed:
            led = trick[0] // 13
            win_rank, win_place, trick_points = -1, 0, 0
            for place, number in enumerate(trick):
                if number // 13 == led and number % 13 > win_rank:
                    win_rank, win_place = number % 13, place
                trick_points += 13 if number == QUEEN_OF_SPADES else (number // 13 == HEARTS)
        else:
            led, win_rank, win_place, trick_points = -1, -1, 0, 0
        while placed < 4:
            seat = (leader + placed) & 3
            hand = hands[seat]
            if card >= 0:
                suit, rank = divmod(card, 13)
                card = -1
            elif noise and noise[seat] and rng.random() < noise[seat]:
                suit, rank = random_card(hand, placed, led, broken, first, clean_first, rng)
            else:
                suit, rank, _ = choose(hand, seat, placed, led, win_rank, (leader + win_place) & 3, trick_points,
                                       broken, first, queen_out, shooter, clean_first, blockers)
            hand[suit].remove(rank)
            if placed == 0:
                led = suit
            number = suit * 13 + rank
            if suit == HEARTS:
                trick_points += 1
                if not broken and (any_heart or led != HEARTS):
                    broken = True
            elif number == QUEEN_OF_SPADES:
                trick_points += 13
                queen_out = False
                if not broken and (queen_breaks == 2 or (queen_breaks == 1 and led != SPADES)):
                    broken = True
            if suit == led and rank > win_rank:
                win_rank, win_place = rank, placed
            trick.append(number)
            placed += 1
        winner = (leader + win_place) & 3
        points[winner] += trick_points
        if trick_points and shooter >= 0 and winner != shooter:
            shooter = -1
        first = False
        leader = winner
        trick = []
        winner_hand = hands[winner]
        if not (winner_hand[0] or winner_hand[1] or winner_hand[2] or winner_hand[3]):
            return points


def random_card(hand: Hand, placed: int, led: int, broken: bool, first: bool, clean_first: bool,
                rng: random.Random) -> tuple[int, int]:
    """A uniformly random legal card, as (suit, rank)."""
    if placed == 0:
        if first:
            return CLUBS, 0
        cards = [(suit, rank) for suit in (CLUBS, DIAMONDS, SPADES) for rank in hand[suit]] if not broken else []
        if not cards:
            cards = [(suit, rank) for suit in range(4) for rank in hand[suit]]
    elif hand[led]:
        return led, hand[led][int(rng.random() * len(hand[led]))]
    else:
        cards = [(suit, rank) for suit in range(4) for rank in hand[suit]]
        if first and clean_first:
            clean = [(suit, rank) for suit, rank in cards
                     if suit != HEARTS and suit * 13 + rank != QUEEN_OF_SPADES]
            cards = clean or cards
    return cards[int(rng.random() * len(cards))]


def moon_shooter(points: list[int]) -> int:
    """The seat that took every point of the deal, or -1."""
    for seat, taken in enumerate(points):
        if taken == ALL_POINTS:
            return seat
    return -1


def cost(points: list[int], seat: int, moon: str) -> float:
    """What the deal costs `seat`, in points of its own total, a moon included.

    A moon of our own counts -26 under every rule: adding 26 to each other seat moves us as far
    ahead of everyone as subtracting 26 from our own total. Another seat's moon counts +26 when it
    adds to us (or may); when it only subtracts from the shooter's total, a third of it, since the
    shooter gains 26 on each of the three of us.
    """
    shooter = moon_shooter(points)
    if shooter < 0:
        return points[seat]
    if shooter == seat:
        return -ALL_POINTS
    return ALL_POINTS / 3 if moon == "subtract" else ALL_POINTS
