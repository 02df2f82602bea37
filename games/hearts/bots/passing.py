"""Which three cards to pass, by habit: the medium bot's pass and the hard bot's first candidates.

The habits of the rule books: the queen of spades goes when too few low spades guard her, and the
ace and king of spades with her (they catch her when she is dumped on them); a short side suit goes
whole, so that we can discard on it early; then high hearts; then the highest cards. Low spades
stay: they let us duck spade tricks while the queen is out.
"""

from __future__ import annotations

from games.hearts.bots.playout import ACE, CLUBS, DIAMONDS, HEARTS, KING, QUEEN, SPADES, Hand

GUARDS = 3          # low spades that keep the queen safe in our hand
HIGH_HEART = 9      # the jack of hearts and above


def heuristic_pass(hand: Hand, guards: int = GUARDS) -> tuple[list[int], str]:
    """Three cards (numbers) and the motive of the first habit that chose one."""
    chosen: list[int] = []
    motives: list[str] = []
    spades = hand[SPADES]
    low_spades = sum(1 for rank in spades if rank < QUEEN)
    queen = QUEEN in spades
    if queen and low_spades < guards:
        chosen.append(SPADES * 13 + QUEEN)
        motives.append("queen")
    if (not queen or chosen) and low_spades < guards:
        for rank in (ACE, KING):
            if rank in spades and len(chosen) < 3:
                chosen.append(SPADES * 13 + rank)
                motives.append("high-spades")
    slots = 3 - len(chosen)
    short = [suit for suit in (CLUBS, DIAMONDS) if 0 < len(hand[suit]) <= slots]
    if short:
        suit = min(short, key=lambda suit: (len(hand[suit]), -hand[suit][-1]))
        chosen.extend(suit * 13 + rank for rank in hand[suit])
        motives.append("void")
    for rank in reversed(hand[HEARTS]):
        if len(chosen) == 3 or rank < HIGH_HEART:
            break
        chosen.append(HEARTS * 13 + rank)
        motives.append("high-hearts")
    if len(chosen) < 3:
        rest = [suit * 13 + rank for suit in range(4) for rank in hand[suit] if suit * 13 + rank not in chosen]
        queen_kept = queen and SPADES * 13 + QUEEN not in chosen
        rest.sort(key=lambda number: -danger(number, queen_kept))
        for number in rest[:3 - len(chosen)]:
            chosen.append(number)
            motives.append("high")
    return sorted(chosen), motives[0]


def danger(number: int, queen_kept: bool) -> float:
    """How likely a card is to win tricks that cost points, roughly by rank."""
    suit, rank = divmod(number, 13)
    if suit == SPADES:
        if rank == QUEEN:
            return -20 if queen_kept else 30        # guarded: keep her; else she goes
        return rank - 8 if rank < QUEEN or queen_kept else rank + 2
    return rank + (1 if suit == HEARTS else 0)


def pass_motive(numbers: list[int], hand: Hand) -> str:
    """The habit a pass follows, for its reason: the queen, high spades, a void, high hearts, high cards."""
    if SPADES * 13 + QUEEN in numbers:
        return "queen"
    if any(number in numbers for number in (SPADES * 13 + ACE, SPADES * 13 + KING)):
        return "high-spades"
    for suit in (CLUBS, DIAMONDS):
        if hand[suit] and all(suit * 13 + rank in numbers for rank in hand[suit]):
            return "void"
    if any(number // 13 == HEARTS and number % 13 >= HIGH_HEART for number in numbers):
        return "high-hearts"
    return "high"


def pass_pool(hand: Hand, size: int) -> list[int]:
    """The `size` cards most worth passing: the dangerous high ones, those of short side suits first."""
    cards = [suit * 13 + rank for suit in range(4) for rank in hand[suit]]

    def worth(number: int) -> float:
        suit = number // 13
        short = 2 if suit in (CLUBS, DIAMONDS) and len(hand[suit]) <= 3 else 0
        return danger(number, queen_kept=False) + short

    return sorted(sorted(cards, key=worth, reverse=True)[:size])
