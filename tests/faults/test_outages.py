"""The outage handling of config/outages.py in-process: the Redis cache's local fallback, sign-in limits while
Redis is down, and the 503 answer of a view whose database connection failed."""

from __future__ import annotations

import logging

import pytest
import redis
from asgiref.sync import sync_to_async
from channels.layers import channel_layers
from django.db import OperationalError
from django.test import Client, override_settings
from django.urls import reverse

from config.outages import DATABASE_RETRY_AFTER, RedisCacheWithLocalFallback
from games import services
from games.history import game_history
from games.models import GameAction
from tests.live_site import free_port
from tests.web.helpers import move_data, play_socket, start_game

TIMEOUTS = {"socket_connect_timeout": 0.25, "socket_timeout": 0.5}


def dead_redis_url() -> str:
    """A Redis URL where nothing listens: a port just found free."""
    return f"redis://127.0.0.1:{free_port()}/0"


def fallback_cache(location: str) -> RedisCacheWithLocalFallback:
    return RedisCacheWithLocalFallback(location, {"OPTIONS": TIMEOUTS})


def test_the_cache_works_from_local_memory_while_redis_is_unreachable_and_says_so_once(caplog):
    cache = fallback_cache(dead_redis_url())
    with caplog.at_level(logging.WARNING, logger="config.outages"):
        cache.set("lesson", {"steps": 3})
        assert cache.get("lesson") == {"steps": 3}
        assert cache.add("attempts", 1, 60)
        assert not cache.add("attempts", 1, 60)
        assert cache.incr("attempts") == 2
        assert cache.get_many(["lesson", "attempts", "absent"]) == {"lesson": {"steps": 3}, "attempts": 2}
        cache.delete("lesson")
        assert cache.get("lesson", "gone") == "gone"
    warnings = [record for record in caplog.records if "unreachable" in record.getMessage()]
    assert len(warnings) == 1


def test_the_cache_uses_redis_when_up_local_memory_while_down_and_redis_again_once_back(private_redis, monkeypatch):
    monkeypatch.setattr(RedisCacheWithLocalFallback, "retry_interval", 0.0)   # try Redis again at once
    cache = fallback_cache(private_redis.url)
    server = redis.Redis.from_url(private_redis.url)
    cache.set("shared", "in redis")
    assert server.get(cache.make_key("shared")) is not None

    private_redis.kill()
    assert cache.get("shared", "unreachable") == "unreachable"   # only Redis had it
    cache.set("meanwhile", "local")
    assert cache.get("meanwhile") == "local"

    private_redis.start()
    cache.set("after", "in redis again")
    assert server.get(cache.make_key("after")) is not None
    assert cache.get("meanwhile") is None   # the local values are not Redis's: a fresh Redis has none


@pytest.mark.django_db
def test_sign_in_attempts_are_still_limited_per_worker_while_redis_is_down():
    cache_setting = {"default": {"BACKEND": "config.outages.RedisCacheWithLocalFallback",
                                 "LOCATION": dead_redis_url(), "OPTIONS": TIMEOUTS}}
    with override_settings(CACHES=cache_setting, LOGIN_RATE_PER_USERNAME="3/5m"):
        client = Client(HTTP_ACCEPT_LANGUAGE="en")
        statuses = [client.post(reverse("login"), {"username": "guesser", "password": f"guess-{number}"}).status_code
                    for number in range(4)]
    assert statuses == [200, 200, 200, 429]


def fail_with_a_lost_connection(*args, **kwargs):
    raise OperationalError("server closed the connection unexpectedly")


@pytest.mark.django_db
@pytest.mark.parametrize("language, words", [("en", "The database is restarting"), ("ru", "База данных")])
def test_a_move_whose_database_connection_fails_gets_a_503_page_with_retry_after(monkeypatch, language, words):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    game = start_game(client, seed=77, levels=("easy", "easy"))
    monkeypatch.setattr(services, "game_apply_action", fail_with_a_lost_connection)
    data = move_data(game, game_history(game).current.legal_actions()[0])

    response = client.post(reverse("act", args=[game.pk]), data)

    assert response.status_code == 503
    assert response["Retry-After"] == str(DATABASE_RETRY_AFTER)
    page = response.content.decode()
    assert "<html" in page and words in page and "Traceback" not in page
    assert GameAction.objects.filter(game=game).count() == game.move_count
    # "Reload" leads back to the page the form was on, not to the POST's own address.
    play_url = reverse("play", args=[game.pk])
    again = client.post(reverse("act", args=[game.pk]), data, HTTP_REFERER=f"http://testserver{play_url}")
    assert f'href="http://testserver{play_url}"' in again.content.decode()
    elsewhere = client.post(reverse("act", args=[game.pk]), data, HTTP_REFERER="https://evil.example/")
    assert 'href="/"' in elsewhere.content.decode()


@pytest.mark.django_db
def test_an_htmx_move_whose_database_connection_fails_gets_an_alert_above_the_table(monkeypatch):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = start_game(client, seed=77, levels=("easy", "easy"))
    monkeypatch.setattr(services, "game_apply_action", fail_with_a_lost_connection)
    data = move_data(game, game_history(game).current.legal_actions()[0])

    response = client.post(reverse("act", args=[game.pk]), data, HTTP_HX_REQUEST="true")

    assert response.status_code == 503
    assert response["HX-Reswap"] == "afterbegin"
    fragment = response.content.decode()
    assert fragment.startswith('<p class="message message--error outage-message" role="alert">')
    assert "The database is restarting" in fragment and "<html" not in fragment


@pytest.mark.django_db
def test_other_errors_are_not_taken_for_a_database_outage(monkeypatch):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.raise_request_exception = False
    game = start_game(client, seed=77, levels=("easy", "easy"))

    def fail_otherwise(**kwargs):
        raise RuntimeError("a bug, not an outage")

    monkeypatch.setattr(services, "game_apply_action", fail_otherwise)
    data = move_data(game, game_history(game).current.legal_actions()[0])
    assert client.post(reverse("act", args=[game.pk]), data).status_code == 500


@pytest.mark.django_db(transaction=True)
async def test_a_page_socket_is_refused_cleanly_while_the_channel_layer_is_unreachable():
    """Its page then retries later and fetches the table after moves (static/js/table.js); nothing raises."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = await sync_to_async(start_game)(client, seed=77, levels=("easy", "easy"))
    layer = {"default": {"BACKEND": "channels_redis.core.RedisChannelLayer",
                         "CONFIG": {"hosts": [{"address": dead_redis_url(), "socket_connect_timeout": 0.25}]}}}
    with override_settings(CHANNEL_LAYERS=layer):
        channel_layers.backends.clear()   # the layer is built from the settings on first use
        try:
            socket = play_socket(game, client)
            connected, _code = await socket.connect()
        finally:
            channel_layers.backends.clear()
    assert not connected   # refused, where the failed join used to raise out of the consumer


@pytest.mark.django_db
def test_a_page_whose_database_connection_fails_offers_to_load_itself_again(monkeypatch):
    from games import views

    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = start_game(client, seed=77, levels=("easy", "easy"))
    monkeypatch.setattr(views.selectors, "visitor_seat", fail_with_a_lost_connection)

    response = client.get(reverse("play", args=[game.pk]), {"from": "lesson"})

    assert response.status_code == 503
    assert f'href="{reverse("play", args=[game.pk])}?from=lesson"' in response.content.decode()
