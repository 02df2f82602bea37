"""Accounts: sign-up (as a teacher or not), password reset by e-mail, and sign-in and sign-up with attempts limited."""

from __future__ import annotations

import re
from unittest import mock

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse

from classroom.selectors import TEACHERS_GROUP, may_create_classes
from core.ratelimits import attempt_limited

pytestmark = pytest.mark.django_db

PASSWORD = "queen-of-spades-42"
NEW_PASSWORD = "knave-of-hearts-17"


@pytest.fixture
def client():
    """These tests read the English pages (Russian is the default); the Russian ones are checked apart."""
    return Client(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def ada(django_user_model):
    return django_user_model.objects.create_user("ada", email="ada@example.com", password=PASSWORD)


def sign_up_data(**changes) -> dict:
    data = {"username": "masha", "email": "masha@example.com", "password1": PASSWORD, "password2": PASSWORD}
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def signed_in_user_id(client: Client) -> int | None:
    user_id = client.session.get("_auth_user_id")
    return int(user_id) if user_id is not None else None


# -- sign-up ---------------------------------------------------------------------------------------

def test_sign_up_creates_the_user_and_signs_them_in(client, django_user_model):
    response = client.post(reverse("signup"), sign_up_data())

    assert response.status_code == 302 and response.url == "/"
    user = django_user_model.objects.get(username="masha")
    assert user.email == "masha@example.com"
    assert user.check_password(PASSWORD)
    assert signed_in_user_id(client) == user.pk
    assert not user.groups.filter(name=TEACHERS_GROUP).exists()
    assert not may_create_classes(user)
    assert "Welcome, masha" in client.get("/").content.decode()


def test_a_teacher_signs_up_into_the_teachers_group(client, django_user_model):
    response = client.post(reverse("signup"), sign_up_data(teaches="on"))

    assert response.status_code == 302
    user = django_user_model.objects.get(username="masha")
    assert list(user.groups.values_list("name", flat=True)) == [TEACHERS_GROUP]
    assert may_create_classes(user)


def test_a_new_teacher_lands_on_the_classes_page(client):
    response = client.post(reverse("signup"), sign_up_data(teaches="on"))

    assert response.status_code == 302 and response.url == reverse("classes")
    page = client.get(response.url).content.decode()
    assert "Welcome, masha" in page and "Create a class" in page


def test_a_new_teachers_safe_next_page_still_wins(client):
    response = client.post(reverse("signup"), sign_up_data(teaches="on", next="/learn/"))

    assert response.status_code == 302 and response.url == "/learn/"


@pytest.mark.parametrize(("changes", "error"), [
    ({"password2": "something-else-99"}, "The two password fields didn’t match."),
    ({"username": "ADA"}, "A user with that username already exists."),
    ({"email": None}, "Enter your e-mail address: without it, a forgotten password cannot be replaced."),
    ({"email": "not-an-address"}, "Enter a valid email address."),
    ({"password1": "12345678", "password2": "12345678"}, "This password is too common."),
])
def test_bad_sign_up_shows_the_error_and_creates_nobody(client, django_user_model, ada, changes, error):
    response = client.post(reverse("signup"), sign_up_data(**changes))

    assert response.status_code == 200
    page = response.content.decode()
    assert error in page
    assert 'aria-invalid="true"' in page
    assert list(django_user_model.objects.values_list("username", flat=True)) == ["ada"]
    assert signed_in_user_id(client) is None


@pytest.mark.parametrize(("language", "required", "missing"), [
    ("en", "Required: if you forget your password, a link to choose a new one is sent here.",
     "Enter your e-mail address: without it, a forgotten password cannot be replaced."),
    ("ru", "Обязательно: если вы забудете пароль, сюда придёт ссылка",
     "Укажите адрес электронной почты: без него забытый пароль не восстановить."),
])
@pytest.mark.parametrize("email", [None, "", "   "])
def test_the_e_mail_is_said_to_be_required_and_its_absence_is_explained_by_the_server(
        django_user_model, language, required, missing, email):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    form = client.get(reverse("signup")).content.decode()
    assert required in form
    assert re.search(r'<input type="email" name="email"[^>]* required', form)   # the browser says it too

    response = client.post(reverse("signup"), sign_up_data(email=email))

    assert response.status_code == 200
    errors = re.search(r'<div id="id_email_error">(.*?)</div>', response.content.decode(), re.S)
    assert errors is not None and missing in errors.group(1)
    assert not django_user_model.objects.exists() and signed_in_user_id(client) is None


def test_sign_up_returns_to_a_page_of_this_site(client):
    page = client.get(reverse("signup"), {"next": "/learn/"}).content.decode()
    assert '<input type="hidden" name="next" value="/learn/">' in page

    response = client.post(reverse("signup"), sign_up_data(next="/learn/"))

    assert response.status_code == 302 and response.url == "/learn/"


@pytest.mark.parametrize("unsafe", ["https://evil.example/", "//evil.example/", "javascript:alert(1)"])
def test_sign_up_ignores_a_next_page_off_this_site(client, unsafe):
    page = client.get(reverse("signup"), {"next": unsafe}).content.decode()
    assert '<input type="hidden" name="next" value="">' in page

    response = client.post(reverse("signup"), sign_up_data(next=unsafe))

    assert response.status_code == 302 and response.url == "/"


def test_anonymous_visitors_are_offered_sign_up_next_to_sign_in(client, ada):
    page = client.get(reverse("learn")).content.decode()
    assert f'href="{reverse("login")}?next=/learn/"' in page
    assert f'href="{reverse("signup")}?next=/learn/"' in page

    client.force_login(ada)
    page = client.get(reverse("learn")).content.decode()
    assert reverse("signup") not in page


def test_the_login_page_links_to_sign_up_keeping_next_and_to_password_reset(client):
    page = client.get(reverse("login"), {"next": "/learn/"}).content.decode()

    assert f'href="{reverse("signup")}?next=/learn/"' in page
    assert f'href="{reverse("password_reset")}"' in page


# -- password reset --------------------------------------------------------------------------------

def reset_link(message) -> str:
    match = re.search(r"https?://testserver(/accounts/reset/\S+/)", message.body)
    assert match, message.body
    return match.group(1)


def test_password_reset_mails_a_link_that_sets_a_new_password(client, ada, mailoutbox):
    response = client.post(reverse("password_reset"), {"email": "ada@example.com"})
    assert response.status_code == 302 and response.url == reverse("password_reset_done")
    assert len(mailoutbox) == 1
    message = mailoutbox[0]
    assert message.to == ["ada@example.com"]
    assert message.subject == "Card School: choose a new password"
    assert "Hello, ada!" in message.body

    form_page = client.get(reset_link(message), follow=True)
    assert form_page.status_code == 200
    assert 'name="new_password1"' in form_page.content.decode()
    done = client.post(form_page.redirect_chain[-1][0],
                       {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done.status_code == 302 and done.url == reverse("password_reset_complete")

    fresh = Client(HTTP_ACCEPT_LANGUAGE="en")
    refused = fresh.post(reverse("login"), {"username": "ada", "password": PASSWORD})
    assert refused.status_code == 200 and signed_in_user_id(fresh) is None
    signed_in = fresh.post(reverse("login"), {"username": "ada", "password": NEW_PASSWORD})
    assert signed_in.status_code == 302 and signed_in_user_id(fresh) == ada.pk

    # The link was for one use: the password it set has changed the token's basis.
    again = client.get(reset_link(message), follow=True).content.decode()
    assert "This link no longer works" in again


def test_password_reset_for_an_unknown_address_mails_nothing_and_says_the_same(client, ada, mailoutbox):
    response = client.post(reverse("password_reset"), {"email": "nobody@example.com"})

    assert response.status_code == 302 and response.url == reverse("password_reset_done")
    assert mailoutbox == []


def test_the_reset_mail_is_in_russian_for_a_russian_reader(ada, mailoutbox):
    Client().post(reverse("password_reset"), {"email": "ada@example.com"})

    assert mailoutbox[0].subject == "Карточная школа: выберите новый пароль"
    assert "Здравствуйте, ada!" in mailoutbox[0].body


def test_password_reset_requests_are_limited_per_address(client, ada, mailoutbox, settings):
    settings.PASSWORD_RESET_RATE_PER_IP = "2/10m"
    for _ in range(2):
        assert client.post(reverse("password_reset"), {"email": "ada@example.com"}).status_code == 302

    refused = client.post(reverse("password_reset"), {"email": "ada@example.com"})

    assert refused.status_code == 429
    assert "Too many password reset requests" in refused.content.decode()
    assert len(mailoutbox) == 2
    other = client.post(reverse("password_reset"), {"email": "ada@example.com"}, REMOTE_ADDR="10.0.0.9")
    assert other.status_code == 302 and len(mailoutbox) == 3


# -- sign-in limits --------------------------------------------------------------------------------

def sign_in(client: Client, username: str, password: str, **extra):
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


def test_after_the_allowed_attempts_even_the_right_password_is_refused(client, ada, settings):
    settings.LOGIN_RATE_PER_USERNAME = "3/5m"
    for _ in range(3):
        assert sign_in(client, "ada", "wrong-guess").status_code == 200

    with mock.patch("django.contrib.auth.forms.authenticate") as authenticate:
        refused = sign_in(client, "ada", PASSWORD)

    assert refused.status_code == 429
    assert "Too many sign-in attempts. Wait a few minutes and try again." in refused.content.decode()
    assert 'value="ada"' in refused.content.decode()
    authenticate.assert_not_called()
    assert signed_in_user_id(client) is None


def test_spelling_the_username_differently_uses_the_same_attempts(client, ada, settings):
    settings.LOGIN_RATE_PER_USERNAME = "3/5m"
    for spelling in (" ada", "ADA", "ａｄａ"):
        assert sign_in(client, spelling, "wrong-guess").status_code == 200

    assert sign_in(client, "ada", PASSWORD).status_code == 429


def test_the_username_limit_leaves_other_people_alone(client, ada, django_user_model, settings):
    settings.LOGIN_RATE_PER_USERNAME = "2/5m"
    django_user_model.objects.create_user("bob", password=PASSWORD)
    for _ in range(3):
        sign_in(client, "ada", "wrong-guess")

    response = sign_in(client, "bob", PASSWORD)

    assert response.status_code == 302 and signed_in_user_id(client) is not None


def test_sign_in_attempts_are_limited_per_address_too(ada, settings):
    settings.LOGIN_RATE_PER_IP = "3/10m"
    crowd = Client(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR="10.0.0.1")
    for name in ("anna", "boris", "vera"):
        assert sign_in(crowd, name, "wrong-guess").status_code == 200

    assert sign_in(crowd, "ada", PASSWORD).status_code == 429
    assert signed_in_user_id(crowd) is None
    elsewhere = Client(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR="10.0.0.2")
    assert sign_in(elsewhere, "ada", PASSWORD).status_code == 302


# -- sign-up limit ---------------------------------------------------------------------------------

SIGN_UP_REFUSED = "Too many sign-up attempts from your address. Wait a while and try again."


def test_sign_ups_over_the_rate_are_refused_and_create_nobody(django_user_model, settings):
    settings.SIGNUP_RATE_PER_IP = "2/h"
    school = Client(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR="10.0.0.1")
    assert school.post(reverse("signup"), sign_up_data(username="anna")).status_code == 302
    # A refused form counts too: each POST is an attempt, whatever its outcome.
    assert school.post(reverse("signup"), sign_up_data(username="boris", password2="typo-99")).status_code == 200

    classmate = Client(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR="10.0.0.1")

    refused = classmate.post(reverse("signup"), sign_up_data(username="vera"))

    assert refused.status_code == 429
    page = refused.content.decode()
    assert SIGN_UP_REFUSED in page
    assert 'value="vera"' in page and PASSWORD not in page
    assert list(django_user_model.objects.values_list("username", flat=True)) == ["anna"]
    assert signed_in_user_id(classmate) is None


def test_a_refused_sign_up_does_not_say_whether_the_username_is_taken(ada, settings):
    settings.SIGNUP_RATE_PER_IP = "1/h"
    Client(HTTP_ACCEPT_LANGUAGE="en").post(reverse("signup"), sign_up_data(username="anna"))

    refused = Client(HTTP_ACCEPT_LANGUAGE="en").post(reverse("signup"), sign_up_data(username="ada"))

    assert refused.status_code == 429
    assert "already exists" not in refused.content.decode()


def test_viewing_the_sign_up_page_uses_no_attempt(client, django_user_model, settings):
    settings.SIGNUP_RATE_PER_IP = "1/h"
    for _ in range(3):
        assert client.get(reverse("signup")).status_code == 200

    assert client.post(reverse("signup"), sign_up_data()).status_code == 302
    assert django_user_model.objects.filter(username="masha").exists()


def test_the_sign_up_limit_counts_each_address_apart(django_user_model, settings):
    settings.SIGNUP_RATE_PER_IP = "1/h"
    first_school = Client(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR="10.0.0.1")
    assert first_school.post(reverse("signup"), sign_up_data(username="anna")).status_code == 302
    assert first_school.post(reverse("signup"), sign_up_data(username="boris")).status_code == 429

    second_school = Client(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR="10.0.0.2")

    assert second_school.post(reverse("signup"), sign_up_data(username="boris")).status_code == 302
    assert sorted(django_user_model.objects.values_list("username", flat=True)) == ["anna", "boris"]


def test_attempt_limited_counts_each_group_and_key_apart():
    request = RequestFactory().post("/", {"code": "ABC"}, REMOTE_ADDR="10.0.0.5")

    counts = [attempt_limited(request, group="join", key="ip", rate="2/m") for _ in range(3)]

    assert counts == [False, False, True]
    assert attempt_limited(request, group="other", key="ip", rate="2/m") is False
    assert attempt_limited(request, group="join", key="post:code", rate="2/m") is False


def test_a_malformed_rate_in_the_environment_stops_the_site_at_start(monkeypatch):
    from django.core.exceptions import ImproperlyConfigured

    from config.settings.base import env_rate

    monkeypatch.setenv("LOGIN_RATE_PER_IP", "20 per minute")
    with pytest.raises(ImproperlyConfigured, match="LOGIN_RATE_PER_IP"):
        env_rate("LOGIN_RATE_PER_IP", "20/10m")
    monkeypatch.setenv("LOGIN_RATE_PER_IP", "50/h")
    assert env_rate("LOGIN_RATE_PER_IP", "20/10m") == "50/h"


# -- both languages --------------------------------------------------------------------------------

@pytest.mark.parametrize(("language", "expected"), [
    ("ru", ["Создать аккаунт", "Забыли пароль?", ">Регистрация</a>"]),
    ("en", ["Create an account", "Forgot your password?", ">Sign up</a>"]),
])
def test_account_pages_render_in_both_languages(language, expected):
    reader = Client(HTTP_ACCEPT_LANGUAGE=language)

    login_page = reader.get(reverse("login")).content.decode()
    signup_page = reader.get(reverse("signup")).content.decode()
    reset_page = reader.get(reverse("password_reset")).content.decode()

    assert f'<html lang="{language}">' in signup_page
    assert expected[0] in login_page and expected[0] in signup_page
    assert expected[1] in login_page and expected[1] in reset_page
    assert expected[2] in login_page


def test_the_limit_message_is_russian_for_a_russian_reader(ada, settings):
    settings.LOGIN_RATE_PER_USERNAME = "1/5m"
    reader = Client()
    sign_in(reader, "ada", "wrong-guess")

    refused = sign_in(reader, "ada", PASSWORD)

    assert refused.status_code == 429
    assert "Слишком много попыток входа. Подождите несколько минут и попробуйте снова." in refused.content.decode()


def test_the_sign_up_limit_message_is_russian_for_a_russian_reader(settings):
    settings.SIGNUP_RATE_PER_IP = "1/h"
    reader = Client()
    reader.post(reverse("signup"), sign_up_data(username="anna"))

    refused = reader.post(reverse("signup"), sign_up_data(username="boris"))

    assert refused.status_code == 429
    page = refused.content.decode()
    assert "Слишком много попыток регистрации с вашего адреса. Подождите немного и попробуйте снова." in page
    assert SIGN_UP_REFUSED not in page
