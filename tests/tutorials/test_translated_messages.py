"""The messages editors and players read come in the active language: Russian (the site's default) or English."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from games.forms import ActionPostError, action_from_post
from games.models import Preset
from games.rules import get_game
from tests.tutorials.helpers import ASK_QUEENS, DEAL
from tutorials.payloads import PayloadError, validate_step_payload

STANDARD = get_game("sunduchok").variant()


def refusal(kind: str, payload) -> str:
    with pytest.raises(PayloadError) as refused:
        validate_step_payload(game_key="sunduchok", variant=STANDARD, kind=kind, payload=payload)
    return str(refused.value)


@pytest.mark.parametrize("language, message", [
    ("ru", "Ход 2 ({'type': 'count', 'count': 5}) здесь невозможен: Назовите число от 1 до 2."),
    ("en", "Action 2 ({'type': 'count', 'count': 5}) is not legal here: Name a number from 1 to 2."),
])
def test_an_illegal_action_is_named_with_the_engines_reason_in_the_active_language(language, message):
    payload = {"deal": DEAL, "actions": [ASK_QUEENS, {"type": "count", "count": 5}]}

    with translation.override(language):
        assert refusal("replay", payload) == message


@pytest.mark.parametrize("language, message", [
    ("ru", "Ответ ({'type': 'ask', 'target': 1, 'rank': 'K'}) здесь невозможен: Спрашивать можно только достоинство, "
           "которое есть у вас на руке, а у вас нет королей."),
    ("en", "The answer ({'type': 'ask', 'target': 1, 'rank': 'K'}) is not legal here: "
           "You can only ask for a rank you hold, and you hold no kings."),
])
def test_a_wrong_answer_is_refused_in_the_active_language(language, message):
    payload = {"deal": DEAL, "answer": {"type": "ask", "target": 1, "rank": "K"}}

    with translation.override(language):
        assert refusal("question", payload) == message


@pytest.mark.parametrize("language, messages", [
    ("ru", ["Поле цели «count» должно быть числом сундучков от 1 до 9.",
            "В данных шага типа «replay» нет поля «action» (допустимые поля: actions, deal, seat, show_all_hands).",
            "Поле «seat» должно быть номером места от 0 до 1, а не 2."]),
    ("en", ["The goal's 'count' must be a number of chests from 1 to 9.",
            "A replay step's payload has no field 'action' (known: actions, deal, seat, show_all_hands).",
            "'seat' must be a seat number from 0 to 1, not 2."]),
])
def test_payload_shape_errors_come_in_the_active_language(language, messages):
    with translation.override(language):
        assert [
            refusal("practice", {"deal": DEAL, "bots": ["medium"], "goal": {"type": "chests", "count": 10}}),
            refusal("replay", {"deal": DEAL, "action": []}),
            refusal("replay", {"deal": DEAL, "seat": 2}),
        ] == messages


@pytest.mark.django_db
@pytest.mark.parametrize("language, fields, message", [
    ("ru", [["deck", 52]], 'Запишите поля варианта объектом JSON, например {"deck": 52}.'),
    ("en", [["deck", 52]], 'Write the variant fields as a JSON object, e.g. {"deck": 52}.'),
    ("ru", {"preset": "deck-52"}, "«preset» — не поле варианта: запишите сами поля."),
    ("en", {"preset": "deck-52"}, "'preset' is not a variant field: write the fields themselves."),
])
def test_a_presets_validation_error_comes_in_the_active_language(language, fields, message):
    preset = Preset(game_key="sunduchok", slug="mine", name_ru="Моя", name_en="Mine", fields=fields)

    with translation.override(language), pytest.raises(ValidationError) as refused:
        preset.full_clean()

    assert refused.value.message_dict["fields"] == [message]


@pytest.mark.parametrize("language, message", [
    ("ru", "Не указан номер хода: обновите страницу и попробуйте ещё раз."),
    ("en", "The move number is missing: reload the page and try again."),
])
def test_an_unreadable_posted_move_is_explained_in_the_active_language(language, message):
    with translation.override(language), pytest.raises(ActionPostError) as refused:
        action_from_post({"type": "ask", "target": "1", "rank": "Q"}, game_key="sunduchok")

    assert str(refused.value) == message
