"""The table's habits in Chuvash Rooster: the medium bot's play and the policy of the hard bot's rollouts.

A card's worth is its `strength`, how many cards of the deck it beats under the variant's suit order
(♣6 beats none, ♠A all 35 others): the cheap cards are the ones to get rid of, the strong ones the
defence of later bouts. The habits: attack with the weakest cards, several of one suit when the
suit's low cards can go together; beat each card with the cheapest card that beats it and take when
the cards on the table cannot all be beaten or only at the price of strong cards while the stock can
still refill the hand; throw in low cards; keep aces and high spades, until the stock is empty and
every card shed brings the end of the game closer.

Each habit works on plain values (a hand, the cards on the table, counts), so `playout` calls it on
its fast model and the bots on a view. Each returns its move and the reason key for it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from games.rooster.rules import DECK, beats
from games.rules.cards import rank_of, suit_of

KEEP = 16           # a card beating this many cards or more is kept for the defence while the stock lasts
DEAR = 22           # beating with such a card (while the stock lasts) is dearer than taking a card or two
DEAR_TAKE = 2       # ... when taking picks up at most this many cards


@functools.lru_cache(maxsize=8)
def tables(suit_order: tuple[str, ...]) -> tuple[dict[str, float], dict[str, tuple[str, ...]]]:
    """Each card's strength, and the cards beating each card, cheapest first.

    Equally strong cards (♦9 and ♠7 both beat seven cards) are told apart by a fraction, their place
    in the deck, so every choice is the same whatever the order of the hand."""
    strength = {card: sum(beats(card, other, suit_order) for other in DECK) + index / len(DECK)
                for index, card in enumerate(DECK)}
    beaters = {card: tuple(sorted((other for other in DECK if beats(other, card, suit_order)),
                                  key=strength.__getitem__)) for card in DECK}
    return strength, beaters


def leads(hand: Sequence[str], limit: int, rule: str, strength: dict[str, float]) -> list[list[str]]:
    """The sensible leads of a hand: every single card, and per suit (or rank, under the Durak-like
    rule) its weakest 2, 3, ... cards up to `limit`. The other legal leads only keep stronger cards
    back for no gain."""
    weakest_first = sorted(hand, key=strength.__getitem__)
    options = [[card] for card in weakest_first]
    if rule == "single":
        return options
    key = suit_of if rule == "same-suit" else rank_of
    groups: dict[str, list[str]] = {}
    for card in weakest_first:
        groups.setdefault(key(card), []).append(card)
    for cards in groups.values():
        options.extend(cards[:size] for size in range(2, min(len(cards), limit) + 1))
    return options


def habitual_lead(hand: Sequence[str], limit: int, stock: int, rule: str,
                  strength: dict[str, float]) -> tuple[list[str], str]:
    """The cards to lead and why: the group of weak cards that sheds the most, else the weakest card.

    With the stock empty, strong cards no longer need keeping: the lead that sheds most goes."""
    options = leads(hand, limit, rule, strength)
    cheap = [cards for cards in options if stock == 0 or all(strength[card] < KEEP for card in cards)]
    if not cheap:
        return options[0], "lead-low"
    best = max(cheap, key=lambda cards: (len(cards), -sum(strength[card] for card in cards)))
    if len(best) == len(hand):
        return best, "lead-last"
    return best, "lead-several" if len(best) > 1 else "lead-low"


def cheapest_defence(hand: Sequence[str], unbeaten: Sequence[str], strength: dict[str, float],
                     beaters: dict[str, tuple[str, ...]]) -> list[tuple[str, str]] | None:
    """A cheapest way to beat every unbeaten card: (attack, card) pairs, or None if there is none.

    The strongest attacks choose first; a search over the few cards on the table settles the rest."""
    held = set(hand)
    if len(unbeaten) == 1:
        # What the search below finds for one card, without searching (the rollouts' commonest case).
        attack = unbeaten[0]
        card = next((card for card in beaters[attack] if card in held), None)
        return None if card is None else [(attack, card)]
    attacks = sorted(unbeaten, key=strength.__getitem__, reverse=True)
    best: list[tuple[str, str]] | None = None
    best_cost = 10 ** 6

    def search(index: int, used: list[str], cost: int) -> None:
        nonlocal best, best_cost
        if cost >= best_cost:
            return
        if index == len(attacks):
            best, best_cost = list(zip(attacks, used, strict=True)), cost
            return
        tried = 0
        for card in beaters[attacks[index]]:
            if card in held and card not in used:
                used.append(card)
                search(index + 1, used, cost + strength[card])
                used.pop()
                tried += 1
                if tried == 2:      # the two cheapest beaters of each card are enough to find a cheap way
                    break

    search(0, [], 0)
    return best


def habitual_defence(hand: Sequence[str], unbeaten: Sequence[str], on_table: int, stock: int,
                     strength: dict[str, float],
                     beaters: dict[str, tuple[str, ...]]) -> tuple[tuple[str, str] | None, str]:
    """The (attack, card) to beat next, or None to take, and why.

    `on_table` is how many cards taking would pick up."""
    defence = cheapest_defence(hand, unbeaten, strength, beaters)
    if defence is None:
        return None, "take-cannot"
    if stock > 0 and on_table <= DEAR_TAKE and any(strength[card] >= DEAR for _, card in defence):
        return None, "take-keep"
    # The dearest beating first: if throw-ins then force a take, the cheap cards are still in hand.
    return max(defence, key=lambda pair: strength[pair[1]]), "beat-cheapest"


def habitual_throw(hand: Sequence[str], ranks: Iterable[str], limit: int, stock: int,
                   strength: dict[str, float]) -> tuple[str | None, str]:
    """The card to throw in, or None to pass, and why: the weakest card of a rank on the table."""
    if limit <= 0:
        return None, "no-throw"
    ranks = set(ranks)
    throwable = [card for card in hand if rank_of(card) in ranks]
    if not throwable:
        return None, "no-throw"
    card = min(throwable, key=strength.__getitem__)
    if stock == 0:
        return card, "throw-shed"
    if strength[card] < KEEP:
        return card, "throw-low"
    return None, "no-throw"
