"""Signals other apps may listen to; sent only after the transaction that caused them commits."""

from django.dispatch import Signal

# Sent with `attempt` (puzzles.models.PuzzleAttempt) when a learner's answer to a puzzle has been recorded.
puzzle_attempted = Signal()
