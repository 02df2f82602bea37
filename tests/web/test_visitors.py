"""One rule for "is this row the visitor's": its user is the signed-in account, or its visitor key is the
session's; a missing or empty key matches nothing (core.visitors)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.test import RequestFactory

from core.visitors import VISITOR_KEY, Visitor, session_visitor_key
from together.models import Table, TableSeat
from together.selectors import lobby_context

pytestmark = pytest.mark.django_db


def table(code: str, *, creator=None, creator_key: str = "opener-key") -> Table:
    return Table.objects.create(code=code, game_key="hearts", preset="standard", variant={},
                                seat_plan=[{"kind": "person"}] * 4, creator=creator, creator_key=creator_key)


@pytest.fixture
def people():
    olga, ivan = User.objects.create_user("olga"), User.objects.create_user("ivan")
    rows = {"olga's": table("AAAAAAAA", creator=olga, creator_key="olga-key"),
            "ivan's": table("BBBBBBBB", creator=ivan, creator_key="ivan-key"),
            "a guest's": table("CCCCCCCC", creator_key="guest-key"),
            "keyless": table("DDDDDDDD", creator_key="")}
    return olga, ivan, rows


def mine(visitor: Visitor, rows: dict[str, Table]) -> tuple[set[str], set[str]]:
    """The tables `visitor` opened, by the row predicate and by the query: the two must agree."""
    by_row = {name for name, row in rows.items() if visitor.owns(row, user_field="creator", key_field="creator_key")}
    found = set(Table.objects.filter(visitor.q(user_field="creator", key_field="creator_key")))
    return by_row, {name for name, row in rows.items() if row in found}


@pytest.mark.parametrize(("who", "key", "expected"), [
    ("olga", None, {"olga's"}),                            # the account alone
    (None, "guest-key", {"a guest's"}),                   # the key alone, anonymous
    ("anonymous", "guest-key", {"a guest's"}),            # the key alone, AnonymousUser
    ("olga", "guest-key", {"olga's", "a guest's"}),       # both: either matches
    ("olga", "ivan-key", {"olga's", "ivan's"}),           # a key used before signing in as someone else
    (None, None, set()),                                  # nobody: owns nothing
    ("anonymous", None, set()),
    (None, "", set()),                                    # an empty key is no key: not the keyless table's
    ("olga", "", {"olga's"}),
    (None, "nobody's-key", set()),
])
def test_a_row_is_the_visitors_by_account_or_key_and_the_query_agrees(people, who, key, expected):
    olga, _, rows = people
    user = {"olga": olga, "anonymous": AnonymousUser(), None: None}[who]
    by_row, by_query = mine(Visitor(user=user, key=key), rows)
    assert by_row == by_query == expected


def test_the_default_fields_are_a_seats_user_and_visitor_key(people):
    olga, _, rows = people
    seat = TableSeat.objects.create(table=rows["ivan's"], seat=0, name="Olga", user=olga, visitor_key="k")
    for visitor in (Visitor(user=olga), Visitor(key="k")):
        assert visitor.owns(seat) and list(TableSeat.objects.filter(visitor.q())) == [seat]
    assert not Visitor(key="other").owns(seat) and not TableSeat.objects.filter(Visitor(key="other").q()).exists()


def test_a_request_gives_its_user_and_its_sessions_key_made_only_when_asked():
    request = RequestFactory().get("/")
    request.user, request.session = AnonymousUser(), {}
    assert Visitor.of_request(request) == Visitor(user=request.user, key=None) and request.session == {}
    made = Visitor.of_request(request, make_key=True)
    assert made.key and request.session[VISITOR_KEY] == made.key == session_visitor_key(request.session)
    assert Visitor.of_request(request).key == made.key
    assert Visitor.of_session(user=None, session=None) == Visitor()


def test_a_visitor_with_an_empty_key_is_neither_the_opener_nor_seated_at_a_keyless_table(people):
    """The lobby once matched a seat's key against the visitor's without asking whether there was one: rows with
    an empty key were anybody's whose session had an empty key too. No key matches nothing now."""
    _, _, rows = people
    keyless = rows["keyless"]
    TableSeat.objects.create(table=keyless, seat=0, name="Nobody", visitor_key="")
    for key in ("", None):
        context = lobby_context(keyless, visitor=Visitor(key=key))
        assert context["me"] is None and not context["may_start"]
        assert not any(seat["is_mine"] for seat in context["seats"])
