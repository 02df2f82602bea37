import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(client):
    """These tests read the English pages, so their browser asks for English (Russian is the default)."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def test_home_page_invites_to_play_sunduchok(client):
    response = client.get(reverse("home"))

    assert response.status_code == 200
    assert b'href="/play/sunduchok/new/"' in response.content
    assert b"Play Sunduchok" in response.content


def test_learn_page_renders(client):
    response = client.get(reverse("learn"))

    assert response.status_code == 200
    assert b"<h1>Lessons</h1>" in response.content
    assert b'href="/play/sunduchok/new/"' in response.content


def test_login_page_renders_a_form(client):
    response = client.get(reverse("login"))

    assert response.status_code == 200
    assert b'name="username"' in response.content
    assert b'name="password"' in response.content


def test_signed_in_user_sees_sign_out(client, django_user_model):
    user = django_user_model.objects.create_user(username="ada", password="pw-for-tests")
    client.force_login(user)

    response = client.get(reverse("home"))

    assert b"Sign out" in response.content


def test_static_files_are_served_without_collectstatic(client):
    response = client.get("/static/css/site.css")

    assert response.status_code == 200


def test_load_builtin_data_command_runs(capsys):
    from django.core.management import call_command

    call_command("load_builtin_data")

    output = capsys.readouterr().out
    assert "Presets: " in output and "Lessons: " in output


def test_the_play_page_lists_every_game_with_its_new_game_link(client):
    from games.rules import GAMES

    page = client.get(reverse("play_index")).content.decode()
    for key in GAMES:
        assert f'href="{reverse("new_game", args=[key])}"' in page


def test_the_health_check_answers_ok_without_touching_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get(reverse("health"))
    assert response.status_code == 200
    assert response.content == b"ok"
    assert client.post(reverse("health")).status_code == 405
