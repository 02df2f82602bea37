"""Version history (django-reversion) for the editors' models, one language column at a time."""

from __future__ import annotations

import reversion
from django.conf import settings
from django.db import models
from django.db.models.fields.reverse_related import ForeignObjectRel
from modeltranslation.utils import build_localized_fieldname

# Each registered model's `follow`: the rows saved in each of its versions (a lesson's steps).
_FOLLOWED: dict[type[models.Model], tuple[str, ...]] = {}


def register_versions(*, follow: tuple[str, ...] = ()):
    """reversion.register for a model with translated fields: keep each language's column
    (`title_ru`, `title_en`) and leave out the untranslated original (`title`), which
    modeltranslation fills from whatever language is active, so that restoring a version made
    in one language never writes its text into another language's column."""
    def register(model: type[models.Model]) -> type[models.Model]:
        translated = model.TRANSLATED_FIELDS
        names = [field.name for field in model._meta.local_fields if field.name not in translated]
        names += [build_localized_fieldname(name, language) for name in translated
                  for language in settings.MODELTRANSLATION_LANGUAGES]
        _FOLLOWED[model] = follow
        return reversion.register(model, fields=names, follow=follow)
    return register


def followed_relations(model: type[models.Model]) -> list[ForeignObjectRel]:
    """The relations to the rows kept in each version of `model` (a lesson's `steps`), as registered."""
    return [model._meta.get_field(name) for name in _FOLLOWED.get(model, ())]
