"""Shared test configuration; fixtures used by several layers go here."""

import math
from pathlib import Path

import pytest
from django.utils import translation

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def pytest_configure(config):
    """Compile each locale's django.po to django.mo when the .mo is missing or older (as `make translations`).

    The .mo files are not committed; this keeps `pytest` alone working on a fresh clone.
    """
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    compiled = False
    for po_path in LOCALE_DIR.glob("*/LC_MESSAGES/django.po"):
        mo_path = po_path.with_suffix(".mo")
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        with po_path.open("rb") as po_file:
            catalog = read_po(po_file, locale=po_path.parent.parent.name)
        with mo_path.open("wb") as mo_file:
            write_mo(mo_file, catalog)
        compiled = True
    if compiled:
        # pytest-django set Django up before this hook, and loading the app registry may already have
        # read the catalogues without the new .mo: forget them (Django's and gettext's caches), as Django does when
        # LOCALE_PATHS change.
        import gettext

        from asgiref.local import Local
        from django.utils.translation import trans_real

        gettext._translations.clear()   # Python's own cache of parsed .mo files, which Django reads through
        trans_real._translations = {}
        trans_real._default = None
        trans_real._active = Local()


@pytest.fixture(autouse=True)
def bots_decide_by_their_seed_alone(monkeypatch):
    """No wall-clock deadline for the bots (games.bots.base.DECISION_SECONDS): on a loaded machine it would
    cut a search short and make a test's moves depend on the machine's speed. tests/bots/test_budgets.py
    gives bots deadlines of their own."""
    from games.bots import base

    monkeypatch.setattr(base, "DECISION_SECONDS", math.inf)


@pytest.fixture
def presets(db):
    """The engines' built-in presets as rows, as `make run` creates them."""
    from games import services

    services.preset_sync_builtin()


@pytest.fixture
def editor(db, django_user_model):
    """A staff user in the "Editors" group: lessons, presets, rules pages and puzzles, nothing else."""
    from django.contrib.auth.models import Group

    user = django_user_model.objects.create_user(username="eda", password="pw-for-tests", is_staff=True)
    user.groups.add(Group.objects.get(name="Editors"))
    return user


@pytest.fixture
def editor_client(client, editor):
    client.force_login(editor)
    return client


@pytest.fixture(autouse=True)
def _default_language_for_each_test():
    """A request through the test client leaves its language active; each test starts from the default."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _a_fresh_channel_layer_for_each_test():
    """Each test runs its own event loop, and channels_redis keeps asyncio locks of the loop that made them: a
    lock a consumer's cancelled receive left taken in one test's loop failed the next test's receive on the
    PostgreSQL + Redis pass ("bound to a different event loop"). The next test gets a layer of its own."""
    yield
    from channels.layers import channel_layers

    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def _no_preset_names_of_rolled_back_rows():
    """The presets' names outlive a test in the cache (games.selectors.preset_names), its rows do not: the next
    test reads the names of its own."""
    yield
    from games.selectors import drop_cached_preset_names

    drop_cached_preset_names()
