"""The Hearts bots' reasons are single plain sentences in English and Russian that cite only cards
the bot may name: cards played (on the table or in the log), the card it plays, the cards it passes."""

import json
import random
import re

import pytest

from games.bots import LEVELS, get_bot
from games.bots.base import Reason
from games.hearts.bots import hard
from games.hearts.reasons import RANDOM_REASONS, average_en, average_ru, explain
from games.narration import narrator_for
from games.narration.reasons import Mover
from games.narration.seats import SeatNarrator
from tests.bots.hearts_helpers import GAME, moon_choice_position, said
from tests.bots.test_reasons import cards_cited, cards_named

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
# Reasons whose fixed wording speaks of the queen of spades in general ("a low spade draws out the
# queen of spades"), which says nothing of where she is.
QUEEN_WORDING = {"pass", "lead-spade", "dump-spade", "dump-queen"}


def decisions_of_a_deal(level, preset, seed):
    """Every (view, decision) of `level` bots filling every seat of the first deal."""
    bot = get_bot("hearts", level)
    rng = random.Random(seed)
    state = GAME.new_game(4, seed=seed, variant=GAME.variant(preset))
    while not state.is_over and state.view(None)["deal_number"] == 1:
        view = state.view(state.current_player)
        decision = bot.decide(view, state.legal_actions(), rng)
        yield view, decision
        state = state.apply(decision.action)


def nameable(view, action) -> set[str]:
    """The cards a reason may name: every card played this match, and those of the action itself."""
    shown = {event["card"] for event in view["log"] if event["type"] == "play"}
    shown |= {entry["card"] for entry in view["trick"]}
    return shown | set(action.get("cards", [])) | ({action["card"]} if "card" in action else set())


def check_sentence(text: str, language: str) -> None:
    assert text and text[0].isupper() and text.endswith("."), text
    assert not re.search(r"[.!?]\s", text[:-1]), f"more than one sentence: {text}"
    if language == "ru":
        assert not LATIN_WORD.search(text.replace("Player", "")), f"untranslated words: {text}"
    else:
        assert not re.search(r"\bplayer \d", text), text


@pytest.fixture
def quicker_hard(monkeypatch):
    """The hard bot searching less, for tests about the form of its decisions."""
    monkeypatch.setattr(hard, "PLAY_BUDGET", 4000)
    monkeypatch.setattr(hard, "PASS_BUDGET", 6000)
    monkeypatch.setattr(hard, "MIN_SAMPLES", 6)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("preset", ["standard", "bicycle", "moon-subtract", "openspiel"])
def test_reasons_are_single_sentences_with_only_nameable_cards(level, preset, quicker_hard):
    for view, decision in decisions_of_a_deal(level, preset, seed=len(preset)):
        stored = decision.reason.to_dict()
        assert json.loads(json.dumps(stored)) == stored
        allowed = nameable(view, decision.action)
        assert cards_cited(stored["params"]) <= allowed, f"{stored} cites hidden cards"
        for language in ("en", "ru"):
            for viewer in (None, (view["seat"] + 1) % 4):
                check_sentence(said(decision.reason, language, viewer), language)
        english = said(decision.reason)
        generic = {"QS"} if stored["key"] in QUEEN_WORDING else set()
        assert cards_named(english) <= allowed | generic, f"{english} names hidden cards"
        assert not re.search(r"\bI (?:hold|have) (?:one|two|three|four|\d)", english), english


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_moon_choice_is_explained(level):
    state = moon_choice_position()
    decision = get_bot("hearts", level).decide(state.view(0), state.legal_actions(), random.Random(0))
    for language in ("en", "ru"):
        check_sentence(said(decision.reason, language), language)


def test_random_reasons_cover_every_action_of_hearts():
    state = moon_choice_position()
    decision = get_bot("hearts", "easy").decide(state.view(0), state.legal_actions(), random.Random(0))
    assert decision.reason == Reason("random", {"action": "moon"})
    for language in ("en", "ru"):
        assert set(RANDOM_REASONS[language]) == {"pass", "play", "moon"}
        for action in ("pass", "play", "moon"):
            check_sentence(explain({"key": "random", "params": {"action": action}},
                                   SeatNarrator(["A"] * 4, None, language)), language)


def test_every_reason_key_speaks_both_languages():
    table = {"card": "9D", "suit": "D", "winner": 2, "winning": "JD", "points": 0}
    reasons = [
        Reason("pass", {"cards": ["QS", "KH", "AH"], "to": 1, "motive": motive})
        for motive in ("queen", "high-spades", "void", "high-hearts", "high")
    ] + [
        Reason("pass", {"cards": ["2C", "3D", "4D"], "to": 3, "motive": "high", "expected": 3.5, "samples": 40}),
        Reason("two-of-clubs", {"card": "2C"}),
        Reason("forced", {"card": "5H"}),
        Reason("lead-low", {"card": "3D"}),
        Reason("lead-spade", {"card": "4S"}),
        Reason("duck", table),
        Reason("shed-high", {**table, "card": "AD"}),
        Reason("cannot-duck", {**table, "card": "KD"}),
        Reason("dump-queen", {**table, "card": "QS"}),
        Reason("dump-queen", {**table, "card": "QS", "suit": "S", "winning": "KS"}),
        Reason("dump-spade", {**table, "card": "AS"}),
        Reason("dump-heart", {**table, "card": "KH"}),
        Reason("dump-high", {**table, "card": "AC"}),
        Reason("stop-moon", {**table, "card": "AH", "seat": 2, "taken": 21}),
        Reason("shoot-moon", {**table, "card": "AH", "seat": 0, "taken": 9}),
        Reason("sampled", {"card": "4C", "expected": 1.3, "samples": 120}),
        Reason("sampled", {**table, "expected": 0.0, "samples": 60, "void": {"seat": 1, "suit": "C"}}),
        Reason("sampled-moon", {"card": "AH", "expected": -20.4, "samples": 60, "taken": 14}),
        Reason("sampled-stop", {**table, "expected": 4.2, "samples": 60, "seat": 2, "taken": 21}),
        Reason("moon-add-wins", {"choice": "add"}),
        Reason("moon-subtract", {"choice": "subtract", "add_ends": True}),
        Reason("moon-subtract", {"choice": "subtract", "add_ends": False}),
    ]
    for reason in reasons:
        for language in ("en", "ru"):
            for viewer in (None, 1, 2):
                for mover in (None, 0, 1):   # the bot's own words, or told of the reader or a named player
                    check_sentence(said(reason, language, viewer, mover), language)


def test_seats_are_named_for_the_reader():
    reason = Reason("duck", {"card": "9D", "suit": "D", "winner": 2, "winning": "JD", "points": 0})
    assert said(reason) == "The 9 of diamonds stays under Player 3's jack of diamonds, so the trick is not mine."
    assert said(reason, viewer=2) == "The 9 of diamonds stays under your jack of diamonds, so the trick is not mine."
    assert said(reason, "ru") == "Девятка бубен младше, чем валет бубен у игрока 3, и взятку не берёт."
    assert said(reason, "ru", viewer=2) == "Девятка бубен младше, чем валет бубен у вас, и взятку не берёт."
    passing = Reason("pass", {"cards": ["2C", "QS", "AH"], "to": 1, "motive": "queen"})
    assert said(passing, "ru") == "К игроку 2 уходят три карты, которые мне меньше всего хочется оставить."
    assert said(passing, viewer=1) == "I pass you the three cards I least want to keep."


def test_russian_card_cases():
    reason = Reason("cannot-duck", {"card": "KD", "suit": "D", "winner": 1, "winning": "JD", "points": 0})
    assert said(reason, "ru").endswith("поэтому я кладу короля бубен.")
    reason = Reason("lead-low", {"card": "2D"})
    assert said(reason, "ru").startswith("Я хожу с двойки бубен:")
    assert explain(None, SeatNarrator(["A"] * 4, None, "ru")) == ""
    assert explain({"key": "no-such-key", "params": {}}, SeatNarrator(["A"] * 4, None, "en")) == ""


def test_a_pass_reason_names_neither_the_cards_nor_what_they_are():
    """Everyone reads it while the passed cards are still hidden."""
    reason = {"key": "pass", "params": {"cards": ["QS", "KH", "AH"], "to": 1, "motive": "queen"}}
    for language, words in (("en", ("queen", "king", "ace", "spade", "heart")),
                            ("ru", ("дам", "корол", "туз", "пик", "черв"))):
        text = explain(reason, SeatNarrator(["A", "B", "C", "D"], 2, language)).lower()
        assert text and not any(word in text for word in words), text


def test_no_points_at_all_read_zero_not_minus_zero():
    you = Mover(narrator_for("hearts", ["You", "Player 2", "Player 3", "Player 4"], 0, "en"), 0)
    assert average_en(-0.0, you) == "0.0 points on average"   # a negated zero: the coach's points taken, none
    assert average_ru(-0.0) == "в среднем 0,0 очка"
