import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from games import services as game_services
from games.models import Preset
from games.rules import GAMES, get_game
from games.selectors import presets_for_game

pytestmark = pytest.mark.django_db


def preset(**fields) -> Preset:
    return Preset(game_key="sunduchok", slug="mine", name_ru="Моя", name_en="Mine", fields=fields)


def test_a_good_preset_is_valid_and_gives_the_engines_variant():
    mine = preset(deck=52, target="next")

    mine.full_clean()

    assert mine.variant() == get_game("sunduchok").variant(deck=52, target="next")


def test_an_empty_preset_is_the_standard_game():
    mine = preset()

    mine.full_clean()

    assert mine.variant() == get_game("sunduchok").variant()


def test_an_unknown_field_is_refused_with_the_engines_message():
    with pytest.raises(ValidationError) as refused:
        preset(decks=52).full_clean()

    assert refused.value.message_dict["fields"] == [
        "Unknown variant field 'decks' for Sunduchok (known: deal_all, deck, hand_size, must_hold_rank, questions, "
        "show_chests, target)."]


def test_a_bad_value_is_refused_with_the_engines_message():
    with pytest.raises(ValidationError) as refused:
        preset(deck=40).full_clean()

    assert refused.value.message_dict["fields"] == ["Variant field 'deck' must be one of 36, 52, not 40."]


def test_a_bool_is_not_a_number_and_a_list_is_not_a_set_of_fields():
    with pytest.raises(ValidationError) as refused:
        preset(hand_size=True).full_clean()
    assert "Variant field 'hand_size' must be a whole number from 1 to 9" in refused.value.message_dict["fields"][0]

    listed = Preset(game_key="sunduchok", slug="list", name_ru="Список", fields=[["deck", 52]])
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        listed.full_clean()
    assert "JSON object" in refused.value.message_dict["fields"][0]


def test_builtin_sync_creates_every_engine_preset_once():
    created = game_services.preset_sync_builtin()

    assert sorted((p.game_key, p.slug) for p in created) == sorted(
        (key, slug) for key, game in GAMES.items() for slug in game.presets)
    for key, engine in GAMES.items():
        assert list(presets_for_game(key).values_list("slug", flat=True)) == list(engine.presets)
    for row in Preset.objects.all():
        engine = get_game(row.game_key)
        assert row.is_builtin
        assert row.fields == engine.presets[row.slug]
        assert row.description_en == engine.preset_descriptions[row.slug]
        assert row.name_ru and row.description_ru and row.description_ru != row.description_en
        row.full_clean()
    assert Preset.objects.get(slug="deck-52").name_ru == "Колода из 52 карт"
    assert Preset.objects.get(game_key="hearts", slug="moon-choice").name_ru == "Луна: на выбор"
    assert game_services.preset_sync_builtin() == []
    assert Preset.objects.count() == sum(len(game.presets) for game in GAMES.values())


def test_builtin_sync_leaves_editors_changes_and_brings_back_a_deleted_one():
    game_services.preset_sync_builtin()
    edited = Preset.objects.get(slug="aurabox")
    edited.name_ru, edited.description_en, edited.fields = "Один вопрос", "Edited.", {"questions": "rank-only",
                                                                                        "deck": 52}
    edited.save()
    Preset.objects.filter(slug="deal-all").delete()

    created = game_services.preset_sync_builtin()

    assert [p.slug for p in created] == ["deal-all"]
    edited.refresh_from_db()
    assert (edited.name_ru, edited.description_en) == ("Один вопрос", "Edited.")
    assert edited.fields == {"questions": "rank-only", "deck": 52}
