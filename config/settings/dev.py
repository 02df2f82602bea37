"""Local development: the embedded default that needs nothing installed.

SQLite, the in-memory channel layer and the local-memory cache come from base unless
DATABASE_URL / REDIS_URL are set.
"""

from .base import *  # noqa: F403
from .base import SECRET_KEY, env_list

DEBUG = True

# A fixed key is fine on a developer's machine; production refuses to start without one.
SECRET_KEY = SECRET_KEY or "dev-only-insecure-key-do-not-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
