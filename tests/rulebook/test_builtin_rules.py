"""The built-in rules pages (content/rules/): one per game, in Russian and English, loaded by `make run`;
every section links to a lesson step, every example replays through the engine."""

from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils.html import escape

from games import registry
from games.rules import GAMES, get_game
from rulebook.documents import read_rules_documents
from rulebook.models import DisputedPoint, RulesPage, RulesSection
from rulebook.services import rules_pages_import
from tests.web.helpers import assert_no_hidden_cards
from tutorials.models import LessonStep
from tutorials.payloads import position_from_payload, validate_step_payload

RULES_DIR = Path(settings.BASE_DIR) / "content" / "rules"
DOCUMENTS = {document.data["game"]: document.data for document in read_rules_documents(RULES_DIR)}
QUESTIONS = [(game_key, question) for game_key, data in DOCUMENTS.items() for question in data["questions"]]

# The disputed points the rules pages must settle, by slug: Sunduchok's classic arguments, the Hearts source's
# own questions, and the points shared/rules/ marks *house* for Rooster and Yashchiki.
REQUIRED_QUESTIONS = {
    "sunduchok": {"ask-rank-not-held", "suits-half-right", "draw-after-success", "empty-hand", "empty-stock", "ties"},
    "hearts": {"who-leads-first", "pass-two-of-clubs", "no-trumps", "points-on-first-trick", "queen-value",
               "moon-score", "reaching-100"},
    "rooster": {"throw-in-turn-order", "nobody-left-no-rooster"},
    "yashchiki": {"upcard-effect", "must-play-when-able", "pair-acts-once", "empty-stock", "last-card",
                  "three-threes", "pair-of-twos"},
}


def test_every_game_has_a_rules_file_and_nothing_else_does():
    assert sorted(DOCUMENTS) == sorted(GAMES)
    assert sorted(path.stem for path in RULES_DIR.glob("*.json")) == sorted(GAMES)


@pytest.mark.parametrize(("game_key", "question"), QUESTIONS, ids=[f"{g}-{q['slug']}" for g, q in QUESTIONS])
def test_every_builtin_example_replays_through_the_engine(game_key, question):
    example = question["example"]
    if not example:
        pytest.skip("no example")
    variant = get_game(game_key).variant()

    validate_step_payload(game_key=game_key, variant=variant, kind="replay", payload=example)
    state = position_from_payload(game_key, variant, example)

    # Replayed one action at a time from the deal, the example reaches the same position.
    again = position_from_payload(game_key, variant, {"deal": example["deal"]})
    for action in example.get("actions", []):
        assert action in again.legal_actions() or again.apply(action)   # legal as listed, or as the engine reads it
        again = again.apply(action)
    assert again.to_dict() == state.to_dict()


@pytest.mark.parametrize("game_key", list(DOCUMENTS))
def test_each_file_is_complete_in_both_languages(game_key):
    data = DOCUMENTS[game_key]
    texts = [data["intro"]] + [item[name] for item in data["sections"] for name in ("title", "body")] + [
        item[name] for item in data["questions"] for name in ("question", "answer")]
    for text in texts:
        assert text["ru"].strip() and text["en"].strip(), text
    assert len(data["sections"]) >= 5 and len(data["questions"]) >= 5
    assert sum(1 for item in data["questions"] if item["example"]) >= 3


@pytest.mark.parametrize(("game_key", "slugs"), REQUIRED_QUESTIONS.items())
def test_the_required_disputed_points_are_answered(game_key, slugs):
    assert slugs <= {question["slug"] for question in DOCUMENTS[game_key]["questions"]}


@pytest.mark.parametrize("game_key", list(GAMES))
def test_every_field_and_value_of_the_builtin_presets_is_labelled(game_key):
    game, declared = get_game(game_key), registry.game(game_key)
    for slug in game.presets:
        for field, value in game.variant(preset=slug).to_dict().items():
            assert field in declared.variant_field_labels
            labels = declared.variant_value_labels.get(field, {})
            if isinstance(value, str):
                assert value in labels, (field, value)
            if isinstance(value, list) and labels:
                assert set(value) <= set(labels), (field, value)


@pytest.mark.django_db
def test_load_builtin_data_loads_every_page_with_its_links_and_the_pages_open(client, capsys):
    call_command("load_builtin_data")

    assert "Rules pages: 4 created, 0 reset, 0 left as they were." in capsys.readouterr().out
    assert RulesPage.objects.count() == len(GAMES)
    for section in RulesSection.objects.select_related("lesson", "page"):
        if section.lesson is not None:
            assert section.lesson.game_key == section.page.game_key and section.lesson.published
            assert LessonStep.objects.filter(lesson=section.lesson, number=section.lesson_step).exists()
    assert RulesSection.objects.filter(lesson__isnull=False).count() >= RulesSection.objects.count() * 0.8
    for language in ("ru", "en"):
        for game_key, data in DOCUMENTS.items():
            response = client.get(f"/rules/{game_key}/", headers={"accept-language": language})
            html = response.content.decode()
            assert response.status_code == 200
            for item in data["sections"]:
                assert f'id="rule-{item["slug"]}"' in html and escape(item["title"][language]) in html
            for item in data["questions"]:
                assert f'id="dispute-{item["slug"]}"' in html


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "ru"])
def test_no_example_shows_a_card_its_seat_cannot_see_until_the_reader_opens_the_hands(client, language):
    call_command("load_builtin_data", "-v0")
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    for game_key, question in QUESTIONS:
        example = question["example"]
        if not example:
            continue
        state = position_from_payload(game_key, get_game(game_key).variant(), example)
        address = f"/rules/{game_key}/?question={question['slug']}"
        html = client.get(address, HTTP_HX_REQUEST="true").content.decode()
        # The editor's answer may name any card; the table and its log show only the seat's view.
        figure = html[html.index('<figure class="rules-example">'):html.index("</figure>")]
        assert_no_hidden_cards(figure, state, example.get("seat", 0))
        others_hold_cards = any(size for other, size in enumerate(state.view(None)["hand_sizes"])
                                if other != example.get("seat", 0))
        if example.get("show_all_hands") and others_hold_cards:
            opened = client.get(f"{address}&open={question['slug']}", HTTP_HX_REQUEST="true").content.decode()
            assert "hand--open" in opened


@pytest.mark.django_db
def test_load_builtin_data_keeps_editors_changes_and_reset_puts_the_files_back(capsys):
    call_command("load_builtin_data")
    page = RulesPage.objects.get(game_key="hearts")
    page.intro_en = "Edited by an editor"
    page.save()
    page.questions.first().delete()
    questions = DisputedPoint.objects.count()

    call_command("load_builtin_data")

    page.refresh_from_db()
    assert page.intro_en == "Edited by an editor" and DisputedPoint.objects.count() == questions
    assert "Rules pages: 0 created, 0 reset, 4 left as they were." in capsys.readouterr().out

    call_command("load_builtin_data", "--reset")

    page.refresh_from_db()
    assert page.intro_en == DOCUMENTS["hearts"]["intro"]["en"]
    assert page.questions.count() == len(DOCUMENTS["hearts"]["questions"])


@pytest.mark.django_db
def test_the_files_are_written_exactly_as_export_rules_writes_them(tmp_path):
    call_command("load_builtin_data", "-v0")

    call_command("export_rules", "--dir", str(tmp_path), "-v0")

    for path in RULES_DIR.glob("*.json"):
        assert (tmp_path / path.name).read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), path.name


@pytest.mark.django_db
def test_an_editors_change_exported_and_loaded_again_is_the_same_page(tmp_path):
    call_command("load_builtin_data", "-v0")
    page = RulesPage.objects.get(game_key="rooster")
    question = page.questions.order_by("order").first()
    question.answer_en = "Edited: **no**."
    question.save()
    call_command("export_rules", "--dir", str(tmp_path), "--game", "rooster", "-v0")
    assert [path.name for path in tmp_path.iterdir()] == ["rooster.json"]
    page.delete()

    rules_pages_import(documents=read_rules_documents(tmp_path), overwrite=False)

    assert RulesPage.objects.get(game_key="rooster").questions.get(slug=question.slug).answer_en == "Edited: **no**."
