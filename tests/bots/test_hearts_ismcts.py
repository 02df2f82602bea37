"""`manage.py bench_ismcts` (benchmarks.ismcts): our hard Hearts bot against OpenSpiel's ISMCTS in lockstep.

The card and deal mapping and the rules mapping are tested without OpenSpiel (they run in CI whether or not it is
installed); one smoke test plays a deal with a few simulations when it is."""

import io
import sys

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

import benchmarks.ismcts as ismcts
from benchmarks.ismcts import (
    action_card,
    card_action,
    chance_outcomes,
    deal_direction,
    lockstep_variant,
    openspiel_parameters,
)
from games.bots import get_bot
from games.hearts.bots import hard
from games.hearts.rules import DECK
from games.rules import get_game

GAME = get_game("hearts")


def test_cards_are_openspiel_actions_rank_times_four_plus_suit():
    assert [card_action(card) for card in ("2C", "2D", "2H", "2S", "3C", "10D", "QS", "AS")] == [
        0, 1, 2, 3, 4, 33, 43, 51]
    assert [action_card(action) for action in range(52)] == list(DECK)
    assert all(action_card(card_action(card)) == card for card in DECK)


@pytest.mark.parametrize(("direction", "outcome"), [("none", 0), ("left", 1), ("across", 2), ("right", 3)])
def test_a_deal_is_the_pass_direction_then_card_i_to_seat_i_mod_4(direction, outcome):
    hands = [GAME.new_game(4, seed=5, dealer=3).view(seat)["hand"] for seat in range(4)]
    outcomes = chance_outcomes(hands, direction)
    assert outcomes[0] == outcome
    assert len(outcomes) == 53 and sorted(outcomes[1:]) == list(range(52))
    for seat in range(4):
        assert [action_card(action) for action in outcomes[1 + seat::4]] == hands[seat]


def test_our_standard_rules_in_openspiels_parameters():
    assert openspiel_parameters(GAME.variant("standard")) == {
        "pass_cards": True,
        "no_pts_on_first_trick": True,
        "can_lead_any_club": False,
        "jd_bonus": False,
        "avoid_all_tricks_bonus": False,
        "must_break_hearts": True,
        "qs_breaks_hearts": False,
        "can_lead_hearts_instead_of_qs": False,
    }


def test_the_rule_fields_openspiel_can_play_change_its_parameters():
    assert openspiel_parameters(GAME.variant("openspiel"))["qs_breaks_hearts"] is True
    assert openspiel_parameters(GAME.variant("standard", points_on_first_trick="allowed"))[
        "no_pts_on_first_trick"] is False


@pytest.mark.parametrize(("preset", "message"), [
    ("bicycle", "only when discarded"),
    ("moon-subtract", "moon always adds 26"),
    ("moon-choice", "moon always adds 26"),
])
def test_rules_openspiel_cannot_play_are_refused(preset, message):
    with pytest.raises(ValueError, match=message):
        openspiel_parameters(GAME.variant(preset))


def test_our_engine_plays_a_deal_with_its_direction_and_any_heart_breaking_hearts():
    standard = GAME.variant("standard")
    played = lockstep_variant(standard, "across")
    assert played.pass_cycle == ("across",) and played.hearts_broken_by == "any-heart"
    assert played.qs_breaks_hearts == standard.qs_breaks_hearts and played.moon == standard.moon
    assert [deal_direction(standard, deal) for deal in range(5)] == ["left", "right", "across", "none", "left"]


def test_without_openspiel_the_command_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # `import pyspiel` now raises ImportError
    with pytest.raises(CommandError, match=r"OpenSpiel is not installed; install it with pip install -e '\.\[test\]'"):
        call_command("bench_ismcts", "--deals", "1", stdout=io.StringIO())


def test_the_command_refuses_rules_openspiel_cannot_play():
    pytest.importorskip("pyspiel")
    with pytest.raises(CommandError, match="moon always adds 26"):
        call_command("bench_ismcts", "--deals", "1", "--preset", "moon-subtract", stdout=io.StringIO())


@pytest.fixture
def pyspiel():
    return pytest.importorskip("pyspiel")


def test_openspiel_knows_every_parameter_we_set(pyspiel):
    assert openspiel_parameters(GAME.variant("standard")).keys() == pyspiel.load_game("hearts").get_parameters().keys()


def test_ismcts_passes_from_its_seat_turned_to_seat_0(pyspiel):
    openspiel = pyspiel.load_game("hearts")
    hand = GAME.new_game(4, seed=2, dealer=3).view(1)["hand"]
    state = ismcts.passing_state(openspiel, hand, "right", hand[:2])
    assert state.current_player() == 0
    assert state.legal_actions() == [card_action(card) for card in hand[2:]]
    assert "Pass Direction: Right" in state.information_state_string(0)


@pytest.mark.parametrize(("direction", "passes"), [("left", 2), ("none", 0)])
def test_a_deal_in_lockstep_with_the_hard_bot_seeing_only_its_view(pyspiel, monkeypatch, direction, passes):
    monkeypatch.setattr(hard, "PLAY_BUDGET", 3000)
    monkeypatch.setattr(hard, "PASS_BUDGET", 3000)
    monkeypatch.setattr(hard, "MIN_SAMPLES", 4)
    views = []

    class Recording:
        def __init__(self):
            self.bot = get_bot("hearts", "hard")

        def decide(self, view, legal, rng):
            views.append(view)
            return self.bot.decide(view, legal, rng)

    variant = GAME.variant("standard")
    openspiel = pyspiel.load_game("hearts", openspiel_parameters(variant))
    start = GAME.new_game(4, seed=7, variant=lockstep_variant(variant, direction), dealer=ismcts.DEALER)
    played = ismcts.play_deal(pyspiel, openspiel, start, direction, (1, 3), simulations=5, seed=4, hard_bot=Recording())
    assert sum(played.points) in (26, 78)
    assert len(played.card_ms["hard"]) == len(played.card_ms["ismcts"]) == 26
    # The passes and 26 cards, each decided from the deciding seat's own view.
    assert len(views) == passes + 26
    assert all(view["seat"] == view["current_player"] in (1, 3) for view in views)


def test_the_command_prints_both_sides_and_the_paired_difference(pyspiel, monkeypatch):
    monkeypatch.setattr(hard, "PLAY_BUDGET", 3000)
    monkeypatch.setattr(hard, "PASS_BUDGET", 3000)
    monkeypatch.setattr(hard, "MIN_SAMPLES", 4)
    out = io.StringIO()
    call_command("bench_ismcts", "--deals", "4", "--simulations", "5", "--seed", "3", stdout=out)
    text = out.getvalue()
    assert "ISMCTS (5 simulations), preset standard, 4 deals each played twice" in text
    assert "qs_breaks_hearts=False" in text
    for label in ("hard ", "ISMCTS 5 "):
        line = next(line for line in text.splitlines() if line.startswith(label))
        assert line.split()[-3] == "208", line  # 4 deals (every direction) x 2 plays x 26 cards
    assert "hard minus ISMCTS, per deal (paired): " in text
