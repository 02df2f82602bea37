"""A bot's reason in three voices: the bot explaining its own move ("I…", in the log), the coach retelling the
hard bot's reason for the move it weighs for the reader ("you…", in the review, the hint and the puzzles), and
for a teacher reading of a student by name ("Player 1…", the class's deal view) — every game, both languages."""

from __future__ import annotations

import pytest

from games.bots.base import Reason
from tests.bots import hearts_helpers, helpers, rooster_helpers, yashchiki_helpers

# (say, reason, the bot's own words, told of the reader, told of a named player), English then Russian.
CASES = [
    (helpers.said, Reason("rank-already-shown", {"rank": "9", "target": 1}),
     ("The table already knows I hold nines, so asking for them gives nothing away.",
      "The table already knows you hold nines, so asking for them gives nothing away.",
      "The table already knows Player 1 holds nines, so asking for them gives nothing away."),
     ("Стол уже знает, что у меня есть девятки, так что вопрос о них ничего не выдаёт.",
      "Стол уже знает, что у вас есть девятки, так что вопрос о них ничего не выдаёт.",
      "Стол уже знает, что у игрока 1 есть девятки, так что вопрос о них ничего не выдаёт.")),
    (hearts_helpers.said, Reason("cannot-duck", {"card": "KD", "suit": "D", "winner": 2, "winning": "AD", "points": 0}),
     ("None of my diamonds stays under Player 3's ace of diamonds, so I play the king of diamonds.",
      "None of your diamonds stays under Player 3's ace of diamonds, so you play the king of diamonds.",
      "None of Player 1's diamonds stays under Player 3's ace of diamonds, so Player 1 plays the king of diamonds."),
     ("Мне нечем сыграть ниже, чем туз бубен у игрока 3, поэтому я кладу короля бубен.",
      "Вам нечем сыграть ниже, чем туз бубен у игрока 3, поэтому вы кладёте короля бубен.",
      "Игроку 1 нечем сыграть ниже, чем туз бубен у игрока 3, поэтому Игрок 1 кладёт короля бубен.")),
    (rooster_helpers.said, Reason("take-cannot", {"cards": ["AS"]}),
     ("I cannot beat the ace of spades, so I take.", "You cannot beat the ace of spades, so you take.",
      "Player 1 cannot beat the ace of spades, so Player 1 takes."),
     ("Мне нечем покрыть туза пик, поэтому я беру.", "Вам нечем покрыть туза пик, поэтому вы берёте.",
      "Игроку 1 нечем покрыть туза пик, поэтому Игрок 1 берёт.")),
    (yashchiki_helpers.said, Reason("skip", {"card": "AC", "target": 1, "partner": 2}),
     ("I play the ace of clubs: Player 2 misses a turn and play passes to my partner, Player 3.",
      "You play the ace of clubs: Player 2 misses a turn and play passes to your partner, Player 3.",
      "Player 1 plays the ace of clubs: Player 2 misses a turn and play passes to Player 1's partner, Player 3."),
     ("Я играю туза треф: ход игрока 2 пропускается, и ход переходит к игроку 3, моему партнёру.",
      "Вы играете туза треф: ход игрока 2 пропускается, и ход переходит к игроку 3, вашему партнёру.",
      "Игрок 1 играет туза треф: ход игрока 2 пропускается, и ход переходит к игроку 3, партнёру игрока 1.")),
]


@pytest.mark.parametrize("say, reason, english, russian", CASES)
def test_a_reason_reads_right_in_the_bots_voice_the_readers_and_of_a_named_player(say, reason, english, russian):
    for language, (own, yours, named) in (("en", english), ("ru", russian)):
        assert say(reason, language, 3) == own               # the bot at seat 0 explains itself to seat 3
        assert say(reason, language, 0, mover=0) == yours    # the coach, to the learner at seat 0
        assert say(reason, language, None, mover=0) == named  # a teacher reading of the student at seat 0


def test_the_count_the_bot_chooses_is_said_to_be_the_most_valuable_not_the_likeliest():
    reason = Reason("likeliest-count", {"count": 2, "target": 1, "rank": "Q"})
    assert helpers.said(reason, mover=0, viewer=0) == (
        "Two is the count of queens worth the most for Player 2 from what the table has seen, the odds of a yes "
        "weighed against the cards it brings.")
    assert helpers.said(reason, "ru", viewer=0, mover=0) == (
        "Число 2 — самое выгодное для дам у игрока 2, судя по всему, что видел стол, если взвесить шансы на «да» "
        "и то, что оно приносит.")
    backed = Reason("likeliest-count", {"count": 2, "target": 1, "rank": "Q",
                                        "fact": {"kind": "count", "seat": 1, "rank": "Q", "count": 2}})
    assert helpers.said(backed, viewer=0, mover=0) == (
        "Two is the count worth the most, the odds of a yes weighed against the cards it brings: Player 2 answered "
        "yes to two queens earlier.")
    assert "promising" not in helpers.said(backed)
