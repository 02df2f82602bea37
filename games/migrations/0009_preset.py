"""Presets move from the tutorials app to this one (core's tests forbid the import cycle that kept them there).

The table keeps its name (Meta.db_table = "tutorials_preset") and its rows: the model is created here in the
migration state only, and tutorials 0005 deletes it from that app's state only. The rows' content type is renamed,
so that the Editors group's permissions, the admin's log and django-reversion's history stay attached to them, and
the history's serialized rows name the new model.
"""

from django.db import migrations, models

import games.models

OLD, NEW = "tutorials.preset", "games.preset"


def rename_content_type(apps, schema_editor, *, old=OLD, new=NEW):
    ContentType = apps.get_model("contenttypes", "ContentType")
    Version = apps.get_model("reversion", "Version")
    old_label, model = old.split(".")
    new_label, _ = new.split(".")
    if not ContentType.objects.filter(app_label=new_label, model=model).exists():
        ContentType.objects.filter(app_label=old_label, model=model).update(app_label=new_label)
    # Each version holds its row as Django's JSON serialization: [{"model": "tutorials.preset", "pk": …, …}].
    for version in Version.objects.filter(content_type__app_label=new_label, content_type__model=model,
                                          serialized_data__contains=f'"{old}"'):
        version.serialized_data = version.serialized_data.replace(f'"model": "{old}"', f'"model": "{new}"')
        version.save(update_fields=["serialized_data"])


def rename_content_type_back(apps, schema_editor):
    rename_content_type(apps, schema_editor, old=NEW, new=OLD)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0008_game_review_seat'),
        ('tutorials', '0004_preset_shown_to_learners'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('reversion', '0002_add_index_on_version_for_content_type_and_db'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Preset',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('game_key', models.CharField(choices=games.models.game_choices, max_length=20, verbose_name='game')),
                        ('slug', models.SlugField(help_text='Short name used in addresses and lesson files, e.g. deck-52.', verbose_name='slug')),
                        ('name', models.CharField(max_length=100, verbose_name='name')),
                        ('name_ru', models.CharField(max_length=100, null=True, verbose_name='name')),
                        ('name_en', models.CharField(max_length=100, null=True, verbose_name='name')),
                        ('description', models.TextField(blank=True, verbose_name='description')),
                        ('description_ru', models.TextField(blank=True, null=True, verbose_name='description')),
                        ('description_en', models.TextField(blank=True, null=True, verbose_name='description')),
                        ('fields', models.JSONField(blank=True, default=dict, help_text='The variant fields that differ from the standard rules, as a JSON object, e.g. {"deck": 52}. {} is the standard game.', verbose_name='variant fields')),
                        ('order', models.PositiveSmallIntegerField(default=0, help_text="Position in lists of this game's presets.", verbose_name='order')),
                        ('shown_to_learners', models.BooleanField(default=True, help_text='Offered where people choose rules: new games, tables, assignments and the rules pages. Off for a preset meant for developers (such as a cross-check with another program) or one not ready yet; editors may still try it in a new game.', verbose_name='shown to learners')),
                        ('is_builtin', models.BooleanField(default=False, help_text="Created from the rule engine's presets; recreated by load_builtin_data if deleted.", verbose_name='built in')),
                    ],
                    options={
                        'verbose_name': 'preset',
                        'verbose_name_plural': 'presets',
                        'db_table': 'tutorials_preset',
                        'ordering': ['game_key', 'order', 'slug'],
                        'constraints': [models.UniqueConstraint(fields=('game_key', 'slug'), name='one_preset_slug_per_game')],
                    },
                ),

            ],
        ),
        migrations.RunPython(rename_content_type, rename_content_type_back),
    ]
