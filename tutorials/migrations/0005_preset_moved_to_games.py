"""Presets now belong to the games app (games 0009), in the same table: lessons point at games.Preset, and the
model leaves this app's migration state only; no row or column changes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0009_preset'),
        ('rulebook', '0003_disputed_point_preset_in_games'),
        ('tutorials', '0004_preset_shown_to_learners'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='lesson',
                    name='preset',
                    field=models.ForeignKey(blank=True, help_text="The rules the lesson's deals are played under; empty: the standard game.", null=True, on_delete=django.db.models.deletion.PROTECT, related_name='lessons', to='games.preset', verbose_name='preset'),
                ),
                migrations.DeleteModel(
                    name='Preset',
                ),
            ],
        ),
    ]
