"""Test settings: the dev defaults made fast and deterministic.

DATABASE_URL and REDIS_URL are still honoured (read in base), so CI can rerun the same suite
on PostgreSQL and Redis.
"""

import os
import tempfile
from pathlib import Path

from .dev import *  # noqa: F403

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
