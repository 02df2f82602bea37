from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TogetherConfig(AppConfig):
    """Tables where people take the seats and bots fill the rest: /tables/."""

    name = "together"
    verbose_name = _("Tables to play together")

    def ready(self) -> None:
        from classroom.class_tables import CLASS_TABLE_LISTERS
        from together.selectors import class_table_lines

        # The class pages list this app's tables without importing it.
        if class_table_lines not in CLASS_TABLE_LISTERS:
            CLASS_TABLE_LISTERS.append(class_table_lines)
        from games.preset_uses import PRESET_USE_LISTERS, register
        from together.selectors import table_preset_uses
        register(PRESET_USE_LISTERS, table_preset_uses)   # the preset's admin page counts them
