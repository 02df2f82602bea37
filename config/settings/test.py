"""Test settings: the dev defaults made fast and deterministic.

DATABASE_URL and REDIS_URL are still honoured (read in base), so CI can rerun the same suite
on PostgreSQL and Redis.
"""

import os
import re
import tempfile
from pathlib import Path

# Parallel test workers (pytest-xdist: PYTEST_XDIST_WORKER "gw0", "gw1", …) each get a Redis database of
# their own (10, 11, …), as each gets its own test database: a test clearing the cache or counting sign-in
# attempts must not see another worker's. Set before the base settings read REDIS_URL; the sites that
# browser and fault tests start inherit it.
_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if _worker.startswith("gw") and os.environ.get("REDIS_URL"):
    os.environ["REDIS_URL"] = re.sub(r"(/\d*)?$", f"/{10 + int(_worker[2:])}", os.environ["REDIS_URL"], count=1)

from .dev import *  # noqa: E402, F403

DEBUG = False

ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost", "[::1]"]

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Bots reply at once in tests; the delay only exists for a person watching.
BOT_MOVE_DELAY = 0

# Plain storage: no manifest, so tests need no collectstatic.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Serve straight from the finders (STATICFILES_DIRS and apps), as runserver would.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A file, not shared-cache memory: only then do concurrent requests in tests queue on SQLite's
    # write lock as they do on a real server (shared-cache memory fails them at once instead).
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": str(Path(tempfile.gettempdir()) / f"cardschool-test-{os.getpid()}.sqlite3")}
