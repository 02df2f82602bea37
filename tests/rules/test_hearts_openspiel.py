"""Hearts against OpenSpiel: the same deals, move by move, in OpenSpiel's `hearts` and in our engine.

OpenSpiel (google-deepmind/open_spiel, open_spiel/games/hearts/hearts.cc, shipped in the `open-spiel`
wheel) is an independent implementation that plays one deal. We drive it with seeded random choices,
give the same deal to `from_deal` with the `openspiel` preset and one pass direction, and replay every
decision in our engine, checking at each card played that both agree on who moves and on the set of
legal cards, after each card on whether hearts are broken, after each trick on the points taken, and
at the end on the deal's points (our "deal-end" event) and the moon.

How OpenSpiel writes a deal, and how it maps to ours:

- Its first chance node picks the pass direction: 0 "No Pass", 1 "Left", 2 "Across", 3 "Right"; a
  seat passes to (seat + direction) % 4. Its seats go clockwise like ours, so "Left" is our "left"
  (seat + 1), "Right" our "right" (seat - 1). Our `pass_cycle=[direction]` makes our first deal use
  that direction.
- The next 52 chance nodes deal the cards, the i-th to seat i % 4 (seat 0 first). Our deal goes one
  card at a time from the dealer's left, so dealer 3 matches; the hands are given to `from_deal`.
- A card is the action rank * 4 + suit (ranks 2..A, suits C D H S): exactly its index in our deck
  order `make_deck(RANKS)`; `action_to_string` writes "TD" where we write "10D".
- Passing is 12 decisions of one card each: seat 0's three, then seat 1's, 2's, 3's. Ours is one
  "pass" action of three cards per seat, seats from the dealer's left: with dealer 3 also 0, 1, 2, 3.
  Both exchange the cards only after all four have passed.
- Play: the holder of 2C leads it; clockwise; the trick winner leads the next trick.
- `returns()` = 26 - the seat's points for the deal (after the moon), so our points = 26 - return.

The rules, OpenSpiel's `hearts` defaults (`game.get_parameters()` and what hearts.cc hard-codes)
against our variant fields — the `openspiel` preset sets the two fields where OpenSpiel differs from
our `standard` preset; the other rules are the same in both:

| OpenSpiel (parameter or hard-coded rule)                 | our field             | `openspiel` / `standard`   |
|----------------------------------------------------------|-----------------------|----------------------------|
| qs_breaks_hearts=True: any Q♠ played (led too) breaks    | qs_breaks_hearts      | "when-played" / "never"    |
| any heart played (led, followed, forced) breaks hearts   | hearts_broken_by      | "any-heart" / "discard"    |
| no_pts_on_first_trick=True: no heart or Q♠ on the first  | points_on_first_trick | "never-unless-forced", both|
|   trick unless the hand is only hearts and Q♠            |                       |                            |
| moon (hard-coded): shooter 0, each other +26             | moon                  | "add-to-others", both      |
| pass direction = the first chance node; one deal         | pass_cycle            | [direction] / the cycle    |
| one deal, no match                                       | end_at, tie           | (not reached in one deal)  |
| can_lead_any_club=False: the first lead is 2C            | fixed rule            |                            |
| must_break_hearts=True: no heart lead until broken, but  | fixed rule            |                            |
|   a leader holding only hearts may lead one              |                       |                            |
| can_lead_hearts_instead_of_qs=False: only Q♠ + hearts,   | fixed rule            | ("queen-before-hearts")    |
|   unbroken: the lead is Q♠                               |                       |                            |
| jd_bonus=False, avoid_all_tricks_bonus=False             | no such rules         |                            |

`test_each_openspiel_field_is_needed` shows that each of the fields OpenSpiel exercises matters: with
it set otherwise, some deal of the same seeded set disagrees.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

pyspiel = pytest.importorskip("pyspiel")

from games.rules import get_game  # noqa: E402
from games.rules.cards import RANKS, make_deck  # noqa: E402

GAME = get_game("hearts")
OPENSPIEL = pyspiel.load_game("hearts")
DECK = make_deck(RANKS)  # DECK[action] is OpenSpiel's card `action`
DIRECTIONS = {"none": 0, "left": 1, "across": 2, "right": 3}  # ours -> OpenSpiel's chance outcome = seat offset
DEALER = 3  # our passing starts at the dealer's left: seat 0, as OpenSpiel's
QUEEN_OF_SPADES = DECK.index("QS")
RANDOM_DEALS = 200  # per direction: uniform deals, uniform random passes and plays
STACKED_DEALS = 50  # per direction: one seat gets 9-13 hearts (often Q♠) and plays for the moon

OPENSPIEL_DEFAULTS = {
    "avoid_all_tricks_bonus": False,
    "can_lead_any_club": False,
    "can_lead_hearts_instead_of_qs": False,
    "jd_bonus": False,
    "must_break_hearts": True,
    "no_pts_on_first_trick": True,
    "pass_cards": True,
    "qs_breaks_hearts": True,
}


class Disagreement(AssertionError):
    """OpenSpiel and our engine disagree on this deal."""


def is_point_card(action: int) -> bool:
    return action % 4 == 2 or action == QUEEN_OF_SPADES


def stacked_order(rng: random.Random) -> tuple[list[int], int]:
    """A deal (OpenSpiel's 52 card actions in dealing order) where one seat holds 9-13 hearts and, in
    most deals with fewer than 13, Q♠: it makes first tricks without clubs, leaders with only hearts
    or only Q♠ and hearts, and moons common. Returns the order and that seat."""
    seat = rng.randrange(4)
    hearts = rng.sample([action for action in range(52) if action % 4 == 2], rng.randint(9, 13))
    special = hearts + ([QUEEN_OF_SPADES] if len(hearts) < 13 and rng.random() < 0.7 else [])
    rest = [action for action in range(52) if action not in special]
    rng.shuffle(rest)
    hands = []
    for player in range(4):
        if player == seat:
            missing = 13 - len(special)
            hands.append(special + rest[:missing])
            rest = rest[missing:]
        else:
            hands.append(rest[:13])
            rest = rest[13:]
    return [hands[index % 4][index // 4] for index in range(52)], seat


def choose(rng: random.Random, legal: list[int], seat: int, shooter: int | None, passing: bool, offset: int) -> int:
    """Uniformly random, or, in a stacked deal, the shooter passes away safe cards and receives point
    cards, then plays its highest legal card while the others play their lowest."""
    if shooter is None:
        return rng.choice(legal)
    if passing:
        if seat == shooter:
            pool = [action for action in legal if not is_point_card(action)]
        elif (seat + offset) % 4 == shooter:
            pool = [action for action in legal if is_point_card(action)]
        else:
            pool = legal
        return rng.choice(pool or legal)
    return max(legal) if seat == shooter else min(legal)


def agree(condition: bool, where: str, openspiel_state, message: str) -> None:
    if not condition:
        raise Disagreement(f"{where}: {message}\nOpenSpiel history {openspiel_state.history()}\n{openspiel_state}")


def replay(direction: str, kind: str, index: int, variant) -> Counter:
    """Play one seeded OpenSpiel deal and replay it in our engine, checking every step; raises
    Disagreement at the first difference. Returns how often the rare rules came up."""
    where = f"{direction} {kind} deal #{index} (seed 'hearts-openspiel-{direction}-{kind}-{index}')"
    rng = random.Random(f"hearts-openspiel-{direction}-{kind}-{index}")
    offset = DIRECTIONS[direction]
    spiel = OPENSPIEL.new_initial_state()
    assert spiel.is_chance_node() and [action for action, _ in spiel.chance_outcomes()] == [0, 1, 2, 3]
    spiel.apply_action(offset)
    if kind == "stacked":
        order, shooter = stacked_order(rng)
    else:
        order, shooter = list(range(52)), None
        rng.shuffle(order)
    for action in order:
        assert spiel.is_chance_node()
        spiel.apply_action(action)
    dealt = spiel.history()[1:]
    hands = [[DECK[action] for action in dealt[seat::4]] for seat in range(4)]
    ours = GAME.from_deal(hands, [], variant=variant, dealer=DEALER)
    holding = [set(hand) for hand in hands]
    seen = Counter()

    if direction == "none":
        agree(any(event["type"] == "no-pass" for event in ours.log), where, spiel, "no 'no-pass' event")
    else:
        passed: list[list[str]] = [[] for _ in range(4)]
        for _ in range(12):
            seat = spiel.current_player()
            action = choose(rng, spiel.legal_actions(), seat, shooter, True, offset)
            spiel.apply_action(action)
            passed[seat].append(DECK[action])
            if len(passed[seat]) == 3:
                agree(ours.current_player == seat, where, spiel,
                      f"seat {seat} passes now, our current player is {ours.current_player}")
                ours = ours.apply({"type": "pass", "cards": passed[seat]})
        for seat in range(4):
            holding[seat] -= set(passed[seat])
            holding[(seat + offset) % 4] |= set(passed[seat])
        openspiel_hands = json.loads(spiel.to_json())["hands"]
        for seat in range(4):
            assert {card.replace("T", "10") for card in openspiel_hands[seat]} == holding[seat]
            agree(set(ours.view(seat)["hand"]) == holding[seat], where, spiel,
                  f"seat {seat} holds {sorted(holding[seat])} after the pass, ours {ours.view(seat)['hand']}")

    for played in range(52):
        seat = spiel.current_player()
        legal = spiel.legal_actions()
        agree(ours.current_player == seat, where, spiel,
              f"card {played + 1}: OpenSpiel's seat {seat} plays, our current player is {ours.current_player}")
        actions = ours.legal_actions()
        agree(all(action["type"] == "play" for action in actions), where, spiel, f"card {played + 1}: {actions}")
        expected = {DECK[action] for action in legal}
        cards = {action["card"] for action in actions}
        agree(cards == expected, where, spiel, f"card {played + 1} by seat {seat}: OpenSpiel allows "
              f"{sorted(expected)}, ours {sorted(cards)} (hand {sorted(holding[seat])})")
        hand = holding[seat]
        if played % 4 == 0 and played and not spiel.hearts_broken():
            if all(card.endswith("H") for card in hand):
                seen["lead with only hearts, unbroken"] += 1
            elif all(card.endswith("H") or card == "QS" for card in hand):
                seen["lead with only Q♠ and hearts, unbroken"] += 1
        if 0 < played < 4 and all(card.endswith("H") or card == "QS" for card in hand):
            seen["first trick, only hearts and Q♠"] += 1
        action = choose(rng, legal, seat, shooter, False, offset)
        if action == QUEEN_OF_SPADES and not spiel.hearts_broken():
            seen["Q♠ played, unbroken"] += 1
        spiel.apply_action(action)
        ours = ours.apply({"type": "play", "card": DECK[action]})
        hand.discard(DECK[action])
        if played < 51:
            view = ours.view(None)
            agree(view["hearts_broken"] == spiel.hearts_broken(), where, spiel,
                  f"after card {played + 1} ({DECK[action]} by seat {seat}) OpenSpiel's hearts_broken is "
                  f"{spiel.hearts_broken()}, ours {view['hearts_broken']}")
            if played % 4 == 3:
                points = [spiel.points(player) for player in range(4)]
                agree(view["points_taken"] == points, where, spiel,
                      f"after trick {played // 4 + 1} OpenSpiel's points are {points}, ours {view['points_taken']}")

    agree(spiel.is_terminal(), where, spiel, "OpenSpiel's deal is not over after 52 cards")
    points = [26 - round(value) for value in spiel.returns()]
    moon = points.index(0) if sorted(points) == [0, 26, 26, 26] else None
    seen["moon"] += moon is not None
    ends = [event for event in ours.log if event["type"] == "deal-end"]
    agree(len(ends) == 1, where, spiel, f"our log has {len(ends)} 'deal-end' events after 52 cards")
    agree(ends[0]["points"] == points, where, spiel,
          f"OpenSpiel's points (26 - returns {spiel.returns()}) are {points}, ours {ends[0]['points']}")
    agree(ends[0]["moon"] == moon, where, spiel, f"the moon: OpenSpiel {moon}, ours {ends[0]['moon']}")
    return seen


def deals(direction: str):
    for index in range(RANDOM_DEALS):
        yield direction, "random", index
    for index in range(STACKED_DEALS):
        yield direction, "stacked", index


def test_openspiel_cards_directions_and_defaults():
    assert OPENSPIEL.get_parameters() == OPENSPIEL_DEFAULTS
    assert OPENSPIEL.num_players() == 4
    state = OPENSPIEL.new_initial_state()
    names = {"none": "No Pass", "left": "Left", "across": "Across", "right": "Right"}
    assert [state.action_to_string(DIRECTIONS[name]) for name in names] == list(names.values())
    state.apply_action(0)
    assert [state.action_to_string(action).replace("T", "10") for action in range(52)] == list(DECK)
    assert GAME.variant("openspiel").qs_breaks_hearts == "when-played"
    assert GAME.variant("openspiel").hearts_broken_by == "any-heart"


@pytest.mark.parametrize("direction", list(DIRECTIONS))
def test_same_deals_same_rules(direction):
    variant = GAME.variant("openspiel", pass_cycle=[direction])
    seen = Counter()
    for deal in deals(direction):
        seen += replay(*deal, variant)
    # The seeded deals do reach the rare rules (the stacked ones are there for that).
    assert seen["moon"] >= 3, seen
    assert seen["lead with only hearts, unbroken"] + seen["lead with only Q♠ and hearts, unbroken"] >= 1, seen
    assert seen["Q♠ played, unbroken"] >= 50, seen
    if direction == "none":
        assert seen["first trick, only hearts and Q♠"] >= 5, seen


@pytest.mark.parametrize(("field", "value"), [
    ("qs_breaks_hearts", "never"),
    ("hearts_broken_by", "discard"),
    ("points_on_first_trick", "allowed"),
    ("moon", "subtract"),
])
def test_each_openspiel_field_is_needed(field, value):
    """Set one field otherwise and the same seeded deals find a disagreement: the field is what
    accounts for OpenSpiel's rule."""
    for direction in DIRECTIONS:
        variant = GAME.variant("openspiel", pass_cycle=[direction], **{field: value})
        for deal in deals(direction):
            try:
                replay(*deal, variant)
            except Disagreement:
                return
    pytest.fail(f"no deal tells {field}={value!r} from OpenSpiel's rules")
