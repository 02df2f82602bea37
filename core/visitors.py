"""Who is asking: a signed-in account, or a browser session known by its visitor key, or both.

Rows that belong to a person (a game's seat holder, a table's seat, a table's opener) name them the same two
ways: a user, and the visitor key of the session they used. A row is the visitor's when either matches; the one
rule for that lives here, for a single row (`owns`) and for a query (`q`), so no page, socket, service or
selector writes it out again. A missing or empty key never matches: a row without a key belongs to nobody's
session, and a visitor without one (a session that never sat anywhere) owns only what its account owns.

Kept free of the other apps' imports: it is shared by games and together alike.
"""

from __future__ import annotations

import operator
import secrets
from dataclasses import dataclass
from functools import reduce
from typing import Any

from django.db.models import Q

# A random key naming this browser session at the tables it sits at; it outlives signing in, which keeps the
# session's data.
VISITOR_KEY = "visitor_key"


def session_visitor_key(session) -> str:
    """This browser session's visitor key, made on first use (a person sitting down must be known)."""
    key = session.get(VISITOR_KEY)
    if not key:
        key = session[VISITOR_KEY] = secrets.token_urlsafe(24)
    return key


@dataclass(frozen=True)
class Visitor:
    """The person asking: `user` (None or anonymous when not signed in) and their session's visitor `key`
    (None when the session has none yet)."""

    user: Any = None
    key: str | None = None

    @classmethod
    def of_session(cls, *, user, session) -> Visitor:
        """The visitor of `user` and `session` (a request's, or a Channels scope's); the key is read, not made."""
        return cls(user=user, key=session.get(VISITOR_KEY) if session is not None else None)

    @classmethod
    def of_request(cls, request, *, make_key: bool = False) -> Visitor:
        """The visitor of a request; with `make_key`, the session's key is made if it has none yet (for writes
        that record the visitor, such as taking a seat)."""
        if make_key:
            return cls(user=request.user, key=session_visitor_key(request.session))
        return cls.of_session(user=request.user, session=request.session)

    @property
    def signed_in(self) -> bool:
        return self.user is not None and self.user.is_authenticated

    @property
    def account(self):
        """The signed-in user, or None: what a row records as its person's account."""
        return self.user if self.signed_in else None

    def owns(self, row, *, user_field: str = "user", key_field: str | None = "visitor_key") -> bool:
        """Whether `row` is this visitor's: its `user_field` is the signed-in user, or its `key_field` (None for
        rows known by account only, such as a game's owner) is this visitor's key."""
        if self.signed_in and getattr(row, f"{user_field}_id") == self.user.pk:
            return True
        return bool(self.key) and key_field is not None and getattr(row, key_field) == self.key

    def q(self, *, user_field: str = "user", key_field: str | None = "visitor_key") -> Q:
        """`owns` as a filter (the field names may be lookups across relations, e.g. "holders__user")."""
        ways = []
        if self.signed_in:
            ways.append(Q(**{user_field: self.user}))
        if self.key and key_field is not None:
            ways.append(Q(**{key_field: self.key}))
        return reduce(operator.or_, ways) if ways else Q(pk__in=[])   # an empty Q() would match every row


def sees_drafts(user) -> bool:
    """Whether `user` is shown what is not published yet (lessons, rules pages, presets hidden from learners)."""
    return user is not None and user.is_authenticated and user.is_staff
