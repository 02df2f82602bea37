"""Write paths of the rules pages: loading the built-in rules files."""

from __future__ import annotations

from collections.abc import Sequence

from games.models import Preset
from rulebook.documents import RulesDocument
from rulebook.models import DisputedPoint, RulesPage, RulesSection
from tutorials.documents import set_translated_texts
from tutorials.models import Lesson
from tutorials.services import ImportReport, full_clean_or_raise, import_revision


class RulesImportError(Exception):
    """A rules file that cannot be loaded; the message names the file and the item."""


def rules_pages_import(*, documents: Sequence[RulesDocument], overwrite: bool, user=None,
                       comment: str = "Imported from rules files") -> ImportReport:
    """Create the rules page of each document, and replace an existing one (same game) if `overwrite`.

    Everything is validated as the admin validates it — examples by replaying them through the
    engine, lesson steps and presets by looking them up — and one invalid document refuses the whole
    import (RulesImportError; nothing changes). The import is one revision in the pages' history.
    """
    report = ImportReport()
    with import_revision(comment=comment, user=user):
        for document in documents:
            _import_page(document, overwrite=overwrite, report=report)
    return report


def _import_page(document: RulesDocument, *, overwrite: bool, report: ImportReport) -> None:
    data, source = document.data, document.source
    page = RulesPage.objects.filter(game_key=data["game"]).first()
    if page is not None and not overwrite:
        report.skipped.append(data["game"])
        return
    is_new = page is None
    if is_new:
        page = RulesPage(game_key=data["game"])
    set_translated_texts(page, data)
    full_clean_or_raise(page, where=source, error=RulesImportError)
    if not is_new:
        # The old items go before the page is saved, so that its version does not list them.
        page.sections.all().delete()
        page.questions.all().delete()
    page.save()
    sections = {}
    for item in data["sections"]:
        section = RulesSection(page=page, slug=item["slug"], order=item["number"], lesson_step=item["lesson_step"])
        if item["lesson"] is not None:
            section.lesson = Lesson.objects.filter(game_key=page.game_key, slug=item["lesson"]).first()
            if section.lesson is None:
                raise RulesImportError(f"{source}, section '{item['slug']}': there is no lesson "
                                       f"'{item['lesson']}' of {page.game_key}.")
        set_translated_texts(section, item)
        full_clean_or_raise(section, where=f"{source}, section '{item['slug']}'", error=RulesImportError)
        section.save()
        sections[section.slug] = section
    for item in data["questions"]:
        where = f"{source}, question '{item['slug']}'"
        question = DisputedPoint(page=page, slug=item["slug"], order=item["order"], example=item["example"])
        if item["section"] is not None:
            if item["section"] not in sections:
                raise RulesImportError(f"{where}: there is no section '{item['section']}' in this file.")
            question.section = sections[item["section"]]
        if item["preset"] is not None:
            question.preset = Preset.objects.filter(game_key=page.game_key, slug=item["preset"]).first()
            if question.preset is None:
                raise RulesImportError(f"{where}: there is no preset '{item['preset']}' of {page.game_key}.")
        set_translated_texts(question, item)
        full_clean_or_raise(question, where=where, error=RulesImportError)
        question.save()
    (report.created if is_new else report.updated).append(page.game_key)
