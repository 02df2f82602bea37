"""The Chuvash Rooster coach: every move valued by the chance it leaves the seat the rooster.

The worlds are the hard bot's: deals of the unseen cards that fit everything the seat has seen
(games.rooster.bots.knowledge: the cards beaten off, on the table, picked up by a taker, and those
below the first attacker's card), each set up as the fast model the bot's rollouts start from
(hard.world_model). In each world every move is played and the game goes on with the table's habits
in every seat (playout.Model: the medium bot's play, the policy of the hard bot's rollouts). The unit,
"rooster", is MINUS the chance of ending the game as the rooster: an outcome is -1 when the seat ends
as the rooster, 0 when it does not (or nobody does), so more is better.

**Horizon.** A world may spend about `STEPS_PER_WORLD` playout actions over all the moves valued, so a
decision with few moves plays each to the end of the game (about 1.4 actions per card still in play),
while one with many (a hand of one suit can be led in dozens of ways) plays each at least to the end
of the bout in progress and stops at the first bout boundary past its share of the actions. A stalled
playout (habitual players who always take can go round for ever) stops at the hard bot's cap. A
playout stopped before the game ends counts by `rooster_chance`: each remaining player's chance of
ending as the rooster from the cards they hold (how many, how strong) and who attacks and defends the
next bout — a conditional logit fitted to how 40,000 bout boundaries of habit-played games (2-6
players) ended. On 50,000 other boundaries its log-loss is 0.88, against 0.97 for chances
proportional to the cards held and 1.07 for equal chances.

**Moves valued.** Every legal move, unless there are more than `MAX_VALUED` (a big hand after taking
can be led in hundreds of ways): then the hard bot's own candidates (each single card and each suit's
weakest 2, 3, ... cards to lead; taking and the two cheapest cards beating each card to defend), which
always hold the bot's choice; `evaluate(..., include=played)` adds the move played when it is not one.

**Reason.** The hard bot keeps to the habitual move and its reason unless its own rollouts overturn it,
so the habit's reason says why when the best move is the habitual one; otherwise there is none and
the narration words the coach's figures. Running the hard bot itself would cost up to 0.1 s more.

**Thresholds**, in the chance of being the rooster: a move that raises it by more than 10 points against
the best move is an inaccuracy, by more than 25 points a mistake (both only when the loss is also clear
of the noise of the worlds). Measured over 90 whole three-player games (random and hard bots in
alternate seats, 7,817 decisions): the random player's moves lose more than 25 points in 16% of its
decisions, the hard bot's in 2.7% (6x; with 20 points it would be 18% against 4.0%, and only 2.2x in
the worst block of 15 games). The hard bot's own "mistakes" are mostly near-equal multi-card leads and
defences where 24 worlds or the horizon cannot tell a few points apart; a deep check of them (full
playouts, 120 worlds) confirmed about half. Under 10 points most differences are that noise; and with
outcomes of 0 or -1 a loss must span about four worlds in 24 to be clear at all, so inaccuracies come
mostly from decisions valued at the horizon.

**Why a random player's share stays under 20%**: most of its decisions change little. Over 386 of its
decisions (every third of 20 bench games, seed 1) 64% lose under 5 points against the best move and only
5% lose 15 to 25 points; it is the end of the game that decides the rooster (27% mistakes with the stock
empty, 12% while it lasts; passing or throwing in, 28% of its decisions, 11%). What the coach cannot see
adds little: no move losing more than 25 points on average failed the noise test; 96 worlds with every
playout to the end mark 18.7% of 193 of these decisions mistakes where the budget above marks 19.7% (the
hard bot's: 3 of 121 either way); valuing every legal move where there are more than `MAX_VALUED` finds
5 more mistakes in 1,158 decisions.

**Cost** (benchmarks.coach, 50 games, seeds 1-3, a shared 2-core machine): about 19 decisions a
second, 37 ms a decision on average, p95 83 ms.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

from games.bots.base import Reason
from games.coach.base import Coach, Thresholds, same_action
from games.rooster.bots.habits import leads, tables
from games.rooster.bots.hard import BEATERS_PER_CARD, CAP_PER_CARD, HardBot, world_model
from games.rooster.bots.knowledge import RoosterKnowledge
from games.rooster.bots.medium import habitual_decision
from games.rooster.bots.playout import Model
from games.rooster.rules import beats
from games.rules.cards import rank_of, suit_of

# Playout actions one world may spend over all the moves valued (about 10 µs each on a 2-core machine):
# 24 worlds then take about 80 ms. Each move gets its share, and at least the rest of the bout in progress.
STEPS_PER_WORLD = 320
# More legal moves than this and only the hard bot's candidates are valued (plus the move played).
MAX_VALUED = 16

# The weights of `rooster_chance`. With the stock empty: on the log of the cards held, their total weakness
# and total strength (a card's strength is the share of the other 35 cards it beats, its weakness one less
# that) and on being the next bout's attacker or defender. While the stock lasts everyone refills, so the
# count itself drops out and the cards' quality and the seats' roles remain.
EMPTY_STOCK_WEIGHTS = {"log_cards": 1.166, "weakness": 0.128, "strength": -0.356, "attacker": -0.555,
                       "defender": 0.500}
STOCK_WEIGHTS = {"log_cards": 0.0, "weakness": 0.138, "strength": -0.270, "attacker": -0.033, "defender": 0.237}


@dataclasses.dataclass(frozen=True)
class World:
    model: Model        # the position with every hidden card as sampled
    horizon: int        # playout actions after which a move's playout stops at the next bout boundary
    cap: int            # playout actions after which a stalled playout stops wherever it is


class RoosterCoach(Coach):
    """Values attacks (one card or several of a suit), beating or taking, and throwing in or passing by
    the chance each leaves the seat the rooster; see the module's docstring."""

    game_key = "rooster"
    unit = "rooster"
    thresholds = Thresholds(inaccuracy=0.10, mistake=0.25)

    def candidates(self, view: dict[str, Any], legal_actions: list[dict]) -> list[dict]:
        if len(legal_actions) <= MAX_VALUED:
            return legal_actions
        chosen = HardBot.candidates(view, legal_actions, habitual_decision(view, legal_actions).action)
        return [action for action in legal_actions if any(same_action(action, other) for other in chosen)]

    def worlds(self, view: dict[str, Any], rng: random.Random, count: int) -> list[World]:
        knowledge = RoosterKnowledge(view)
        horizon = STEPS_PER_WORLD // valued_count(view)
        cap = CAP_PER_CARD * (sum(view["hand_sizes"]) + view["stock_size"])
        return [World(world_model(view, *knowledge.sample(rng)), horizon, cap) for _ in range(count)]

    def outcome(self, world: World, view: dict[str, Any], action: dict, rng: random.Random) -> float:
        model = world.model.copy()
        model.apply(action)
        steps = 0
        while model.phase != "over":
            if steps >= world.cap or (steps >= world.horizon and model.phase == "attack"):
                return -rooster_chance(model)[view["seat"]]
            model.habitual_step()
            steps += 1
        return -1.0 if model.rooster == view["seat"] else 0.0

    def reason(self, view: dict[str, Any], legal_actions: list[dict], best: dict, rng: random.Random) -> Reason | None:
        """The habit's reason when the best move is the habitual one (the hard bot's reason whenever it
        keeps to its habit), else None: see the module's docstring."""
        habitual = habitual_decision(view, legal_actions)
        return habitual.reason if same_action(habitual.action, best) else None


def rooster_chance(model: Model) -> list[float]:
    """Each seat's chance of ending as the rooster, from a playout stopped before the end: a conditional
    logit over the players still holding cards (the others are out).

    A player's score is the weighted sum (EMPTY_STOCK_WEIGHTS or STOCK_WEIGHTS) of the log of the cards
    held, their total weakness and strength, and being the next attacker (who sheds cards) or defender
    (who may have to take); the chance is exp(score) over the sum for all holders. The weights were
    fitted by maximum likelihood to 40,000 bout boundaries of habit-played games of 2-6 players."""
    weights = EMPTY_STOCK_WEIGHTS if not model.stock else STOCK_WEIGHTS
    scores: dict[int, float] = {}
    for seat, hand in enumerate(model.hands):
        if not hand:
            continue
        power = sum(int(model.strength[card]) for card in hand) / 35
        scores[seat] = (weights["log_cards"] * math.log(len(hand)) + weights["weakness"] * (len(hand) - power)
                        + weights["strength"] * power + weights["attacker"] * (seat == model.attacker)
                        + weights["defender"] * (seat == model.defender))
    if not scores:
        return [0.0] * model.players
    top = max(scores.values())
    odds = {seat: math.exp(score - top) for seat, score in scores.items()}
    total = sum(odds.values())
    return [odds.get(seat, 0.0) / total for seat in range(model.players)]


def valued_count(view: dict[str, Any]) -> int:
    """How many moves `RoosterCoach.candidates` values in this decision, counted from the view alone: the
    horizon is set before any move is played. Exact for every legal move; when they are narrowed, one more
    for the move played, and for a defence one more again for the habitual beating when it is not among
    the two cheapest beaters of its card (so never fewer than are valued)."""
    legal = legal_count(view)
    if legal <= MAX_VALUED:
        return legal
    hand, phase = view["hand"], view["phase"]
    strength, beaters = tables(tuple(view["variant"]["suit_order"]))
    if phase == "attack":
        narrowed = len(leads(hand, view["hand_sizes"][view["defender"]], view["variant"]["multi_lead"], strength))
    elif phase == "defend":
        narrowed = 2 + sum(min(BEATERS_PER_CARD, sum(card in hand for card in beaters[pair["attack"]]))
                           for pair in view["table"] if pair["beat"] is None)
    else:
        narrowed = legal
    return narrowed + 1


def legal_count(view: dict[str, Any]) -> int:
    """How many legal actions the seat has (the engine's `legal_actions`, counted from the view)."""
    hand, phase = view["hand"], view["phase"]
    if phase == "attack":
        if view["first_card"] is not None:
            return 1
        rule, limit = view["variant"]["multi_lead"], view["hand_sizes"][view["defender"]]
        if rule == "single":
            return len(hand)
        key = suit_of if rule == "same-suit" else rank_of
        sizes: dict[str, int] = {}
        for card in hand:
            sizes[key(card)] = sizes.get(key(card), 0) + 1
        return sum(math.comb(size, count) for size in sizes.values() for count in range(1, min(size, limit) + 1))
    if phase == "defend":
        order = tuple(view["variant"]["suit_order"])
        return 1 + sum(beats(card, pair["attack"], order) for pair in view["table"] if pair["beat"] is None
                       for card in hand)
    if view["throw_limit"] <= 0:
        return 1
    return 1 + sum(rank_of(card) in view["throw_ranks"] for card in hand)
