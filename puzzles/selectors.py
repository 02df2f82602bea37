"""Reading puzzles."""

from __future__ import annotations

import math
import random
from typing import Any
from urllib.parse import urlencode

from django.db.models import Count, F, Func
from django.urls import reverse
from django.utils.translation import gettext

from games.bots import BOTS
from games.coach import get_coach
from games.narration import narrator_for
from games.narration.coach import (
    every_other_move_sentence,
    move_loss_sentence,
    played_and_best_figures,
    puzzle_claim,
    risk_sentence,
)
from games.narration.reasons import Mover
from games.preset_uses import PresetUse
from games.rules import GAMES, get_game
from games.rules.base import IllegalAction
from games.selectors import narration_language, position_context
from puzzles.mining import view_key
from puzzles.models import Puzzle, PuzzleAttempt, PuzzleRating
from puzzles.rating import START_RATING
from puzzles.themes import THEMES
from tutorials.markdown import render_markdown
from tutorials.payloads import lesson_seat_names

# Moves "Show me" plays after the solution, at most: enough to see what the solution leads to.
SHOWN_AFTER = 6


def puzzle_state(puzzle: Puzzle, *, replays: PuzzleReplays | None = None):
    """The position of `puzzle`, replayed by the engine: ValueError if it does not replay to the stored view.
    A position may take hundreds of actions to reach (a Yashchiki match), so a request replays it once and hands
    it on to what else it needs it for; `replays` continues from a position of the same game replayed before."""
    engine = get_game(puzzle.game_key)
    start = replay_start(puzzle)
    done, state = replays.replayed_part(start, puzzle.actions) if replays is not None else (0, None)
    if state is None:
        state = engine.new_game(players=puzzle.players, seed=puzzle.seed,
                                variant=engine.variant(preset=puzzle.preset), dealer=puzzle.dealer)
    for number, action in enumerate(puzzle.actions[done:], start=done + 1):
        try:
            state = state.apply(action)
        except IllegalAction as error:
            raise ValueError(f"its action {number} is not legal: {error}") from None
    if replays is not None:
        replays.remember(start, puzzle.actions, state)
    if state.is_over or state.current_player != puzzle.seat:
        raise ValueError(f"after its {len(puzzle.actions)} actions it is not seat {puzzle.seat}'s decision.")
    if view_key(state.view(puzzle.seat)) != puzzle.view_key:
        raise ValueError("the replayed position is not the one that was mined.")
    return state


def replay_start(puzzle: Puzzle) -> tuple:
    """The deal a puzzle's actions start from: its game, preset, players, seed and dealer."""
    return puzzle.game_key, puzzle.preset, puzzle.players, puzzle.seed, puzzle.dealer


class PuzzleReplays:
    """The position replayed last from each deal (replay_start), to continue from.

    Mining takes several puzzles from one game (the built-in Yashchiki set: 150 from 11 matches, ~725 actions
    each), so loading a set in the order of its games' actions replays each game once instead of once per
    puzzle. States are immutable: continuing from one changes nothing of it."""

    def __init__(self) -> None:
        self._last: dict[tuple, tuple[list, Any]] = {}

    def replayed_part(self, start: tuple, actions: list) -> tuple[int, Any]:
        """How many of `actions` the last replay from `start` has made already, and the state after them; (0, None)
        when it made others (or none)."""
        known = self._last.get(start)
        if known is None or len(known[0]) > len(actions) or actions[:len(known[0])] != known[0]:
            return 0, None
        return len(known[0]), known[1]

    def remember(self, start: tuple, actions: list, state) -> None:
        self._last[start] = (list(actions), state)


def learner_rating(*, game_key: str, user=None, session_key: str | None = None) -> float:
    """The learner's puzzle rating in `game_key`: the start rating before a first attempt."""
    row = PuzzleRating.objects.of_learner(user=user, session_key=session_key).filter(game_key=game_key).first()
    return row.rating if row is not None else START_RATING


def next_puzzle(*, game_key: str, theme: str | None = None, user=None, session_key: str | None = None
                ) -> Puzzle | None:
    """The shown puzzle of `game_key` (and `theme`, if one is chosen) that the learner has not tried yet whose
    rating is nearest the learner's; None when every one has been tried."""
    tried = PuzzleAttempt.objects.of_learner(user=user, session_key=session_key).values("puzzle_id")
    puzzles = Puzzle.objects.filter(game_key=game_key, hidden=False).exclude(pk__in=tried)
    if theme is not None:
        puzzles = puzzles.filter(theme=theme)
    rating = learner_rating(game_key=game_key, user=user, session_key=session_key)
    return puzzles.annotate(distance=Func(F("rating") - rating, function="ABS")).order_by("distance", "pk").first()


def puzzle_table_context(puzzle: Puzzle, state, *, can_move: bool = True) -> dict[str, Any]:
    """The puzzle's table at `state` as its seat sees it (`view(seat)` only), with the move form where `can_move`."""
    context = position_context(state, names=lesson_seat_names(puzzle.players, puzzle.seat), seat=puzzle.seat,
                               can_move=can_move)
    if not can_move:
        context["choices"] = None
    return {**context, "move_number": len(puzzle.actions), "puzzle": puzzle,
            # The margin every other move was found to lose by in mining, twice: the game's mistake threshold.
            "claim": puzzle_claim(puzzle.unit, get_coach(puzzle.game_key).thresholds.mistake, _learner(puzzle)),
            "game_title": get_game(puzzle.game_key).title,
            "theme": THEMES[puzzle.game_key].get(puzzle.theme, puzzle.theme)}


def _learner(puzzle: Puzzle) -> Mover:
    """The puzzle's seat as the learner reads it: "you"."""
    narrator = narrator_for(puzzle.game_key, lesson_seat_names(puzzle.players, puzzle.seat), puzzle.seat,
                            narration_language())
    return Mover(narrator, puzzle.seat)


def puzzle_result_context(puzzle: Puzzle, position, result, action: dict | None = None) -> dict[str, Any]:
    """What the page says of an answer (puzzles.services.AttemptResult) in the puzzle's `position` (puzzle_state):
    why the solution is best, or, for the move `action` chosen instead, what it costs, why the best move is better
    and what the chosen one risks."""
    if result.solved:
        return {"result": result, **puzzle_solution_words(puzzle, position)}
    return {"result": result, "why": wrong_answer_words(puzzle, position, action, result.loss)}


def wrong_answer_words(puzzle: Puzzle, position, action: dict, stored_loss: float) -> list[str]:
    """A wrong answer judged against the solution on the same sampled deals (the coach's evaluation of the
    decision, seeded by the puzzle): what it loses, both moves' figures, the coach's reason for the solution
    (told of the learner) and what the chosen move risks deal by deal. Should the evaluation find no loss (it
    samples afresh) or less than the puzzle's claim (the coach's mistake threshold), the loss the puzzle was mined
    with is all it says, so that the page never contradicts its claim. `position` is the puzzle's (puzzle_state)."""
    learner = _learner(puzzle)
    language = learner.narrator.language
    evaluation = get_coach(puzzle.game_key).evaluate(position.view(puzzle.seat), position.legal_actions(),
                                                     seed=f"puzzle-{puzzle.view_key}", include=action)
    best, played = evaluation.value_of(puzzle.best), evaluation.value_of(action)
    if best.value - played.value <= get_coach(puzzle.game_key).thresholds.mistake:
        return [move_loss_sentence(puzzle.unit, stored_loss, language, learner)]
    words = [move_loss_sentence(puzzle.unit, best.value - played.value, language, learner),
             played_and_best_figures(puzzle.unit, played.value, best.value, language, learner)]
    # The reason cites this evaluation's figures where it has one for the puzzle's best move: the figures the
    # puzzle was mined with (another budget, other deals) would sit beside this evaluation's count of deals.
    live_reason = evaluation.reason_for(puzzle.best)
    reason = live_reason.to_dict() if live_reason is not None else puzzle.reason
    if reason:
        words.append(gettext("Why the best move is better: %(reason)s")
                     % {"reason": learner.narrator.reason(reason, puzzle.seat)})
    risk = risk_sentence(puzzle.unit, played.outcomes, best.outcomes, learner)
    return [*words, risk] if risk else words


def puzzle_solution_words(puzzle: Puzzle, position) -> dict[str, Any]:
    """The solution in words, as it reads in the puzzle's `position` (puzzle_state), and why it is best: the
    editors' explanation, or the coach's reason (told of the learner), and how much every other move loses."""
    learner = _learner(puzzle)
    narrator = learner.narrator
    words = {"solution": narrator.action_text(puzzle.best, position.view(puzzle.seat)),
             "why": [every_other_move_sentence(puzzle.unit, puzzle.gap, learner)]}
    if puzzle.explanation:
        words["explanation"] = render_markdown(puzzle.explanation)
    elif puzzle.reason:
        words["why"].insert(0, narrator.reason(puzzle.reason, puzzle.seat))
    return words


def puzzle_shown_state(puzzle: Puzzle, position):
    """The state after the solution, played in the puzzle's `position` (puzzle_state), and the moves that follow it
    (the hard bots in every seat, the seat's own included) up to SHOWN_AFTER or the seat's next decision: what
    "Show me" draws, from the seat's view."""
    state = position.apply(puzzle.best)
    bots = {seat: BOTS[puzzle.game_key]["hard"](decision_seconds=math.inf) for seat in range(puzzle.players)}
    for number in range(SHOWN_AFTER):
        if state.is_over or state.current_player == puzzle.seat:
            break
        seat = state.current_player
        rng = random.Random(f"shown-{puzzle.pk}-{number}")
        decision = bots[seat].decide(state.view(seat), state.legal_actions(), rng)
        state = state.apply(decision.action)
    return state


def puzzle_games(*, user=None, session_key: str | None = None) -> list[dict[str, Any]]:
    """Each game with its shown puzzles' count and the learner's rating and streak in it."""
    counts = dict(Puzzle.objects.filter(hidden=False).values_list("game_key").annotate(count=Count("pk")))
    ratings = {row.game_key: row for row in PuzzleRating.objects.of_learner(user=user, session_key=session_key)}
    return [{"key": key, "title": game.title, "count": counts.get(key, 0), "rating": ratings.get(key)}
            for key, game in GAMES.items()]


def puzzle_themes(game_key: str) -> list[dict[str, Any]]:
    """The game's themes with their shown puzzles' counts, in the themes' order."""
    counts = dict(Puzzle.objects.filter(game_key=game_key, hidden=False).values_list("theme")
                  .annotate(count=Count("pk")))
    return [{"key": key, "label": label, "count": counts.get(key, 0)} for key, label in THEMES[game_key].items()]


def attempts_of(*, user=None, session_key: str | None = None, game_key: str, limit: int = 10) -> list:
    """The learner's latest attempts in the game, newest first."""
    return list(PuzzleAttempt.objects.of_learner(user=user, session_key=session_key)
                .filter(puzzle__game_key=game_key).select_related("puzzle")[:limit])


def puzzle_preset_uses(preset) -> list[PresetUse]:
    """The puzzles mined under `preset` (games.preset_uses), with the admin's list of them."""
    count = Puzzle.objects.filter(game_key=preset.game_key, preset=preset.slug).count()
    query = urlencode({"game_key": preset.game_key, "preset": preset.slug})
    url = f"{reverse('admin:puzzles_puzzle_changelist')}?{query}"
    return [PresetUse(kind=gettext("Puzzles"), count=count, url=url if count else "")]
