"""Load the site's built-in data idempotently; run by `make run` (and after every deploy).

Each installed app with built-in data says how to load it in a `builtin` module of its own, with a function
`load(*, reset, say)`: it creates what is missing, leaves the rest as editors left it (with `reset`, overwrites
what the files hold), reports with `say(line)` and refuses bad files with CommandError. The apps are loaded in
INSTALLED_APPS order, so that what a later app links to exists first (presets, then lessons, then the rules pages
that link to the lessons' steps, then puzzles); this command knows none of them.
"""

from importlib import import_module

from django.apps import apps
from django.core.management.base import BaseCommand


def builtin_modules():
    """Each installed app's `builtin` module, in INSTALLED_APPS order; apps without one are passed over."""
    for app_config in apps.get_app_configs():
        name = f"{app_config.name}.builtin"
        try:
            yield import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:
                raise   # the module exists but fails to import: say so


class Command(BaseCommand):
    help = "Load built-in presets, lessons and rules pages into the database (safe to run repeatedly)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--reset", action="store_true",
                            help="Overwrite existing built-in lessons and rules pages with the files "
                                 "(editors' changes are lost).")

    def handle(self, *args, reset: bool, **options) -> None:
        for module in builtin_modules():
            module.load(reset=reset, say=self.stdout.write)
