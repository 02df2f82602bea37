# Bot reasons were English sentences; they are now a sentence shape and its facts, said in the
# reader's language. Old sentences cannot be turned into facts, so they are dropped.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0001_initial'),
    ]

    operations = [
        migrations.RemoveField(model_name='gameaction', name='reason'),
        migrations.AddField(
            model_name='gameaction',
            name='reason',
            field=models.JSONField(blank=True, help_text="The bot's reason for this move; empty for a person's.", null=True),
        ),
    ]
