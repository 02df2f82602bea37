"""Which texts of a puzzle exist once per language (see tutorials/translation.py)."""

from modeltranslation.translator import TranslationOptions, register

from puzzles.models import Puzzle


@register(Puzzle)
class PuzzleTranslationOptions(TranslationOptions):
    fields = Puzzle.TRANSLATED_FIELDS
