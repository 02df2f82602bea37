"""Counting attempts (sign-ins, password resets, join codes) so that guessing stays slow.

Counters live in the default cache (Redis when REDIS_URL is set), shared by every worker; see
SILENCED_SYSTEM_CHECKS in config/settings/base.py for why the embedded local-memory cache will do.
Behind a proxy, set RATELIMIT_IP_META_KEY or every client counts as the proxy's one address.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest
from django_ratelimit.core import is_ratelimited

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

    If the cache cannot count (e.g. Redis is down), the attempt is refused: failing closed is
    django-ratelimit's default (RATELIMIT_FAIL_OPEN = True would let attempts through instead).

    For example, join codes tried by a signed-in student:

        # JOIN_CODE_RATE_PER_USER: a setting read from the environment, like LOGIN_RATE_PER_USERNAME.
        if attempt_limited(request, group="join-code:user", key="user", rate=settings.JOIN_CODE_RATE_PER_USER):
            ...  # answer 429 with a message; do not look the code up
    """
    return is_ratelimited(request, group=group, key=key, rate=rate, method=is_ratelimited.ALL, increment=True)
