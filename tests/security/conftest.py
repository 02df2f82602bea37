import pytest
from django.core.cache import cache
from django.db import transaction

from games import history
from tests.security.world import build_world


@pytest.fixture(autouse=True)
def _no_attempts_spent():
    """Attempt counters live in the cache (core/ratelimits.py): each test starts with none spent."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(scope="module")
def _module_world(django_db_setup, django_db_blocker):
    """The world is built once per test module, inside a transaction rolled back after the module; each test
    runs in a savepoint of it (pytest-django's `db`), so a test's changes are gone before the next one."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        world = build_world()
    yield world
    with django_db_blocker.unblock():
        transaction.set_rollback(True)
        outer.__exit__(None, None, None)


@pytest.fixture
def world(_module_world, db):
    # Histories are cached by (game, move count) on the promise that a log only grows; rolling a test back
    # breaks that promise, so the next test must rebuild every game from its log.
    history._cache.clear()
    for row in (_module_world.game, _module_world.finished, _module_world.stranger_game, _module_world.open_table,
                _module_world.played_table, _module_world.stranger_table, _module_world.expired_table,
                _module_world.class_table, _module_world.other_class_table):
        row.refresh_from_db()
    return _module_world
