"""Lesson files: export → import round trip, refused imports, and the built-in lessons of `make run`."""

import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation
from reversion.models import Version

from games.models import Preset
from tests.tutorials.helpers import ASK_QUEENS, DEAL, make_lesson
from tutorials.documents import lesson_document
from tutorials.models import Lesson, LessonStep

pytestmark = pytest.mark.django_db
EXAMPLE = Path(__file__).resolve().parents[2] / "content" / "lessons" / "sunduchok" / "two-queens.json"


def everything() -> list:
    return [lesson_document(lesson) for lesson in Lesson.objects.order_by("game_key", "slug")]


def test_export_then_import_gives_the_same_lessons(tmp_path, presets):
    make_lesson(slug="queens", preset=Preset.objects.get(game_key="sunduchok", slug="standard"), summary_ru="Кратко",
                order=2)
    make_lesson(slug="other", published=False, title_en=None)
    exported = everything()

    call_command("export_lessons", "--dir", str(tmp_path))
    files = sorted(path.relative_to(tmp_path).as_posix() for path in tmp_path.rglob("*.json"))
    assert files == ["sunduchok/other.json", "sunduchok/queens.json"]
    first_text = (tmp_path / "sunduchok" / "queens.json").read_text(encoding="utf-8")

    Lesson.objects.all().delete()
    call_command("import_lessons", "--dir", str(tmp_path))

    assert everything() == exported
    call_command("export_lessons", "--dir", str(tmp_path))
    assert (tmp_path / "sunduchok" / "queens.json").read_text(encoding="utf-8") == first_text


def test_a_file_is_readable_json_with_every_language(tmp_path):
    make_lesson()

    call_command("export_lessons", "--dir", str(tmp_path))

    text = (tmp_path / "sunduchok" / "queens.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert list(data) == ["format", "game", "slug", "order", "preset", "published", "title", "summary", "steps"]
    assert data["title"] == {"ru": "Дамы", "en": "Queens"}
    assert data["steps"][2]["hint_1"] == {"ru": "Подсказка", "en": "A hint"}
    assert '\n  "title": {"ru": "Дамы", "en": "Queens"},\n' in text
    assert '{"rank": "Q", "target": 1, "type": "ask"}' in text   # one action, one line


def test_import_replaces_an_existing_lessons_steps(tmp_path):
    lesson = make_lesson()
    call_command("export_lessons", "--dir", str(tmp_path))
    path = tmp_path / "sunduchok" / "queens.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["title"]["en"] = "Queens again"
    data["steps"] = data["steps"][:1]
    path.write_text(json.dumps(data), encoding="utf-8")
    LessonStep.objects.create(lesson=lesson, number=9, kind="text")

    call_command("import_lessons", "--dir", str(tmp_path))

    lesson.refresh_from_db()
    assert lesson.title_en == "Queens again"
    assert list(lesson.steps.values_list("number", flat=True)) == [1]
    assert Version.objects.get_for_object(lesson).first().revision.comment == "Imported from lesson files"


def bad_import(tmp_path, change) -> str:
    make_lesson()
    make_lesson(slug="second")
    call_command("export_lessons", "--dir", str(tmp_path))
    path = tmp_path / "sunduchok" / "second.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    Lesson.objects.filter(slug="queens").update(title_en="Edited here")
    before = everything()

    with pytest.raises(CommandError) as refused:
        call_command("import_lessons", "--dir", str(tmp_path))

    assert everything() == before   # the valid file (queens.json, read first) was not imported either
    return str(refused.value)


def test_an_import_with_an_illegal_action_changes_nothing_and_names_the_file_and_step(tmp_path):
    def illegal(data):
        data["steps"][1]["payload"] = {"deal": DEAL, "actions": [ASK_QUEENS, {"type": "count", "count": 5}]}

    with translation.override("en"):   # the command speaks the active language; the site's default is Russian
        message = bad_import(tmp_path, illegal)

    assert message.startswith("Nothing was imported. ")
    assert f"{tmp_path}/sunduchok/second.json, step 2: payload: Action 2 " in message
    assert "is not legal here: Name a number from 1 to 2." in message


def test_an_import_of_a_malformed_file_changes_nothing(tmp_path):
    def malformed(data):
        del data["steps"][0]["kind"]

    assert "second.json: step 1 has no 'kind'." in bad_import(tmp_path, malformed)


def test_an_import_naming_an_unknown_preset_changes_nothing(tmp_path):
    def unknown_preset(data):
        data["preset"] = "no-such-preset"

    assert "second.json: there is no preset 'no-such-preset' for sunduchok." in bad_import(tmp_path, unknown_preset)


def test_the_example_lesson_is_valid_and_loads_with_builtin_data(capsys):
    call_command("load_builtin_data")

    from games.rules import GAMES

    presets = sum(len(game.presets) for game in GAMES.values())
    assert f"Presets: {presets} created." in capsys.readouterr().out
    lesson = Lesson.objects.get(game_key="sunduchok", slug="two-queens")
    assert lesson.preset.slug == "standard" and lesson.published
    assert lesson.title_ru == "Две дамы переходят к вам" and lesson.title_en == "Two queens pass to you"
    assert [step.kind for step in lesson.steps.all()] == ["text", "replay", "question", "question", "replay",
                                                          "text"]
    for step in lesson.steps.all():
        step.full_clean()
        assert step.body_ru and step.body_en
    answers = [step.payload["answer"] for step in lesson.steps.filter(kind="question")]
    assert answers == [ASK_QUEENS, {"type": "count", "count": 2}]
    assert json.loads(EXAMPLE.read_text(encoding="utf-8")) == lesson_document(lesson)


def test_load_builtin_data_twice_changes_nothing_and_keeps_editors_changes(capsys):
    call_command("load_builtin_data")
    lesson = Lesson.objects.get(slug="two-queens")
    lesson.title_en = "Edited by an editor"
    lesson.save()
    lesson.steps.filter(number=6).delete()
    before = (everything(), list(Preset.objects.values()))
    capsys.readouterr()

    call_command("load_builtin_data")

    assert (everything(), list(Preset.objects.values())) == before
    assert "Presets: 0 created." in capsys.readouterr().out


def test_load_builtin_data_reset_puts_the_files_lessons_back():
    call_command("load_builtin_data")
    lesson = Lesson.objects.get(slug="two-queens")
    lesson.title_en = "Edited by an editor"
    lesson.save()
    lesson.steps.filter(number=6).delete()

    call_command("load_builtin_data", "--reset")

    lesson.refresh_from_db()
    assert lesson.title_en == "Two queens pass to you"
    assert lesson.steps.count() == 6


def test_the_example_file_is_written_exactly_as_export_writes_it(tmp_path):
    call_command("load_builtin_data")

    call_command("export_lessons", "--dir", str(tmp_path))

    assert (tmp_path / "sunduchok" / "two-queens.json").read_bytes() == EXAMPLE.read_bytes()
