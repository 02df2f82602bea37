"""The "Editors" group (tutorials 0002) may also add, change, delete and view the rules pages."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Editors"
MODELS = ("rulespage", "rulessection", "disputedpoint")
ACTIONS = ("add", "change", "delete", "view")


def _codenames() -> list[str]:
    return [f"{action}_{model}" for model in MODELS for action in ACTIONS]


def grant_rules_pages(apps, schema_editor):
    # Permissions are normally created after all migrations have run; create this app's now.
    app_config = apps.get_app_config("rulebook")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None

    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    permissions = Permission.objects.filter(content_type__app_label="rulebook", codename__in=_codenames())
    assert permissions.count() == len(_codenames()), "rulebook permissions are missing"
    group, _ = Group.objects.get_or_create(name=GROUP)
    group.permissions.add(*permissions)


def revoke_rules_pages(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for group in Group.objects.filter(name=GROUP):
        group.permissions.remove(*Permission.objects.filter(content_type__app_label="rulebook",
                                                            codename__in=_codenames()))


class Migration(migrations.Migration):
    dependencies = [
        ("rulebook", "0001_rules_pages"),
        ("tutorials", "0002_editors_group"),
    ]

    operations = [migrations.RunPython(grant_rules_pages, revoke_rules_pages)]
