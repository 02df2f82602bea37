"""The play page's "why?" link for Yashchiki: the rules question a real position raises, and its anchor on the
rules page (content/rules/yashchiki.json)."""

import inspect
import json
import re
from pathlib import Path

import pytest
from django.utils import translation

from games.rules import get_game
from games.yashchiki import table
from games.yashchiki.rules import DECK
from games.yashchiki.table import rules_link
from tests.rulebook.helpers import seat_narrator

CONTENT = Path(__file__).resolve().parents[2] / "content" / "rules" / "yashchiki.json"


def deal(*hands, upcard="KH", preset="standard"):
    """Seat 0 (the dealer is seat 3) plays first; every card not in a hand or the up-card is in the stock."""
    used = [card for hand in hands for card in hand] + [upcard]
    stock = [card for card in DECK if card not in used]
    game = get_game("yashchiki")
    return game.from_deal(hands=[list(hand) for hand in hands], stock=stock, dealer=3, upcard=upcard,
                          variant=game.variant(preset))


def link(state):
    seat = state.current_player
    with translation.override("en"):
        return rules_link(state.view(seat), state.legal_actions(), seat_narrator(state, seat))


def test_a_chain_of_twos_asks_why_a_two():
    state = deal(["2H", "QH", "KS"], ["2C", "JH", "5D"], ["AC", "9D"], ["5S", "KD"])
    state = state.apply({"type": "play", "cards": ["2H"]})
    assert state.current_player == 1 and state.view(1)["chain"] == 1
    # Only the two may be played though Player 2 holds a heart.
    assert state.legal_actions() == [{"type": "play", "cards": ["2C"]}]
    assert link(state) == {"anchor": "rule-chain-of-twos", "text": "Why must I answer with a two?"}


def test_a_playable_eight_asks_which_suit_to_name():
    state = deal(["8H", "QC", "KS"], ["JH", "3S"], ["AC", "9D"], ["5S", "KD"])
    assert {"type": "play", "cards": ["8H"], "suit": "C"} in state.legal_actions()
    assert link(state) == {"anchor": "dispute-naming-a-suit", "text": "Which suit may I name with 8♥?"}


def test_a_pair_of_nines_names_the_nine_that_may_go_alone():
    state = deal(["9C", "9H", "KS"], ["JH", "3S"], ["AC", "9D"], ["5S", "KD"])
    assert {"type": "play", "cards": ["9C", "9H"], "declared": True, "suit": "D"} in state.legal_actions()
    assert link(state)["text"] == "Which suit may I name with 9♥?"


def test_an_eight_of_another_suit_asks_why_it_cannot_go_anywhere():
    state = deal(["QH", "8S", "KC"], ["JH", "3S"], ["AC", "9D"], ["5S", "KD"])
    assert state.legal_actions() == [{"type": "play", "cards": ["QH"]}]
    assert link(state) == {"anchor": "dispute-eight-on-any-suit", "text": "Why can't I play 8♠ on any suit?"}


@pytest.mark.parametrize(("upcard", "question"), [("KH", "Why must I play a heart?"),
                                                  ("KC", "Why must I play a club?")])
def test_cards_of_other_suits_ask_why_follow_suit(upcard, question):
    state = deal(["QH", "JC", "KS"], ["JH", "3S"], ["AC", "9D"], ["5S", "KD"], upcard=upcard)
    assert link(state) == {"anchor": "rule-a-turn", "text": question}


def test_the_named_suit_is_the_one_asked_about():
    state = deal(["8C", "QC", "KS"], ["JH", "3D"], ["AC", "9D"], ["5S", "KD"], upcard="KC")
    state = state.apply({"type": "play", "cards": ["8C"], "suit": "D"})
    assert state.current_player == 1
    assert link(state) == {"anchor": "rule-a-turn", "text": "Why must I play a diamond?"}


def test_when_every_card_may_be_played_it_asks_how_a_turn_goes():
    state = deal(["QH", "JH", "3H"], ["JC", "3S"], ["AC", "9D"], ["5S", "KD"])
    assert link(state) == {"anchor": "rule-a-turn", "text": "How does a turn go?"}


def test_the_card_is_filled_in_whatever_the_language():
    state = deal(["QH", "8S", "KC"], ["JH", "3S"], ["AC", "9D"], ["5S", "KD"])
    with translation.override("ru"):
        link_ru = rules_link(state.view(0), state.legal_actions(), seat_narrator(state, 0))
    assert link_ru["anchor"] == "dispute-eight-on-any-suit" and "8♠" in link_ru["text"]


def test_every_anchor_names_a_section_or_question_of_the_rules_page():
    content = json.loads(CONTENT.read_text(encoding="utf-8"))
    targets = ({f"rule-{section['slug']}" for section in content["sections"]}
               | {f"dispute-{question['slug']}" for question in content["questions"]})
    anchors = set(re.findall(r'"((?:rule|dispute)-[a-z0-9-]+)"', inspect.getsource(table.rules_link)))
    assert anchors == {"rule-chain-of-twos", "dispute-naming-a-suit", "dispute-eight-on-any-suit", "rule-a-turn"}
    assert anchors <= targets
