"""The play page's "why?" link for Hearts: the rules question a real position raises, and its anchor on the
rules page (content/rules/hearts.json)."""

import inspect
import json
import re
from pathlib import Path

import pytest
from django.utils import translation

from games.hearts import table
from games.hearts.table import rules_link
from games.rules import get_game
from tests.rulebook.helpers import seat_narrator

CONTENT = Path(__file__).resolve().parents[2] / "content" / "rules" / "hearts.json"
GAME = get_game("hearts")

# Deals of the Hearts lessons, with their passes (the dealer is seat 3; the first deal passes to the left).
# "breaking-hearts": in the second trick Player 4 discards the Q♠ on diamonds, and hearts stay unbroken.
BREAKING_HEARTS = [
    "3C 5C 6C 8C 4D AS 2H 3H 4H 8H 9H 10H JH",
    "9C AC 2D 5D 7D 9D JD QD AD 2S 3S 4S 7H",
    "4C 7C 3D 6D 8D 10D KD 10S JS QS KS 5H 6H",
    "2C 10C JC QC KC 5S 6S 7S 8S 9S QH KH AH",
]
BREAKING_HEARTS_PASSES = ["5C 6C 8C", "JD QD AD", "JS QS KS", "QH KH AH"]
# "first-trick": Player 3 leads the 2♣; you (seat 0) have passed all your clubs away.
FIRST_TRICK = [
    "8C JC AC 4D 5D KS AS 2H 6H 8H 10H QH KH",
    "4C 5C 3D 9D 10D KD 2S 6S 9S 10S 3H 9H AH",
    "2C 7C 10C QC 6D 8D AD 4S 7S 8S QS 5H JH",
    "3C 6C 9C KC 2D 7D JD QD 3S 5S JS 4H 7H",
]
FIRST_TRICK_PASSES = ["8C JC AC", "4C 9S 10D", "7S 8D QC", "2D 3S 4H"]
# "first-trick", step 4: after the pass seat 0 holds only the Q♠ and hearts.
ONLY_HEARTS = [
    "3C 6C 9C QS 2H 3H 4H 6H 7H 8H 9H 10H JH",
    "10C QC 2D 5D 7D JD AD 2S 5S 9S JS KS 5H",
    "2C 4C 5C 3D 8D 9D KD 3S 4S 6S 8S 10S AS",
    "7C 8C JC KC AC 4D 6D 10D QD 7S QH KH AH",
]
ONLY_HEARTS_PASSES = ["3C 6C 9C", "5D 10C JS", "4S 8D 10S", "QH KH AH"]
# No pass: seat 0 leads the 2♣, wins the second trick with the A♣ and is left with the Q♠ and ten hearts.
QUEEN_AND_HEARTS = [
    "2C AC QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH",
    "3C 4C KC 2D 3D 4D 5D 6D 7D 8D 9D 10D JD",
    "5C 6C 7C QD KD AD 2S 3S 4S 5S 6S 7S 8S",
    "8C 9C 10C JC QC 9S 10S JS KS AS QH KH AH",
]


def deal(hands, *, preset="standard", **fields):
    return GAME.from_deal(hands=[hand.split() for hand in hands], stock=[], dealer=3,
                          variant=GAME.variant(preset, **fields))


def moon_lesson_payload():
    lesson = json.loads((CONTENT.parents[1] / "lessons" / "hearts" / "shooting-the-moon.json").read_text("utf-8"))
    return next(step["payload"] for step in lesson["steps"] if step["number"] == 4)


def moon_lesson_deal(preset):
    deal_ = moon_lesson_payload()["deal"]
    return GAME.from_deal(hands=deal_["hands"], stock=[], dealer=deal_["dealer"], variant=GAME.variant(preset))


def moon_lesson_actions():
    return moon_lesson_payload()["actions"]


def act(state, *actions):
    for action in actions:
        if isinstance(action, str) and " " in action:
            action = {"type": "pass", "cards": action.split()}
        elif isinstance(action, str):
            action = {"type": "play", "card": action}
        state = state.apply(action)
    return state


def link(state):
    seat = state.current_player
    with translation.override("en"):
        return rules_link(state.view(seat), state.legal_actions(), seat_narrator(state, seat))


# -- passing ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("direction", "text"), [
    ("left", "Why do I pass to the left this deal?"),
    ("right", "Why do I pass to the right this deal?"),
    ("across", "Why do I pass across this deal?"),
])
def test_the_pass_asks_why_this_direction(direction, text):
    state = deal(FIRST_TRICK, pass_cycle=[direction])
    assert state.view(0)["phase"] == "pass" and state.current_player == 0
    assert link(state) == {"anchor": "dispute-pass-direction", "text": text}


def test_the_standard_first_deal_passes_to_the_left():
    state = deal(FIRST_TRICK)
    assert link(state)["text"] == "Why do I pass to the left this deal?"


# -- the first trick -------------------------------------------------------------------------------------

def test_the_first_lead_asks_why_the_two_of_clubs():
    state = act(deal(FIRST_TRICK), *FIRST_TRICK_PASSES)
    assert state.current_player == 2 and state.legal_actions() == [{"type": "play", "card": "2C"}]
    assert link(state) == {"anchor": "dispute-who-leads-first", "text": "Why must I lead the 2♣?"}


def test_following_the_first_trick_with_clubs_asks_why_a_club():
    state = act(deal(FIRST_TRICK), *FIRST_TRICK_PASSES, "2C")
    # Player 4 holds clubs and much else: only the clubs are offered.
    assert state.current_player == 3
    assert {action["card"] for action in state.legal_actions()} == {"3C", "6C", "9C", "QC", "KC"}
    assert link(state) == {"anchor": "rule-following-suit", "text": "Why must I play a club?"}


def test_no_clubs_on_the_first_trick_asks_why_no_heart():
    state = act(deal(FIRST_TRICK), *FIRST_TRICK_PASSES, "2C", "KC")
    hand = state.view(0)["hand"]
    playable = {action["card"] for action in state.legal_actions()}
    assert not any(card.endswith("C") for card in hand) and "6H" in hand and "6H" not in playable
    assert link(state) == {"anchor": "dispute-points-on-first-trick",
                           "text": "Why can't I discard a heart or the Q♠ on the first trick?"}


def test_a_hand_of_hearts_and_the_queen_on_the_first_trick_asks_why_it_may_play_them():
    state = act(deal(ONLY_HEARTS), *ONLY_HEARTS_PASSES, "2C", "KC")
    assert {action["card"] for action in state.legal_actions()} == set(state.view(0)["hand"])
    assert "QS" in state.view(0)["hand"]
    assert link(state) == {"anchor": "dispute-first-trick-only-hearts",
                           "text": "Why may I play a heart or the Q♠ on the first trick?"}


# -- leading hearts --------------------------------------------------------------------------------------

def test_leading_before_hearts_are_broken_asks_why_not_hearts():
    state = act(deal(FIRST_TRICK), *FIRST_TRICK_PASSES, "2C", "KC", "AS", "AC")
    view = state.view(1)
    assert state.current_player == 1 and not view["hearts_broken"] and "AH" in view["hand"]
    assert "AH" not in {action["card"] for action in state.legal_actions()}
    assert link(state) == {"anchor": "rule-leading-hearts", "text": "Why can't I lead hearts?"}


def test_after_a_discarded_queen_the_leader_asks_why_hearts_are_still_closed():
    state = act(deal(BREAKING_HEARTS), *BREAKING_HEARTS_PASSES,
                "2C", "3C", "AC", "4C", "7D", "KD", "QS", "4D")
    view = state.view(2)
    assert state.current_player == 2 and not view["hearts_broken"] and {"5H", "6H"} <= set(view["hand"])
    assert link(state) == {"anchor": "dispute-queen-breaks-hearts",
                           "text": "The Q♠ has been played: why can't I lead hearts?"}


def test_under_bicycle_rules_the_discarded_queen_has_broken_hearts():
    state = act(deal(BREAKING_HEARTS, preset="bicycle"), *BREAKING_HEARTS_PASSES,
                "2C", "3C", "AC", "4C", "7D", "KD", "QS", "4D")
    assert state.view(2)["hearts_broken"]
    assert link(state) == {"anchor": "rule-following-suit", "text": "How does a trick go?"}


def test_a_queen_played_in_an_earlier_deal_does_not_count():
    # Deal 1 of the lesson "shooting-the-moon" (the Q♠ is played in it), then deal 2: pass and first trick.
    state = act(moon_lesson_deal("standard"), *moon_lesson_actions())
    assert state.view(1)["deal_number"] == 2
    for _ in range(8):
        state = state.apply(state.legal_actions()[0])
    view = state.view(state.current_player)
    assert view["trick"] == [] and not view["first_trick"] and not view["hearts_broken"]
    deal_starts = [index for index, event in enumerate(view["log"]) if event["type"] == "deal"]
    assert "QS" in [event.get("card") for event in view["log"][:deal_starts[-1]]]
    assert "QS" not in [event.get("card") for event in view["log"][deal_starts[-1]:]]
    assert any(card.endswith("H") for card in view["hand"])
    assert link(state) == {"anchor": "rule-leading-hearts", "text": "Why can't I lead hearts?"}


def test_a_hand_of_only_hearts_asks_why_it_may_lead_one():
    state = act(deal(BREAKING_HEARTS), *BREAKING_HEARTS_PASSES,
                "2C", "3C", "AC", "4C", "7D", "KD", "QS", "4D", "10S", "9S", "AS", "2S")
    view = state.view(0)
    assert state.current_player == 0 and not view["hearts_broken"]
    assert all(card.endswith("H") for card in view["hand"])
    assert link(state) == {"anchor": "dispute-lead-only-hearts",
                           "text": "Why may I lead a heart before hearts are broken?"}


def test_the_queen_and_hearts_must_lead_the_queen():
    state = act(deal(QUEEN_AND_HEARTS, pass_cycle=["none"]), "2C", "KC", "5C", "8C", "3C", "6C", "9C", "AC")
    assert state.current_player == 0 and not state.view(0)["hearts_broken"]
    assert state.legal_actions() == [{"type": "play", "card": "QS"}]
    assert link(state) == {"anchor": "dispute-lead-only-hearts", "text": "Why must I lead the Q♠?"}


# -- following suit, and the general question --------------------------------------------------------------

def test_following_a_diamond_lead_asks_why_a_diamond():
    state = act(deal(BREAKING_HEARTS), *BREAKING_HEARTS_PASSES,
                "2C", "3C", "AC", "4C", "7D")
    assert state.current_player == 2
    assert link(state) == {"anchor": "rule-following-suit", "text": "Why must I play a diamond?"}


def test_a_free_discard_asks_the_general_question():
    state = act(deal(BREAKING_HEARTS), *BREAKING_HEARTS_PASSES,
                "2C", "3C", "AC", "4C", "7D", "KD")
    # Player 4 has no diamonds: every card may go.
    assert {action["card"] for action in state.legal_actions()} == set(state.view(3)["hand"])
    assert link(state) == {"anchor": "rule-following-suit", "text": "How does a trick go?"}


def test_the_moon_choice_asks_why_a_choice():
    # The lesson "shooting-the-moon": seat 0 takes every penalty card; under moon-choice it then chooses.
    state = act(moon_lesson_deal("moon-choice"), *moon_lesson_actions())
    assert state.view(0)["phase"] == "moon" and state.current_player == 0
    assert link(state) == {"anchor": "dispute-moon-choice", "text": "Why may I choose how my moon shot counts?"}


def test_no_moves_no_link():
    state = deal(FIRST_TRICK)
    assert rules_link(state.view(1), [], seat_narrator(state, 1)) is None


# -- the anchors -----------------------------------------------------------------------------------------

def test_every_anchor_names_a_section_or_a_question_of_the_rules_page():
    data = json.loads(CONTENT.read_text(encoding="utf-8"))
    anchors = {f"rule-{section['slug']}" for section in data["sections"]}
    anchors |= {f"dispute-{question['slug']}" for question in data["questions"]}
    returned = set(re.findall(r'"((?:rule|dispute)-[a-z0-9-]+)"', inspect.getsource(table.rules_link)))
    assert returned == {"dispute-pass-direction", "dispute-who-leads-first", "rule-following-suit",
                        "dispute-points-on-first-trick", "dispute-first-trick-only-hearts",
                        "rule-leading-hearts", "dispute-queen-breaks-hearts", "dispute-lead-only-hearts",
                        "dispute-moon-choice"}
    assert returned <= anchors, sorted(returned - anchors)
