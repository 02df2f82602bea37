"""The built-in puzzles, for `manage.py load_builtin_data` (core): the repository's content/puzzles/, written by
`manage.py mine_puzzles`. Puzzles are only created, never reset: they have no editors."""

from django.conf import settings
from django.core.management.base import CommandError

from puzzles.documents import PuzzleFileError, read_puzzle_files
from puzzles.services import PuzzleImportError, puzzles_import

PUZZLES_DIR = settings.BASE_DIR / "content" / "puzzles"


def load(*, reset: bool, say) -> None:
    if not PUZZLES_DIR.is_dir():
        say(f"Puzzles: no {PUZZLES_DIR}.")
        return
    try:
        created = puzzles_import(documents=read_puzzle_files(PUZZLES_DIR))
    except (PuzzleFileError, PuzzleImportError) as error:
        raise CommandError(f"No built-in puzzle was loaded. {error}") from None
    say(f"Puzzles: {created} created.")
