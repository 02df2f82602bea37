"""A kept review part names the seat it judges: at a table of several people each person has their own review.

The parts kept before were each of a game's one person's seat. Those of games several people played cannot say
whose seat they judged, and are removed: a kept part is only a cache, computed again when asked for.
"""

from django.db import migrations, models


def name_the_seats(apps, schema_editor):
    GameReview = apps.get_model("games", "GameReview")
    SeatHolder = apps.get_model("games", "SeatHolder")
    together = SeatHolder.objects.values("game_id")
    GameReview.objects.filter(game_id__in=together).delete()
    for review in GameReview.objects.select_related("game").iterator():
        review.seat = next(seat for seat, info in enumerate(review.game.seats) if info["kind"] == "human")
        review.save(update_fields=["seat"])


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0007_seat_holders'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='gamereview',
            name='one_review_part',
        ),
        migrations.AddField(
            model_name='gamereview',
            name='seat',
            field=models.PositiveSmallIntegerField(default=0, help_text='The seat whose decisions the part judges.'),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name='gamereview',
            name='part',
            field=models.PositiveSmallIntegerField(help_text="The part's number in the seat's review plan, from 0."),
        ),
        migrations.RunPython(name_the_seats, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='gamereview',
            constraint=models.UniqueConstraint(fields=('game', 'seat', 'part', 'version'), name='one_review_part'),
        ),
    ]
