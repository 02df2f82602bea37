"""Load the site's built-in data (lessons, rule presets) idempotently; run by `make run`."""

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Load built-in lessons and presets into the database (safe to run repeatedly)."

    def handle(self, *args, **options) -> None:
        self.stdout.write("No built-in data to load yet.")
