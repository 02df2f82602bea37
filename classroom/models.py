"""Classes, their students and teachers, assignments and the practice rounds played for them.

A round's result is never copied: it is read from its game (status, scores, winners), so a round
counts the moment its game ends and cannot disagree with the game's log.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.installed import INSTALLED_GAMES
from games.models import Game


class Classroom(models.Model):
    name = models.CharField(_("name"), max_length=100)
    teachers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="taught_classes",
                                      verbose_name=_("teachers"))
    students = models.ManyToManyField(settings.AUTH_USER_MODEL, through="Membership", related_name="classes",
                                      verbose_name=_("students"))
    # Students join with it; short, and free of letters that read alike (0/O, 1/I/L).
    join_code = models.CharField(_("join code"), max_length=12, unique=True)
    archived = models.BooleanField(_("archived"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("class")
        verbose_name_plural = _("classes")

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="memberships")
    student = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["classroom", "student"], name="one_membership_per_class")]
        ordering = ["student__username"]

    def __str__(self) -> str:
        return f"{self.student} in {self.classroom}"


class Assignment(models.Model):
    """Practice set for a class or some of its students: lessons to finish, rounds to play and/or puzzles to solve.

    One game per assignment. Its goal is one of the game's goal kinds (games.tables.class_goals: "none", just
    play the rounds, for every game), graded from the rounds' games."""

    NO_GOAL = "none"

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    title = models.CharField(_("title"), max_length=120)
    lessons = models.ManyToManyField("tutorials.Lesson", blank=True, related_name="assignments",
                                     verbose_name=_("lessons"))
    # The first game of the default list (its package is named by its key), as the migrations recorded the default.
    game_key = models.CharField(max_length=20, default=INSTALLED_GAMES[0].rpartition(".")[2])
    preset = models.CharField(_("rules"), max_length=50, default="standard")
    variant = models.JSONField(default=dict, help_text="The preset's variant fields when the assignment was set.")
    players = models.PositiveSmallIntegerField(_("players"), default=3)
    bot_levels = models.JSONField(default=list, help_text="One level per bot seat.")
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=0)
    # Puzzles of the game (and of `puzzle_theme`, if one is set) to solve: each puzzle counts once, solved at any
    # try after the assignment was set (puzzles/).
    puzzles = models.PositiveSmallIntegerField(_("puzzles to solve"), default=0)
    puzzle_theme = models.CharField(_("puzzle theme"), max_length=48, blank=True, default="")
    # A goal key of the assignment's game (games.tables.class_goals), checked by classroom.services.
    goal = models.CharField(_("goal"), max_length=20, default=NO_GOAL)
    goal_count = models.PositiveSmallIntegerField(_("goal number"), default=0)
    # Whether the rounds' tables offer the hint; set on each round's game (games.models.Game.hints).
    hints = models.CharField(_("hints"), max_length=10, choices=Game.Hints.choices, default=Game.Hints.ALLOW)
    due_at = models.DateTimeField(_("due"), null=True, blank=True)
    # With same deals, round k of every student is dealt from seeds[k - 1]: results compare deal by deal.
    same_deals = models.BooleanField(_("same deals for everyone"), default=False)
    seeds = models.JSONField(default=list, blank=True)
    # Empty: the whole class, including students who join later.
    chosen_students = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="assignments",
                                             verbose_name=_("chosen students"))
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("assignment")
        verbose_name_plural = _("assignments")

    def __str__(self) -> str:
        return self.title


class PracticeRound(models.Model):
    """Round `number` (from 1) of a student's assignment, played as an ordinary game."""

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="practice_rounds")
    student = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="practice_rounds")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="practice_round")
    started_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["assignment", "student", "number"],
                                               name="one_game_per_round")]
        ordering = ["assignment", "student", "number"]

    def __str__(self) -> str:
        return f"{self.assignment}: {self.student}, round {self.number}"
