"""A disputed point's preset is now games.Preset (games 0009): the same table, so the column and its constraint
stay as they are; only the migration state changes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0009_preset'),
        ('rulebook', '0002_editors_edit_rules_pages'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='disputedpoint',
                    name='preset',
                    field=models.ForeignKey(blank=True, help_text='The preset that rules this point differently.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='games.preset', verbose_name='preset'),
                ),
            ],
        ),
    ]
