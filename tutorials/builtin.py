"""The built-in lessons, for `manage.py load_builtin_data` (core): the repository's content/lessons/."""

from django.conf import settings
from django.core.management.base import CommandError

from tutorials import services
from tutorials.documents import DocumentError, read_documents

LESSONS_DIR = settings.BASE_DIR / "content" / "lessons"


def load(*, reset: bool, say) -> None:
    if not LESSONS_DIR.is_dir():
        say(f"Lessons: no {LESSONS_DIR}.")
        return
    try:
        documents = read_documents(LESSONS_DIR)
        report = services.lessons_import(documents=documents, overwrite=reset,
                                         comment="Built-in lessons loaded by load_builtin_data")
    except (DocumentError, services.LessonImportError) as error:
        raise CommandError(f"No built-in lesson was loaded. {error}") from None
    say(report.builtin_summary("Lessons"))
