"""Which texts exist once per language (django-modeltranslation adds `<field>_ru`, `<field>_en`).

Each model lists its translated fields in TRANSLATED_FIELDS, so that versions (models.py) and lesson
files (documents.py) know them too. Everything else — keys, order, payloads, variant fields — is one
value for every language.
"""

from modeltranslation.translator import TranslationOptions, register

from tutorials.models import Lesson, LessonStep


@register(Lesson)
class LessonTranslationOptions(TranslationOptions):
    fields = Lesson.TRANSLATED_FIELDS
    required_languages = {"ru": ("title",)}


@register(LessonStep)
class LessonStepTranslationOptions(TranslationOptions):
    fields = LessonStep.TRANSLATED_FIELDS
