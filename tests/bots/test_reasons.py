"""Reasons are single plain sentences for the other players, in English and Russian, and never cite
a card of the bot's hand that the public log has not shown."""

import json
import random
import re

import pytest

from games.bots import LEVELS, get_bot
from games.rules.cards import RANK_NAMES, SUIT_NAMES
from tests.bots.helpers import GAME, said

SUIT_WORDS = "|".join(SUIT_NAMES.values())
RANK_WORDS = "|".join(sorted(RANK_NAMES.values(), key=len, reverse=True))
# "the queen of spades", "the queens of clubs, diamonds and spades"
CARD_PHRASE = re.compile(rf"\b({RANK_WORDS})e?s? of ((?:{SUIT_WORDS})(?:(?:, | and )(?:{SUIT_WORDS}))*)")
CARD_CODE = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")
SUIT_LETTER = {name: letter for letter, name in SUIT_NAMES.items()}
RANK_CODE = {name: code for code, name in RANK_NAMES.items()}


def cards_named(reason: str) -> set[str]:
    named = set(CARD_CODE.findall(reason))
    for rank_word, suit_list in CARD_PHRASE.findall(reason):
        named |= {RANK_CODE[rank_word] + SUIT_LETTER[suit] for suit in re.split(r", | and ", suit_list)}
    return named


def test_cards_named_reads_both_forms():
    assert cards_named("Player 2 took the queens of clubs and hearts from Player 1.") == {"QC", "QH"}
    assert cards_named("Then QS went, and the six of spades.") == {"QS", "6S"}


def decisions_of_whole_games(level, preset, players, seed):
    """Every (view, decision) of `level` bots filling every seat of one game."""
    bot = get_bot("sunduchok", level)
    rng = random.Random(seed)
    state = GAME.new_game(players, seed=seed, variant=GAME.variant(preset))
    while not state.is_over:
        view = state.view(state.current_player)
        decision = bot.decide(view, state.legal_actions(), rng)
        yield view, decision
        state = state.apply(decision.action)


def cards_cited(params) -> set[str]:
    """Every card a reason's facts name, however deep."""
    if isinstance(params, dict):
        return set().union(*(cards_cited(value) for value in params.values()))
    if isinstance(params, list):
        return set().union(*(cards_cited(value) for value in params))
    return {params} if isinstance(params, str) and CARD_CODE.fullmatch(params) else set()


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("preset", "players"), [("standard", 3), ("hidden-chests", 4), ("aurabox", 2),
                                                 ("open-ranks", 3), ("deal-all", 2)])
def test_reasons_are_single_sentences_with_only_public_cards(level, preset, players):
    for view, decision in decisions_of_whole_games(level, preset, players, seed=players):
        shown = {card for event in view["log"] if event["type"] == "transfer" for card in event["cards"]}
        stored = decision.reason.to_dict()
        assert json.loads(json.dumps(stored)) == stored
        assert cards_cited(stored["params"]) <= shown, f"{stored} cites hidden cards"
        reason = said(decision.reason)
        assert reason and reason[0].isupper() and reason.endswith("."), reason
        assert not re.search(r"[.!?]\s", reason[:-1]), f"more than one sentence: {reason}"
        assert all(1 <= int(number) <= players for number in re.findall(r"\bPlayer (\d+)", reason)), reason
        assert not re.search(r"\bplayer \d", reason), reason
        assert not re.search(r"\bI (?:hold|have) (?:one|two|three|four|\d)", reason), reason
        assert cards_named(reason) <= shown, f"{reason} names hidden cards"
        russian = said(decision.reason, "ru")
        assert russian[0].isupper() and russian.endswith("."), russian
        assert not re.search(r"[.!?]\s", russian[:-1]), f"more than one sentence: {russian}"
        assert not re.search(r"[A-Za-z]{2,}", russian), f"untranslated words: {russian}"
