"""Production: everything from the environment, secure by default.

Required: SECRET_KEY (or DJANGO_SECRET_KEY), ALLOWED_HOSTS (comma-separated).
Usually set: DATABASE_URL (PostgreSQL), REDIS_URL (channel layer and cache), BOT_MOVE_DELAY,
EMAIL_BACKEND and EMAIL_HOST/PORT/HOST_USER/HOST_PASSWORD/USE_TLS, DEFAULT_FROM_EMAIL (password-reset mail;
the default console backend only prints it), RATELIMIT_IP_META_KEY behind a proxy.
"""

import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import SECRET_KEY, env_bool, env_list

DEBUG = False

if not SECRET_KEY:
    raise ImproperlyConfigured("Set SECRET_KEY (or DJANGO_SECRET_KEY) in the environment.")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [])
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("Set ALLOWED_HOSTS in the environment, e.g. ALLOWED_HOSTS=example.com")

CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [f"https://{host}" for host in ALLOWED_HOSTS])

# The reverse proxy terminates TLS and says so in this header.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
