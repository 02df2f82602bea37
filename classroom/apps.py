from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClassroomConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "classroom"
    verbose_name = _("Classes")

    def ready(self) -> None:
        from classroom.live import connect_round_updates

        connect_round_updates()
        from classroom.selectors import assignment_preset_uses
        from games.preset_uses import PRESET_USE_LISTERS, register
        register(PRESET_USE_LISTERS, assignment_preset_uses)   # the preset's admin page counts them
