"""The play page's "why?" link for Chuvash Rooster: the rules question a real position raises, and its anchor on
the rules page (content/rules/rooster.json)."""

import inspect
import json
import re
from pathlib import Path

from django.utils import translation

from games.rooster import table
from games.rooster.rules import DECK
from games.rooster.table import rules_link
from games.rules import get_game
from tests.rulebook.helpers import seat_narrator

CONTENT = Path(__file__).resolve().parents[2] / "content" / "rules" / "rooster.json"
GAME = get_game("rooster")
TAKE, PASS = {"type": "take"}, {"type": "pass"}


def attack(*cards):
    return {"type": "attack", "cards": list(cards)}


def beat(attack_card, card):
    return {"type": "beat", "attack": attack_card, "card": card}


def throw(card):
    return {"type": "throw", "cards": [card]}


def later(*hands, attacked=1, preset="standard"):
    """A position late in a game: the stock is empty, every card not in a hand is beaten off, and seat
    `attacked` lost the previous game, so the seat before it attacks it."""
    used = {card for hand in hands for card in hand}
    discard = [card for card in DECK if card not in used]
    return GAME.from_deal(hands=[list(hand) for hand in hands], stock=[], discard=discard, previous_loser=attacked,
                          variant=GAME.variant(preset))


def play(state, *actions):
    for action in actions:
        state = state.apply(action)
    return state


def link(state, language="en"):
    seat = state.current_player
    with translation.override(language):
        return rules_link(state.view(seat), state.legal_actions(), seat_narrator(state, seat))


def test_the_first_games_opening_card_asks_why_that_card():
    # No six, no 7♣ and no 7♦ is dealt: 7♥ opens (the source's list skips it), not 7♠.
    hands = [["7S", "9C", "JD", "QH", "KC", "10S"], ["7H", "8C", "9H", "JS", "AD", "QC"]]
    stock = [card for card in DECK if card not in hands[0] + hands[1]]
    state = GAME.from_deal(hands=hands, stock=stock, dealer=0)
    assert state.current_player == 1 and state.legal_actions() == [attack("7H")]
    assert link(state) == {"anchor": "dispute-who-attacks-first", "text": "Why must I open with 7♥?"}
    assert "семёркой червей" in link(state, "ru")["text"]


def test_two_cards_of_one_rank_ask_why_they_cannot_go_together():
    state = later(["6D", "9H", "6C", "QH", "6S"], ["JS", "8D", "7C"])
    assert state.current_player == 0 and attack("6C", "6D") not in state.legal_actions()
    assert link(state) == {"anchor": "dispute-lead-same-rank", "text": "Why can't I lead 6♣ and 6♦ together?"}
    assert "шестёркой треф и шестёркой бубен" in link(state, "ru")["text"]


def test_an_attack_without_a_pair_asks_about_leading_several_cards():
    state = later(["9H", "QH", "6C", "8D"], ["JS", "8S", "7C"])
    assert attack("9H", "QH") in state.legal_actions()
    assert link(state) == {"anchor": "dispute-lead-several-cards", "text": "May I lead several cards at once?"}


def test_under_the_rank_lead_preset_a_pair_is_a_legal_lead_and_not_asked_about():
    state = later(["6D", "9H", "6C", "QH"], ["JS", "8D", "7C"], preset="rank-lead")
    assert attack("6C", "6D") in state.legal_actions()
    assert link(state)["anchor"] == "dispute-lead-several-cards"


def test_a_card_nothing_in_hand_beats_asks_why():
    # 10♠ and K♦ beat 8♣, but nothing in hand beats A♣ (the source's own example).
    state = play(later(["7H", "KD", "10S"], ["8C", "AC", "9D"], attacked=0), attack("8C", "AC"))
    assert state.current_player == 0
    assert {action.get("attack") for action in state.legal_actions()} == {"8C", None}
    assert link(state) == {"anchor": "dispute-which-card-beats", "text": "Why can't I beat A♣?"}
    assert "туза треф" in link(state, "ru")["text"]
    # After beating 8♣ with 10♠ the question is the same: A♣ still stands.
    assert link(state.apply(beat("8C", "10S")))["text"] == "Why can't I beat A♣?"


def test_before_beating_anything_the_defender_is_asked_take_at_once_or_beat():
    state = play(later(["7H", "9D", "6S", "8C"], ["7C", "JC", "QD", "10S"], attacked=0), attack("7C"))
    assert beat("7C", "7H") in state.legal_actions()
    assert link(state) == {"anchor": "dispute-take-at-once-or-after",
                           "text": "Should I take at once, or start beating?"}


def test_a_throw_in_after_beating_asks_which_card_beats_which():
    state = play(later(["9C", "KD", "6H", "QC"], ["10D", "JS", "QH", "8H"], ["9H", "7C", "AH", "6S"]),
                 attack("9C"), beat("9C", "10D"), PASS, throw("9H"), PASS)
    assert state.current_player == 1 and beat("9H", "JS") in state.legal_actions()
    assert link(state) == {"anchor": "rule-beating", "text": "Which card beats which?"}


def test_a_seat_that_may_throw_in_asks_which_cards():
    state = play(later(["9C", "10H", "7D", "QC"], ["10D", "JS", "8H", "6S"], ["KC", "AH", "8D"]),
                 attack("9C"), beat("9C", "10D"))
    assert state.current_player == 0 and throw("10H") in state.legal_actions()
    assert link(state) == {"anchor": "dispute-throw-in-ranks", "text": "Which cards may I throw in?"}


def test_a_card_the_defenders_hand_keeps_back_asks_why_it_cannot_be_thrown():
    state = play(later(["8C", "8D", "QS", "6H", "7D", "KD"], ["QH", "9H"], ["7C", "10D", "AH", "KC", "6S", "JS"]),
                 attack("8C"), beat("8C", "QH"), throw("QS"))
    # One unbeaten card against one card in the defender's hand: 8♦ may not follow.
    assert state.current_player == 0 and state.legal_actions() == [PASS]
    assert link(state) == {"anchor": "dispute-how-many-throw-in", "text": "Why can't I throw in 8♦?"}
    assert "восьмёрку бубен" in link(state, "ru")["text"]


def test_a_seat_asked_with_nothing_to_throw_asks_why_it_is_asked():
    state = play(later(["9C", "KD", "6H", "QC"], ["10D", "JS", "QH", "8H"], ["9H", "7C", "AH", "6S"]),
                 attack("9C"), beat("9C", "10D"))
    assert state.current_player == 0 and state.legal_actions() == [PASS]
    assert link(state) == {"anchor": "dispute-throw-in-turn-order",
                           "text": "Why am I asked to throw in when I have nothing to throw?"}


def test_no_decision_no_link():
    state = play(later(["10D"], ["JD"]), attack("10D"), beat("10D", "JD"))
    assert state.is_over and state.rooster is None
    assert rules_link(state.view(0), state.legal_actions(), seat_narrator(state, 0)) is None


def test_every_anchor_names_a_section_or_question_of_the_rules_page():
    content = json.loads(CONTENT.read_text(encoding="utf-8"))
    targets = ({f"rule-{section['slug']}" for section in content["sections"]}
               | {f"dispute-{question['slug']}" for question in content["questions"]})
    anchors = set(re.findall(r'"((?:rule|dispute)-[a-z0-9-]+)"', inspect.getsource(table.rules_link)))
    assert anchors == {"dispute-who-attacks-first", "dispute-lead-same-rank", "dispute-lead-several-cards",
                       "dispute-which-card-beats", "dispute-take-at-once-or-after", "rule-beating",
                       "dispute-throw-in-ranks", "dispute-how-many-throw-in", "dispute-throw-in-turn-order"}
    assert anchors <= targets
