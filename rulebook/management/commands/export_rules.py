"""Write every rules page (or one game's) as a JSON file: <dir>/<game>.json (see rulebook/documents.py).

What editors changed in the admin goes back into content/rules/ this way, to be reviewed and committed.
"""

from pathlib import Path

from django.core.management.base import BaseCommand

from rulebook.documents import rules_page_document
from rulebook.models import RulesPage
from tutorials.documents import document_text

DEFAULT_DIR = "content/rules"


class Command(BaseCommand):
    help = "Write the rules pages, with their sections, questions and every language, as one JSON file per game."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--dir", default=DEFAULT_DIR, help=f"Directory to write into (default {DEFAULT_DIR}/).")
        parser.add_argument("--game", help="Only this game's page.")

    def handle(self, *args, dir: str, game: str | None, **options) -> None:
        directory = Path(dir)
        directory.mkdir(parents=True, exist_ok=True)
        pages = RulesPage.objects.order_by("game_key")
        if game:
            pages = pages.filter(game_key=game)
        count = 0
        for page in pages:
            path = directory / f"{page.game_key}.json"
            path.write_text(document_text(rules_page_document(page)), encoding="utf-8")
            count += 1
            if options["verbosity"] > 1:
                self.stdout.write(str(path))
        self.stdout.write(f"Exported {count} rules page(s) to {directory}/.")
