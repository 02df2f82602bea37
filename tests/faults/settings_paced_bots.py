"""The test settings, but with bots moving BOT_MOVE_DELAY seconds apart (from the environment) as on a real site.

For sites started by tests that must tell a pushed or fetched table from the page's own delayed refresh,
which test settings (no delay) would make immediate.
"""

from config.settings.base import env_float
from config.settings.test import *  # noqa: F403

BOT_MOVE_DELAY = env_float("BOT_MOVE_DELAY", 0)
