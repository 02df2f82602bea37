"""The presets' admin in words (issue 29): each variant field a form field declared by its game, the list in words,
what uses a preset, lesson steps that end or score differently listed before a change is saved, the built-in
presets' first version, and the texts that name a renamed preset."""

from __future__ import annotations

import dataclasses
import html

import pytest
from django.core.management import call_command
from django.utils import translation
from reversion.models import Version

from games import registry
from games.models import Game, Preset
from games.preset_uses import preset_change_reviews
from games.rules import GAMES, get_game
from games.rules.variant_fields import Choice, ChoiceList, Number, NumberList
from rulebook.models import RulesPage
from tests.tutorials.helpers import ASK_QUEENS, DEAL, make_lesson, preset_form_data
from tests.tutorials.test_admin_guards import import_game
from tutorials.models import Lesson

pytestmark = pytest.mark.django_db

ENGLISH = {"headers": {"accept-language": "en"}}
RUSSIAN = {"headers": {"accept-language": "ru"}}


def url(preset: Preset, page: str = "change/") -> str:
    return f"/admin/games/preset/{preset.pk}/{page}"


def form_data(client, preset: Preset, **posted) -> dict:
    return preset_form_data(client, preset, **posted)


def page_text(response) -> str:
    return html.unescape(response.content.decode())


# -- one declaration per game ------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_key", list(GAMES))
def test_each_game_declares_every_variant_field_once_with_words_for_each_choice(game_key):
    rules, game = get_game(game_key), registry.game(game_key)
    declared = [field.name for field in rules.variant_fields]
    assert sorted(declared) == sorted(field.name for field in dataclasses.fields(type(rules.variant())))
    for field in rules.variant_fields:
        assert field.name in game.variant_field_labels
        worded = isinstance(field, ChoiceList) or (isinstance(field, Choice) and isinstance(field.options[0], str))
        if worded:   # a word such as "when-discarded" is never shown as it is; numbers and yes/no may be
            assert set(field.options) <= set(game.variant_value_labels[field.name]), field.name


def test_the_engine_refuses_what_the_declaration_refuses():
    hearts = get_game("hearts")
    for bad in ({"end_at": 0}, {"end_at": 1001}, {"pass_cycle": []}, {"pass_cycle": ["up"]}, {"moon": "never"}):
        with pytest.raises(ValueError):
            hearts.variant(**bad)
    assert hearts.variant(end_at=1000, pass_cycle=["none"]).pass_cycle == ("none",)
    with pytest.raises(ValueError, match="must list C, D, H, S once each"):
        get_game("rooster").variant(suit_order=["S", "S", "D", "C"])
    with pytest.raises(ValueError, match="from 1 to 12"):
        get_game("yashchiki").variant(hand_sizes=[13])
    assert Number("n", 1, 3).check(2) == 2 and NumberList("l", 1, 3).check([1, 3]) == (1, 3)


# -- the form and the list, in words -------------------------------------------------------------------------------


def test_the_form_shows_each_hearts_field_in_words_with_its_bounds_and_marks_what_differs(editor_client, presets):
    short = Preset.objects.get(game_key="hearts", slug="short-50")

    english = page_text(editor_client.get(url(short), **ENGLISH))
    russian = page_text(editor_client.get(url(short), **RUSSIAN))

    assert "The match ends at" in english and "From 1 to 1000." in english
    assert '<strong class="differs">Differs from the standard rules (standard: 100).</strong>' in english
    assert "26 off the shooter's total" in english and "no passing" in english
    assert 'name="variant_pass_cycle_0"' in english and 'name="fields"' not in english
    assert 'aria-label="Passing, deal by deal, place 2"' in english
    assert "Игра до" in russian and "минус 26 самому стрелявшему" in russian
    assert "Отличается от стандартных правил (стандарт: 100)." in russian
    assert "От 1 до 1000." in russian


def test_the_add_page_offers_the_games_and_then_their_fields(editor_client, presets):
    first = page_text(editor_client.get("/admin/games/preset/add/", **ENGLISH))
    assert "Choose the game to set its rules:" in first and '?game_key=hearts' in first

    hearts = page_text(editor_client.get("/admin/games/preset/add/?game_key=hearts", **ENGLISH))
    assert "The match ends at" in hearts and "As in the standard rules." in hearts


def test_the_list_shows_each_presets_fields_in_words(editor_client, presets):
    english = page_text(editor_client.get("/admin/games/preset/?game_key__exact=hearts", **ENGLISH))
    russian = page_text(editor_client.get("/admin/games/preset/?game_key__exact=hearts", **RUSSIAN))

    assert "The match ends at: 50" in english and "end_at" not in english
    assert "Shooting the moon: 26 off the shooter's total" in english
    assert "the standard rules" in english
    assert "стандартные правила" in russian and "end_at" not in russian


def test_a_change_in_words_stores_only_the_fields_that_differ(editor_client, presets):
    deck = Preset.objects.get(game_key="sunduchok", slug="deck-52")
    response = editor_client.post(url(deck), form_data(editor_client, deck, deck="36", target="next"), **ENGLISH)
    assert response.status_code == 302, page_text(response)[:3000]
    deck.refresh_from_db()
    assert deck.fields == {"target": "next"}

    bicycle = Preset.objects.get(game_key="hearts", slug="bicycle")
    data = form_data(editor_client, bicycle)
    data.update({"variant_pass_cycle_0": "left", "variant_pass_cycle_1": "", "variant_pass_cycle_2": "across",
                 "variant_pass_cycle_3": ""})
    assert editor_client.post(url(bicycle), data).status_code == 302
    bicycle.refresh_from_db()
    assert bicycle.fields == {"pass_cycle": ["left", "across"], "qs_breaks_hearts": "when-discarded"}

    short = Preset.objects.get(game_key="yashchiki", slug="short")
    assert editor_client.post(url(short), form_data(editor_client, short, hand_sizes="3, 2 1")).status_code == 302
    short.refresh_from_db()
    assert short.fields == {"hand_sizes": [3, 2, 1]}

    flags = Preset.objects.get(game_key="sunduchok", slug="standard")
    assert editor_client.post(url(flags), form_data(editor_client, flags, show_chests="false")).status_code == 302
    flags.refresh_from_db()
    assert flags.fields == {"show_chests": False}


@pytest.mark.parametrize(("game_key", "slug", "changes", "message"), [
    ("hearts", "short-50", {"end_at": "0"}, "Ensure this value is greater than or equal to 1."),
    ("hearts", "short-50", {"moon": "never"}, "Select a valid choice."),
    ("rooster", "standard", {"suit_order_0": "S", "suit_order_1": "S"},
     "Choose each of clubs, diamonds, hearts, spades once."),
    ("yashchiki", "short", {"hand_sizes": "3 x"}, "Write whole numbers separated by spaces, e.g. 8 7 6."),
    ("yashchiki", "short", {"hand_sizes": "13"}, "Write 1 to 30 numbers, each from 1 to 12."),
])
def test_bad_input_gets_a_clear_message_and_changes_nothing(editor_client, presets, game_key, slug, changes,
                                                            message):
    preset = Preset.objects.get(game_key=game_key, slug=slug)
    before = dict(preset.fields)

    response = editor_client.post(url(preset), form_data(editor_client, preset, **changes), **ENGLISH)

    assert response.status_code == 200
    assert message in page_text(response)
    preset.refresh_from_db()
    assert preset.fields == before


# -- what uses a preset --------------------------------------------------------------------------------------------


def test_the_presets_page_lists_the_lessons_and_games_that_use_it(editor_client, presets):
    import_game("hearts")
    short = Preset.objects.get(game_key="hearts", slug="short-50")
    lesson = Lesson.objects.get(game_key="hearts", preset=short)
    Game.objects.create(game_key="hearts", preset="short-50", variant={"end_at": 50}, seed=1, seats=[{}] * 4)

    page = page_text(editor_client.get(url(short), **ENGLISH))

    assert "Lessons: 1" in page and f"/admin/tutorials/lesson/{lesson.pk}/change/" in page
    assert f"/admin/tutorials/lesson/?preset__id__exact={short.pk}" in page
    assert "Games played (against bots, in classes and at tables): 1" in page
    assert "Class assignments: 0" in page and "Puzzles: 0" in page and "Tables of people: 0" in page
    assert "Disputed points on the rules pages: 0" in page
    puzzles = editor_client.get(f"/admin/puzzles/puzzle/?game_key=hearts&preset={short.slug}")   # the puzzles' link
    assert puzzles.status_code == 200 and puzzles.context["cl"].result_count == 0
    assert "Уроки: 1" in page_text(editor_client.get(url(short), **RUSSIAN))


# -- a change that makes a lesson's steps end or score differently -------------------------------------------------


def test_a_change_that_ends_a_lesson_differently_is_listed_and_saved_only_when_confirmed(editor_client, presets):
    import_game("hearts")
    short = Preset.objects.get(game_key="hearts", slug="short-50")
    lesson = Lesson.objects.get(game_key="hearts", preset=short)

    refused = editor_client.post(url(short), form_data(editor_client, short, end_at="75"), **ENGLISH)

    assert refused.status_code == 200
    page = page_text(refused)
    assert "Under the new rules these lesson steps end, score or go on differently, so nothing was saved" in page
    assert f"“{lesson.title_en}”, step" in page and "the game is no longer over" in page
    assert 'type="checkbox" name="confirm_changes"' in page and "I have read this list; save anyway" in page
    short.refresh_from_db()
    assert short.fields == {"end_at": 50}

    confirmed = editor_client.post(url(short), {**form_data(editor_client, short, end_at="75"),
                                                "confirm_changes": "on"}, **ENGLISH)
    assert confirmed.status_code == 302
    short.refresh_from_db()
    assert short.fields == {"end_at": 75}


def test_the_list_is_said_in_russian_too_and_a_change_no_step_notices_saves_at_once(editor_client, presets):
    import_game("hearts")
    short = Preset.objects.get(game_key="hearts", slug="short-50")
    refused = page_text(editor_client.post(url(short), form_data(editor_client, short, end_at="75"), **RUSSIAN))
    assert "Я прочитал(а) этот список; сохранить всё равно" in refused and "партия больше не окончена" in refused

    unused = Preset.objects.get(game_key="hearts", slug="moon-choice")
    assert editor_client.post(url(unused), form_data(editor_client, unused, end_at="75")).status_code == 302


def test_a_step_that_no_longer_replays_is_refused_even_when_confirmed(editor_client, presets):
    import_game("hearts")
    standard = Preset.objects.get(game_key="hearts", slug="standard")
    data = form_data(editor_client, standard)
    data.update({"variant_pass_cycle_0": "none", "variant_pass_cycle_1": "", "variant_pass_cycle_2": "",
                 "variant_pass_cycle_3": "", "confirm_changes": "on"})

    response = editor_client.post(url(standard), data, **ENGLISH)

    assert response.status_code == 200
    assert "Lessons on this preset could no longer show these steps, so nothing was saved" in page_text(response)
    standard.refresh_from_db()
    assert standard.fields == {}


# -- history and names ---------------------------------------------------------------------------------------------


def test_load_builtin_data_gives_each_builtin_preset_a_first_version(editor_client):
    call_command("load_builtin_data", verbosity=0)

    for preset in Preset.objects.filter(is_builtin=True):
        versions = Version.objects.get_for_object(preset)
        assert versions.count() == 1, preset
        assert versions.first().field_dict["fields"] == preset.fields
    short = Preset.objects.get(game_key="hearts", slug="short-50")
    history = page_text(editor_client.get(url(short, "history/"), **ENGLISH))
    assert "Built-in presets loaded by load_builtin_data" in history

    call_command("load_builtin_data", verbosity=0)   # a second load adds nothing to the history
    assert Version.objects.get_for_object(short).count() == 1


def test_presets_loaded_before_they_had_a_history_get_their_first_version_on_the_next_load(presets):
    short = Preset.objects.get(game_key="hearts", slug="short-50")
    assert not Version.objects.get_for_object(short).exists()

    call_command("load_builtin_data", verbosity=0)

    assert Version.objects.get_for_object(short).count() == 1


def test_a_renamed_preset_lists_the_lessons_and_rules_pages_that_name_it_by_its_old_name(editor_client, presets):
    import_game("hearts")
    page = RulesPage.objects.create(game_key="hearts", intro_ru="Правила.",
                                    intro_en="For a shorter match play the **Short match (50)** rules.")
    short = Preset.objects.get(game_key="hearts", slug="short-50")
    lesson = Lesson.objects.get(game_key="hearts", slug="end-of-match")
    data = {**form_data(editor_client, short), "name_en": "Short match (75)"}

    response = editor_client.post(url(short), data, follow=True, **ENGLISH)

    text = page_text(response)
    assert "these texts name it by its old name (“Short match (50)”): review them." in text
    assert f"/admin/tutorials/lesson/{lesson.pk}/change/" in text
    assert f"/admin/rulebook/rulespage/{page.pk}/change/" in text and "Rules of Hearts" in text
    short.refresh_from_db()
    assert short.name_en == "Short match (75)"


def test_the_lists_order_boxes_leave_the_variant_fields_alone_and_a_missing_field_is_refused(editor_client, presets):
    short = Preset.objects.get(game_key="hearts", slug="short-50")
    listing = editor_client.get("/admin/games/preset/?game_key__exact=hearts")
    formset = listing.context["cl"].formset
    data = {"form-TOTAL_FORMS": len(formset.forms), "form-INITIAL_FORMS": len(formset.forms), "_save": "Save"}
    for index, form in enumerate(formset.forms):
        data.update({f"form-{index}-id": form.instance.pk, f"form-{index}-order": form.instance.order + 1})
    assert editor_client.post("/admin/games/preset/?game_key__exact=hearts", data).status_code == 302
    short.refresh_from_db()
    assert short.fields == {"end_at": 50} and short.order == 5

    data = form_data(editor_client, short)
    del data["variant_end_at"]
    response = editor_client.post(url(short), data, **ENGLISH)
    assert response.status_code == 200 and "This field is required." in page_text(response)
    short.refresh_from_db()
    assert short.fields == {"end_at": 50}


def test_a_practice_step_is_listed_with_its_goal_and_the_rules_that_change(presets):
    preset = Preset.objects.get(game_key="sunduchok", slug="standard")
    lesson = make_lesson(preset=preset, steps=[
        {"kind": "replay", "payload": {"deal": DEAL, "actions": [ASK_QUEENS]}},
        {"kind": "practice", "payload": {"deal": DEAL, "bots": ["medium"], "goal": {"type": "win"}}}])
    old, new = preset.variant(), get_game("sunduchok").variant(show_chests=False)

    with translation.override("en"):
        reviews = preset_change_reviews(preset, old, new)
        assert preset_change_reviews(preset, old, old) == []

    assert [(review.where, review.url) for review in reviews] == [
        ("“Queens”, step 2", f"/admin/tutorials/lesson/{lesson.pk}/change/")]
    assert reviews[0].what == ("its practice game is played under the changed rules (Chests laid down face up: yes → "
                               "no): check that its goal “Win the game.” still fits")


def test_a_preset_is_restored_to_its_first_version_from_its_history(editor_client):
    call_command("load_builtin_data", verbosity=0)
    short = Preset.objects.get(game_key="hearts", slug="short-50")
    Lesson.objects.filter(preset=short).update(preset=None)   # no lesson to review: only the history is tested
    first = Version.objects.get_for_object(short).get()
    assert editor_client.post(url(short), form_data(editor_client, short, end_at="60")).status_code == 302
    short.refresh_from_db()
    assert short.fields == {"end_at": 60}

    revert_page = editor_client.get(url(short, f"history/{first.pk}/"), **ENGLISH)
    assert revert_page.status_code == 200 and 'name="variant_end_at" value="50"' in revert_page.content.decode()
    data = {**form_data(editor_client, short), "variant_end_at": "50"}
    assert editor_client.post(url(short, f"history/{first.pk}/"), data).status_code == 302
    short.refresh_from_db()
    assert short.fields == {"end_at": 50}
