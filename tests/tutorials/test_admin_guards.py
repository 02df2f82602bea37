"""No server error for editors or learners: an illegal answer on an existing step, a preset change that breaks
lessons, and a step whose data changed under it — for every game's built-in lessons; and the warning on a hint
that gives the answer away."""

from __future__ import annotations

import html
import json

import pytest
from django.urls import reverse
from django.utils import translation

from games.models import Game, Preset
from games.rules import GAMES, get_game
from games.rules.cards import RANKS, make_deck
from tests.tutorials.helpers import ASK_QUEENS, DEAL, change_form_data, make_lesson, preset_form_data, step_index
from tests.tutorials.test_builtin_lessons import DOCUMENTS
from tests.web.helpers import move_data
from tutorials import services
from tutorials.models import Lesson, LessonStep
from tutorials.payloads import PayloadError, answers_of, position_from_payload, validate_step_payload
from tutorials.step_checks import AnswerNamed, steps_replay_problems, texts_naming_the_answer

pytestmark = pytest.mark.django_db

# A change of each game's standard preset under which some of its built-in lessons no longer replay.
BREAKING_FIELDS = {
    "sunduchok": {"deck": 52},
    "hearts": {"pass_cycle": ["none"]},
    "yashchiki": {"hand_sizes": [3, 2, 1]},
    "rooster": {"multi_lead": "single"},
}


def import_game(game_key: str) -> list[Lesson]:
    services.lessons_import(documents=[document for document in DOCUMENTS if document.data["game"] == game_key],
                            overwrite=True)
    return list(Lesson.objects.filter(game_key=game_key).order_by("order"))


def snapshot(lesson: Lesson) -> list:
    return [(step.pk, step.number, step.kind, step.payload, step.hint_1_en) for step in lesson.steps.order_by("number")]


def refusal(lesson: Lesson, kind: str, payload) -> str:
    """The message the engine's checks give for `payload` on a step of `lesson`, in English, as the form shows it."""
    with translation.override("en"):
        try:
            validate_step_payload(game_key=lesson.game_key, variant=lesson.variant(), kind=kind, payload=payload)
        except PayloadError as error:
            return html.escape(str(error))
    raise AssertionError(f"{payload} is valid")


def illegal_answers(lesson: Lesson, step: LessonStep) -> list:
    """Answers no move of the step's position allows: a string, an unknown kind of move, and the right answer with
    a card the learner does not hold (or a rank, where the answer names one)."""
    state = position_from_payload(lesson.game_key, lesson.variant(), step.payload)
    hand = state.view(step.payload.get("seat", 0))["hand"]
    absent = next(card for card in make_deck(RANKS) if card not in hand)
    answer = answers_of(step.payload)[0]
    changed = {**answer}
    for field, value in answer.items():
        if field == "card":
            changed[field] = absent
        elif field == "cards":
            changed[field] = [absent, *value[1:]]
        elif field == "rank":
            held = {card[:-1] for card in hand}
            changed[field] = next(rank for rank in RANKS if rank not in held)
    assert changed != answer, f"no card or rank to change in {answer}"
    # A card the learner holds that the rules forbid here (a club where diamonds must be followed), if any.
    forbidden = [{**answer, "card": card} for card in hand if "card" in answer
                 and {**answer, "card": card} not in state.legal_actions()]
    assert forbidden or "card" not in answer
    return ["a string", {"type": "fold"}, changed, *forbidden[:1]]


@pytest.mark.parametrize("game_key", list(GAMES))
def test_an_illegal_answer_on_an_existing_step_gets_the_new_steps_message_and_changes_nothing(
        editor_client, presets, game_key):
    questions = [step for lesson in import_game(game_key)
                 for step in lesson.steps.filter(kind="question").order_by("number")]
    # A question answered with one card where there is one: a held card the rules forbid is tried too.
    step = next((step for step in questions if "card" in answers_of(step.payload)[0]), questions[0])
    lesson = step.lesson
    before = snapshot(lesson)
    for answer in illegal_answers(lesson, step):
        payload = {key: value for key, value in step.payload.items() if key not in ("answer", "answers", "feedback")}
        payload["answer"] = answer
        message = refusal(lesson, "question", payload)

        existing = change_form_data(lesson)
        existing[f"steps-{step_index(existing, step.pk)}-payload"] = json.dumps(payload)
        response = editor_client.post(f"/admin/tutorials/lesson/{lesson.pk}/change/", existing,
                                      headers={"accept-language": "en"})
        assert response.status_code == 200, answer
        assert message in response.content.decode(), (answer, message)
        assert snapshot(lesson) == before

        new = change_form_data(lesson)
        index = int(new["steps-TOTAL_FORMS"])
        new.update({f"steps-{index}-id": "", f"steps-{index}-number": 900, f"steps-{index}-kind": "question",
                    f"steps-{index}-payload": json.dumps(payload), "steps-TOTAL_FORMS": index + 1})
        response = editor_client.post(f"/admin/tutorials/lesson/{lesson.pk}/change/", new,
                                      headers={"accept-language": "en"})
        assert response.status_code == 200 and message in response.content.decode(), answer
        assert snapshot(lesson) == before


@pytest.mark.parametrize("game_key", list(GAMES))
def test_a_preset_change_that_lessons_cannot_replay_is_refused_with_their_steps(editor_client, presets, game_key):
    lessons = import_game(game_key)
    preset = Preset.objects.get(game_key=game_key, slug="standard")
    fields = BREAKING_FIELDS[game_key]
    variant = get_game(game_key).variant(**fields)
    with translation.override("en"):
        broken = [(lesson, steps_replay_problems(game_key=game_key, variant=variant, steps=[
            (step.number, step.kind, step.payload) for step in lesson.steps.all()]))
            for lesson in lessons if lesson.preset_id == preset.pk]
    broken = [(lesson, problems) for lesson, problems in broken if problems]
    assert broken, f"{fields} breaks no {game_key} lesson: choose a change that does"

    response = editor_client.post(f"/admin/games/preset/{preset.pk}/change/",
                                  preset_form_data(editor_client, preset, fields),
                                  headers={"accept-language": "en"})

    assert response.status_code == 200
    page = html.unescape(response.content.decode())
    assert "Lessons on this preset could no longer show these steps, so nothing was saved" in page
    for lesson, problems in broken:
        for number, problem in problems:
            assert f"“{lesson.title_en}”, step {number}: {problem}" in page
    preset.refresh_from_db()
    assert preset.fields == {}

    # A change every lesson on the preset still replays under is saved, once the editor has read what it changes
    # (tests/tutorials/test_preset_admin.py).
    harmless = {"sunduchok": {"show_chests": False}, "hearts": {"end_at": 50},
                "yashchiki": {"ace_points": 1}, "rooster": {"hand_size": 4}}[game_key]
    response = editor_client.post(f"/admin/games/preset/{preset.pk}/change/",
                                  {**preset_form_data(editor_client, preset, harmless), "confirm_changes": "on"})
    assert response.status_code == 302, response.content.decode()[:2000]
    preset.refresh_from_db()
    assert preset.fields == harmless


@pytest.mark.parametrize("game_key", list(GAMES))
def test_a_step_that_no_longer_replays_tells_learners_and_is_listed_for_editors(client, editor_client, presets,
                                                                                 game_key):
    lessons = import_game(game_key)
    Preset.objects.filter(game_key=game_key, slug="standard").update(fields=BREAKING_FIELDS[game_key])  # as a
    # data migration or an engine change could, behind the admin's back
    variant = get_game(game_key).variant(**BREAKING_FIELDS[game_key])
    broken = {}
    for lesson in Lesson.objects.filter(game_key=game_key, preset__slug="standard"):
        problems = steps_replay_problems(game_key=game_key, variant=variant,
                                         steps=[(step.number, step.kind, step.payload) for step in lesson.steps.all()])
        if problems:
            broken[lesson] = [number for number, _problem in problems]
    assert broken

    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    for lesson, numbers in broken.items():
        for step in lesson.steps.order_by("number"):
            url = reverse("lesson", args=[lesson.game_key, lesson.slug]) + f"?step={step.number}"
            for extra in ({}, {"HTTP_HX_REQUEST": "true"}):
                response = client.get(url, **extra)
                assert response.status_code == 200, (lesson.slug, step.number)
                said = "This step cannot be shown" in response.content.decode()
                assert said == (step.number in numbers), (lesson.slug, step.number)
            if step.number not in numbers:
                continue
            if step.kind == "question":
                data = {**move_data(Game(move_count=0, game_key=game_key), answers_of(step.payload)[0]),
                        "step": step.number}
                response = client.post(reverse("lesson_answer", args=[game_key, lesson.slug]), data)
                assert response.status_code == 409 and "This step cannot be shown" in response.content.decode()
            if step.kind == "practice":
                assert "Start the practice game" not in client.get(url).content.decode()
                response = client.post(reverse("lesson_practice", args=[game_key, lesson.slug]),
                                       {"step": step.number})
                assert response.status_code == 409 and "This step cannot be shown" in response.content.decode()
        assert client.get(reverse("lesson_done", args=[game_key, lesson.slug])).status_code == 200

    listing = editor_client.get("/admin/tutorials/lesson/?replays=broken", headers={"accept-language": "en"})
    page = html.unescape(listing.content.decode())
    assert listing.status_code == 200
    for lesson, numbers in broken.items():
        assert lesson.title_en in page
        listed = ", ".join(map(str, numbers))
        assert (f"Steps {listed} no longer replay" if len(numbers) > 1 else f"Step {listed} no longer replays") in page
    fine = editor_client.get("/admin/tutorials/lesson/?replays=fine", headers={"accept-language": "en"})
    fine_page = html.unescape(fine.content.decode())
    for lesson in lessons:
        assert (f">{lesson.title_en}<" in fine_page) == (lesson not in broken), lesson.slug
    lesson, numbers = next(iter(broken.items()))
    change = html.unescape(editor_client.get(f"/admin/tutorials/lesson/{lesson.pk}/change/",
                                             headers={"accept-language": "en"}).content.decode())
    assert f"Step {numbers[0]} no longer replays, and learners see only that it cannot be shown" in change


def test_a_hint_that_names_the_answers_card_or_rank_is_saved_with_a_warning(editor_client):
    lesson = make_lesson()
    data = change_form_data(lesson)
    index = step_index(data, lesson.steps.get(number=3).pk)   # its answer: count two
    data[f"steps-{index}-hint_1_en"] = "Count the queens you saw"   # the answer is a count: no card, no rank
    response = editor_client.post(f"/admin/tutorials/lesson/{lesson.pk}/change/", data, follow=True,
                                  headers={"accept-language": "en"})
    assert response.status_code == 200 and "the answer's card or rank" not in html.unescape(response.content.decode())

    asking = make_lesson(slug="asking", steps=[{"kind": "question", "payload": {"deal": DEAL, "answer": ASK_QUEENS}}])
    data = change_form_data(asking)
    data["steps-0-hint_2_en"] = "Which rank do you hold two of? The queens."
    data["steps-0-hint_1_ru"] = "Спросите о дамах."
    response = editor_client.post(f"/admin/tutorials/lesson/{asking.pk}/change/", data, follow=True,
                                  headers={"accept-language": "en"})
    page = html.unescape(response.content.decode())
    assert response.status_code == 200 and asking.steps.get().hint_2_en.endswith("The queens.")   # saved
    assert "Step 1. The second hint (en) names “queens”, the answer's card or rank. A hint costs less" in page
    assert "Step 1. The first hint (ru) names “дамах”, the answer's card or rank." in page


def test_hints_are_read_for_the_answers_cards_in_both_languages_whole_words_only():
    play = {"deal": {}, "answer": {"type": "play", "card": "QS"}}
    assert texts_naming_the_answer(payload=play, texts={"hint_1": {"en": "Play the queen of spades now."}}) == [
        ("hint_1", "en", "queen of spades")]
    assert texts_naming_the_answer(payload=play, texts={"hint_2": {"ru": "Сбросьте даму пик."}}) == [
        ("hint_2", "ru", "даму пик")]
    assert texts_naming_the_answer(payload=play, texts={"hint_1": {"en": "Which spade is the most dangerous?"},
                                                        "body": {"en": "The queen of spades."}}) == []
    ask = {"deal": {}, "answer": {"type": "ask", "target": 1, "rank": "A"}}
    assert texts_naming_the_answer(payload=ask, texts={"hint_1": {"en": "Think of your place at the table."}}) == []
    assert texts_naming_the_answer(payload=ask, texts={"hint_1": {"en": "Two aces make half a chest."}}) == [
        ("hint_1", "en", "aces")]


@pytest.mark.parametrize("language, text, words", [
    ("en", "Get rid of your most dangerous card, the Ace of Spades.", "Ace of Spades"),
    ("en", "Play A♠ while the spades are still led.", "A♠"),
    ("en", "The payload's AS is the move.", "AS"),
    ("en", "An ace beats everything here.", "ace"),
    ("en", "No other card is as high.", None),   # "as" is no card: the engine's code is matched exactly
    ("en", "The ace of hearts is not yours to worry about; lead low.", None),   # another ace: not the rank
    ("ru", "Избавьтесь от самой опасной карты — туза пик.", "туза пик"),
    ("ru", "Сыграйте ♠Т, пока ходят пики.", "♠Т"),
    ("ru", "Пиковый туз здесь самый опасный.", "Пиковый туз"),
    ("ru", "Старше туза ничего нет.", "туза"),
    ("ru", "Подумайте, какая карта опаснее всех.", None),
])
def test_an_explanation_is_read_for_the_answers_card_or_rank_in_every_form(language, text, words):
    play = {"deal": {}, "answer": {"type": "play", "card": "AS"}}
    found = texts_naming_the_answer(payload=play, texts={"explanation": {language: text}})
    assert found == ([AnswerNamed("explanation", language, words)] if words else [])


def test_a_digit_rank_is_named_by_its_plural_in_english_not_by_the_number_word():
    ask = {"deal": {}, "answer": {"type": "ask", "target": 1, "rank": "7"}}
    texts = {"hint_1": {"en": "You have two choices.", "ru": "Семерок у вас две."},
             "hint_2": {"en": "Ask for sevens.", "ru": "Подумайте."}}
    assert texts_naming_the_answer(payload=ask, texts=texts) == [("hint_1", "ru", "семёрок"),
                                                                 ("hint_2", "en", "sevens")]


def test_an_explanation_naming_the_answer_is_saved_with_a_warning_in_the_editors_language(editor_client):
    lesson = make_lesson(slug="asking", steps=[{"kind": "question", "payload": {"deal": DEAL, "answer": ASK_QUEENS}}])
    data = change_form_data(lesson)
    data["steps-0-explanation_en"] = "You hold two queens: ask for them."
    data["steps-0-explanation_ru"] = "Спросите о дамах: их у вас две."
    english = html.unescape(editor_client.post(f"/admin/tutorials/lesson/{lesson.pk}/change/", data, follow=True,
                                               headers={"accept-language": "en"}).content.decode())
    assert lesson.steps.get().explanation_en == "You hold two queens: ask for them."   # saved
    assert ("Step 1. The explanation (en) names “queens”, the answer's card or rank. It shows after a wrong answer"
            in english)
    assert "Step 1. The explanation (ru) names “дамах”" in english

    russian = html.unescape(editor_client.post(f"/admin/tutorials/lesson/{lesson.pk}/change/", data, follow=True,
                                               headers={"accept-language": "ru"}).content.decode())
    assert "Шаг 1. Объяснение (ru) называет «дамах» — карту или достоинство из ответа." in russian
