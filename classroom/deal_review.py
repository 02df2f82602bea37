"""The teacher's deal view of a "same deals" assignment: how each student did on one deal, and where
their moves differed from the hard bot's in the same position.

The hard bot is asked exactly as at the table: from the student's `view(seat)` and legal actions,
with a random generator seeded from the game and move, so the comparison is the same on every
visit. A finished game never changes, so its comparison is cached under the game's id.
"""

from __future__ import annotations

import random
from typing import Any

from django.core.cache import cache

from classroom.models import Assignment, PracticeRound
from classroom.selectors import assignment_students, round_result
from games.bots import get_bot
from games.history import game_history
from games.narration import narrator_for
from games.selectors import human_seat, narration_language, seat_names

CACHE_SECONDS = 7 * 24 * 3600


def _differences(practice: PracticeRound, language: str) -> list[dict[str, Any]]:
    game = practice.game
    history = game_history(game)
    seat = human_seat(game)
    narrator = narrator_for(game.game_key, seat_names(game), seat, language)
    hard = get_bot(game.game_key, "hard")
    differences = []
    for number, logged in enumerate(history.actions):
        if logged.seat != seat:
            continue
        before = history.states[number]
        view = before.view(seat)
        decision = hard.decide(view, before.legal_actions(), random.Random(f"review-{game.seed}-{number}"))
        if decision.action == logged.action:
            continue
        differences.append({
            "move": number + 1,
            "played": narrator.action_text(logged.action, view),
            "hard": narrator.action_text(decision.action, view),
            "why": narrator.reason(decision.reason.to_dict()),
        })
    return differences


def round_differences(practice: PracticeRound, language: str) -> list[dict[str, Any]]:
    key = f"deal-review:{practice.game_id}:{practice.game.move_count}:{language}"
    differences = cache.get(key)
    if differences is None:
        differences = _differences(practice, language)
        cache.set(key, differences, CACHE_SECONDS)
    return differences


def deal_comparison(assignment: Assignment, number: int) -> dict[str, Any]:
    """Every student's round `number` of the assignment (one shared deal), finished rounds compared."""
    language = narration_language()
    rounds = {practice.student_id: practice for practice in
              PracticeRound.objects.filter(assignment=assignment, number=number).select_related("game")}
    rows = []
    for student in assignment_students(assignment):
        practice = rounds.get(student.pk)
        result = round_result(practice) if practice is not None else None
        decisions = (sum(1 for logged in game_history(practice.game).actions
                         if logged.seat == human_seat(practice.game)) if result and result.finished else 0)
        rows.append({"student": student, "round": practice, "result": result, "decisions": decisions,
                     "differences": round_differences(practice, language) if result and result.finished else None})
    return {"assignment": assignment, "classroom": assignment.classroom, "number": number, "rows": rows,
            "deal_numbers": list(range(1, assignment.rounds + 1))}
