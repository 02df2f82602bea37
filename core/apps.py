from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    """What every app uses: live pushes and the listening page, the visitor, attempt limits, version history,
    and the built-in data command. It imports no other app of the project (tests/test_app_imports.py)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "core"
    verbose_name = _("Core")
