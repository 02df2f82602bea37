from django.apps import AppConfig
from django.core.signals import setting_changed
from django.urls import register_converter
from django.utils.translation import gettext_lazy as _

from games.converters import GameConverter


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
        # Here, before any URLconf is read: the games', tutorials', rules', puzzles' and tables' addresses use it.
        register_converter(GameConverter, "game")
        setting_changed.connect(_forget_game_templates, dispatch_uid="games.forget_game_templates")
        from games.preset_uses import PRESET_USE_LISTERS, register
        from games.selectors import game_preset_uses
        register(PRESET_USE_LISTERS, game_preset_uses)
