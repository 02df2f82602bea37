from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulebookConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rulebook"
    verbose_name = _("Rules reference")

    def ready(self) -> None:
        # A preset's page lists the disputed points ruled by it, and its new name the pages naming the old one.
        from games.preset_uses import PRESET_MENTION_FINDERS, PRESET_USE_LISTERS, register
        from rulebook.preset_reviews import disputed_point_uses, pages_naming
        register(PRESET_USE_LISTERS, disputed_point_uses)
        register(PRESET_MENTION_FINDERS, pages_naming)
