"""The "Teachers" group: its members may create classes on the site (not in the admin).

It carries no admin permission: what a teacher may see and change is decided per class (the
teachers of a class), in classroom.selectors.
"""

from django.db import migrations

GROUP = "Teachers"


def create_teachers_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.get_or_create(name=GROUP)


def remove_teachers_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("classroom", "0001_initial"),
    ]

    operations = [migrations.RunPython(create_teachers_group, remove_teachers_group)]
