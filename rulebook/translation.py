"""Which texts of the rules pages exist once per language (see tutorials/translation.py)."""

from modeltranslation.translator import TranslationOptions, register

from rulebook.models import DisputedPoint, RulesPage, RulesSection


@register(RulesPage)
class RulesPageTranslationOptions(TranslationOptions):
    fields = RulesPage.TRANSLATED_FIELDS


@register(RulesSection)
class RulesSectionTranslationOptions(TranslationOptions):
    fields = RulesSection.TRANSLATED_FIELDS
    required_languages = {"ru": ("title",)}


@register(DisputedPoint)
class DisputedPointTranslationOptions(TranslationOptions):
    fields = DisputedPoint.TRANSLATED_FIELDS
    required_languages = {"ru": ("question",)}
