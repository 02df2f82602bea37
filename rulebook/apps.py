from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulebookConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rulebook"
    verbose_name = _("Rules reference")
