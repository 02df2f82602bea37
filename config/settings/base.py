"""Settings shared by every environment; the overlays (dev, test, production) change only what differs.

Everything that varies between machines comes from the environment, so one code base runs
embedded (SQLite, in-memory channel layer, local-memory cache) or behind a proxy on several
ASGI workers sharing PostgreSQL and Redis.
"""

import os
import re
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def env_float(name: str, default: float) -> float:
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    return float(value)


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    return int(value)


def env_rate(name: str, default: str) -> str:
    """A rate as django-ratelimit writes it ("5/5m": five per five minutes), refused at start-up if malformed.

    A typo would otherwise surface only as a server error on every sign-in.
    """
    value = (os.environ.get(name) or default).strip()
    if not re.fullmatch(r"\d+/\d*[smhd]", value):
        raise ImproperlyConfigured(f"{name} must look like 5/5m (count/period, period in s, m, h or d), not {value!r}")
    return value


# The overlays decide whether a missing key is acceptable (dev/test) or an error (production).
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or os.environ.get("SECRET_KEY") or ""

DEBUG = False

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [])

INSTALLED_APPS = [
    # daphne first so that `runserver` serves ASGI, WebSockets included.
    "daphne",
    # modeltranslation patches the models' translated fields before the admin is loaded.
    "modeltranslation",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "template_partials",
    "reversion",
    # Only for its system check of the cache; core/ratelimits.py calls its core directly.
    "django_ratelimit",
    # What every app below uses; it imports none of them (tests/test_app_imports.py).
    "core",
    "games",
    "tutorials",
    "classroom",
    "rulebook",
    "puzzles",
    "together",
    "studio",
    # The tooling (arena, benches, load test): its manage.py commands; the apps above never import it.
    "benchmarks",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "config.outages.DatabaseOutageMiddleware",
]

# Content-Security-Policy (django-csp), sent in every environment so that dev and the tests meet the policy that
# production serves. Pages load script, style and images from this site only and run no inline script or
# style: behaviour lives in static/js/, htmx is told not to inject its indicator style nor to eval
# (templates/base.html), and lesson Markdown is stripped of scripts, handlers and style attributes
# (tutorials/markdown.py). connect-src 'self' covers the WebSockets to the same host and port (CSP 3).
# Lesson images must therefore be served by the site itself: img-src does not allow other hosts.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'"],
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
    },
}

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # The apps' templates, then each installed game's own (games/<key>/templates/); cached as Django's
            # default loaders are, inside django-template-partials' loader (which would otherwise replace this list).
            "loaders": [("template_partials.loader.Loader", [("django.template.loaders.cached.Loader", [
                "django.template.loaders.filesystem.Loader",
                "django.template.loaders.app_directories.Loader",
                "games.template_loader.InstalledGamesLoader",
            ])])],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

ASGI_APPLICATION = "config.asgi.application"

DATABASE_CONN_MAX_AGE = int(os.environ.get("DATABASE_CONN_MAX_AGE", "0"))
DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL",
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=DATABASE_CONN_MAX_AGE,
        # A kept connection may have died with a database restart: check it before each request reuses it,
        # so only the requests in flight during the restart fail (with a 503, config/outages.py).
        conn_health_checks=DATABASE_CONN_MAX_AGE > 0,
    )
}
# PostgreSQL connections kept in a pool per worker (psycopg_pool), at most this many: a request or a pushed
# table borrows one and gives it back, instead of opening its own (a new server process each time). Under ASGI
# every request runs in a thread of its own, so DATABASE_CONN_MAX_AGE would instead keep one connection per
# thread ever used, until PostgreSQL refuses more. 0 turns the pool off; the two cannot be combined.
DATABASE_POOL_MAX_SIZE = int(os.environ.get("DATABASE_POOL_MAX_SIZE", "0"))
if DATABASE_POOL_MAX_SIZE and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    if DATABASE_CONN_MAX_AGE:
        raise ImproperlyConfigured("Set DATABASE_POOL_MAX_SIZE or DATABASE_CONN_MAX_AGE, not both.")
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {"min_size": 1, "max_size": DATABASE_POOL_MAX_SIZE}
    # A pooled connection may have died with a database restart: Django has the pool check it before each loan.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Take the write lock when a transaction begins: two requests racing for the same game then
    # queue up instead of failing with "database is locked" when the second tries to write.
    DATABASES["default"].setdefault("OPTIONS", {}).update({"transaction_mode": "IMMEDIATE", "timeout": 20})

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")

# Seconds to wait for Redis to accept a connection or answer: a dead Redis then costs a move or a page that
# much at most (config/outages.py). A listening page's consumer waits on a blocking read for channels_redis's
# blocking pop (5 s) on purpose, so the channel layer's read timeout is longer than that: redis-py 8's default of
# 5 s, the very length of the pop, killed idle pages' consumers on a busy machine ("Timeout reading", CI of
# 2026-12-03); none at all left a worker's receive stuck after Redis restarted, and pushes never resumed
# (tests/e2e/test_redis_outage.py). core/live.py bounds each push apart from this.
REDIS_CONNECT_TIMEOUT = env_float("REDIS_CONNECT_TIMEOUT", 0.25)
REDIS_READ_TIMEOUT = env_float("REDIS_READ_TIMEOUT", 0.5)
CHANNEL_LAYER_READ_TIMEOUT = env_float("CHANNEL_LAYER_READ_TIMEOUT", 10)
# Messages waiting for one worker's pages in the channel layer before new ones are dropped. channels_redis keeps
# the messages of all the pages of a worker in one list, so its default of 100 is a worker's whole inbox: at 400
# learners a busy worker fell behind by more than that and pages missed the bots' moves (bench_web).
CHANNEL_LAYER_CAPACITY = env_int("CHANNEL_LAYER_CAPACITY", 2000)
if CHANNEL_LAYER_CAPACITY < 1:
    raise ImproperlyConfigured("CHANNEL_LAYER_CAPACITY must be at least 1.")

if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_connect_timeout": REDIS_CONNECT_TIMEOUT,
                                  "socket_timeout": CHANNEL_LAYER_READ_TIMEOUT}],
                       "capacity": CHANNEL_LAYER_CAPACITY},
        }
    }
    CACHES = {
        "default": {
            # Django's RedisCache that answers from local memory while Redis is down, so pages still work.
            "BACKEND": "config.outages.RedisCacheWithLocalFallback",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": REDIS_CONNECT_TIMEOUT, "socket_timeout": REDIS_READ_TIMEOUT},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Attempts (sign-in, password reset, join codes) are counted in the default cache by django-ratelimit,
# whose check asks for a cache that every worker shares and that increments atomically.
SILENCED_SYSTEM_CHECKS = []
if CACHES["default"]["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache":
    # The embedded site runs in one process, so its local-memory cache is shared by all its requests and
    # counts correctly. (Several workers without REDIS_URL would each count apart: set REDIS_URL for them.)
    SILENCED_SYSTEM_CHECKS += ["django_ratelimit.E003", "django_ratelimit.W001"]
elif CACHES["default"]["BACKEND"] == "config.outages.RedisCacheWithLocalFallback":
    # Django's own Redis cache is shared and increments with Redis's atomic INCR; django-ratelimit 4.1 only
    # predates it and calls it "not officially supported" (jsocol/django-ratelimit#283). While Redis is down
    # it counts per worker instead (core/ratelimits.py).
    SILENCED_SYSTEM_CHECKS += ["django_ratelimit.W001"]

# Behind a proxy every request comes from the proxy's address: name the header in which the proxy passes
# the client's one address (e.g. HTTP_X_REAL_IP), or per-IP limits would count the whole site as one client.
RATELIMIT_IP_META_KEY = os.environ.get("RATELIMIT_IP_META_KEY") or None

# Sign-in POSTs per client address and per username (classroom/accounts.py). The per-IP rate is generous
# because a whole school class may sign in at once from one address; per username it is tight, since
# that is where passwords are guessed.
LOGIN_RATE_PER_IP = env_rate("LOGIN_RATE_PER_IP", "100/10m")
LOGIN_RATE_PER_USERNAME = env_rate("LOGIN_RATE_PER_USERNAME", "5/5m")
# Password-reset requests per client address: each one sends an e-mail.
PASSWORD_RESET_RATE_PER_IP = env_rate("PASSWORD_RESET_RATE_PER_IP", "5/10m")
# Join codes tried per signed-in user (classroom/views.py): enough for typos, too few to guess a code.
JOIN_CODE_RATE_PER_USER = env_rate("JOIN_CODE_RATE_PER_USER", "10/10m")
# Sign-up POSTs per client address, every attempt counted (a mistyped password too): generous, because a whole
# class of thirty may create its accounts in one lesson from one school address, each with a retry; a script
# making accounts in bulk is still stopped after a minute's work each hour.
SIGNUP_RATE_PER_IP = env_rate("SIGNUP_RATE_PER_IP", "60/h")
# Tables to play together (together/): tables opened per client address (a class opens a few each lesson from
# one school address), invitation codes tried per client address (enough for typos, too few to guess one of
# 31^8 codes), and the tables one person may have open, not started, at once.
TABLE_OPEN_RATE_PER_IP = env_rate("TABLE_OPEN_RATE_PER_IP", "60/h")
TABLE_CODE_RATE_PER_IP = env_rate("TABLE_CODE_RATE_PER_IP", "30/10m")
OPEN_TABLES_PER_PERSON = env_int("OPEN_TABLES_PER_PERSON", 3)
# Seconds after which a table nobody started is gone.
TABLE_EXPIRES_AFTER = env_int("TABLE_EXPIRES_AFTER", 24 * 3600)

# Seconds between bot moves pushed over the WebSocket, so a person can follow each one.
BOT_MOVE_DELAY = env_float("BOT_MOVE_DELAY", 0.6)

# Moves each worker plays at once (games/move_slots.py); more wait for a slot without taking the CPU, so the
# pages that start a game are not starved by a crowd of moves (bench_web's saturation phase).
MOVES_AT_ONCE = env_int("MOVES_AT_ONCE", 4)
if MOVES_AT_ONCE < 1:
    raise ImproperlyConfigured("MOVES_AT_ONCE must be at least 1.")
# Games whose history each worker keeps in memory (games/history.py), the least recently used dropped: a request
# for a game no longer kept replays it from its first action. Every worker sees every game (the proxy spreads a
# learner's requests): with 256, a class of 400 on 2 workers has each worker drop games still being played, which
# are then replayed from the start (bench_web counts the workers' lookups). Measured (tracemalloc, the actions
# decoded as from the database): a whole 3-player Sunduchok game of 125-207 actions takes 0.35-0.65 MB, about
# 3 KB an action, and so does a long match: Yashchiki's short one (2,725 actions) 7.4 MB, its standard 15 deals
# (4,450 actions) about 12 MB. 1,000 whole Sunduchok games take up to about 0.5 GB per worker, half that while
# they are still being played.
HISTORY_CACHE_SIZE = env_int("HISTORY_CACHE_SIZE", 1000)
if HISTORY_CACHE_SIZE < 1:
    raise ImproperlyConfigured("HISTORY_CACHE_SIZE must be at least 1.")
# Threads of each worker that render the tables pushed to open pages (games/consumers.py): as few as keep up.
PUSH_THREADS = env_int("PUSH_THREADS", 2)
if PUSH_THREADS < 1:
    raise ImproperlyConfigured("PUSH_THREADS must be at least 1.")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# Password-reset links go out by e-mail. The console backend prints them (a developer's machine); a real
# site sets EMAIL_BACKEND=django.core.mail.backends.smtp.EmailBackend and the server below.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT") or 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")

LANGUAGE_CODE = "ru"
LANGUAGES = [("ru", "Русский"), ("en", "English")]
TIME_ZONE = "UTC"
USE_I18N = True
# The site's own words (templates, messages, the game log); compiled to .mo by `make translations`.
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_TZ = True

# Lesson and preset texts are stored once per language (django-modeltranslation, tutorials/translation.py).
# Russian is the default and required; a missing English text falls back to the Russian one.
MODELTRANSLATION_DEFAULT_LANGUAGE = "ru"
MODELTRANSLATION_LANGUAGES = ("ru", "en")
MODELTRANSLATION_FALLBACK_LANGUAGES = ("ru", "en")

STATIC_URL = "static/"
# Where `collectstatic` gathers the files that production serves (with their manifest).
STATIC_ROOT = os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
