"""Live dashboards: a teacher's open class page is told when a student starts or finishes a round, or solves
a puzzle of an assignment's game.

The message only says "something changed"; the page then asks for its dashboard again over HTTP,
where the teacher's permission is checked. No result, and never a card, travels in the message.
"""

from core.live import publish


def classroom_group(classroom_id) -> str:
    return f"classroom-{classroom_id}"


def announce_change(*, classroom_id) -> None:
    """Tell the class's open dashboards to refresh. Never fails the write that caused it."""
    publish(classroom_group(classroom_id), {"type": "classroom.changed"})


def _round_game_finished(sender, game, **kwargs) -> None:
    from classroom.models import PracticeRound

    practice_round = PracticeRound.objects.filter(game=game).select_related("assignment").first()
    if practice_round is not None:
        announce_change(classroom_id=practice_round.assignment.classroom_id)


def _puzzle_solved(sender, attempt, **kwargs) -> None:
    from classroom.models import Assignment

    if not attempt.solved or attempt.user_id is None:
        return
    classes = (Assignment.objects.filter(classroom__memberships__student_id=attempt.user_id, puzzles__gt=0,
                                         game_key=attempt.puzzle.game_key)
               .values_list("classroom_id", flat=True).distinct())
    for classroom_id in classes:
        announce_change(classroom_id=classroom_id)


def connect_round_updates() -> None:
    from games.signals import game_finished
    from puzzles.signals import puzzle_attempted

    game_finished.connect(_round_game_finished, dispatch_uid="classroom.round_game_finished")
    puzzle_attempted.connect(_puzzle_solved, dispatch_uid="classroom.puzzle_solved")
