"""Our hard Hearts bot against OpenSpiel's ISMCTS bot, deal by deal, on the same deals (`manage.py bench_ismcts`).

Each deal is played twice: our hard bot on seats 0 and 2 and ISMCTS on 1 and 3, then the other way round. Our
engine and OpenSpiel's `hearts` game are kept in lockstep: OpenSpiel gets our deal through its chance outcomes
(`chance_outcomes`), every decision is applied to both, and before each card both must agree on who plays and on
the legal cards. Our hard bot decides from our engine's `view(seat)` alone; ISMCTS from OpenSpiel's state, which
it samples from the acting player's information state.

How the two write a deal:

- A card is OpenSpiel's action rank * 4 + suit (ranks 2..A, suits C D H S): its index in our deck order.
- OpenSpiel's first chance outcome is the pass direction, a seat offset (0 none, 1 left, 2 across, 3 right);
  the next 52 deal card i to seat i % 4. Its seats go clockwise like ours.
- OpenSpiel passes one card per decision, seats 0, 1, 2, 3 in turn; ours passes three at once, from the dealer's
  left, so the deals here have dealer 3 and both pass in the same order.

The rules (`openspiel_parameters`): OpenSpiel's parameters can match our first-trick rule (`no_pts_on_first_trick`
for "never-unless-forced"), the queen of spades ("never" or "when-played" breaking hearts), the 2♣ lead, the
queen led before hearts by a leader holding only it and hearts, no jack of diamonds, no bonus for taking no
tricks, and the pass direction (any one per deal). It cannot match:

- `hearts_broken_by="discard"`: OpenSpiel hard-codes that any heart played breaks hearts. That differs from our
  standard rule only after a leader holding nothing but hearts leads one before hearts are broken; our engine
  plays these deals with "any-heart" (`lockstep_variant`), so that the two engines agree on every legal card.
- `qs_breaks_hearts="when-discarded"` and a moon other than "add-to-others" (OpenSpiel hard-codes it): refused.
- `end_at` and `tie`: OpenSpiel plays one deal, and so does this benchmark.

ISMCTS here is OpenSpiel's C++ bot (`pyspiel.ISMCTSBot`) with one random rollout per simulation, exploration
constant 2 and the most visited action played. OpenSpiel's Hearts samples a world for a passing seat wrongly
when the seat that passes to it has already passed (it gives the sampled world those real, unseen cards, and the
search crashes); since no seat sees another's pass before the exchange, ISMCTS passes from a copy of the deal
turned so that its seat is seat 0, the first to pass, with the cards it has already chosen (`passing_state`).
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Sequence

from benchmarks.arena import mean_interval
from games.hearts.engine import ENGINE as HEARTS_ENGINE
from games.hearts.rules import DECK, DECK_INDEX, PASS_OFFSET, PLAYERS, HeartsVariant

# OpenSpiel's first chance outcome for each of our pass directions.
DIRECTION_OUTCOMES = {"none": 0, **PASS_OFFSET}
DEALER = 3  # our passing starts at the dealer's left: seat 0, as OpenSpiel's
HARD_SEATS = ((0, 2), (1, 3))  # our hard bot's seats in the two plays of a deal
UCT_C = 2.0  # OpenSpiel's examples' exploration constant for MCTS
INSTALL = "pip install -e '.[test]' (the test extra includes open-spiel==2.0.2)"


class Disagreement(RuntimeError):
    """Our engine and OpenSpiel's disagree on whose turn it is or which cards may be played."""


def card_action(card: str) -> int:
    """OpenSpiel's action for one of our cards ("10D" -> 33)."""
    return DECK_INDEX[card]


def action_card(action: int) -> str:
    """Our card for an OpenSpiel card action (33 -> "10D")."""
    return DECK[action]


def chance_outcomes(hands: Sequence[Sequence[str]], direction: str) -> list[int]:
    """OpenSpiel's chance outcomes for a deal of ours: the pass direction, then the 52 cards, card i to seat i % 4."""
    return [DIRECTION_OUTCOMES[direction]] + [card_action(hands[index % PLAYERS][index // PLAYERS])
                                              for index in range(PLAYERS * len(hands[0]))]


def openspiel_parameters(variant: HeartsVariant) -> dict[str, bool]:
    """OpenSpiel's `hearts` parameters for our rules; ValueError for a rule it cannot play (see the module)."""
    if variant.qs_breaks_hearts == "when-discarded":
        raise ValueError("OpenSpiel's queen of spades breaks hearts whenever played or never, not only when "
                         "discarded.")
    if variant.moon != "add-to-others":
        raise ValueError("OpenSpiel's moon always adds 26 to each other player.")
    return {
        "pass_cards": True,
        "no_pts_on_first_trick": variant.points_on_first_trick == "never-unless-forced",
        "can_lead_any_club": False,
        "jd_bonus": False,
        "avoid_all_tricks_bonus": False,
        "must_break_hearts": True,
        "qs_breaks_hearts": variant.qs_breaks_hearts == "when-played",
        "can_lead_hearts_instead_of_qs": False,
    }


def lockstep_variant(variant: HeartsVariant, direction: str) -> HeartsVariant:
    """The rules our engine plays one deal by: `variant` with the deal's pass direction and OpenSpiel's hard-coded
    "any heart played breaks hearts" (see the module)."""
    return dataclasses.replace(variant, pass_cycle=(direction,), hearts_broken_by="any-heart")


def deal_direction(variant: HeartsVariant, deal: int) -> str:
    """The pass direction of the deal numbered `deal` (from 0): the preset's cycle, so each gets its share."""
    return variant.pass_cycle[deal % len(variant.pass_cycle)]


@dataclasses.dataclass(frozen=True)
class Side:
    label: str
    mean: float                     # points per deal (per seat), fewer is better
    interval: tuple[float, float]   # 95% interval of the mean over deals
    card_decisions: int
    mean_ms: float
    worst_ms: float


@dataclasses.dataclass(frozen=True)
class ComparisonResult:
    deals: int
    seed: int
    preset: str
    simulations: int
    parameters: dict[str, bool]
    hard: Side
    ismcts: Side
    difference: tuple[float, tuple[float, float]]   # hard minus ISMCTS per deal, with its 95% interval
    moons: tuple[int, int]                           # seat-plays that shot the moon: hard, ISMCTS


@dataclasses.dataclass(frozen=True)
class PlayedDeal:
    points: list[int]                   # per seat
    moon: int | None
    card_ms: dict[str, list[float]]     # "hard" and "ismcts": ms per card decision


def compare(deals: int, seed: int, simulations: int, preset: str = "standard") -> ComparisonResult:
    """Play `deals` deals twice each (seats swapped) and sum them up; ImportError when OpenSpiel is missing,
    ValueError for rules it cannot play."""
    import pyspiel

    # A Hearts-only benchmark: the game comes from the Hearts package's declaration, not by its key.
    game = HEARTS_ENGINE.rules
    variant = game.variant(preset)
    parameters = openspiel_parameters(variant)
    openspiel = pyspiel.load_game(HEARTS_ENGINE.openspiel_game, parameters)
    seeds = random.Random(seed)
    hard_points, ismcts_points, differences = [], [], []
    card_ms: dict[str, list[float]] = {"hard": [], "ismcts": []}
    moons = [0, 0]
    for deal in range(deals):
        deal_seed = seeds.getrandbits(64)
        direction = deal_direction(variant, deal)
        start = game.new_game(PLAYERS, seed=deal_seed, variant=lockstep_variant(variant, direction), dealer=DEALER)
        hard_mean = ismcts_mean = 0.0
        for hard_seats in HARD_SEATS:
            played = play_deal(pyspiel, openspiel, start, direction, hard_seats, simulations, seeds.getrandbits(31))
            hard = sum(played.points[seat] for seat in hard_seats) / len(hard_seats)
            ismcts = sum(played.points[seat] for seat in range(PLAYERS) if seat not in hard_seats) / len(hard_seats)
            hard_mean += hard / len(HARD_SEATS)
            ismcts_mean += ismcts / len(HARD_SEATS)
            if played.moon is not None:
                moons[played.moon not in hard_seats] += 1
            for side, times in played.card_ms.items():
                card_ms[side].extend(times)
        hard_points.append(hard_mean)
        ismcts_points.append(ismcts_mean)
        differences.append(hard_mean - ismcts_mean)
    difference, _, difference_interval = mean_interval(differences)
    return ComparisonResult(
        deals=deals, seed=seed, preset=preset, simulations=simulations, parameters=parameters,
        hard=_side("hard", hard_points, card_ms["hard"]),
        ismcts=_side(f"ISMCTS {simulations:,}", ismcts_points, card_ms["ismcts"]),
        difference=(difference, difference_interval), moons=(moons[0], moons[1]))


def _side(label: str, points: list[float], times: list[float]) -> Side:
    mean, _, interval = mean_interval(points)
    return Side(label=label, mean=mean, interval=interval, card_decisions=len(times),
                mean_ms=sum(times) / len(times), worst_ms=max(times))


def play_deal(pyspiel, openspiel, start, direction: str, hard_seats: Sequence[int], simulations: int,
              seed: int, hard_bot=None) -> PlayedDeal:
    """One play of a deal from our engine's `start` (the deal's first state): our hard bot (`hard_bot`, by default
    one without a deadline) on `hard_seats`, ISMCTS on the others, both engines in lockstep. Raises Disagreement if
    they part."""
    hard_bot = hard_bot or HEARTS_ENGINE.bots["hard"](decision_seconds=math.inf)
    rng = random.Random(seed)
    ismcts = pyspiel.ISMCTSBot(seed, pyspiel.RandomRolloutEvaluator(1, seed), UCT_C, simulations, -1,
                               pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
    hands = [start.view(seat)["hand"] for seat in range(PLAYERS)]
    spiel = openspiel.new_initial_state()
    for outcome in chance_outcomes(hands, direction):
        spiel.apply_action(outcome)
    ours = start
    card_ms: dict[str, list[float]] = {"hard": [], "ismcts": []}
    while ours.phase == "pass":
        seat = ours.current_player
        _agree(spiel.current_player() == seat, spiel, f"seat {seat} passes, OpenSpiel's {spiel.current_player()}")
        if seat in hard_seats:
            cards = hard_bot.decide(ours.view(seat), ours.legal_actions(), rng).action["cards"]
        else:
            cards = []
            for _ in range(3):
                cards.append(action_card(ismcts.step(passing_state(openspiel, hands[seat], direction, cards))))
        for card in cards:
            spiel.apply_action(card_action(card))
        ours = ours.apply({"type": "pass", "cards": cards})
    while not spiel.is_terminal():  # our engine deals the next deal at once: its phase may be "play" again
        seat = ours.current_player
        legal = ours.legal_actions()
        _agree(spiel.current_player() == seat and {card_action(action["card"]) for action in legal}
               == set(spiel.legal_actions()), spiel,
               f"seat {seat} plays one of {[action['card'] for action in legal]}; OpenSpiel's seat "
               f"{spiel.current_player()} one of {[action_card(action) for action in spiel.legal_actions()]}")
        started = time.perf_counter()
        if seat in hard_seats:
            card = hard_bot.decide(ours.view(seat), legal, rng).action["card"]
            card_ms["hard"].append((time.perf_counter() - started) * 1000)
        else:
            card = action_card(ismcts.step(spiel))
            card_ms["ismcts"].append((time.perf_counter() - started) * 1000)
        spiel.apply_action(card_action(card))
        ours = ours.apply({"type": "play", "card": card})
    deal_end = next(event for event in ours.log if event["type"] == "deal-end")
    points = [26 - round(value) for value in spiel.returns()]
    _agree(ours.deal_number == start.deal_number + 1 and deal_end["points"] == points, spiel,
           f"our deal ends with {deal_end['points']}, OpenSpiel's with {points}")
    return PlayedDeal(points=points, moon=deal_end.get("moon"), card_ms=card_ms)


def passing_state(openspiel, hand: Sequence[str], direction: str, chosen: Sequence[str]):
    """An OpenSpiel state in which a seat holding `hand` passes `direction`, having chosen `chosen` so far, as
    seat 0: the other hands are filled with the rest of the deck (ISMCTS samples them again anyway)."""
    state = openspiel.new_initial_state()
    rest = [card for card in DECK if card not in hand]
    for outcome in chance_outcomes([list(hand)] + [rest[seat::3] for seat in range(3)], direction):
        state.apply_action(outcome)
    for card in chosen:
        state.apply_action(card_action(card))
    return state


def _agree(condition: bool, spiel, message: str) -> None:
    if not condition:
        raise Disagreement(f"{message}\nOpenSpiel history {spiel.history()}")


def format_comparison(result: ComparisonResult) -> str:
    difference, (low, high) = result.difference
    lines = [
        f"Hearts, hard against OpenSpiel's ISMCTS ({result.simulations:,} simulations), preset {result.preset}, "
        f"{result.deals} deals each played twice with the seats swapped, seed {result.seed}",
        "OpenSpiel's parameters: " + ", ".join(f"{name}={value}" for name, value in result.parameters.items()),
        "Points per deal and seat, fewer is better: mean and 95% interval over the deals.",
        "",
        f"{'bot':<14} {'mean':>6} {'95% interval':>13} {'moons':>6} {'cards':>7} {'mean ms':>8} {'worst ms':>9}",
    ]
    for side, moons in zip((result.hard, result.ismcts), result.moons, strict=True):
        side_low, side_high = side.interval
        lines.append(f"{side.label:<14} {side.mean:>6.2f} {f'{side_low:.2f}–{side_high:.2f}':>13} {moons:>6} "
                     f"{side.card_decisions:>7} {side.mean_ms:>8.1f} {side.worst_ms:>9.1f}")
    lines += ["", f"hard minus ISMCTS, per deal (paired): {difference:+.2f} (95% interval {low:+.2f} to {high:+.2f})"]
    return "\n".join(lines)
