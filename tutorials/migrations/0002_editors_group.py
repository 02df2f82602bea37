"""The "Editors" group: members may add, change, delete and view lessons, steps and presets — nothing else.

Members must also be staff users (is_staff) to sign in to /admin/. History and "restore" of
django-reversion need no permission of their own: the history page asks for view or change
permission on the lesson, restoring an old version for change, recovering a deleted lesson for add
and change, all of which the group has.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Editors"
MODELS = ("lesson", "lessonstep", "preset")
ACTIONS = ("add", "change", "delete", "view")


def create_editors_group(apps, schema_editor):
    # Permissions are normally created after all migrations have run; create this app's now.
    app_config = apps.get_app_config("tutorials")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None

    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    codenames = [f"{action}_{model}" for model in MODELS for action in ACTIONS]
    permissions = Permission.objects.filter(content_type__app_label="tutorials", codename__in=codenames)
    assert permissions.count() == len(codenames), "tutorials permissions are missing"
    group, _ = Group.objects.get_or_create(name=GROUP)
    group.permissions.set(permissions)


def remove_editors_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("tutorials", "0001_initial"),
    ]

    operations = [migrations.RunPython(create_editors_group, remove_editors_group)]
