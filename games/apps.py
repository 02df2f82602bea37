from django.apps import AppConfig
from django.core.signals import setting_changed
from django.db.models.signals import post_delete, post_save
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
        from games.models import Preset
        from games.preset_uses import PRESET_USE_LISTERS, register
        from games.selectors import forget_preset_names, game_preset_uses
        register(PRESET_USE_LISTERS, game_preset_uses)
        # Any change of a preset, its name's included (an editor's, a reverted version's, a built-in one made
        # again), makes the pages read the presets' names again (games.selectors.preset_names).
        post_save.connect(forget_preset_names, sender=Preset, dispatch_uid="games.forget_preset_names.saved")
        post_delete.connect(forget_preset_names, sender=Preset, dispatch_uid="games.forget_preset_names.deleted")
