"""The teacher's deal view: how each student played round k of an assignment, judged by the coach — each
student's mistakes and inaccuracies with the better move, what it lost and why, their accuracy, and, where
everyone got the same deal, the decisions the class got wrong most.

A round is judged exactly as the student's own review of that game judges it (games.review_services: the
same parts, computed once and kept), from what the student could know at each decision — never from the
hidden cards. Computing a review takes about a second a game, so the page reviews one game per request
(`review_next`) and shows what is kept; the page asks again until every finished round is reviewed.
"""

from __future__ import annotations

import dataclasses
import json
from collections import defaultdict
from typing import Any

from django.urls import reverse

from classroom.models import Assignment, PracticeRound
from classroom.selectors import assignment_students, round_result
from games.coach.review import ReviewedDecision, summarise
from games.history import game_history
from games.models import Game
from games.narration import narrator_for
from games.narration.coach import move_loss_sentence
from games.narration.reasons import Mover
from games.review_selectors import ReviewPart, review_plan, stored_parts
from games.review_services import game_review_part
from games.selectors import human_seat, narration_language, seat_names

COMMON_MISTAKES_SHOWN = 5


@dataclasses.dataclass(frozen=True)
class DealRounds:
    """Every student's round `number` of an assignment, with the review plan of each finished one: planned once a
    request, since a plan looks at every position of the game where its player moved."""

    assignment: Assignment
    number: int
    by_student: dict[int, PracticeRound]
    plans: dict[int, list[ReviewPart]]   # by round, the finished ones'


def deal_rounds(assignment: Assignment, number: int) -> DealRounds:
    """Round `number` of the assignment's students, the finished rounds' reviews planned."""
    students = {student.pk for student in assignment_students(assignment)}
    by_student = {practice.student_id: practice for practice in
                  PracticeRound.objects.filter(assignment=assignment, number=number).select_related("game")
                  if practice.student_id in students}
    plans = {practice.pk: review_plan(game=practice.game, seat=human_seat(practice.game))
             for practice in by_student.values() if practice.game.is_over}
    return DealRounds(assignment=assignment, number=number, by_student=by_student, plans=plans)


def kept_review(game: Game, plan: list[ReviewPart]) -> list[ReviewedDecision] | None:
    """The decisions of the game's review (`plan`, its review_plan) if every part is kept, else None."""
    kept = stored_parts(game=game, seat=human_seat(game))
    if any(part.number not in kept for part in plan):
        return None
    return [decision for part in plan for decision in kept[part.number]]


def review_next(rounds: DealRounds) -> bool:
    """Review one finished round of `rounds` that is not reviewed yet; False when none is left."""
    for practice in rounds.by_student.values():
        plan = rounds.plans.get(practice.pk)
        if plan is not None and kept_review(practice.game, plan) is None:
            for part in plan:
                game_review_part(game=practice.game, part=part)
            return True
    return False


def deal_comparison(rounds: DealRounds) -> dict[str, Any]:
    """Every student's round of `rounds`, each finished and reviewed round judged."""
    language = narration_language()
    assignment, number = rounds.assignment, rounds.number
    rows, judged = [], []
    for student in assignment_students(assignment):
        practice = rounds.by_student.get(student.pk)
        result = round_result(practice) if practice is not None else None
        decisions = kept_review(practice.game, rounds.plans[practice.pk]) if result and result.finished else None
        summary = summarise(decisions) if decisions is not None else None
        moves = _judged_moves(practice, decisions, language) if decisions is not None else []
        judged.extend((student, practice, move) for move in moves)
        rows.append({"student": student, "round": practice, "result": result, "summary": summary,
                     "moves": moves, "waiting": bool(result and result.finished and decisions is None)})
    finished = sum(1 for row in rows if row["result"] and row["result"].finished)
    reviewed = sum(1 for row in rows if row["summary"] is not None)
    return {"assignment": assignment, "classroom": assignment.classroom, "number": number, "rows": rows,
            "deal_numbers": list(range(1, assignment.rounds + 1)), "finished": finished, "reviewed": reviewed,
            "common": _common_mistakes(judged, reviewed) if assignment.same_deals else []}


def _judged_moves(practice: PracticeRound, decisions: list[ReviewedDecision], language: str) -> list[dict]:
    """The student's inaccuracies and mistakes in words, each linked to the position in the round's replay. The
    teacher reads them, so the student is named ("Sasha's move…"), never "you"."""
    game = practice.game
    history = game_history(game)
    seat = human_seat(game)
    narrator = narrator_for(game.game_key, seat_names(game), None, language)
    student = Mover(narrator, seat)
    replay = reverse("round_replay", args=[practice.pk])
    moves = []
    for decision in decisions:
        if decision.verdict == "good":
            continue
        view = history.states[decision.step].view(seat)
        moves.append({
            "move": decision.step + 1, "verdict": decision.verdict,
            "played": narrator.action_text(decision.action, view),
            "better": narrator.action_text(decision.better, view) if decision.better else "",
            "lost": move_loss_sentence(decision.unit, decision.loss, language, student),
            # Said of whoever played it, for the list of the class's common mistakes.
            "lost_by_anyone": move_loss_sentence(decision.unit, decision.loss, language),
            "why": narrator.reason(decision.reason, seat) if decision.reason else "",
            "url": f"{replay}?step={decision.step}",
            # Equal for students who reached the same position the same way: the same deal, the same moves.
            "position": json.dumps([logged.action for logged in history.actions[:decision.step]], sort_keys=True),
            "action": json.dumps(decision.action, sort_keys=True),
        })
    return moves


def _common_mistakes(judged: list[tuple], reviewed: int) -> list[dict[str, Any]]:
    """The same wrong move in the same position, by how many students made it (two or more), most first."""
    groups: dict[tuple[str, str], list[tuple]] = defaultdict(list)
    for student, practice, move in judged:
        groups[(move["position"], move["action"])].append((student, practice, move))
    common = []
    for made in groups.values():
        if len(made) < 2:
            continue
        _student, _practice, move = made[0]
        common.append({"count": len(made), "of": reviewed, "move": move["move"], "played": move["played"],
                       "better": move["better"], "lost": move["lost_by_anyone"], "verdict": move["verdict"],
                       "url": move["url"], "students": [student.get_username() for student, _p, _m in made]})
    common.sort(key=lambda item: (-item["count"], item["move"]))
    return common[:COMMON_MISTAKES_SHOWN]

