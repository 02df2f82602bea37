"""The built-in Hearts lessons of content/lessons/hearts/: all seven there, and each teaching what it says.

test_builtin_lessons.py already replays every lesson file (Hearts included) in both languages; these
tests pin down the situations the Hearts lessons are built on, so that an engine change that would
quietly change a lesson's story (who wins the trick, how the moon counts, when the match ends) fails here.
"""

from pathlib import Path

import pytest

from games.rules import get_game
from tutorials.documents import read_documents
from tutorials.payloads import answers_of, is_right_answer, position_from_payload

HEARTS_DIR = Path(__file__).resolve().parents[2] / "content" / "lessons" / "hearts"
DOCUMENTS = {document.data["slug"]: document.data for document in read_documents(HEARTS_DIR)}

HEARTS_LESSONS = {   # slug: order
    "pass-cycle": 1,
    "first-trick": 2,
    "follow-suit-no-trumps": 3,
    "breaking-hearts": 4,
    "nine-of-diamonds": 5,
    "shooting-the-moon": 6,
    "end-of-match": 7,
}


def position(slug: str, number: int):
    data = DOCUMENTS[slug]
    step = next(step for step in data["steps"] if step["number"] == number)
    variant = get_game("hearts").variant(data["preset"] or "standard")
    return position_from_payload("hearts", variant, step["payload"]), step


def questions():
    return [(slug, step["number"]) for slug, data in DOCUMENTS.items() for step in data["steps"]
            if step["kind"] == "question"]


def test_the_seven_hearts_lessons_are_there_in_order():
    assert {slug: data["order"] for slug, data in DOCUMENTS.items()} == HEARTS_LESSONS
    assert all(data["game"] == "hearts" for data in DOCUMENTS.values())


@pytest.mark.parametrize("slug", HEARTS_LESSONS)
def test_a_lesson_has_three_to_six_steps(slug):
    assert 3 <= len(DOCUMENTS[slug]["steps"]) <= 6


@pytest.mark.parametrize(("slug", "number"), questions())
def test_a_question_can_be_answered_wrong(slug, number):
    # The move form offers only legal moves: a question must leave a legal move that is not right.
    state, step = position(slug, number)
    wrong = [action for action in state.legal_actions() if not is_right_answer(state, step["payload"], action)]
    assert wrong
    assert answers_of(step["payload"])


def test_the_pass_question_is_in_a_passing_deal_and_the_first_lead_follows_the_two_of_clubs():
    state, step = position("pass-cycle", 2)
    assert state.view(0)["phase"] == "pass" and state.view(0)["pass_direction"] == "left"
    after, _ = position("pass-cycle", 3)
    assert "2C" in after.view(after.current_player)["hand"]


def test_the_first_trick_exception_is_a_hand_of_only_hearts_and_the_queen_of_spades():
    state, _ = position("first-trick", 4)
    hand = state.view(0)["hand"]
    assert state.view(0)["first_trick"]
    assert all(card[-1] == "H" or card == "QS" for card in hand)
    assert {action["card"] for action in state.legal_actions()} == set(hand)


def test_the_ace_of_spades_does_not_win_the_diamond_trick():
    # The discard question asks for one card, the ace of spades (the only high spade Player 4 passed you),
    # since the club question of step 4 goes on from it.
    question, step = position("follow-suit-no-trumps", 2)
    assert answers_of(step["payload"]) == [{"card": "AS", "type": "play"}]
    assert "AS" in question.view(0)["hand"] and "KS" not in question.view(0)["hand"]
    state, _ = position("follow-suit-no-trumps", 3)
    last = state.view(0)["last_trick"]
    assert [entry["card"] for entry in last["cards"]] == ["2D", "8D", "7H", "AS"]
    assert last["winner"] == 2   # seat 2, Player 3: the eight of diamonds


def test_the_queen_of_spades_does_not_break_hearts_but_a_hand_of_hearts_may_lead_one():
    state, _ = position("breaking-hearts", 2)
    assert not state.view(0)["hearts_broken"] and state.view(0)["points_taken"] == [0, 0, 13, 0]
    state, _ = position("breaking-hearts", 3)
    assert not state.view(0)["hearts_broken"]
    assert all(card[-1] == "H" for card in state.view(0)["hand"])


def test_the_nine_of_diamonds_trick_is_worth_fourteen_points():
    state, _ = position("nine-of-diamonds", 3)
    view = state.view(3)
    assert sorted(entry["card"] for entry in view["last_trick"]["cards"]) == ["9D", "AD", "AH", "QS"]
    assert view["points_taken"] == [0, 14, 0, 0]


def test_the_moon_gives_the_shooter_nothing_and_the_others_twenty_six():
    state, _ = position("shooting-the-moon", 4)
    deal_end = next(event for event in state.log if event["type"] == "deal-end")
    assert deal_end["moon"] == 0 and deal_end["points"] == [0, 26, 26, 26]


def test_the_match_ends_after_the_deal_that_reaches_fifty_and_the_lowest_total_wins():
    assert DOCUMENTS["end-of-match"]["preset"] == "short-50"
    state, _ = position("end-of-match", 2)
    assert not state.is_over and state.scores == [0, 25, 1, 0]
    question, step = position("end-of-match", 3)
    assert question.deal_number == 2 and not question.is_over
    state, _ = position("end-of-match", 4)
    assert state.is_over and state.scores == [0, 50, 1, 1] and state.winners == [0]
    # Keeping the two of hearts lets Player 2 shoot the moon, and the match goes on.
    keep = next(action for action in question.legal_actions()
                if not is_right_answer(question, step["payload"], action))
    wrong = question.apply(keep)
    while wrong.deal_number == 2:
        wrong = wrong.apply(wrong.legal_actions()[0])
    assert not wrong.is_over and wrong.scores == [26, 25, 27, 26]


@pytest.mark.django_db
def test_the_pass_question_is_played_on_the_lesson_page_wrong_then_right(client):
    from django.urls import reverse

    from games.services import preset_sync_builtin
    from tutorials.documents import parse_document
    from tutorials.services import lessons_import

    preset_sync_builtin()
    lessons_import(documents=[parse_document(DOCUMENTS["pass-cycle"], source="pass-cycle.json")], overwrite=True)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    number = next(step for slug, step in questions() if slug == "pass-cycle")
    state, step = position("pass-cycle", number)
    page = client.get(reverse("lesson", args=["hearts", "pass-cycle"]) + f"?step={number}").content.decode()
    assert 'name="cards"' in page and " checked" not in page.split('class="move-form')[1]   # no answer given away
    url = reverse("lesson_answer", args=["hearts", "pass-cycle"])
    right = answers_of(step["payload"])[0]["cards"]
    wrong = next(action["cards"] for action in state.legal_actions()
                 if not is_right_answer(state, step["payload"], action))
    post = {"step": number, "move": 0, "type": "pass"}
    retry = client.post(url, {**post, "cards": wrong})
    assert retry.status_code == 200 and "Not this move" in retry.content.decode()
    moved_on = client.post(url, {**post, "cards": right})
    assert moved_on.status_code == 302 and moved_on.url.endswith(f"?step={number + 1}")
