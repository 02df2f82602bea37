"""The "Editors" group (tutorials 0002) may also change and view puzzles (hide one, set its theme, explain it)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Editors"
CODENAMES = ("change_puzzle", "view_puzzle")


def grant_puzzles(apps, schema_editor):
    # Permissions are normally created after all migrations have run; create this app's now.
    app_config = apps.get_app_config("puzzles")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None

    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    permissions = Permission.objects.filter(content_type__app_label="puzzles", codename__in=CODENAMES)
    assert permissions.count() == len(CODENAMES), "puzzles permissions are missing"
    group, _ = Group.objects.get_or_create(name=GROUP)
    group.permissions.add(*permissions)


def revoke_puzzles(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for group in Group.objects.filter(name=GROUP):
        group.permissions.remove(*Permission.objects.filter(content_type__app_label="puzzles",
                                                            codename__in=CODENAMES))


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0001_initial"),
        ("tutorials", "0002_editors_group"),
    ]

    operations = [migrations.RunPython(grant_puzzles, revoke_puzzles)]
