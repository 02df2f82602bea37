"""Hypothesis strategies of hostile form data: every field missing, malformed or plausible.

Values are what a browser (or anything else) can send in a form: strings, or several values under one name.
Malformed ones are unicode of every kind (NUL included), numbers far past any range, huge strings, lists where
one value is expected; plausible ones come from the route (tests/security/routes.py) so that a fuzzed request
also reaches the deeper checks (a stale move number, a card the player does not hold).
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

HUGE_TEXT = "x" * 100_000
# Encodable text only: a lone surrogate cannot be sent in UTF-8 by any client.
ANY_TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=40)
ODD_VALUES = st.sampled_from([
    "", " ", "\x00", "a\x00b", "null", "None", "[]", "{}", '{"type": "ask"}', "-1", "0", "1e9", "NaN", "Infinity",
    "true", "on", "٣", "①", "9" * 5_000, "-" + "9" * 30, "%00", "../../etc/passwd", "<script>alert(1)</script>",
    "Я" * 50_000, HUGE_TEXT,
])
HUGE_NUMBERS = st.integers(min_value=-(2**80), max_value=2**80).map(str)
# PostgreSQL cannot store a NUL character in text: a value that reaches a query unchecked fails there.
WITH_NUL = ANY_TEXT.map(lambda text: text[: len(text) // 2] + "\x00" + text[len(text) // 2:])
SCALAR = st.one_of(ANY_TEXT, ODD_VALUES, WITH_NUL, HUGE_NUMBERS)
MALFORMED = st.one_of(SCALAR, st.lists(SCALAR, min_size=2, max_size=3))

FUZZ = settings(max_examples=30, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def form_data(plausible: dict[str, list[str]]) -> st.SearchStrategy[dict]:
    """A form's fields, each missing or present with a plausible, malformed or repeated value, plus a stray one."""
    def value(choices: list[str]) -> st.SearchStrategy:
        good = st.sampled_from(choices)
        return st.one_of(good, good, MALFORMED, st.lists(good, min_size=2, max_size=3))

    optional = {name: value(choices) for name, choices in plausible.items()}
    optional["unexpected"] = MALFORMED
    return st.fixed_dictionaries({}, optional=optional)
