from django.apps import AppConfig
from django.core.signals import setting_changed
from django.utils.translation import gettext_lazy as _


def _forget_game_templates(*, setting: str, **kwargs) -> None:
    """A test that installs or removes a game (the INSTALLED_GAMES setting) must not see the templates the cached
    loader found, or failed to find, under the old list."""
    if setting == "INSTALLED_GAMES":
        from django.template import engines

        for engine in engines.all():
            for loader in engine.engine.template_loaders:
                loader.reset()   # passed down the chain to the cached loader


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        setting_changed.connect(_forget_game_templates, dispatch_uid="games.forget_game_templates")
