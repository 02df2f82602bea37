"""Load the site's built-in data idempotently; run by `make run` (and after every deploy).

Built-in presets come from the rule engines; built-in lessons from the repository's content/lessons/,
built-in rules pages from content/rules/, built-in puzzles from content/puzzles/ (`manage.py mine_puzzles`).
Each is created when missing and otherwise left as editors left it; `--reset` overwrites the lessons and the
rules pages with the files.
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from puzzles.documents import PuzzleFileError, read_puzzle_files
from puzzles.services import PuzzleImportError, puzzles_import
from rulebook.documents import read_rules_documents
from rulebook.services import RulesImportError, rules_pages_import
from tutorials import services
from tutorials.documents import DocumentError, read_documents

LESSONS_DIR = settings.BASE_DIR / "content" / "lessons"
RULES_DIR = settings.BASE_DIR / "content" / "rules"
PUZZLES_DIR = settings.BASE_DIR / "content" / "puzzles"


class Command(BaseCommand):
    help = "Load built-in presets, lessons and rules pages into the database (safe to run repeatedly)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--reset", action="store_true",
                            help="Overwrite existing built-in lessons and rules pages with the files "
                                 "(editors' changes are lost).")

    def handle(self, *args, reset: bool, **options) -> None:
        presets = services.preset_sync_builtin()
        self.stdout.write(f"Presets: {len(presets)} created.")
        self._load_lessons(reset=reset)
        self._load_rules_pages(reset=reset)
        self._load_puzzles()

    def _load_lessons(self, *, reset: bool) -> None:
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

    def _load_rules_pages(self, *, reset: bool) -> None:
        # After the lessons: the rules sections link to their steps.
        if not RULES_DIR.is_dir():
            self.stdout.write(f"Rules pages: no {RULES_DIR}.")
            return
        try:
            report = rules_pages_import(documents=read_rules_documents(RULES_DIR), overwrite=reset,
                                        comment="Built-in rules pages loaded by load_builtin_data")
        except (DocumentError, RulesImportError) as error:
            raise CommandError(f"No built-in rules page was loaded. {error}") from None
        self.stdout.write(f"Rules pages: {len(report.created)} created, {len(report.updated)} reset, "
                          f"{len(report.skipped)} left as they were.")

    def _load_puzzles(self) -> None:
        if not PUZZLES_DIR.is_dir():
            self.stdout.write(f"Puzzles: no {PUZZLES_DIR}.")
            return
        try:
            created = puzzles_import(documents=read_puzzle_files(PUZZLES_DIR))
        except (PuzzleFileError, PuzzleImportError) as error:
            raise CommandError(f"No built-in puzzle was loaded. {error}") from None
        self.stdout.write(f"Puzzles: {created} created.")
