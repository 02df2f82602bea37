"""Write paths of the review of a finished game: computing and keeping its parts, and starting a practice game
from one of its positions ("Try again from here").

A review is computed part by part (games.review_selectors.review_plan), each part once: the first request
that needs it computes it and keeps it (games.models.GameReview); later ones read it. Two requests racing for
the same part compute equal verdicts, and the second row is simply not written.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.coach import get_coach
from games.coach.review import ReviewedDecision, decision_seed, review_decision
from games.history import game_history
from games.models import Game, GameReview
from games.review_selectors import REVIEW_VERSION, ReviewPart, stored_part
from games.services import game_create


class ReviewRefused(Exception):
    """No review (yet): the message is for the player, `status` for the response."""

    status = 409


def game_review_part(*, game: Game, part: ReviewPart) -> list[ReviewedDecision]:
    """The verdicts of one part of `game`'s review, computed now unless they are kept already."""
    if not game.is_over:
        raise ReviewRefused(_("The review opens when the game is over: finish the game first."))
    kept = stored_part(game=game, part=part)
    if kept is not None:
        return kept
    history = game_history(game)
    coach = get_coach(game.game_key)
    decisions = [review_decision(coach, history.states[step], history.actions[step].action, step=step,
                                 seed=decision_seed(game.seed, step))
                 for step in part.steps]
    GameReview.objects.bulk_create(
        [GameReview(game=game, seat=part.seat, part=part.number, version=REVIEW_VERSION,
                    decisions=[decision.to_dict() for decision in decisions])],
        ignore_conflicts=True)
    return decisions


def game_try_again_from(*, game: Game, seat: int, plan: list[ReviewPart], step: int, owner=None) -> Game:
    """A new practice game at exactly the position of `game` after `step` actions, where the player decided:
    the same deal, the same hidden cards, the same bots (with the same seeds, so they answer the same moves
    the same way), the moves before it already played. Only the decisions of the player's `seat` may be tried
    again (the parts of `plan`, the request's review_plan of `seat`); at a table of several people the other
    people's seats are played by bots of the table's stand-in level."""
    if not game.is_over:
        raise ReviewRefused(_("The review opens when the game is over: finish the game first."))
    steps = {step for part in plan for step in part.steps}
    if step not in steps:
        raise ReviewRefused(_("That position is not one of your decisions in this game."))
    history = game_history(game)
    others = [info for other, info in enumerate(game.seats) if other != seat]
    return game_create(
        game_key=game.game_key, preset=game.preset, players=game.players, variant=game.variant,
        bot_levels=[info.get("level") or info["stand_in"] for info in others],
        # Every seat keeps the name the reviewed game showed, so its history reads the same; a person's seat,
        # now played by a bot, says so.
        bot_names=[info["name"] if info["kind"] == "bot" else _("%(name)s (bot)") % {"name": info["name"]}
                   for info in others],
        human_seat=seat, human_name=game.seats[seat]["name"], owner=owner,
        seed=game.seed, dealer=game.dealer, deal=game.deal,
        previous_loser=game.previous_loser, opening_actions=[logged.action for logged in history.actions[:step]],
        opening_reasons=[logged.reason for logged in history.actions[:step]])
