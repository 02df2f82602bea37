"""Live dashboards: a teacher's open class page is told when a student starts or finishes a round.

The message only says "something changed"; the page then asks for its dashboard again over HTTP,
where the teacher's permission is checked. No result, and never a card, travels in the message.
"""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


def classroom_group(classroom_id) -> str:
    return f"classroom-{classroom_id}"


def announce_change(*, classroom_id) -> None:
    """Tell the class's open dashboards to refresh. Never fails the write that caused it."""
    try:
        async_to_sync(get_channel_layer().group_send)(classroom_group(classroom_id), {"type": "classroom.changed"})
    except Exception:
        logger.warning("Could not announce a change in class %s", classroom_id, exc_info=True)


def _round_game_finished(sender, game, **kwargs) -> None:
    from classroom.models import PracticeRound

    practice_round = PracticeRound.objects.filter(game=game).select_related("assignment").first()
    if practice_round is not None:
        announce_change(classroom_id=practice_round.assignment.classroom_id)


def connect_round_updates() -> None:
    from games.signals import game_finished

    game_finished.connect(_round_game_finished, dispatch_uid="classroom.round_game_finished")
