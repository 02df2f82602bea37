"""The teacher's deal view (/classes/assignments/<id>/deals/<k>/): every student's round k judged by the coach, as
the student's own review judges it — mistakes and inaccuracies with the better move and what they cost, each
student's accuracy, and for same deals the wrong moves several students made in the same position."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from classroom import services
from classroom.deal_review import kept_review as kept_review_of_plan
from classroom.selectors import assignment_accuracy
from games.coach import get_coach
from games.coach.review import decision_seed, review_decision
from games.history import game_history
from games.models import GameReview
from games.narration.coach import amount
from games.review_selectors import review_plan
from games.selectors import human_seat
from tests.classroom.helpers import class_with_students, play_out, practice_assignment, signed_in
from tests.web.helpers import count_review_plans

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def kept_review(game):
    """The student's whole review of `game` if every part is kept, else None."""
    return kept_review_of_plan(game, review_plan(game=game, seat=human_seat(game)))


def deal_page(client, assignment, number: int = 1) -> str:
    """The deal view once every finished round is reviewed: the page asks for itself until nothing waits."""
    url = reverse("assignment_deal", args=[assignment.pk, number])
    page = client.get(url).content.decode()
    for _ in range(20):
        if "review-part--waiting" not in page:
            return client.get(url).content.decode()
        page = client.get(url, **HTMX).content.decode()
    raise AssertionError("the deal view never finished reviewing")


def test_each_students_mistakes_are_the_coachs_verdicts_with_the_better_move():
    classroom, teacher_user, (masha, petya) = class_with_students("masha", "petya")
    assignment = practice_assignment(classroom, teacher_user, rounds=1, same_deals=True)
    games = [play_out(services.round_start_next(assignment=assignment, student=user), seed=index)
             for index, user in enumerate((masha, petya))]
    client = signed_in(teacher_user)
    first = client.get(reverse("assignment_deal", args=[assignment.pk, 1])).content.decode()
    assert "The coach has reviewed 0 of 2 finished games" in first and "Not reviewed yet." in first
    page = deal_page(client, assignment)
    coach = get_coach("sunduchok")
    for game in games:
        history = game_history(game)
        decisions = kept_review(game)
        assert decisions is not None
        replay = reverse("round_replay", args=[game.practice_round.pk])
        for decision in decisions:
            expected = review_decision(coach, history.states[decision.step], history.actions[decision.step].action,
                                       step=decision.step, seed=decision_seed(game.seed, decision.step))
            assert decision.verdict == expected.verdict
            link = f'href="{replay}?step={decision.step}"'
            assert (link in page) == (decision.verdict != "good")
        good = sum(decision.verdict == "good" for decision in decisions)
        assert f"accuracy <strong>{round(100 * good / len(decisions))}%</strong>" in page
    wrong = re.findall(r'<tr data-verdict="(mistake|inaccuracy)">(.*?)</tr>', page, re.S)
    assert wrong, "random moves make mistakes"
    # The teacher reads of the student by name, never "you": the loss in the coach's figures, the reason too.
    for game, student in zip(games, ("masha", "petya"), strict=True):
        replay = reverse("round_replay", args=[game.practice_round.pk])
        for decision in kept_review(game):
            if decision.verdict == "good":
                continue
            row = html.unescape(re.search(rf'<tr data-verdict="\w+"><td[^>]*><a href="{replay}\?step={decision.step}">'
                                          r'.*?</tr>', page, re.S).group(0))
            assert (f"With {student}'s move, {student} could expect {amount('chests', decision.loss, 'en')} fewer "
                    "at the game's end than with the best move.") in row
            why = re.search(r'<span class="hint">([^<]*)</span>', row)
            assert (why is not None) == (decision.reason is not None)
            cost = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)[-1]   # the played and better moves are questions
            assert not re.search(r"\b(you|your|I|me|my)\b", cost), cost


def test_the_same_wrong_move_in_the_same_position_is_counted_across_the_class():
    classroom, teacher_user, (masha, petya, vera) = class_with_students("masha", "petya", "vera")
    assignment = practice_assignment(classroom, teacher_user, rounds=1, same_deals=True)
    # Masha and Petya play the same moves on the same deal: each of their wrong moves is shared; Vera plays apart.
    for user, seed in ((masha, 4), (petya, 4), (vera, 9)):
        play_out(services.round_start_next(assignment=assignment, student=user), seed=seed)
    page = deal_page(signed_in(teacher_user), assignment)
    common = re.search(r'<section class="panel common-mistakes".*?</section>', page, re.S)
    assert common is not None and "Where the class went wrong" in common.group(0)
    masha_game = assignment.practice_rounds.get(student=masha).game
    # The same position is judged the same for everyone (the coach's seed is the deal's and the move's).
    assert kept_review(masha_game) == kept_review(assignment.practice_rounds.get(student=petya).game)
    shared = [decision for decision in kept_review(masha_game) if decision.verdict != "good"]
    items = re.findall(r'<li data-verdict="\w+">(.*?)</li>', common.group(0), re.S)
    assert len(items) == min(len(shared), 5)
    assert all(re.search(r"[23] of 3 students played “", item) and "masha, petya" in item for item in items)
    # Said of whoever played it: several students did.
    assert all("With this move, the player could expect" in html.unescape(item) for item in items)


def test_rounds_without_same_deals_are_judged_too_but_not_compared():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    assignment = practice_assignment(classroom, teacher_user, rounds=2)
    play_out(services.round_start_next(assignment=assignment, student=masha))
    client = signed_in(teacher_user)
    page = deal_page(client, assignment)
    assert "Round 1" in page and "Where the class went wrong" not in page and "accuracy" in page
    assert "not played yet" in deal_page(client, assignment, 2)
    assert client.get(reverse("assignment_deal", args=[assignment.pk, 3])).status_code == 404
    assert reverse("assignment_deal", args=[assignment.pk, 2]) in client.get(
        reverse("assignment_detail", args=[assignment.pk])).content.decode()


def test_without_javascript_a_link_reviews_the_next_game():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    assignment = practice_assignment(classroom, teacher_user, rounds=1)
    game = play_out(services.round_start_next(assignment=assignment, student=masha))
    client = signed_in(teacher_user)
    url = reverse("assignment_deal", args=[assignment.pk, 1])
    assert '<a class="button" href="?review=next">' in client.get(url).content.decode()
    assert not GameReview.objects.filter(game=game).exists()
    page = client.get(url + "?review=next").content.decode()
    assert kept_review(game) is not None and "review-part--waiting" not in page


def test_each_request_of_the_deal_view_plans_each_finished_rounds_review_once(monkeypatch):
    classroom, teacher_user, (masha, petya) = class_with_students("masha", "petya")
    assignment = practice_assignment(classroom, teacher_user, rounds=1)
    for index, user in enumerate((masha, petya)):
        play_out(services.round_start_next(assignment=assignment, student=user), seed=index)
    client = signed_in(teacher_user)
    url = reverse("assignment_deal", args=[assignment.pk, 1])
    plans = count_review_plans(monkeypatch)
    for reviewed in (1, 2, 2):   # each request reviews one more game, while one is left
        plans.clear()
        assert client.get(url, **HTMX).status_code == 200
        assert len(plans) == 2
        assert GameReview.objects.values("game").distinct().count() == reviewed


def test_accuracy_counts_the_reviewed_decisions_of_each_students_rounds():
    classroom, teacher_user, (masha, petya) = class_with_students("masha", "petya")
    assignment = practice_assignment(classroom, teacher_user, rounds=1)
    game = play_out(services.round_start_next(assignment=assignment, student=masha))
    assert assignment_accuracy([assignment], [masha.pk, petya.pk]) == {}
    deal_page(signed_in(teacher_user), assignment)
    decisions = kept_review(game)
    good = sum(decision.verdict == "good" for decision in decisions)
    assert assignment_accuracy([assignment], [masha.pk, petya.pk]) == {
        (assignment.pk, masha.pk): {"decisions": len(decisions), "good": good,
                                    "percent": round(100 * good / len(decisions))}}


def test_the_deal_view_in_russian():
    classroom, teacher_user, (masha,) = class_with_students("masha")
    assignment = practice_assignment(classroom, teacher_user, rounds=1, same_deals=True)
    play_out(services.round_start_next(assignment=assignment, student=masha))
    page = deal_page(signed_in(teacher_user, "ru"), assignment)
    assert "Раздача 1" in page and "точность" in page
    game = assignment.practice_rounds.get(student=masha).game
    wrong = [decision for decision in kept_review(game) if decision.verdict != "good"]
    assert wrong, "random moves make mistakes"
    for decision in wrong:
        assert (f"С ходом игрока masha к концу игры можно ждать на {amount('chests', decision.loss, 'ru')} меньше, "
                "чем с лучшим ходом.") in page
    assert "С вашим ходом" not in page
