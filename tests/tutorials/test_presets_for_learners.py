"""Presets "shown to learners": a preset for developers (Hearts' OpenSpiel cross-check) is offered nowhere a
learner or a teacher chooses rules — the new-game, table and assignment forms, the rules pages — and posting its
slug by hand is refused with a message; the staff may try it in a game of their own. Built-in presets get the
flag from load_builtin_data, databases that had them already from the migration."""

from __future__ import annotations

import html
import re

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from classroom.models import Assignment
from classroom.services import ClassroomError
from games.models import Game, Preset
from games.services import preset_sync_builtin
from rulebook.models import DisputedPoint
from tests.classroom.helpers import class_with_students, practice_assignment, signed_in
from tests.rulebook.helpers import make_page
from together.models import Table

pytestmark = pytest.mark.django_db

REFUSED = "These rules are not offered here: choose one of the rule sets listed."


def english(**defaults) -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en", **defaults)


def offered(page: str) -> list[str]:
    """The preset slugs a form's radio buttons or select offer."""
    return re.findall(r'<(?:input type="radio" name="preset"|option) value="([^"]+)"', page)


def test_load_builtin_data_hides_the_developers_preset_and_shows_the_others():
    preset_sync_builtin()

    hidden = list(Preset.objects.filter(shown_to_learners=False).values_list("game_key", "slug"))
    assert hidden == [("hearts", "openspiel")]
    assert Preset.objects.filter(shown_to_learners=True).count() == Preset.objects.count() - 1


@pytest.mark.django_db(transaction=True)
def test_the_migration_hides_the_developers_preset_of_an_existing_database():
    executor = MigrationExecutor(connection)
    executor.migrate([("tutorials", "0003_progress_step_states")])
    before = executor.loader.project_state([("tutorials", "0003_progress_step_states")]).apps
    OldPreset = before.get_model("tutorials", "Preset")
    for slug in ("openspiel", "bicycle"):
        OldPreset.objects.create(game_key="hearts", slug=slug, name_en=slug, name_ru=slug, is_builtin=True)
    # An editor's own preset of the same slug in another game is not the built-in one.
    OldPreset.objects.create(game_key="sunduchok", slug="openspiel", name_en="Mine", name_ru="Мой")

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    shown = dict(Preset.objects.filter(game_key="hearts").values_list("slug", "shown_to_learners"))
    assert shown == {"openspiel": False, "bicycle": True}
    assert Preset.objects.get(game_key="sunduchok", slug="openspiel").shown_to_learners


def test_a_learner_is_not_offered_the_hidden_preset_and_posting_it_is_refused():
    preset_sync_builtin()
    client = english()
    page = client.get(reverse("new_game", args=["hearts"])).content.decode()
    assert "openspiel" not in offered(page) and "OpenSpiel" not in page and "bicycle" in offered(page)

    response = client.post(reverse("new_game", args=["hearts"]), {"preset": "openspiel", "players": 4})

    assert response.status_code == 400 and REFUSED in html.unescape(response.content.decode())
    assert not Game.objects.exists()


def test_a_preset_of_another_game_is_refused_with_the_same_message():
    preset_sync_builtin()
    response = english().post(reverse("new_game", args=["hearts"]), {"preset": "deck-52", "players": 4})
    assert response.status_code == 400 and REFUSED in html.unescape(response.content.decode())


def test_the_staff_may_try_a_hidden_preset_in_a_game_of_their_own(django_user_model):
    preset_sync_builtin()
    staff = django_user_model.objects.create_user("eda", password="pw-for-tests", is_staff=True)
    client = english()
    client.force_login(staff)
    page = client.get(reverse("new_game", args=["hearts"])).content.decode()
    assert "openspiel" in offered(page) and "(hidden from learners)" in page
    assert page.count("(hidden from learners)") == 1

    response = client.post(reverse("new_game", args=["hearts"]), {"preset": "openspiel", "players": 4})

    assert response.status_code == 302
    assert Game.objects.get().preset == "openspiel"


def test_a_table_is_not_opened_with_the_hidden_preset():
    preset_sync_builtin()
    client = english()
    page = client.get(reverse("table_new", args=["hearts"])).content.decode()
    assert "openspiel" not in offered(page) and "OpenSpiel" not in page

    response = client.post(reverse("table_new", args=["hearts"]), {
        "preset": "openspiel", "players": 4, "stand_in_level": "easy", "away_after": "180",
        **{f"seat_{seat}": "person" if seat < 2 else "easy" for seat in range(4)}})

    assert response.status_code == 400 and REFUSED in html.unescape(response.content.decode())
    assert not Table.objects.exists()


def test_a_teacher_is_not_offered_the_hidden_preset_for_an_assignment():
    classroom, teacher_user, _ = class_with_students("masha")
    url = reverse("assignment_new", args=[classroom.pk]) + "?game=hearts"
    client = signed_in(teacher_user)
    page = client.get(url).content.decode()
    assert "openspiel" not in offered(page) and "short-50" in offered(page)

    response = client.post(url, {"game": "hearts", "title": "Developers' rules", "rounds": 1, "preset": "openspiel",
                                 "players": 4, "bot_1": "easy", "bot_2": "easy", "bot_3": "easy", "goal": "none",
                                 "goal_count": 0})

    assert response.status_code == 400 and REFUSED in html.unescape(response.content.decode())
    assert not Assignment.objects.exists()
    # The service refuses it too, named by its name, for a caller that skips the form.
    with pytest.raises(ClassroomError, match="The rules “OpenSpiel” are hidden from learners"):
        practice_assignment(classroom, teacher_user, game_key="hearts", preset="openspiel", players=4,
                            bot_levels=["easy"] * 3)
    assert not Assignment.objects.exists()


def test_the_rules_page_compares_and_offers_only_the_presets_shown_to_learners():
    page = make_page()   # Sunduchok's page, its presets loaded
    point = DisputedPoint.objects.filter(page=page, preset__isnull=False).first()
    Preset.objects.filter(pk=point.preset_id).update(shown_to_learners=False)
    hidden = point.preset

    text = english().get(reverse("rules_page", args=["sunduchok"])).content.decode()

    assert f'id="preset-{hidden.slug}"' not in text and f'name="preset" value="{hidden.slug}"' not in text
    assert hidden.name_en not in text   # neither a column nor "plays this differently" under its point
    assert point.question_en in html.unescape(text)
    shown = Preset.objects.filter(game_key="sunduchok", shown_to_learners=True)
    for preset in shown:
        assert f'id="preset-{preset.slug}"' in text


def test_the_admin_lists_and_edits_the_flag(editor_client, presets):
    listing = editor_client.get("/admin/games/preset/?shown_to_learners__exact=0",
                                headers={"accept-language": "en"}).content.decode()
    assert "OpenSpiel" in listing and "Bicycle" not in listing and "shown to learners" in listing
    hidden = Preset.objects.get(game_key="hearts", slug="openspiel")
    form = editor_client.get(f"/admin/games/preset/{hidden.pk}/change/").content.decode()
    assert 'name="shown_to_learners"' in form


def test_a_game_whose_preset_is_gone_names_its_rules_in_words_not_by_the_slug(django_user_model):
    preset_sync_builtin()
    Preset.objects.create(game_key="sunduchok", slug="house-rules-7", name_en="House rules", name_ru="Домашние",
                          fields={"deck": 52})
    client = english()
    client.force_login(django_user_model.objects.create_user("vera", password="pw-for-tests"))
    response = client.post(reverse("new_game", args=["sunduchok"]), {"preset": "house-rules-7", "players": 2,
                                                                      "bot_1": "easy"})
    play = response.url
    assert "House rules" in client.get(play).content.decode()

    Preset.objects.filter(slug="house-rules-7").delete()

    for address in (play, reverse("my_games")):
        page = client.get(address).content.decode()
        assert "rules no longer listed" in page and "house-rules-7" not in page, address
