"""The anonymous learner's key, kept in the session's data.

Not Django's session key: that one changes when the visitor signs in (login cycles it), and the
progress made before signing in must still be found then, to move it to the user.
"""

from __future__ import annotations

import secrets

LEARNER_KEY = "tutorials_learner"


def learner_session_key(session, *, create: bool = False) -> str | None:
    """This browser's learner key; with `create`, one is made and stored if it has none."""
    if session is None:
        return None
    key = session.get(LEARNER_KEY)
    if key is None and create:
        key = secrets.token_urlsafe(24)
        session[LEARNER_KEY] = key
    return key


def learner_of(request, *, create: bool = False) -> dict:
    """Whose progress a request's is: the signed-in user, or this browser's anonymous learner key (made first
    with `create`), as the `user` and `session_key` arguments of the services and selectors that keep it."""
    if request.user.is_authenticated:
        return {"user": request.user, "session_key": None}
    return {"user": None, "session_key": learner_session_key(request.session, create=create)}
