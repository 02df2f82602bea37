"""Counting attempts (sign-ins, password resets, join codes) so that guessing stays slow.

Counters live in the default cache (Redis when REDIS_URL is set), shared by every worker; see
SILENCED_SYSTEM_CHECKS in config/settings/base.py for why the embedded local-memory cache will do, and
`attempt_limited` for how counting goes on while Redis is down.
Behind a proxy, set RATELIMIT_IP_META_KEY or every client counts as the proxy's one address.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest
from django_ratelimit import ALL
from django_ratelimit.core import get_usage, is_ratelimited

AttemptKey = str | Callable[[str, HttpRequest], str]


def attempt_limited(request: HttpRequest, *, group: str, key: AttemptKey, rate: str) -> bool:
    """Count this attempt and say whether it goes over `rate`; True means refuse it.

    - group: names the counter, e.g. "login:username" or "join-code:user"; groups never share counts.
    - key: whom to count, in django-ratelimit's terms: "ip" (the client's address), "user" (the
      signed-in user's id), "post:<field>" or "get:<param>" (a submitted value), or a callable
      (group, request) -> str for a value that needs normalising first.
    - rate: "count/period", e.g. "5/5m" (periods s, m, h, d); read it from settings so operators and
      tests can change it.

    Every call counts, whatever the attempt's outcome, so call it exactly once per attempt and before
    checking the guess: a refused attempt must learn nothing (not even whether it was right). Windows are
    fixed, not sliding: a counter starts afresh when its period ends.

    While Redis is down, the cache (config.outages.RedisCacheWithLocalFallback) counts in each worker's own
    memory, so attempts keep being limited, but per worker: with N workers a guesser gets at most N times the
    rate until Redis is back, and the counts made meanwhile are forgotten then. That is the trade-off chosen
    over the alternatives, failing closed (nobody could sign in during an outage) or failing open (no limit at
    all). Should even that cache fail, the attempt is refused (django-ratelimit's RATELIMIT_FAIL_OPEN = False).

    For example, join codes tried by a signed-in student:

        # JOIN_CODE_RATE_PER_USER: a setting read from the environment, like LOGIN_RATE_PER_USERNAME.
        if attempt_limited(request, group="join-code:user", key="user", rate=settings.JOIN_CODE_RATE_PER_USER):
            ...  # answer 429 with a message; do not look the code up
    """
    return is_ratelimited(request, group=group, key=key, rate=rate, method=is_ratelimited.ALL, increment=True)


def attempts_exhausted(request: HttpRequest, *, group: str, key: AttemptKey, rate: str) -> bool:
    """Whether `group` has already gone over `rate` for this client, without counting this request.

    For lookups where only failures count (an invitation code guessed wrong): check this first and refuse
    every request past the limit, right or wrong, so that a refused guess learns nothing; then count a failure
    with attempt_limited.
    """
    usage = get_usage(request, group=group, key=key, rate=rate, method=ALL, increment=False)
    return usage is not None and usage["count"] >= usage["limit"]
