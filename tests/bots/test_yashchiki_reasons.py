"""The Yashchiki bots' reasons: one plain sentence each in English and Russian, citing only public
cards (the move's own and those the public log has named) and no Latin words in Russian."""

import json

import pytest

from games.bots.base import Reason
from games.narration.seats import SeatNarrator
from games.yashchiki.reasons import RANDOM_REASONS, explain
from tests.bots.test_hearts_reasons import check_sentence
from tests.bots.test_reasons import cards_cited, cards_named
from tests.bots.yashchiki_helpers import decisions_of_deals, said


def public_cards(view, action) -> set[str]:
    """The cards a reason may name: every card the public log has named, and the move's own."""
    shown = {event["upcard"] for event in view["log"] if event["type"] == "deal"}
    for event in view["log"]:
        if event["type"] != "draw":
            shown |= set(event.get("cards", []))
    return shown | set(action.get("cards", []))


@pytest.mark.parametrize("levels", [["hard", "medium", "hard", "easy"], ["medium", "hard", "medium", "hard"]])
def test_reasons_of_whole_deals_are_single_sentences_citing_public_cards(levels):
    keys = set()
    for seed in range(2):
        for _, view, decision in decisions_of_deals(levels, seed=seed + len(levels[0]), deals=3):
            stored = decision.reason.to_dict()
            assert json.loads(json.dumps(stored)) == stored
            allowed = public_cards(view, decision.action)
            assert cards_cited(stored["params"]) <= allowed, f"{stored} cites hidden cards"
            keys.add(stored["key"])
            for language in ("en", "ru"):
                for viewer in (None, (view["seat"] + 1) % 4, (view["seat"] + 2) % 4):
                    check_sentence(said(decision.reason, language, viewer), language)
            english = said(decision.reason)
            assert cards_named(english) <= allowed, f"{english} names hidden cards"
    assert ("random" in keys) == ("easy" in levels)
    assert {"shed", "follow", "go-out", "name-suit"} <= keys


def test_every_reason_key_speaks_both_languages():
    reasons = [
        Reason("go-out", {"cards": ["5C", "5H"]}),
        Reason("answer-chain", {"card": "2S", "target": 2, "draw": 3}),
        Reason("pair", {"cards": ["9C", "9H"]}),
        Reason("two", {"card": "2H", "target": 1, "draw": 2}),
        Reason("skip", {"card": "4H", "target": 1, "partner": 2}),
        Reason("seven", {"card": "7D", "target": 3}),
        Reason("reverse", {"card": "10H", "target": 3, "away": 1, "count": 1}),
        Reason("again", {"card": "6C"}),
        Reason("name-suit", {"card": "8H", "suit": "S"}),
        Reason("name-scarce", {"card": "9H", "suit": "H", "target": 1, "most": 1, "count": 5}),
        Reason("name-scarce", {"card": "8D", "suit": "C", "target": 3, "most": 0, "count": 21}),
        Reason("shed", {"card": "8C", "points": 50}),
        Reason("shed", {"card": "AD", "points": 21}),
        Reason("follow", {"card": "QS", "points": 10}),
        Reason("sampled", {"cards": ["KD"], "samples": 21, "gain": 12}),
        Reason("sampled", {"cards": ["8S"], "suit": "D", "samples": 6, "gain": 1}),
        Reason("sampled", {"cards": ["3C", "3S"], "samples": 3, "gain": 44}),
    ]
    for reason in reasons:
        for language in ("en", "ru"):
            for viewer in (None, 0, 1, 2, 3):
                for mover in (None, 0, 2):   # the bot's own words, or told of the reader or a named player
                    check_sentence(said(reason, language, viewer, mover), language)


def test_random_reasons_cover_every_action():
    for language in ("en", "ru"):
        assert set(RANDOM_REASONS[language]) == {"play", "draw"}
        for action in RANDOM_REASONS[language]:
            check_sentence(explain({"key": "random", "params": {"action": action}},
                                   SeatNarrator(["A", "B", "C", "D"], None, language)), language)


def test_seats_cards_and_cases_as_the_reader_knows_them():
    skip = Reason("skip", {"card": "4H", "target": 1, "partner": 3})
    assert said(skip, "en", viewer=3) == ("I play the 4 of hearts: Player 2 misses a turn and play passes to "
                                          "my partner, you.")
    assert said(skip, "en", viewer=1) == ("I play the 4 of hearts: you miss a turn and play passes to "
                                          "my partner, Player 4.")
    assert said(skip, "ru", viewer=1) == ("Я играю четвёрку червей: ваш ход пропускается, и ход переходит "
                                          "к игроку 4, моему партнёру.")
    chain = Reason("answer-chain", {"card": "2S", "target": 2, "draw": 3})
    assert said(chain, "ru", viewer=2) == ("Я отвечаю на цепочку двойкой пик: теперь вам нужно ответить двойкой "
                                           "или взять 3 карты.")
    scarce = Reason("name-scarce", {"card": "9H", "suit": "H", "target": 1, "most": 1, "count": 5})
    assert said(scarce, "en") == ("I play the 9 of hearts and name hearts: going by the draws, no more than 1 of "
                                  "the 5 cards Player 2 holds can be hearts.")
    assert said(scarce, "ru") == ("Я играю девятку червей и называю червы: судя по добору карт, среди 5 карт "
                                  "у игрока 2 червей не больше 1.")
    shed = Reason("shed", {"card": "8C", "points": 50})
    assert said(shed, "ru") == "Я играю восьмёрку треф, чтобы не держать на руке карту в 50 очков."
