"""Sunduchok's "why?" link: the rules question each decision raises, and its anchor on the rules page.

Positions are real engine positions (explicit deals, then actions); every anchor the function can
return must name a section or a disputed point of content/rules/sunduchok.json.
"""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

import pytest
from django.utils import translation

from games.rules import get_game
from games.sunduchok.table import rules_link
from tests.rulebook.helpers import seat_narrator
from tests.rules.helpers import ask, count, suits, table

CONTENT = Path(__file__).resolve().parents[2] / "content" / "rules" / "sunduchok.json"
GAME = get_game("sunduchok")

# You: Q♥ Q♣ 8♦ A♠, the opponent Q♦ Q♠ 7♥ K♣ (the worked example "two queens pass to you").
TWO_QUEENS = ("QH QC 8D AS", "QD QS 7H KC")


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def link(state):
    seat = state.current_player
    return rules_link(state.view(seat), state.legal_actions(), seat_narrator(state, seat))


def play(state, *actions):
    for action in actions:
        state = state.apply(action)
    return state


def three_players(variant=None):
    return table("QH QC 8D AS", "QD QS 7H KC", "JS 9H 10D 6C", variant=variant)


# -- the ask phase ------------------------------------------------------------------------------------

def test_a_rank_in_play_you_do_not_hold_is_the_question():
    state = table(*TWO_QUEENS)
    assert {action["rank"] for action in state.legal_actions()} == {"8", "Q", "A"}
    # Sixes are the first rank in deck order that is still in play and not offered.
    assert link(state) == {"anchor": "dispute-ask-rank-not-held", "text": "Why can't I ask for sixes?"}


def test_in_russian_the_rank_is_named_in_the_case_the_question_needs():
    state = table(*TWO_QUEENS)
    with translation.override("ru"):
        assert link(state)["text"] == "Почему нельзя спросить о шестёрках?"


def test_a_rank_laid_down_in_an_open_chest_is_not_asked_about():
    # Player 2 is dealt the four sixes and lays them down at once; you hold 7 8 9 10 of clubs.
    state = table("7C 8C 9C 10C", "6C 6D 6H 6S", "JC QC KC AC")
    assert state.current_player == 0 and state.view(0)["chests"][1] == ["6"]
    assert link(state) == {"anchor": "dispute-ask-rank-not-held", "text": "Why can't I ask for jacks?"}


def test_a_hidden_chest_does_not_tell_you_its_rank_is_gone():
    state = table("7C 8C 9C 10C", "6C 6D 6H 6S", "JC QC KC AC", variant=GAME.variant(preset="hidden-chests"))
    assert state.view(0)["chests"][1] == [None]
    assert link(state) == {"anchor": "dispute-ask-rank-not-held", "text": "Why can't I ask for sixes?"}


def test_holding_every_rank_still_in_play_gives_the_general_question():
    # Eight chests are down and you hold the last two queens (the "end and score" lesson's game).
    lesson = json.loads((CONTENT.parent.parent / "lessons" / "sunduchok" / "end-and-scoring.json").read_text())
    payload = next(step["payload"] for step in lesson["steps"] if step["number"] == 2)
    deal = payload["deal"]
    state = play(GAME.from_deal(hands=deal["hands"], stock=deal["stock"], dealer=deal["dealer"]), *payload["actions"])
    view = state.view(0)
    assert state.current_player == 0 and view["hand"] == ["QC", "QS"] and view["stock_size"] == 0
    assert link(state) == {"anchor": "rule-a-turn", "text": "How does a turn go?"}


def test_asking_for_any_rank_refuses_nothing_so_the_question_is_general():
    state = table(*TWO_QUEENS, variant=GAME.variant(preset="open-ranks"))
    assert link(state) == {"anchor": "rule-a-turn", "text": "How does a turn go?"}


def test_after_a_success_the_question_is_whether_you_draw():
    state = play(table(*TWO_QUEENS), ask(1, "Q"), count(2), suits("D", "S"))
    assert state.current_player == 0 and state.view(0)["chests"][0] == ["Q"]
    assert link(state) == {"anchor": "dispute-draw-after-success", "text": "Do I draw a card after a success?"}


def test_after_a_failed_request_the_success_question_is_not_asked():
    # You miss, draw and pass; the opponent misses too: your new turn does not follow a success.
    state = play(table(*TWO_QUEENS), ask(1, "Q"), count(1), ask(0, "K"))
    assert state.current_player == 0
    assert link(state)["anchor"] == "dispute-ask-rank-not-held"


def test_the_next_player_rule_is_the_question_when_others_hold_cards():
    state = three_players(GAME.variant(preset="add-hobby"))
    assert {action["target"] for action in state.legal_actions()} == {1}
    assert link(state) == {"anchor": "dispute-whom-to-ask", "text": "Why may I only ask the next player?"}


def test_with_any_opponent_allowed_the_target_raises_no_question():
    state = three_players()
    assert {action["target"] for action in state.legal_actions()} == {1, 2}
    assert link(state)["anchor"] == "dispute-ask-rank-not-held"


def test_the_next_player_rule_lapses_with_an_empty_stock():
    # Every card in hand and none in the stock: under add-hobby anyone may then be asked.
    state = table("QH QC 8D AS", "QD QS 7H KC", "JS 9H 10D 6C", rest=2, variant=GAME.variant(preset="add-hobby"))
    assert state.view(0)["stock_size"] == 0
    assert {action["target"] for action in state.legal_actions()} == {1, 2}
    assert link(state)["anchor"] == "dispute-ask-rank-not-held"


def test_keeping_to_the_same_opponent_after_a_success_is_the_question():
    state = play(three_players(GAME.variant(preset="nastolnie-igri")), ask(1, "Q"), count(2), suits("D", "S"))
    assert state.current_player == 0 and {action["target"] for action in state.legal_actions()} == {1}
    assert link(state) == {"anchor": "dispute-same-opponent-after-success",
                           "text": "Why must I ask the same player again?"}


def test_an_empty_opponent_is_not_a_refused_target():
    # Player 2 laid down four kings from the deal: only Player 3 can be asked, and that raises no
    # question about whom to ask.
    state = table("QH QC QS 8D", "KC KD KH KS", "QD 7H 10C JS")
    assert {action["target"] for action in state.legal_actions()} == {2}
    assert link(state)["anchor"] == "dispute-ask-rank-not-held"


# -- the count and the suits --------------------------------------------------------------------------

def test_naming_the_count_asks_what_a_wrong_number_does():
    state = play(table(*TWO_QUEENS), ask(1, "Q"))
    assert state.legal_actions()[0]["type"] == "count"
    assert link(state) == {"anchor": "rule-the-first-no", "text": "What if I name the wrong number?"}


def test_naming_the_suits_asks_about_a_half_right_guess():
    state = play(table(*TWO_QUEENS), ask(1, "Q"), count(2))
    assert state.legal_actions()[0]["type"] == "suits"
    assert link(state) == {"anchor": "dispute-suits-half-right",
                           "text": "What if I get only some of the suits right?"}


def test_no_decision_no_link():
    state = table(*TWO_QUEENS)
    assert rules_link(state.view(1), [], seat_narrator(state, 1)) is None


# -- the anchors exist ----------------------------------------------------------------------------------

def test_every_anchor_names_a_section_or_question_of_the_rules_file():
    data = json.loads(CONTENT.read_text(encoding="utf-8"))
    anchors = {f"rule-{section['slug']}" for section in data["sections"]} | \
              {f"dispute-{question['slug']}" for question in data["questions"]}
    returned = set(re.findall(r'"anchor": "([a-z0-9-]+)"', inspect.getsource(rules_link)))
    assert len(returned) == 7
    assert returned <= anchors, returned - anchors
