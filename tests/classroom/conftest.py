import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _empty_cache():
    """Attempt counters live in the cache (core/ratelimits.py): each test starts with none spent."""
    cache.clear()
    yield
    cache.clear()
