from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TogetherConfig(AppConfig):
    """Tables where people take the seats and bots fill the rest: /tables/."""

    name = "together"
    verbose_name = _("Tables to play together")
