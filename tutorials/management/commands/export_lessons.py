"""Write every lesson (or one game's) as a JSON file: <dir>/<game>/<slug>.json (see tutorials/documents.py)."""

from pathlib import Path

from django.core.management.base import BaseCommand

from tutorials.documents import document_path, document_text, lesson_document
from tutorials.models import Lesson

DEFAULT_DIR = "content/lessons"


class Command(BaseCommand):
    help = "Write the lessons, with their steps and every language, as one JSON file per lesson."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--dir", default=DEFAULT_DIR, help=f"Directory to write into (default {DEFAULT_DIR}/).")
        parser.add_argument("--game", help="Only this game's lessons.")

    def handle(self, *args, dir: str, game: str | None, **options) -> None:
        directory = Path(dir)
        lessons = Lesson.objects.select_related("preset").order_by("game_key", "order", "slug")
        if game:
            lessons = lessons.filter(game_key=game)
        count = 0
        for lesson in lessons:
            data = lesson_document(lesson)
            path = directory / document_path(data)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(document_text(data), encoding="utf-8")
            count += 1
            if options["verbosity"] > 1:
                self.stdout.write(str(path))
        self.stdout.write(f"Exported {count} lesson(s) to {directory}/.")
