from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StudioConfig(AppConfig):
    """The lesson studio (/studio/): editors write lessons on the table, without JSON."""

    name = "studio"
    verbose_name = _("Lesson studio")
