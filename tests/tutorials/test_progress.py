"""Progress of signed-in users and anonymous sessions, merged when one signs in."""

import pytest
from django.db import IntegrityError, transaction

from tests.tutorials.helpers import make_lesson
from tutorials import services
from tutorials.models import LessonProgress
from tutorials.selectors import lesson_get, lessons_for_game, progress_for
from tutorials.sessions import LEARNER_KEY, learner_session_key

pytestmark = pytest.mark.django_db


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user(username="lea", password="pw-for-tests")


def test_progress_counts_hints_and_wrong_answers_until_the_lesson_is_done(user):
    lesson = make_lesson()

    services.progress_record_step(lesson=lesson, user=user, step_number=1)
    services.progress_record_step(lesson=lesson, user=user, step_number=3, hints_used=1, wrong_answers=2)
    done = services.progress_record_step(lesson=lesson, user=user, step_number=3, completed=True)

    assert (done.furthest_step, done.completed, done.hints_used, done.wrong_answers) == (3, True, 1, 2)
    assert done.score == 100 - services.HINT_COST - 2 * services.WRONG_ANSWER_COST
    assert done.stars == 2
    again = services.progress_record_step(lesson=lesson, user=user, step_number=1, hints_used=2)
    assert (again.furthest_step, again.score, again.completed) == (3, done.score, True)
    assert LessonProgress.objects.count() == 1


def test_progress_needs_a_user_or_a_session_key():
    lesson = make_lesson()

    with pytest.raises(ValueError):
        services.progress_record_step(lesson=lesson, step_number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        LessonProgress.objects.create(lesson=lesson)


def test_anonymous_progress_moves_to_the_user_at_sign_in(client, user):
    queens, other, third = make_lesson(), make_lesson(slug="other"), make_lesson(slug="third")
    session = client.session
    key = learner_session_key(session, create=True)
    session.save()
    services.progress_record_step(lesson=queens, session_key=key, step_number=3, completed=True)
    services.progress_record_step(lesson=other, session_key=key, step_number=2, hints_used=1)
    services.progress_record_step(lesson=other, user=user, step_number=1)
    services.progress_record_step(lesson=third, user=user, step_number=3, completed=True)
    services.progress_record_step(lesson=third, session_key=key, step_number=1, wrong_answers=3)

    response = client.post("/accounts/login/", {"username": "lea", "password": "pw-for-tests"})

    assert response.status_code == 302
    assert not LessonProgress.objects.filter(session_key__isnull=False).exists()
    mine = progress_for([queens.pk, other.pk, third.pk], user=user, session_key=None)
    assert (mine[queens.pk].completed, mine[queens.pk].furthest_step) == (True, 3)
    assert (mine[other.pk].furthest_step, mine[other.pk].hints_used) == (2, 1)   # the further of the two
    assert (mine[third.pk].completed, mine[third.pk].wrong_answers) == (True, 0)   # the completed one
    assert LessonProgress.objects.count() == 3
    assert client.session[LEARNER_KEY] == key   # kept, though Django's session key changed


def test_merge_without_anonymous_progress_does_nothing(user):
    assert services.progress_merge_session_into_user(session_key=None, user=user) == 0
    assert services.progress_merge_session_into_user(session_key="nobody", user=user) == 0


def test_progress_for_reads_the_signed_in_user_or_the_session():
    lesson = make_lesson()
    services.progress_record_step(lesson=lesson, session_key="abc", step_number=2)

    assert progress_for([lesson.pk], user=None, session_key="abc")[lesson.pk].furthest_step == 2
    assert progress_for([lesson.pk], user=None, session_key="xyz") == {}
    assert progress_for([lesson.pk], user=None, session_key=None) == {}


def test_lessons_for_a_game_in_order_with_their_step_counts():
    make_lesson(slug="b", order=2)
    make_lesson(slug="a", order=1, steps=[{"kind": "text"}])
    make_lesson(slug="draft", order=0, published=False)

    assert [(lesson.slug, lesson.step_count) for lesson in lessons_for_game("sunduchok")] == [("a", 1), ("b", 3)]
    assert [lesson.slug for lesson in lessons_for_game("sunduchok", published_only=False)] == ["draft", "a", "b"]
    assert lesson_get(game_key="sunduchok", slug="draft") is None
    assert [step.number for step in lesson_get(game_key="sunduchok", slug="b").steps.all()] == [1, 2, 3]


def test_the_wrong_answers_and_the_explanation_of_a_step_survive_the_merge_at_sign_in(user):
    lesson = make_lesson()
    step = lesson.steps.get(number=3)
    step.explanation_en = step.explanation_ru = "Two: both queens."
    step.save()
    services.lesson_answer_question(lesson=lesson, step=step, action={"type": "count", "count": 1}, user=user)
    for _ in range(2):
        services.lesson_answer_question(lesson=lesson, step=step, action={"type": "count", "count": 1},
                                        session_key="anonymous")
    services.lesson_reveal_explanation(lesson=lesson, step=step, user=user)

    services.progress_merge_session_into_user(session_key="anonymous", user=user)

    state = LessonProgress.objects.get(lesson=lesson, user=user).step_states["3"]
    assert (state["wrong"], state["explained"], state["answered"]) == (2, True, False)
    assert services.explanation_shown(state, payload=step.payload)
