"""Write paths for played games: create one, apply a player's action and the bots' replies.

Each write runs in one transaction with the game row locked and the expected move number checked,
so a double click or a second tab applies one move, not two. Live updates leave only after commit.
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.translation import gettext as _

from games import live
from games.bots import get_bot
from games.coach import Evaluation, get_coach
from games.coach.review import decision_seed
from games.history import GameHistory, LoggedAction, game_history, remember
from games.models import Game, GameAction
from games.narration import narrator_for
from games.rules import IllegalAction, get_game
from games.selectors import narration_language, seat_names
from games.signals import game_finished

BOT_NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha")
MAX_SEED = 2**53


class MoveRejected(Exception):
    """A move that was not applied; the message is for the player, `status` for the response."""

    status = 400


class StaleMove(MoveRejected):
    status = 409


def game_create(*, game_key: str, preset: str, players: int, bot_levels: list[str], human_name: str,
                owner=None, seed: int | None = None, dealer: int | None = None,
                deal: dict[str, Any] | None = None, variant: dict[str, Any] | None = None, human_seat: int = 0,
                opening_actions: list[dict[str, Any]] | None = None, opening_reasons: list[dict | None] | None = None,
                previous_loser: int | None = None, hints: str = Game.Hints.ALLOW) -> Game:
    """A new game with the human in `human_seat` and bots in the others, played up to the human's turn.

    `bot_levels` name the other seats' bots in seat order. The rules are the engine's `preset`, or,
    when `variant` (a dict of variant fields) is given, exactly those fields over the standard rules;
    `preset` is then only the name shown. `deal` (hands and stock) replaces the shuffle from `seed`;
    `opening_actions` are played from it before anyone decides (a lesson's practice from a later
    position) and stay in the log like any other move, with the bots' `opening_reasons` (one per action, None
    for a person's) where they are given. `previous_loser` continues a series (Chuvash
    Rooster's next game): that seat deals and is attacked first. `hints` is the table's hint policy
    (Game.Hints: a class's round may forbid the hint).
    """
    engine = get_game(game_key)
    variant = engine.variant(**variant) if variant is not None else engine.variant(preset=preset)
    if len(bot_levels) != players - 1:
        raise ValueError(f"{players} players need {players - 1} bot levels.")
    if not 0 <= human_seat < players:
        raise ValueError(f"The human's seat must be from 0 to {players - 1}.")
    if hints not in Game.Hints.values:
        raise ValueError(f"Unknown hint policy {hints!r}.")
    if seed is None:
        seed = secrets.randbelow(MAX_SEED)
    if previous_loser is not None:
        dealer = previous_loser   # the loser deals the next game of a series
    elif dealer is None:
        # The dealer follows from the seed, so a game is fully reproducible from its settings.
        dealer = random.Random(f"dealer-{seed}").randrange(players)
    bots = iter(enumerate(bot_levels))
    seats = []
    for seat in range(players):
        if seat == human_seat:
            seats.append({"kind": "human", "name": human_name})
        else:
            index, level = next(bots)
            seats.append({"kind": "bot", "level": level, "name": f"{BOT_NAMES[index]}-bot"})
    with transaction.atomic():
        game = Game.objects.create(game_key=game_key, preset=preset, variant=variant.to_dict(), seed=seed,
                                   deal=deal, dealer=dealer, previous_loser=previous_loser, seats=seats, owner=owner,
                                   hints=hints)
        history = game_history(game)   # validates the deal before anything is kept
        opening_actions = opening_actions or []
        for action, reason in zip(opening_actions, opening_reasons or [None] * len(opening_actions), strict=True):
            seat = history.current.current_player
            history = history.extended(history.current.apply(action), LoggedAction(seat, action, reason))
        _play_bots(game, history)
    return game


def game_apply_action(*, game_id, seat: int, action: dict[str, Any], expected_move: int,
                      answered_page: str | None = None) -> Game:
    """Apply `seat`'s action, then every bot move up to the next human decision or the end.

    `answered_page` names the open page that asked (games.live.announce_moves): its answer shows the move itself.
    """
    try:
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game_id)
            if expected_move != game.move_count:
                raise StaleMove(_("That move was already made: the table has moved on. Here is the current position."))
            history = game_history(game)
            if history.current.current_player != seat:
                raise MoveRejected(_("It is not your turn.") if not history.current.is_over else _("The game is over."))
            try:
                state = history.current.apply(action)
            except IllegalAction as error:
                narrator = narrator_for(game.game_key, seat_names(game), seat, narration_language())
                raise MoveRejected(narrator.illegal(error)) from None
            _play_bots(game, history.extended(state, LoggedAction(seat=seat, action=action, reason=None)),
                       answered_page=answered_page)
    except IntegrityError:
        # Another request wrote this log position first (possible where row locks are no-ops).
        raise StaleMove(_("That move was already made: the table has moved on. Here is the current position.")) \
            from None
    return game


def _play_bots(game: Game, history: GameHistory, answered_page: str | None = None) -> None:
    """Let the bots move until a human must decide, then append the new actions to the log.

    `history` may already hold actions the log lacks (the human's move); `game.move_count` says
    how many the log has. The table is told of the new states only once the transaction commits.
    """
    saved = game.move_count
    state = history.current
    while not state.is_over and game.seats[state.current_player]["kind"] == "bot":
        seat = state.current_player
        bot = get_bot(game.game_key, game.seats[seat]["level"])
        rng = random.Random(f"{game.seed}-{history.move_count}")
        decision = bot.decide(state.view(seat), state.legal_actions(), rng)
        state = state.apply(decision.action)
        history = history.extended(state, LoggedAction(seat, decision.action, decision.reason.to_dict()))
    GameAction.objects.bulk_create([
        GameAction(game=game, number=number, seat=logged.seat, action=logged.action, reason=logged.reason)
        for number, logged in enumerate(history.actions[saved:], start=saved)
    ])
    game.move_count = history.move_count
    if state.is_over:
        game.status, game.scores, game.winners = Game.Status.FINISHED, state.scores, state.winners
    game.save(update_fields=["move_count", "status", "scores", "winners", "updated_at"])

    def after_commit() -> None:
        remember(game, history)
        live.announce_moves(game_id=game.pk, first=saved + 1, last=history.move_count, hints_used=game.hints_used,
                            answered_page=answered_page)
        if state.is_over:
            game_finished.send(sender=Game, game=game)

    if history.move_count > saved:
        transaction.on_commit(after_commit)


class HintRefused(MoveRejected):
    """No hint to give: the game is over, it is not the seat's turn, or the hint is off for this game."""

    status = 409


@dataclasses.dataclass(frozen=True)
class Hint:
    evaluation: Evaluation   # every candidate move valued from the seat's view; the best is the hint
    view: dict[str, Any]     # the seat's view the hint was computed from


def game_hint(*, game_id, seat: int) -> Hint:
    """The coach's suggestion for `seat`'s move, from its view only, and one more hint counted on the game.

    Nothing else of the game changes. Refused (HintRefused, 409) where the game forbids hints (a class's round
    whose teacher turned them off), on a finished game and when another seat is to move. The same position
    always gets the same hint (the coach is seeded by the game and the move).
    """
    game = Game.objects.get(pk=game_id)
    if game.hints == Game.Hints.FORBID:
        raise HintRefused(_("Your teacher has turned hints off for this round."))
    history = game_history(game)
    state = history.current
    if game.is_over or state.is_over:
        raise HintRefused(_("The game is over: there is no move left to give a hint for."))
    if state.current_player != seat:
        raise HintRefused(_("It is not your turn: a hint is for your own move. Wait for the other players."))
    view = state.view(seat)
    evaluation = get_coach(game.game_key).evaluate(view, state.legal_actions(),
                                                   seed=decision_seed(game.seed, history.move_count))
    Game.objects.filter(pk=game.pk).update(hints_used=F("hints_used") + 1)
    return Hint(evaluation=evaluation, view=view)


def games_claim_for_user(*, game_ids: list[str], user) -> int:
    """Give a signed-in user the games they played anonymously in this browser session."""
    return Game.objects.filter(pk__in=game_ids, owner__isnull=True).update(owner=user)
