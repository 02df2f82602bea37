"""Reading a lesson text's cards and its claims about the learner's hand, as the built-in lessons write them."""

from __future__ import annotations

import pytest

from tutorials.card_mentions import cards_named, hand_claims


@pytest.mark.parametrize(("text", "cards"), [
    ("Q♥, 10♦ and A♠", ["QH", "10D", "AS"]),                                 # English texts: rank first
    ("♥Д, ♦10, ♠Т и ♣В", ["QH", "10D", "AS", "JC"]),                          # Russian texts: suit first, letters
    ("the queen of spades and the ten of hearts", ["QS", "10H"]),
    ("the queens of clubs and hearts", ["QC", "QH"]),
    ("the aces of clubs and diamonds, the sixes of spades", ["AC", "AD", "6S"]),
    ("the ace, nine and eight of hearts", ["AH", "9H", "8H"]),
    ("the ace and the king of spades", ["AS", "KS"]),
    ("дама пик, туза бубен и десятку червей", ["QS", "AD", "10H"]),          # any case
    ("дамы треф и червей", ["QC", "QH"]),
    ("туз и король пик", ["AS", "KS"]),
    ("пиковую даму и червонного короля", ["QS", "KH"]),
    ("two queens, hearts and a heart", []),                                   # no card named in full
    ("две дамы и пики", []),
])
def test_the_cards_a_text_names(text, cards):
    assert cards_named(text) == cards


@pytest.mark.parametrize(("text", "language", "claims"), [
    ("In your hand: Q♥, Q♣, 8♦ and A♠. Your opponent holds K♣.", "en", [["QH", "QC", "8D", "AS"]]),
    ("You hold 10♦ and Q♥, and Player 2 holds Q♠.", "en", [["10D", "QH"]]),
    ("You now have the queen of spades — the others have none.", "en", [["QS"]]),
    ("You hold no Q♠, so Player 2 has it.", "en", []),                       # a denial claims nothing
    ("You held Q♥ and Q♠, and played both.", "en", []),                      # the past is not the hand now
    ("The K♥ in your hand would cost 10 points.", "en", []),
    ("Ask for the queens you hold.", "en", []),
    ("У вас на руке дама пик и ♥10; у соперника ♠К.", "ru", [["QS", "10H"]]),
    ("У вас ♣8, ♣К и ♥5, а у соперника ♠Д.", "ru", [["8C", "KC", "5H"]]),
    ("На руке у вас остались восьмёрка бубен и туз пик.", "ru", [["8D", "AS"]]),
    ("У вас есть ♦9 и ♠В — положите одну.", "ru", [["9D", "JS"]]),
    ("У вас нет дамы пик, а у игрока 2 есть.", "ru", []),
    ("Сколько дам у вас?", "ru", []),
    ("У вас были ♥Д и ♠Д.", "ru", []),
])
def test_the_claims_a_text_makes_about_the_learners_hand(text, language, claims):
    assert [cards for _words, cards in hand_claims(text, language)] == claims


def test_a_claim_is_quoted_with_its_words_and_a_language_not_read_claims_nothing():
    assert hand_claims("You hold Q♥ and 8♦. Ask.", "en") == [("You hold Q♥ and 8♦", ["QH", "8D"])]
    assert hand_claims("You hold Q♥.", "de") == []
