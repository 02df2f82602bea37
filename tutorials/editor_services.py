"""Write paths for editors' rights: a superuser makes a user an editor, or takes the rights back, in one step.

An editor is a staff user (Django's admin lets only staff sign in) in the "Editors" group (its permissions:
tutorials' migration 0002 and the rulebook's and puzzles' that extend it). Taking the rights back leaves the
staff status of a user who needs it for something else: a superuser, or a user whom another group or a
permission of their own lets do something in the admin.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from django.contrib.auth.models import AbstractUser, Group, Permission
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tutorials.selectors import EDITORS_GROUP, user_is_editor


class EditorRightsRefused(Exception):
    """Only a superuser may give or take editors' rights; the message says so to whoever tried."""


@dataclasses.dataclass(frozen=True)
class RightsRemoved:
    """One user's rights taken back; `staff_kept_because` is empty when the staff status went too."""

    user: AbstractUser
    staff_kept_because: str = ""


def editor_rights_grant(*, users: Iterable[AbstractUser], granted_by: AbstractUser) -> list[AbstractUser]:
    """Put each user in the Editors group and make them staff. Returns those who were not editors yet."""
    editor_rights_check_allowed(user=granted_by)
    group = Group.objects.get(name=EDITORS_GROUP)
    made = []
    with transaction.atomic():
        for user in users:
            if user_is_editor(user):
                continue
            user.groups.add(group)
            if not user.is_staff:
                user.is_staff = True
                user.save(update_fields=["is_staff"])
            made.append(user)
    return made


def editor_rights_remove(*, users: Iterable[AbstractUser], removed_by: AbstractUser) -> list[RightsRemoved]:
    """Take each editor out of the Editors group, and take their staff status unless something else needs it
    (`staff_kept_because` says what). Users who were not in the group are left as they are and not returned."""
    editor_rights_check_allowed(user=removed_by)
    group = Group.objects.get(name=EDITORS_GROUP)
    removed = []
    with transaction.atomic():
        for user in users:
            if not user.groups.filter(pk=group.pk).exists():
                continue
            user.groups.remove(group)
            reason = _other_reason_for_staff(user)
            if not reason and user.is_staff:
                user.is_staff = False
                user.save(update_fields=["is_staff"])
            removed.append(RightsRemoved(user=user, staff_kept_because=reason))
    return removed


def editor_rights_check_allowed(*, user: AbstractUser) -> None:
    """EditorRightsRefused unless `user` may give and take editors' rights (an active superuser)."""
    if not (user.is_active and user.is_superuser):
        raise EditorRightsRefused(_("Only a superuser may make editors or take their rights back; nothing was "
                                    "changed."))


def _other_reason_for_staff(user: AbstractUser) -> str:
    """Why `user`, out of the Editors group, still needs staff status, in words; "" when nothing does."""
    if user.is_superuser:
        return _("a superuser")
    groups = sorted(user.groups.filter(permissions__isnull=False).distinct().values_list("name", flat=True))
    if groups:
        return ngettext("in the group %(groups)s, which gives other admin rights",
                        "in the groups %(groups)s, which give other admin rights", len(groups)) % {
            "groups": ", ".join(groups)}
    if Permission.objects.filter(user=user).exists():
        return _("has admin permissions of their own")
    return ""
