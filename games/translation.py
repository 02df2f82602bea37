"""Which texts of a preset exist once per language (django-modeltranslation adds `name_ru`, `name_en`, …); see
tutorials/translation.py for the lessons'."""

from modeltranslation.translator import TranslationOptions, register

from games.models import Preset


@register(Preset)
class PresetTranslationOptions(TranslationOptions):
    fields = Preset.TRANSLATED_FIELDS
    required_languages = {"ru": ("name",)}
