"""Write paths for played games: create one, apply a player's action and the bots' replies.

Each write runs in one transaction with the game row locked and the expected move number checked,
so a double click or a second tab applies one move, not two. Live updates leave only after commit.
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from games import live, registry
from games.bots import get_bot
from games.coach import Evaluation, get_coach
from games.coach.review import decision_seed
from games.history import GameHistory, LoggedAction, game_history, remember
from games.models import Game, GameAction, Preset, SeatHolder
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


class NotYourTurn(MoveRejected):
    """Another seat is to move, or nobody is (the game is over)."""

    status = 409


def game_create(*, game_key: str, preset: str, players: int, bot_levels: list[str], human_name: str,
                owner=None, seed: int | None = None, dealer: int | None = None,
                deal: dict[str, Any] | None = None, variant: dict[str, Any] | None = None, human_seat: int = 0,
                opening_actions: list[dict[str, Any]] | None = None, opening_reasons: list[dict | None] | None = None,
                previous_loser: int | None = None, hints: str = Game.Hints.ALLOW,
                bot_names: list[str] | None = None) -> Game:
    """A new game with the human in `human_seat` and bots in the others, played up to the human's turn.

    `bot_levels` name the other seats' bots in seat order, and `bot_names` (the same order) what they are called;
    without them the bots are Anna-bot, Boris-bot…. The rules are the engine's `preset`, or,
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
    if bot_names is None:
        bot_names = [f"{name}-bot" for name in BOT_NAMES[:players - 1]]
    elif len(bot_names) != players - 1:
        raise ValueError(f"{players} players need {players - 1} bot names.")
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
            seats.append({"kind": "bot", "level": level, "name": bot_names[index]})
    return _game_start(game_key=game_key, preset=preset, variant=variant.to_dict(), seed=seed, deal=deal,
                       dealer=dealer, previous_loser=previous_loser, seats=seats, owner=owner, hints=hints,
                       opening_actions=opening_actions, opening_reasons=opening_reasons)


@dataclasses.dataclass(frozen=True)
class Person:
    """Who sits at one seat of a game several people play: a signed-in user, or a browser session's key."""

    seat: int
    name: str
    user: Any | None
    visitor_key: str


def game_create_together(*, game_key: str, preset: str, variant: dict[str, Any], bot_levels: dict[int, str],
                         people: list[Person], stand_in_level: str, away_after: int | None,
                         seed: int | None = None) -> Game:
    """A new game several people play (together.Table): `people` at their seats, bots of `bot_levels` (by seat)
    at the others, played up to the first person's turn. A person away longer than `away_after` seconds (None:
    never) is played for by a bot of `stand_in_level` until they are back (game_seat_seen). People playing each
    other get no coach: the hint is off."""
    engine = get_game(game_key)
    variant = engine.variant(**variant)
    players = len(people) + len(bot_levels)
    seated = sorted([person.seat for person in people] + list(bot_levels))
    if seated != list(range(players)) or not people:
        raise ValueError("Every seat needs one person or one bot, and a person at least one.")
    if not engine.min_players <= players <= engine.max_players:
        raise ValueError(f"{engine.title} is played by {engine.min_players} to {engine.max_players} players.")
    if seed is None:
        seed = secrets.randbelow(MAX_SEED)
    by_seat = {person.seat: person for person in people}
    seats, bots = [], 0
    for seat in range(players):
        if seat in by_seat:
            seats.append({"kind": "human", "name": by_seat[seat].name, "stand_in": stand_in_level})
        else:
            seats.append({"kind": "bot", "level": bot_levels[seat], "name": f"{BOT_NAMES[bots]}-bot"})
            bots += 1
    now = timezone.now()
    return _game_start(game_key=game_key, preset=preset, variant=variant.to_dict(), seed=seed,
                       dealer=random.Random(f"dealer-{seed}").randrange(players), seats=seats,
                       hints=Game.Hints.FORBID,
                       away_after=away_after,
                       holders=[SeatHolder(seat=person.seat, user=person.user, visitor_key=person.visitor_key,
                                           last_seen=now) for person in people])


def _game_start(*, game_key: str, preset: str, variant: dict[str, Any], seed: int, dealer: int, seats: list[dict],
                deal: dict[str, Any] | None = None, previous_loser: int | None = None, owner=None,
                hints: str = Game.Hints.ALLOW, away_after: int | None = None, holders: list[SeatHolder] = (),
                opening_actions: list[dict[str, Any]] | None = None,
                opening_reasons: list[dict | None] | None = None) -> Game:
    """Keep the new game, its seat holders and its opening actions, and play the bots up to a person's turn."""
    with transaction.atomic():
        game = Game.objects.create(game_key=game_key, preset=preset, variant=variant, seed=seed, deal=deal,
                                   dealer=dealer, previous_loser=previous_loser, seats=seats, owner=owner,
                                   hints=hints, away_after=away_after)
        for holder in holders:
            holder.game = game
        SeatHolder.objects.bulk_create(holders)
        history = game_history(game)   # validates the deal before anything is kept
        opening_actions = opening_actions or []
        for action, reason in zip(opening_actions, opening_reasons or [None] * len(opening_actions), strict=True):
            seat = history.current.current_player
            history = history.extended(history.current.apply(action), LoggedAction(seat, action, reason))
        _play_bots(game, history)
    return game


def game_apply_action(*, game_id, seat: int, action: dict[str, Any], expected_move: int,
                      answered_page: str | None = None) -> Game:
    """Apply `seat`'s action, then every bot move up to the next person's decision or the end.

    `answered_page` names the open page that asked (games.live.announce_moves): its answer shows the move itself.
    At a game several people play, the mover is seen there, and a bot plays for the people away (game_seat_seen).
    """
    try:
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game_id)
            history = game_history(game)
            _refuse_unless_due(game, history, seat=seat, expected_move=expected_move)
            try:
                state = history.current.apply(action)
            except IllegalAction as error:
                narrator = narrator_for(game.game_key, seat_names(game), seat, narration_language())
                raise MoveRejected(narrator.illegal(error)) from None
            if game.away_after is not None:
                SeatHolder.objects.filter(game=game, seat=seat).update(last_seen=timezone.now())
            _play_bots(game, history.extended(state, LoggedAction(seat=seat, action=action, reason=None)),
                       answered_page=answered_page, stand_ins=_seats_away(game))
    except IntegrityError:
        # Another request wrote this log position first (possible where row locks are no-ops).
        raise StaleMove(_already_made()) from None
    return game


def _already_made() -> str:
    return _("That move was already made: the table has moved on. Here is the current position.")


def _refuse_unless_due(game: Game, history: GameHistory, *, seat: int, expected_move: int) -> None:
    """Refuse a move that is not `seat`'s to make at the table's current position, saying truly why.

    The post names the position its page showed (`expected_move`). People at one table click at once, and one
    person's tabs or double clicks repeat a move: each case gets its own words, never a message that is false now.
    """
    current = history.current
    names = seat_names(game)
    if not 0 <= expected_move <= game.move_count:
        raise StaleMove(_("Your page is out of step with the table: it sent move %(sent)d, but the table is at "
                          "move %(due)d. Here is the current table.")
                        % {"sent": expected_move + 1, "due": game.move_count + 1})
    if current.is_over:
        raise NotYourTurn(_("The game is over."))
    if expected_move < game.move_count:
        if history.actions[expected_move].seat == seat:
            raise StaleMove(_already_made())
        if current.current_player == seat:
            raise StaleMove(_("The table has moved on since your page was drawn: here is the current position. "
                              "It is your turn now."))
        raise NotYourTurn(_("It is not your turn: %(name)s is to move. The table has moved on since your page "
                            "was drawn; here is the current position.") % {"name": names[current.current_player]})
    if current.current_player != seat:
        raise NotYourTurn(_("It is not your turn: %(name)s is to move.") % {"name": names[current.current_player]})


def game_seat_seen(*, game_id, seat: int) -> bool:
    """The person holding `seat` is at the table (their page says so now and then): note it, and let a bot play
    for whoever is to move and has been away longer than the game allows. True when a bot played so.

    Called by every person's page, so a table whose person to move has left goes on while the others wait.
    """
    SeatHolder.objects.filter(game_id=game_id, seat=seat).update(last_seen=timezone.now())
    game = Game.objects.get(pk=game_id)
    if game.away_after is None or game.is_over or game_history(game).current.current_player not in _seats_away(game):
        return False   # the usual answer, read without taking the game's lock
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        away = _seats_away(game)
        history = game_history(game)
        if game.is_over or history.current.current_player not in away:
            return False   # another page's call played for them first
        _play_bots(game, history, stand_ins=away)
    return True


def _seats_away(game: Game) -> frozenset[int]:
    """The seats whose person has been away longer than the game allows: a bot plays for them meanwhile."""
    if game.away_after is None:
        return frozenset()
    since = timezone.now() - timedelta(seconds=game.away_after)
    return frozenset(SeatHolder.objects.filter(game=game, last_seen__lt=since).values_list("seat", flat=True))


def _play_bots(game: Game, history: GameHistory, answered_page: str | None = None,
               stand_ins: frozenset[int] = frozenset()) -> None:
    """Let the bots move until a person must decide, then append the new actions to the log.

    `history` may already hold actions the log lacks (the person's move); `game.move_count` says
    how many the log has. The people's seats in `stand_ins` are away: a bot of the seat's "stand_in" level plays
    for them, and its reason says so (`"stand_in": true`). The table is told of the new states only once the
    transaction commits.
    """
    saved = game.move_count
    state = history.current
    def bot_to_move() -> bool:
        return game.seats[state.current_player]["kind"] == "bot" or state.current_player in stand_ins

    while not state.is_over and bot_to_move():
        seat = state.current_player
        info = game.seats[seat]
        standing_in = info["kind"] != "bot"
        bot = get_bot(game.game_key, info["stand_in"] if standing_in else info["level"])
        rng = random.Random(f"{game.seed}-{history.move_count}")
        decision = bot.decide(state.view(seat), state.legal_actions(), rng)
        state = state.apply(decision.action)
        reason = {**decision.reason.to_dict(), "stand_in": True} if standing_in else decision.reason.to_dict()
        history = history.extended(state, LoggedAction(seat, decision.action, reason))
    if history.move_count == saved:
        return   # a new game whose first move is a person's: its row is as it was made, nobody to tell
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
        if game.played_together:   # against bots alone, the move's answer carries the new states (games.views.act)
            live.announce_moves(game_id=game.pk, first=saved + 1, last=history.move_count,
                                hints_used=game.hints_used, answered_page=answered_page)
        if state.is_over:
            game_finished.send(sender=Game, game=game)

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
        raise HintRefused(_("No hints at a table where people play each other.") if game.played_together
                          else _("Your teacher has turned hints off for this round."))
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


def games_claim_for_user(*, game_ids: list[str], user, visitor_key: str | None = None) -> int:
    """Give a signed-in user the games they played anonymously in this browser session: the games it started,
    and the seats it held at tables of several people (`visitor_key`)."""
    if visitor_key:
        SeatHolder.objects.filter(visitor_key=visitor_key, user__isnull=True).update(user=user)
    return Game.objects.filter(pk__in=game_ids, owner__isnull=True).update(owner=user)


# -- presets ------------------------------------------------------------------------------------


def preset_sync_builtin() -> list[Preset]:
    """Create every engine preset that has no row yet; returns the new rows.

    Rows that exist are left as they are, so that editors' changes survive every `make run`; a deleted
    built-in preset comes back. A preset for developers is created hidden from learners.
    """
    created = []
    for game_key, declared in registry.games().items():
        engine = declared.rules
        for order, (slug, fields) in enumerate(engine.presets.items()):
            if Preset.objects.filter(game_key=game_key, slug=slug).exists():
                continue
            texts = declared.preset_texts.get(slug, {})
            name_en = texts.get("name_en") or slug.replace("-", " ").capitalize()
            description_en = engine.preset_descriptions.get(slug, "")
            preset = Preset(
                game_key=game_key, slug=slug, fields=dict(fields), order=order, is_builtin=True,
                shown_to_learners=texts.get("shown_to_learners", True),
                name_ru=texts.get("name_ru") or name_en, name_en=name_en,
                description_ru=texts.get("description_ru") or description_en, description_en=description_en,
            )
            preset.full_clean()
            preset.save()
            created.append(preset)
    return created
