"""The Sunduchok coach: every request, count and suit guess valued in expected chests, from the seat's view.

Worlds. The hard bot's knowledge model (games.sunduchok.bots.knowledge) replays the public log into a
family of possible holdings per seat and rank; its sampler (games.sunduchok.bots.sampler) deals the
hidden cards consistently with it, rank by rank. A world completes such a sample: every opponent's
holding as sampled, the opponents' face-down chests (hidden-chests preset) on the ranks the sample chose,
and every other unseen card in the stock, in an order shuffled from the coach's seeded generator.

Playing out. A whole game is too long to play out for every candidate in every world (some 100 requests,
a few milliseconds even in the fast model), so each candidate is played to a bounded horizon in a fast model
of the rules (per seat and rank a suit mask, the stock a list of cards; a test holds it to the engine on
whole games of every preset): the seat's move, the rest of its turn, every opponent's turn - each may use
what the move showed - and the seat's own next turn, which uses what the move taught it. Every seat plays
the hard bot's policy in closed form: it keeps the public families exactly as the knowledge model does
(every answer, transfer, draw and chest of the playout; under hidden chests the playout's seats are let
see which rank a chest closed), rates each holding of a target with the sampler's prior (a random hand's
share of the unseen cards, and the draws since the evidence settled), and asks, counts and names suits
where the hard bot's `request_value` is highest (over 30 three-player games it scored 3.1 chests a seat
to the hard bot's 2.9).

Valuing the end. The seat's result is its chests laid down plus its expected share of every chest still
open. A rank's share is a weight per seat - by how many cards of it the seat holds, 0 to 3, and whether
the table knows it holds some - over the sum of the weights of all seats: cards in the stock belong to
nobody yet, so a rank wholly in the stock is shared equally. The weights (`SHARE_WEIGHTS`) are fitted
by maximum likelihood to full games of the same policy: how often a seat holding k cards of a rank,
shown or not, went on to lay that chest down.

Why this horizon. Against full games played out to the end on 100-400 worlds (the same policy), the
losses this coach finds correlate 0.94 (160 decisions of 3-player games) and 0.91 (80 of 5-player games)
with the full games' losses, with a slope of 0.94 and 0.98; stopping before the seat's next turn gave
0.92 and 0.88. The shorter horizon also misjudges the plainest case: with the Q♠ pinned in an opponent's
hand and nobody able to reach the seat's three queens, a wasted request only delays a chest that is
still there next turn (full games: within 0.05 of a chest), yet it scored that as half a chest lost.

Budget. 24 worlds; a decision with many candidates at a big table gets fewer (at least 8), so that
worlds x candidates x seats stays within `PLAYOUT_TURNS` and a decision costs about the same at every
table size. CPU per decision, mean and 95th percentile: 2 players 22 and 31 ms, 3 players 31 and 60 ms
(the hard bot's reason - its own 200 samples - is some 12 ms of it), 4 players 42 and 87 ms, 6 players
46 and 88 ms.

Thresholds. A mistake loses more than 0.4 of a chest against the best move, an inaccuracy more than
0.15 (both also beyond twice the standard error of the paired differences, base.NOISE_Z). A needless
no - a count or suits the answers rule out, a request to a hand that cannot hold the rank while the
seat's own cards are exposed - costs 0.5 to 1 chest where a sure request was on offer (the tests'
positions), about 0.2 where the alternative was itself a gamble; requests of similar odds differ by a
few hundredths. Over whole 3-player games with random and hard seats alternating (benchmarks.coach,
seeds 0 and 1, 1,657 decisions) the random player's moves lose more than 0.4 in 23.5% of its decisions
and the hard bot's in 3.3% (7x); with 0.3 the shares would be about 25% and 5% (4.7x on another 983
decisions). At bigger tables the hard bot's share grows (4 players 28% and 6%, 6 players 26% and 9%: its
one-request look-ahead misses the chains a full yes opens); at 2 players a random request errs less
often (11% and 3%). 0.4 of a chest is about a tenth of what a player of a 3-player game scores.
"""

from __future__ import annotations

import functools
import math
import random
from typing import Any

from games.coach.base import Coach, Thresholds
from games.rules.cards import rank_of, suit_of
from games.sunduchok.bots.hard import HardBot
from games.sunduchok.bots.knowledge import (
    AT_MOST,
    DISJOINT_FROM,
    FULL_RANK,
    NO_CARDS,
    OF_SIZE,
    SET_SIZE,
    SOME_CARDS,
    SUBSETS_OF,
    SUIT_BITS,
    UNKNOWN,
    PublicKnowledge,
    after_draw,
    after_receiving,
    holdings,
    suit_set,
)
from games.sunduchok.bots.sampler import HandSampler, _prior
from games.sunduchok.rules import DECK_RANKS

# The sampler's search budget per world wanted (its own deals give up after 400 steps).
SEARCH_STEPS_PER_WORLD = 500
# The playout work of one decision, in seat-turns (worlds x candidates x seats), and the fewest worlds.
PLAYOUT_TURNS = 1200
MIN_WORLDS = 8
NOT_FULL = ~(1 << FULL_RANK)

# The weight of a seat's claim on an open chest, by the cards of that rank it holds (0-3), each as (the table
# does not know it holds some, the table knows), per kind of game and table size: fitted by maximum
# likelihood on some 50,000 open ranks per table size, at turn starts of 1,000 full games the playout policy
# played to the end (see the module docstring). Under deal-all a rank nobody holds cannot be drawn: a hand
# holding some outweighs one holding none by far more.
SHARE_WEIGHTS: dict[str, dict[int, tuple[tuple[float, float], ...]]] = {
    "three": {
        2: ((1, 1), (1.55, 1.32), (1.94, 1.78), (2.22, 2.73)),
        3: ((1, 1), (2.13, 1.33), (3.82, 2.58), (5.24, 2.46)),
        4: ((1, 1), (3.27, 2.12), (6.26, 4.14), (9.88, 3.27)),
        5: ((1, 1), (5.72, 3.08), (10.3, 6.51), (13.1, 4.45)),
        6: ((1, 1), (10.6, 4.32), (19.3, 11.1), (24.8, 8.59)),
    },
    "rank-only": {
        2: ((1, 1), (1.84, 1.13), (1.29, 1.36), (1.53, 2.73)),
        3: ((1, 1), (2.51, 1.17), (1.95, 1.39), (2.78, 2.91)),
        4: ((1, 1), (3.37, 1.29), (3.23, 1.45), (3.92, 3.03)),
        5: ((1, 1), (4.97, 1.48), (6.26, 1.39), (5.82, 3.19)),
        6: ((1, 1), (8.27, 1.56), (11.3, 1.37), (9.26, 3.26)),
    },
    "deal-all": {
        2: ((1, 1), (1, 1), (1, 1), (1, 1)),      # whoever moves first takes everything: no card tells
        3: ((1, 1), (10.3, 9.94), (34.1, 35), (91.4, 83.3)),
        4: ((1, 1), (57.3, 41.4), (130, 128), (369, 149)),
        5: ((1, 1), (125, 62.4), (208, 149), (689, 283)),
        6: ((1, 1), (202, 67), (338, 186), (797, 272)),
    },
}

BOT = HardBot()


class SunduchokCoach(Coach):
    game_key = "sunduchok"
    unit = "chests"
    thresholds = Thresholds(inaccuracy=0.15, mistake=0.4)

    def worlds(self, view: dict[str, Any], rng: random.Random, count: int) -> list[Any]:
        position = Position(view)
        # Every world plays each candidate for about a round: at big tables with many candidates, fewer worlds.
        count = min(count, max(MIN_WORLDS, PLAYOUT_TURNS // (position.choices() * position.players)))
        deals = position.sampler.deals(rng, count, count * SEARCH_STEPS_PER_WORLD)
        if not deals:
            # Tight evidence can defeat a short search; a longer one nearly always finds deals.
            deals = position.sampler.deals(rng, count, 8 * count * SEARCH_STEPS_PER_WORLD)
        worlds = []
        for sample, chest_ranks in deals:
            world = position.world(sample, chest_ranks, rng)
            if world is not None:
                worlds.append(world)
        return worlds

    def outcome(self, world: Any, view: dict[str, Any], action: dict, rng: random.Random) -> float:
        table = Playout(world)
        table.play_root(action)
        table.run()
        return table.value()


class Position:
    """What every world of one decision shares: the variant, the public families and the root's turn."""

    def __init__(self, view: dict[str, Any]) -> None:
        variant = view["variant"]
        self.seat = view["seat"]
        self.players = players = view["players"]
        self.ranks = DECK_RANKS[variant["deck"]]
        self.rank_index = {rank: index for index, rank in enumerate(self.ranks)}
        self.width = width = len(self.ranks)
        self.three = variant["questions"] == "three"
        self.must_hold = variant["must_hold_rank"]
        self.target_rule = variant["target"]
        knowledge = PublicKnowledge(view)
        self.sampler = HandSampler(knowledge, view)
        self.hand_sizes = list(view["hand_sizes"])
        self.stock_size = view["stock_size"]
        self.chests = [len(ranks) for ranks in view["chests"]]
        self.laid = {rank for ranks in view["chests"] for rank in ranks if rank is not None} | knowledge.laid_ranks
        self.own = [0] * width
        for card in view["hand"]:
            self.own[self.rank_index[rank_of(card)]] |= SUIT_BITS[suit_of(card)]
        self.families = [0] * (players * width)
        self.settled = [0] * (players * width)
        self.draws = [0] * (players * width)
        for seat in range(players):
            for index, rank in enumerate(self.ranks):
                spot = seat * width + index
                if rank in self.laid:
                    self.families[spot] = self.settled[spot] = NO_CARDS
                else:
                    self.families[spot] = knowledge.families[seat][rank]
                    self.settled[spot] = knowledge.settled[seat][rank]
                    self.draws[spot] = knowledge.draws_since_settled[seat][rank]
        self.phase = view["phase"]
        request = view["request"] or {}
        self.target = request.get("target")
        self.rank = self.rank_index.get(request.get("rank"))
        self.count = request.get("count")
        self.locked = view["locked_target"]
        kind = "deal-all" if variant["deal_all"] else "three" if self.three else "rank-only"
        self.weights = SHARE_WEIGHTS[kind][players]
        # Stop once the seat's next turn is over: every opponent has had a turn to use what the move showed,
        # and the seat a turn to use what it learnt.
        self.horizon = players

    def choices(self) -> int:
        """How many legal actions the decision has (at most: a fixed target is not counted out)."""
        if self.phase == "count":
            return 4 - SET_SIZE[self.own[self.rank]]
        if self.phase == "suits":
            return math.comb(4 - SET_SIZE[self.own[self.rank]], self.count)
        targets = sum(1 for seat, size in enumerate(self.hand_sizes) if size and seat != self.seat)
        ranks = sum(1 for held in self.own if held) if self.must_hold else len(self.ranks) - len(self.laid)
        return max(1, targets * ranks)

    def world(self, sample: list[list[int]], chest_ranks: list[str], rng: random.Random) -> World | None:
        """A complete deal from one sample: the sampled holdings, and the rest of the unseen cards in the
        stock (the ranks the sample put in face-down chests aside), shuffled."""
        width, sampler = self.width, self.sampler
        hands = [0] * (self.players * width)
        hands[self.seat * width:(self.seat + 1) * width] = self.own
        stock = []
        for number, rank in enumerate(sampler.ranks):
            index = self.rank_index[rank]
            taken = 0
            for opponent, seat in enumerate(sampler.opponents):
                hands[seat * width + index] = sample[opponent][number]
                taken |= sample[opponent][number]
            if rank in chest_ranks:
                continue
            left = sampler.unseen_suits[number] & ~taken
            stock.extend((index, bit) for bit in (1, 2, 4, 8) if left & bit)
        if len(stock) != self.stock_size:
            return None
        rng.shuffle(stock)
        closed = [rank in self.laid or rank in chest_ranks for rank in self.ranks]
        return World(self, hands, tuple(stock), closed)


class World:
    """One complete deal: every hand's holding of every rank (a suit mask per seat and rank), the stock top
    first, the ranks laid down; and the public families with those ranks closed."""

    __slots__ = ("position", "hands", "stock", "closed", "families", "settled", "draws")

    def __init__(self, position: Position, hands: list[int], stock: tuple, closed: list[bool]) -> None:
        self.position, self.hands, self.stock, self.closed = position, hands, stock, closed
        self.families, self.settled, self.draws = position.families, position.settled, position.draws
        hidden = [index for index, rank in enumerate(position.ranks) if closed[index] and rank not in position.laid]
        if hidden:      # face-down chests the sample chose: nobody holds those ranks any more
            self.families, self.settled, self.draws = list(self.families), list(self.settled), list(self.draws)
            for index in hidden:
                for seat in range(position.players):
                    spot = seat * position.width + index
                    self.families[spot] = self.settled[spot] = NO_CARDS
                    self.draws[spot] = 0


@functools.cache
def _holdings(family: int) -> tuple[int, ...]:
    return tuple(holdings(family))


@functools.cache
def _proven(family: int) -> int:
    """The suits every holding of the family contains."""
    common = FULL_RANK
    for holding in _holdings(family):
        common &= holding
    return common


# The worth of every request met so far, by everything it depends on: playouts of one decision and of the
# next meet the same requests again and again. Forgotten wholesale past AIMS_KEPT entries (some 25 MB).
_AIMS: dict[tuple, tuple[float, int]] = {}
AIMS_KEPT = 100_000


def _aim(family: int, settled: int, draws: int, own: int, elsewhere: int, size: int, unseen: int,
         exposed: bool, rank_only: bool) -> tuple[float, int]:
    """The hard bot's worth of a request to a hand of `size` cards whose holding of the rank is one of
    `family`, and the holding to name: each holding rated by the sampler's prior."""
    key = (family, settled, draws, own, elsewhere, size, unseen, exposed, rank_only)
    found = _AIMS.get(key)
    if found is not None:
        return found
    free = FULL_RANK & ~own & ~elsewhere
    anything = SUBSETS_OF[free] & UNKNOWN
    settled &= anything
    share = min(max(size / unseen, 0.02), 0.98)
    suits = SET_SIZE[free]
    odds: dict[int, float] = {}
    if settled == anything:
        for holding in _holdings(family & anything):
            odds[holding] = share ** SET_SIZE[holding] * (1 - share) ** (suits - SET_SIZE[holding])
    else:
        draw_odds = min(draws / unseen, 0.98)
        for holding in _holdings(family & anything):
            odds[holding] = _prior(holding, settled, suits, share, draw_odds, draws)
    total = sum(odds.values())
    if total <= 0:
        found = (0.0, 0)
    else:
        found = BOT.request_value({holding: weight / total for holding, weight in odds.items()},
                                  SET_SIZE[own], exposed, rank_only)
    if len(_AIMS) > AIMS_KEPT:
        _AIMS.clear()
    _AIMS[key] = found
    return found


class Playout:
    """One world played on: the fast model of the engine's rules, with the public families kept as the
    knowledge model keeps them, for the policy to read."""

    __slots__ = ("position", "players", "width", "hands", "sizes", "stock", "top", "closed", "open", "chests",
                 "families", "settled", "draws", "turn", "phase", "target", "rank", "named", "locked",
                 "handoffs", "horizon", "over")

    def __init__(self, world: World) -> None:
        position = world.position
        self.position = position
        self.players, self.width = position.players, position.width
        self.hands = list(world.hands)
        self.sizes = list(position.hand_sizes)
        self.stock, self.top = world.stock, 0
        self.closed = list(world.closed)
        self.open = self.closed.count(False)
        self.chests = list(position.chests)
        self.families = list(world.families)
        self.settled = list(world.settled)
        self.draws = list(world.draws)
        self.turn = position.seat
        self.phase = position.phase
        self.target, self.rank, self.locked = position.target, position.rank, position.locked
        self.named = position.count or 0
        self.handoffs = 0
        self.horizon = position.horizon
        self.over = False

    # -- the seat's move and the play that follows ------------------------------------------------
    def play_root(self, action: dict) -> None:
        kind = action["type"]
        if kind == "ask":
            self.ask(action["target"], self.position.rank_index[action["rank"]])
        elif kind == "count":
            self.count(action["count"])
        else:
            self.suits(suit_set(action["suits"]))

    def run(self) -> None:
        moves = 0
        while not self.over and moves < 400:
            moves += 1
            kind, first, second = self.decide()
            if kind == "ask":
                self.ask(first, second)
            elif kind == "count":
                self.count(first)
            else:
                self.suits(first)

    def decide(self) -> tuple[str, int, int]:
        """The policy's next question, as ("ask", target, rank index), ("count", n, 0) or ("suits", mask, 0)."""
        seat = self.turn
        if self.phase == "ask":
            target, rank = self.choose_request(seat)
            return "ask", target, rank
        holding = self.aim(seat, self.target, self.rank)[1]
        if self.phase == "count":
            return "count", SET_SIZE[holding] or 1, 0
        if not holding or SET_SIZE[holding] != self.named:
            holding = self.any_suits(seat)
        return "suits", holding, 0

    def value(self) -> float:
        """The seat's chests, and its weighted share of every chest still open."""
        seat, width, players = self.position.seat, self.width, self.players
        weights, hands, families = self.position.weights, self.hands, self.families
        result = float(self.chests[seat])
        for index in range(width):
            if self.closed[index]:
                continue
            total = mine = 0.0
            for other in range(players):
                spot = other * width + index
                weight = weights[SET_SIZE[hands[spot]]][0 if families[spot] & NO_CARDS else 1]
                total += weight
                if other == seat:
                    mine = weight
            result += mine / total
        return result

    # -- the policy: the hard bot's request values, in closed form ----------------------------------
    def choose_request(self, seat: int) -> tuple[int, int]:
        """The request with the highest worth (the hard bot's `request_value`, less its cost of showing a
        new rank); the first such in the engine's order."""
        width, players, hands, families, settled, draws, sizes = (self.width, self.players, self.hands,
                                                                   self.families, self.settled, self.draws,
                                                                   self.sizes)
        unseen = max(sum(sizes) - sizes[seat] + len(self.stock) - self.top, 1)
        rank_only = not self.position.three
        reveal = self.position.must_hold
        aims = _AIMS
        options = []
        for index in range(width):
            own = hands[seat * width + index]
            if own:
                exposed = not families[seat * width + index] & NO_CARDS
                # Suits of the rank the table knows other seats hold: not with the target.
                shown = [(other, _proven(families[other * width + index])) for other in range(players)
                         if other != seat and not families[other * width + index] & NO_CARDS]
                options.append((index, own, exposed, shown,
                                BOT.reveal_cost if reveal and not exposed else 0.0))
        best, choice = -1.0, None
        for target in self.targets(seat):
            size = sizes[target]
            for index, own, exposed, shown, cost in options:
                spot = target * width + index
                family = families[spot]
                if family == NO_CARDS:
                    worth = 0.0
                else:
                    elsewhere = 0
                    for other, suits in shown:
                        if other != target:
                            elsewhere |= suits
                    base = settled[spot]
                    key = (family, base, draws[spot] if base != UNKNOWN else 0, own, elsewhere, size, unseen,
                           exposed, rank_only)
                    found = aims.get(key)
                    if found is None:
                        found = _aim(*key)
                    worth = found[0]
                worth -= cost
                if worth > best:
                    best, choice = worth, (target, index)
        return choice

    def aim(self, seat: int, target: int, index: int) -> tuple[float, int]:
        """The worth of the request under way and the holding to name."""
        width, families = self.width, self.families
        unseen = max(sum(self.sizes) - self.sizes[seat] + len(self.stock) - self.top, 1)
        exposed = not families[seat * width + index] & NO_CARDS
        elsewhere = 0
        for other in range(self.players):
            if other != seat and other != target:
                elsewhere |= _proven(families[other * width + index])
        spot = target * width + index
        base = self.settled[spot]
        return _aim(families[spot], base, self.draws[spot] if base != UNKNOWN else 0, self.hands[seat * width + index],
                    elsewhere, self.sizes[target], unseen, exposed, False)

    def any_suits(self, seat: int) -> int:
        """The first set of the named size from the suits the asker lacks (the family left none)."""
        own = self.hands[seat * self.width + self.rank]
        for holding in range(1, 16):
            if not holding & own and SET_SIZE[holding] == self.named:
                return holding
        return 0

    def targets(self, seat: int) -> list[int]:
        players, sizes = self.players, self.sizes
        clockwise = [(seat + step) % players for step in range(1, players)]
        with_cards = [other for other in clockwise if sizes[other]]
        if self.locked is not None and sizes[self.locked]:
            return [self.locked]
        if self.position.target_rule == "next" and self.top < len(self.stock):
            return with_cards[:1]
        return with_cards

    # -- the rules -------------------------------------------------------------------------------
    def ask(self, target: int, index: int) -> None:
        seat, width = self.turn, self.width
        if self.position.must_hold:
            self._narrow(seat * width + index, SOME_CARDS)
        held = self.hands[target * width + index]
        if not held:
            self._settle(target * width + index, NO_CARDS)
            self._fail(seat)
        elif not self.position.three:
            self._transfer(seat, target, index)
        else:
            self._narrow(target * width + index, SOME_CARDS)
            self.phase, self.target, self.rank = "count", target, index

    def count(self, number: int) -> None:
        seat, target, index, width = self.turn, self.target, self.rank, self.width
        self._narrow(seat * width + index, AT_MOST[4 - number])
        spot = target * width + index
        if SET_SIZE[self.hands[spot]] == number:
            self._narrow(spot, OF_SIZE[number])
            self.phase, self.named = "suits", number
        else:
            self._narrow(spot, ~OF_SIZE[number])
            self._fail(seat)

    def suits(self, named: int) -> None:
        seat, target, index, width = self.turn, self.target, self.rank, self.width
        self._narrow(seat * width + index, DISJOINT_FROM[named])
        spot = target * width + index
        if self.hands[spot] == named:
            self._transfer(seat, target, index)
        else:
            self._narrow(spot, ~(1 << named))
            self._fail(seat)

    def _transfer(self, seat: int, target: int, index: int) -> None:
        width = self.width
        spot, mine = target * width + index, seat * width + index
        cards = self.hands[spot]
        self.hands[spot] = 0
        self.sizes[target] -= SET_SIZE[cards]
        self.hands[mine] |= cards
        self.sizes[seat] += SET_SIZE[cards]
        self._settle(spot, NO_CARDS)
        self.families[mine] = after_receiving(self.families[mine], cards) & NOT_FULL
        self.settled[mine] = after_receiving(self.settled[mine], cards) & NOT_FULL
        self.phase = "ask"
        if self.position.target_rule == "same-after-success":
            self.locked = target
        if self.hands[mine] == FULL_RANK:
            self._lay_down(seat, index)
        if not self.open:
            self.over = True
        elif not self.sizes[seat]:
            self._empty(seat)
            self._begin_turn((seat + 1) % self.players)
        elif not any(self.sizes[other] for other in range(self.players) if other != seat):
            for other in range(self.players):
                if other != seat:
                    self._empty(other)
            self._begin_turn((seat + 1) % self.players)

    def _fail(self, seat: int) -> None:
        if self.top < len(self.stock):
            self._draw(seat)
        self._begin_turn((seat + 1) % self.players)

    def _begin_turn(self, seat: int) -> None:
        self.phase, self.locked = "ask", None
        players, sizes = self.players, self.sizes
        while self.open:
            if not sizes[seat]:
                if self.top < len(self.stock):
                    self._empty(seat)
                    self._draw(seat)
                else:
                    self._empty(seat)
            elif not any(sizes[other] for other in range(players) if other != seat):
                for other in range(players):
                    if other != seat:
                        self._empty(other)
            else:
                self.turn = seat
                self.handoffs += 1
                if self.handoffs > self.horizon:
                    self.over = True
                return
            seat = (seat + 1) % players
        self.over = True

    def _draw(self, seat: int) -> None:
        index, bit = self.stock[self.top]
        self.top += 1
        width = self.width
        spot = seat * width + index
        self.hands[spot] |= bit
        self.sizes[seat] += 1
        families, draws = self.families, self.draws
        closed = self.closed
        for rank in range(width):
            if not closed[rank]:
                families[seat * width + rank] = after_draw(families[seat * width + rank]) & NOT_FULL
                draws[seat * width + rank] += 1
        if self.hands[spot] == FULL_RANK:
            self._lay_down(seat, index)

    def _lay_down(self, seat: int, index: int) -> None:
        self.hands[seat * self.width + index] = 0
        self.sizes[seat] -= 4
        self.chests[seat] += 1
        self.closed[index] = True
        self.open -= 1
        self._close(index)

    def _close(self, index: int) -> None:
        width = self.width
        for seat in range(self.players):
            spot = seat * width + index
            self.families[spot] = self.settled[spot] = NO_CARDS
            self.draws[spot] = 0

    def _empty(self, seat: int) -> None:
        width = self.width
        for spot in range(seat * width, (seat + 1) * width):
            if self.families[spot] != NO_CARDS:
                self._settle(spot, NO_CARDS)

    def _narrow(self, spot: int, allowed: int) -> None:
        narrowed = self.families[spot] & allowed
        if narrowed != self.families[spot]:
            self._settle(spot, narrowed)

    def _settle(self, spot: int, family: int) -> None:
        self.families[spot] = self.settled[spot] = family
        self.draws[spot] = 0
