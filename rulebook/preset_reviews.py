"""What the rules pages make of a preset (games.preset_uses hooks, added in RulebookConfig.ready): the disputed
points that name it as the preset ruling them the other way, and the pages whose texts name it."""

from __future__ import annotations

from collections.abc import Sequence

from django.urls import reverse
from django.utils.translation import gettext as _

from games.preset_uses import PresetUse, texts_containing
from rulebook.models import DisputedPoint, RulesPage, RulesSection


def page_admin_url(page: RulesPage) -> str:
    return reverse("admin:rulebook_rulespage_change", args=[page.pk])


def disputed_point_uses(preset) -> list[PresetUse]:
    pages = list(RulesPage.objects.filter(questions__preset=preset).distinct())
    count = DisputedPoint.objects.filter(preset=preset).count()
    return [PresetUse(kind=_("Disputed points on the rules pages"), count=count,
                      items=[(str(page), page_admin_url(page)) for page in pages])]


def pages_naming(preset, names: Sequence[str]) -> list[tuple[str, str]]:
    """The rules page of the preset's game, if its introduction, a section or a disputed point names one of
    `names`."""
    found = RulesPage.objects.filter(game_key=preset.game_key).filter(
        texts_containing(RulesPage.TRANSLATED_FIELDS, names)
        | texts_containing(RulesSection.TRANSLATED_FIELDS, names, prefix="sections__")
        | texts_containing(DisputedPoint.TRANSLATED_FIELDS, names, prefix="questions__")).distinct()
    return [(str(page), page_admin_url(page)) for page in found]
