"""A learner walks every built-in lesson of every game through the web, as a browser would post it.

At every question step the walker first tries each wrong move the position allows: each is refused
with its own feedback (naming the move, or the editor's text for it), nothing advances and the step
stays unanswered; the step's explanation, which may name the right move, is not shown after the first
wrong answer and is after the second. Then it gives a right answer — the last one listed, so that a
question with several right answers is answered with another move than the one the lesson's example
was written with — and checks that the next step agrees: where that step goes on from the question's
position, its log holds the accepted move (or the feedback says which right move the example goes on with instead).

At every practice step it plays practice games, moving at random, until one reaches the goal — where the
goal is to win, only after a lost game missed it: a missed goal is said on the step, which offers the
practice again, on the game's end screen, and the lesson is not complete. The goal is judged here from
the finished game itself (its winners, its chests), not by the site's own judge.
"""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

from games.models import Game
from games.narration import narrator_for
from games.rules import get_game
from games.tables import hand_summary
from games.templatetags.cards import card_name
from tests.tutorials.test_builtin_lessons import DOCUMENTS, lesson_id
from tests.tutorials.test_lesson_player import play_randomly_to_the_end
from tests.web.helpers import move_data
from tutorials import services
from tutorials.feedback import editor_feedback, wrong_options
from tutorials.markdown import render_markdown
from tutorials.models import Lesson, LessonProgress
from tutorials.payloads import answers_of, lesson_seat_names, position_from_payload
from tutorials.step_checks import continuation_index, false_hand_claim

pytestmark = pytest.mark.django_db

WRONG_BLOCK = re.compile(r'<div class="feedback feedback--wrong" role="alert">(.*?)</div>', re.S)
RESULT_BLOCK = re.compile(r'<div class="feedback feedback--right" role="status">(.*?)</div>', re.S)
LINE = re.compile(r'<p class="feedback__line">(.*?)</p>', re.S)
LOG = re.compile(r'<ol class="log"[^>]*>(.*?)</ol>', re.S)


def step_url(lesson: Lesson, number: int) -> str:
    return reverse("lesson", args=[lesson.game_key, lesson.slug]) + f"?step={number}"


def post_answer(client, lesson: Lesson, number: int, action: dict):
    data = {**move_data(Game(move_count=0, game_key=lesson.game_key), action), "step": number}
    return client.post(reverse("lesson_answer", args=[lesson.game_key, lesson.slug]), data)


def lines_of(block: str) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", "", line)).strip() for line in LINE.findall(block)]


def step_states(lesson: Lesson) -> dict:
    progress = LessonProgress.objects.filter(lesson=lesson).first()
    return progress.step_states if progress is not None else {}


@pytest.mark.parametrize("document", DOCUMENTS, ids=lesson_id)
def test_a_learner_walks_the_lesson_wrong_answers_first(client, presets, document):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    services.lessons_import(documents=[document], overwrite=True)
    lesson = Lesson.objects.get(game_key=document.data["game"], slug=document.data["slug"])
    steps = list(lesson.steps.order_by("number"))
    for index, step in enumerate(steps):
        assert client.get(step_url(lesson, step.number)).status_code == 200
        if step.kind == "practice":
            practise_until_the_goal_is_missed_then_reached(client, lesson, step)
        if step.kind != "question":
            continue
        payload = step.payload
        state = position_from_payload(lesson.game_key, lesson.variant(), payload)
        seat = payload.get("seat", 0)
        narrator = narrator_for(lesson.game_key, lesson_seat_names(state.players, seat), seat, "en")
        explanations = {}
        explanation = str(render_markdown(step.explanation_en)) if (step.explanation_en or "").strip() else None
        options = wrong_options(state, payload)
        for tried, action in enumerate(options, start=1):
            response = post_answer(client, lesson, step.number, action)
            page = response.content.decode()
            assert response.status_code == 200 and f'data-step="{step.number}"' in page, action
            if explanation is not None:
                assert (explanation in page) == (tried >= 2), (step.number, tried)
                assert ('class="lesson-explanation"' in page) == (tried >= 2), (step.number, tried)
            wrong = WRONG_BLOCK.search(page)
            assert wrong is not None and "Not this move" in wrong.group(1), action
            said = lines_of(wrong.group(1))[0]
            with translation.override("en"):
                written = editor_feedback(state, payload, action, "en")
            expected = written or narrator.action_text(action, state.view(seat))
            assert said and expected in said, (action, said)
            assert said not in explanations, f"{action} and {explanations.get(said)} are explained alike: {said}"
            explanations[said] = action
        if explanation is not None and len(options) == 1:
            page = post_answer(client, lesson, step.number, options[0]).content.decode()   # the second wrong answer
            assert explanation in page, step.number
        assert not step_states(lesson).get(str(step.number), {}).get("answered")
        assert step_states(lesson)[str(step.number)]["wrong"] == max(len(options), 2 if explanation else 1)

        accepted = answers_of(payload)[-1]
        response = post_answer(client, lesson, step.number, accepted)
        assert response.status_code == 302, response.content.decode()[:500]
        assert step_states(lesson)[str(step.number)]["answered"]
        page = client.get(response.url).content.decode()
        result = RESULT_BLOCK.search(page)
        assert result is not None and "Right!" in result.group(1)
        following = steps[index + 1] if index + 1 < len(steps) else None
        if following is None or continuation_index(payload, following.payload) is None:
            continue
        log = html.unescape(re.sub(r"<[^>]+>", " ", LOG.search(page).group(1)))
        shown = lines_of(result.group(1))
        if any(line.startswith("The example goes on with another right move") for line in shown):
            example = following.payload["actions"][continuation_index(payload, following.payload)]
            assert narrator.action_text(example, state.view(seat)) in " ".join(shown)
        else:
            moved = [line for line in shown if not line.startswith(("Your hand now", "Your chests"))]
            assert moved and all(" ".join(line.split()) in " ".join(log.split()) for line in moved[:1]), (shown, log)
    done = client.get(reverse("lesson_done", args=[lesson.game_key, lesson.slug])).content.decode()
    assert "Lesson complete" in done and LessonProgress.objects.get(lesson=lesson).completed


PRACTICE_GAMES = 12


def practise_until_the_goal_is_missed_then_reached(client, lesson: Lesson, step) -> None:
    payload, seen = step.payload, set()
    for seed in range(PRACTICE_GAMES):
        response = client.post(reverse("lesson_practice", args=[lesson.game_key, lesson.slug]), {"step": step.number})
        game = play_randomly_to_the_end(client, Game.objects.get(pk=response.url.rstrip("/").split("/")[-1]), seed)
        reached = goal_reached_in(game, payload)
        page = client.get(step_url(lesson, step.number)).content.decode()
        end = client.get(reverse("play", args=[game.pk])).content.decode()
        end = end[end.index('class="panel end-screen"'):]
        if reached:
            assert "Goal reached" in page and "Reached." in end and "Not reached" not in end, seed
        else:
            assert "The goal was not reached this time" in page and "Start a new practice game" in page, seed
            assert "Not reached this time" in end and f'href="{step_url(lesson, step.number)}"' in end, seed
            done = client.get(reverse("lesson_done", args=[lesson.game_key, lesson.slug])).content.decode()
            assert "Lesson complete" not in done and f"Step {step.number}: play the practice game" in done
            assert not LessonProgress.objects.get(lesson=lesson).completed
        seen.add(reached)
        # A "win" goal must be seen missed (a lost game) before it is reached; random play always collects a chest.
        if reached and (False in seen or payload["goal"]["type"] != "win"):
            return
    raise AssertionError(f"step {step.number}: in {PRACTICE_GAMES} games the goal was never "
                         f"{'missed' if False not in seen else 'reached'}")


def goal_reached_in(game: Game, payload: dict) -> bool:
    """Whether the finished `game` reached the practice goal, read from its result: the learner among its winners,
    or holding the chests asked for (chests are never lost, so the final count says whether they were ever held)."""
    seat, goal = payload.get("seat", 0), payload["goal"]
    assert "max_moves" not in payload   # the built-in practice steps set none; a limit would need the move count
    if goal["type"] == "win":
        return seat in game.winners
    return game.scores[seat] >= goal["count"]


CARD_LABEL = re.compile(r'<span class="card [^"]*" role="img" aria-label="([^"]+)">')
BOX_HAND = re.compile(r'<ul class="hand hand--compact"[^>]*>(.*?)</ul>', re.S)
TABLE_HAND = re.compile(r'<ul class="hand" aria-label="Your hand">(.*?)</ul>', re.S)


@pytest.mark.parametrize("document", DOCUMENTS, ids=lesson_id)
def test_the_hand_shown_after_a_right_answer_is_the_hand_of_the_page_shown(client, presets, document):
    # The "Your hand now" box is shown only on a page without a table (a text step, the lesson's end): there the
    # hand after the move is the truth; on a page with a table, the table shows the hand at its own position.
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    services.lessons_import(documents=[document], overwrite=True)
    lesson = Lesson.objects.get(game_key=document.data["game"], slug=document.data["slug"])
    variant = lesson.variant()
    boxes = 0
    for step in lesson.steps.order_by("number"):
        if step.kind != "question":
            continue
        response = post_answer(client, lesson, step.number, answers_of(step.payload)[-1])
        page = client.get(response.url).content.decode()
        result = RESULT_BLOCK.search(page)
        assert result is not None
        box = BOX_HAND.search(page)
        if "Your hand now" not in result.group(1):
            assert box is None
            continue
        boxes += 1
        table = TABLE_HAND.search(page[box.end():])
        if table is not None:
            assert CARD_LABEL.findall(box.group(1)) == CARD_LABEL.findall(table.group(1)), step.number
        else:
            assert 'class="lesson__table"' not in page, step.number
            seat = step.payload.get("seat", 0)
            after = position_from_payload(lesson.game_key, variant, step.payload).apply(answers_of(step.payload)[-1])
            narrator = narrator_for(lesson.game_key, lesson_seat_names(after.players, seat), seat, "en")
            held = hand_summary(lesson.game_key, after.view(seat), narrator, seat=seat)["hand"]
            assert CARD_LABEL.findall(box.group(1)) == [card_name(card, "en") for card in held], step.number


@pytest.mark.parametrize("document", DOCUMENTS, ids=lesson_id)
def test_no_step_text_says_the_learner_holds_a_card_the_step_does_not_show_in_the_hand(document):
    # The save check (tutorials.step_checks.false_hand_claim) over every text of every step, in both languages;
    # the hand is the one the step's table shows the learner.
    data = document.data
    variant = get_game(data["game"]).variant(data["preset"] or "standard")
    texts_checked = 0
    for step in data["steps"]:
        texts = {field: step[field] for field in ("body", "hint_1", "hint_2", "explanation")}
        assert false_hand_claim(game_key=data["game"], variant=variant, payload=step["payload"], texts=texts) is None
        texts_checked += sum(1 for by_language in texts.values() for text in by_language.values() if text)
    assert texts_checked


RADIO = re.compile(r'<input type="radio" name="([^"]+)"[^>]*>')


@pytest.mark.parametrize("document", DOCUMENTS, ids=lesson_id)
def test_no_question_arrives_with_a_choice_made_for_the_learner(client, presets, document):
    # Where a question offers a choice of several (whom to ask, which suit), nothing is chosen in advance: a
    # preselected radio would answer for a learner who only presses the rank (the failed guess's step 11 once
    # asked Player 2 that way, and Reading the answers' step 8 is the same position).
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    services.lessons_import(documents=[document], overwrite=True)
    lesson = Lesson.objects.get(game_key=document.data["game"], slug=document.data["slug"])
    for step in lesson.steps.filter(kind="question"):
        page = client.get(step_url(lesson, step.number)).content.decode()
        groups: dict[str, list[str]] = {}
        for radio in RADIO.finditer(page):
            groups.setdefault(radio.group(1), []).append(radio.group(0))
        for name, inputs in groups.items():
            if len(inputs) > 1:
                assert not any(" checked" in tag for tag in inputs), (step.number, name)
