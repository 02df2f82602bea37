"""The built-in rules pages, for `manage.py load_builtin_data` (core): the repository's content/rules/.

Loaded after the lessons (tutorials comes first in INSTALLED_APPS): the rules sections link to their steps.
"""

from django.conf import settings
from django.core.management.base import CommandError

from rulebook.documents import read_rules_documents
from rulebook.services import RulesImportError, rules_pages_import
from tutorials.documents import DocumentError

RULES_DIR = settings.BASE_DIR / "content" / "rules"


def load(*, reset: bool, say) -> None:
    if not RULES_DIR.is_dir():
        say(f"Rules pages: no {RULES_DIR}.")
        return
    try:
        report = rules_pages_import(documents=read_rules_documents(RULES_DIR), overwrite=reset,
                                    comment="Built-in rules pages loaded by load_builtin_data")
    except (DocumentError, RulesImportError) as error:
        raise CommandError(f"No built-in rules page was loaded. {error}") from None
    say(report.builtin_summary("Rules pages"))
