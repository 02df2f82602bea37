"""Load the site's built-in data idempotently; run by `make run` (and after every deploy).

Built-in presets come from the rule engines; built-in lessons from the repository's content/lessons/.
Both are created when missing and otherwise left as editors left them; `--reset` overwrites the
lessons with the files.
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tutorials import services
from tutorials.documents import DocumentError, read_documents

LESSONS_DIR = settings.BASE_DIR / "content" / "lessons"


class Command(BaseCommand):
    help = "Load built-in presets and lessons into the database (safe to run repeatedly)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--reset", action="store_true",
                            help="Overwrite existing built-in lessons with the files (editors' changes are lost).")

    def handle(self, *args, reset: bool, **options) -> None:
        presets = services.preset_sync_builtin()
        self.stdout.write(f"Presets: {len(presets)} created.")
        if not LESSONS_DIR.is_dir():
            self.stdout.write(f"Lessons: no {LESSONS_DIR}.")
            return
        try:
            documents = read_documents(LESSONS_DIR)
            report = services.lessons_import(documents=documents, overwrite=reset,
                                             comment="Built-in lessons loaded by load_builtin_data")
        except (DocumentError, services.LessonImportError) as error:
            raise CommandError(f"No built-in lesson was loaded. {error}") from None
        self.stdout.write(f"Lessons: {len(report.created)} created, {len(report.updated)} reset, "
                          f"{len(report.skipped)} left as they were.")
