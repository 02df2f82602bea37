"""Signals other apps may listen to; sent only after the transaction that caused them commits."""

from django.dispatch import Signal

# Sent with `game` (games.models.Game) when its last move has been committed and it is over.
game_finished = Signal()
