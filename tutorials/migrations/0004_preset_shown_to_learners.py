"""Presets get "shown to learners"; the built-in preset for developers (Hearts' OpenSpiel cross-check) is hidden
in databases that already hold it (load_builtin_data creates it hidden in new ones)."""

from django.db import migrations, models

# Frozen here as it was when the field came: the games' preset texts (games/<key>/presets.py) may change later.
DEVELOPER_PRESETS = [("hearts", "openspiel")]


def hide_developer_presets(apps, schema_editor):
    Preset = apps.get_model("tutorials", "Preset")
    for game_key, slug in DEVELOPER_PRESETS:
        Preset.objects.filter(game_key=game_key, slug=slug, is_builtin=True).update(shown_to_learners=False)


class Migration(migrations.Migration):

    dependencies = [
        ('tutorials', '0003_progress_step_states'),
    ]

    operations = [
        migrations.AddField(
            model_name='preset',
            name='shown_to_learners',
            field=models.BooleanField(default=True, help_text='Offered where people choose rules: new games, tables, assignments and the rules pages. Off for a preset meant for developers (such as a cross-check with another program) or one not ready yet; editors may still try it in a new game.', verbose_name='shown to learners'),
        ),
        migrations.RunPython(hide_developer_presets, migrations.RunPython.noop),
    ]
