"""Read lesson files (as export_lessons writes them): create or replace lessons by game and slug."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from games import services as game_services
from tutorials import services
from tutorials.documents import DocumentError, read_documents

DEFAULT_DIR = "content/lessons"


class Command(BaseCommand):
    help = ("Create or update lessons from JSON files, replacing their steps. Every step is checked against the "
            "rules; one invalid file refuses the whole import.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("--dir", default=DEFAULT_DIR, help=f"Directory to read (default {DEFAULT_DIR}/).")
        parser.add_argument("--keep-existing", action="store_true",
                            help="Only add lessons that do not exist yet; leave existing ones as they are.")

    def handle(self, *args, dir: str, keep_existing: bool, **options) -> None:
        directory = Path(dir)
        if not directory.is_dir():
            raise CommandError(f"{directory} is not a directory.")
        try:
            documents = read_documents(directory)
            with transaction.atomic():
                game_services.preset_sync_builtin()   # lessons may name the built-in presets
                report = services.lessons_import(documents=documents, overwrite=not keep_existing)
        except (DocumentError, services.LessonImportError) as error:
            raise CommandError(f"Nothing was imported. {error}") from None
        self.stdout.write(f"Imported {len(documents)} lesson file(s) from {directory}/: "
                          f"{len(report.created)} created, {len(report.updated)} updated, "
                          f"{len(report.skipped)} left as they were.")
