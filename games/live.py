"""Live updates: after a move commits, every open page of that game is told which states are new.

The message names step numbers only. Each page's consumer renders those steps from its own
seat's view, so a card hidden from a seat never enters a message meant for it.
"""

import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)

# Seconds a push may take before it is dropped: the player's move waits for it, and with Redis down or
# hanging a page is better served by fetching the table (static/js/table.js) than by a slow move.
ANNOUNCE_TIMEOUT = 1.0


def game_group(game_id) -> str:
    return f"game-{game_id}"


async def _send_moves(game_id, first: int, last: int) -> None:
    message = {"type": "game.moves", "first": first, "last": last}
    await asyncio.wait_for(get_channel_layer().group_send(game_group(game_id), message), ANNOUNCE_TIMEOUT)


def announce_moves(*, game_id, first: int, last: int) -> None:
    """Tell the game's open pages that states `first`..`last` exist. Never fails the move itself."""
    try:
        async_to_sync(_send_moves)(game_id, first, last)
    except Exception:
        # The move is committed; a page that misses the push catches up by fetching the table.
        logger.warning("Could not announce moves %s-%s of game %s", first, last, game_id, exc_info=True)
