"""What the site does while Redis or the database is down, so an outage degrades the site instead of breaking it.

- Redis (cache): `RedisCacheWithLocalFallback` answers from a per-process local-memory cache while Redis cannot
  be reached, so pages, moves and sign-ins keep working; attempt counters then count per worker (see
  core/ratelimits.py for that trade-off). After a failure it leaves Redis alone for a few seconds, so a
  dead Redis costs one short connect timeout now and then instead of one per cache call.
- Redis (channel layer): core/live.py bounds each push with a timeout and drops it on error; pages catch up by
  fetching the table (static/js/table.js).
- Database: `DatabaseOutageMiddleware` answers a request whose connection broke (a restarting PostgreSQL)
  with a 503 and Retry-After instead of a server error; the request's transaction was rolled back, so nothing
  of it is kept, and the next request opens a fresh connection (CONN_HEALTH_CHECKS in config/settings/base.py).
"""

from __future__ import annotations

import logging
import threading
import time

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.http import url_has_allowed_host_and_scheme
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

REDIS_UNREACHABLE = (RedisConnectionError, RedisTimeoutError)

# Seconds a client is asked to wait before retrying; a PostgreSQL restart usually takes a few.
DATABASE_RETRY_AFTER = 5


def _with_local_fallback(name: str):
    """The cache method `name`, answered by Redis when it can be reached and by local memory when not."""

    def method(self, *args, **kwargs):
        return self._call(name, *args, **kwargs)

    method.__name__ = name
    return method


class RedisCacheWithLocalFallback(RedisCache):
    """Django's Redis cache that, while Redis cannot be reached, keeps working from this process's memory.

    Values written during the outage stay in this process only and are not copied to Redis when it returns;
    everything cached here can be recomputed, so that loses nothing but time.
    """

    # Seconds to use the local cache alone after Redis failed, before trying Redis again.
    retry_interval = 5.0

    def __init__(self, server, params):
        super().__init__(server, params)
        self._local = LocMemCache(f"redis-fallback-{id(self)}", params)
        self._redis_down_until = 0.0
        self._state_lock = threading.Lock()

    def _call(self, name: str, *args, **kwargs):
        if time.monotonic() < self._redis_down_until:
            return getattr(self._local, name)(*args, **kwargs)
        try:
            result = getattr(super(), name)(*args, **kwargs)
        except REDIS_UNREACHABLE as error:
            with self._state_lock:
                if not self._redis_down_until:
                    logger.warning("Redis cache unreachable (%s): using this process's local memory", error)
                self._redis_down_until = time.monotonic() + self.retry_interval
            return getattr(self._local, name)(*args, **kwargs)
        if self._redis_down_until:
            with self._state_lock:
                if self._redis_down_until:
                    logger.warning("Redis cache reachable again")
                self._redis_down_until = 0.0
        return result

    add = _with_local_fallback("add")
    get = _with_local_fallback("get")
    set = _with_local_fallback("set")
    touch = _with_local_fallback("touch")
    delete = _with_local_fallback("delete")
    get_many = _with_local_fallback("get_many")
    has_key = _with_local_fallback("has_key")
    incr = _with_local_fallback("incr")
    set_many = _with_local_fallback("set_many")
    delete_many = _with_local_fallback("delete_many")

    def clear(self):
        self._local.clear()
        return self._call("clear")


def _again_url(request: HttpRequest) -> str:
    """Where "try again" leads: the page itself for a GET; for a form's POST, the page the form was on
    (reloading the POST's own address would ask for it with GET)."""
    if request.method == "GET":
        return request.get_full_path()
    referer = request.headers.get("Referer", "")
    if url_has_allowed_host_and_scheme(referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return referer
    return "/"


class DatabaseOutageMiddleware:
    """A view whose database connection failed (e.g. PostgreSQL restarting) answers 503 "try again in a moment".

    Only connection-level errors land here: django.db's OperationalError and InterfaceError. The message is a
    page of its own that reads nothing from the database (not even the signed-in user), or, for an HTMX
    request, a short alert put at the start of the element the request targeted (HX-Reswap: afterbegin), so
    the table or form stays in place; static/js/table.js lets the play page swap it in.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        logger.warning("Database unavailable during %s %s: %s", request.method, request.path, exception)
        htmx = getattr(request, "htmx", False)
        template = "503_fragment.html" if htmx else "503.html"
        context = {"retry_after": DATABASE_RETRY_AFTER, "again_url": _again_url(request)}
        response = HttpResponse(render_to_string(template, context), status=503)
        response["Retry-After"] = str(DATABASE_RETRY_AFTER)
        if htmx:
            # Above the element's content, not instead of it: the table stays playable once the database is back.
            response["HX-Reswap"] = "afterbegin"
        return response
