"""Goals per game and the hint policy of an assignment.

`goal` was one of three choices made for Sunduchok ("none", "wins", "chests"); it is now a goal key of the
assignment's own game (games.tables.class_goals). Sunduchok keeps "wins" and "chests", meaning the same. An
assignment of another game could only have been set through the service: its "wins" keeps its meaning where
the game has it (Hearts, Yashchiki) and becomes "not-rooster" in Chuvash Rooster, where everyone but the rooster
wins; "chests", meaningless outside Sunduchok, becomes "just play the rounds".
"""

from django.db import migrations, models

# The goal keys of each game when this migration was written: a migration keeps its own copy.
RENAMED = {("rooster", "wins"): "not-rooster"}
KNOWN = {"sunduchok": {"none", "wins", "chests"}, "hearts": {"none", "wins", "points"},
         "rooster": {"none", "not-rooster"}, "yashchiki": {"none", "wins"}}


def goals_of_their_game(apps, schema_editor):
    Assignment = apps.get_model("classroom", "Assignment")
    for assignment in Assignment.objects.exclude(goal="none"):
        goal = RENAMED.get((assignment.game_key, assignment.goal), assignment.goal)
        if goal not in KNOWN.get(assignment.game_key, {"none"}):
            assignment.goal, assignment.goal_count = "none", 0
        else:
            assignment.goal = goal
        assignment.save(update_fields=["goal", "goal_count"])


def goals_as_before(apps, schema_editor):
    Assignment = apps.get_model("classroom", "Assignment")
    Assignment.objects.filter(goal="not-rooster").update(goal="wins")
    Assignment.objects.exclude(goal__in=["none", "wins", "chests"]).update(goal="none", goal_count=0)


class Migration(migrations.Migration):

    dependencies = [
        ('classroom', '0002_teachers_group'),
    ]

    operations = [
        migrations.AddField(
            model_name='assignment',
            name='hints',
            field=models.CharField(choices=[('allow', 'allowed'), ('count', 'allowed and counted'), ('forbid', 'forbidden')], default='allow', max_length=10, verbose_name='hints'),
        ),
        migrations.AlterField(
            model_name='assignment',
            name='goal',
            field=models.CharField(default='none', max_length=20, verbose_name='goal'),
        ),
        migrations.RunPython(goals_of_their_game, goals_as_before),
    ]
