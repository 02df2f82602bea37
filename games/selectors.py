"""Read paths for played games. Templates get what one seat's view holds, never a state."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from modeltranslation.settings import AVAILABLE_LANGUAGES as TRANSLATED_LANGUAGES
from modeltranslation.utils import get_language as translated_fields_language

from core.visitors import Visitor, sees_drafts
from games import registry
from games.history import GameHistory, game_history
from games.links import rules_page_url
from games.models import Game, Preset
from games.narration import language_of, narrator_for
from games.narration.coach import best_move_figures
from games.narration.reasons import Mover
from games.practice_goals import PracticeGoal, goal_context
from games.preset_uses import PresetUse
from games.rules import GAMES, get_game
from games.rules.cards import sort_cards
from games.tables import TABLES, templates_for

BOT_LEVEL_LABELS = {"easy": _("Easy"), "medium": _("Medium"), "hard": _("Hard")}

SESSION_GAMES_KEY = "game_ids"
MAX_BACKS_SHOWN = 12   # a larger hand is drawn as this many backs; its size is written beside it


def narration_language() -> str:
    """The language of the active translation, as games.narration names it ("ru" or "en")."""
    return language_of(get_language() or settings.LANGUAGE_CODE)


def game_offers() -> list[dict[str, Any]]:
    """Every game as the home page and /play/ offer it: its key, title, number of players and one sentence."""
    return [{"key": game.key, "title": gettext(game.title), "description": registry.game(game.key).description,
             "min_players": game.min_players, "max_players": game.max_players} for game in GAMES.values()]


def game_visible_to(game: Game, *, user, session) -> bool:
    """A game belongs to its signed-in owner, or to the browser session that started it; a game several people
    play (with seat holders), to each of them (visitor_seat)."""
    return visitor_seat(game, user=user, session=session) is not None


def visitor_seat(game: Game, *, user, session) -> int | None:
    """The seat the visitor plays in `game`, or None when the game is not theirs to see.

    A game several people play names each seat's person (games.models.SeatHolder): a signed-in user, or the
    browser session's visitor key. Any other game has one person, its owner or the session that started it.
    """
    visitor = Visitor.of_session(user=user, session=session)
    # Only a game played together has holders (games.services.game_create_together): a game of one person, every
    # move of which comes here, asks no more of the database.
    if game.played_together:
        return next((holder.seat for holder in game.holders.all() if visitor.owns(holder)), None)
    if visitor.owns(game, user_field="owner", key_field=None):
        return human_seat(game)
    return human_seat(game) if str(game.pk) in session_game_ids(session) else None


def session_game_ids(session) -> list[str]:
    """The games this browser session started (games.sessions.session_remember_game), oldest first."""
    return list(session.get(SESSION_GAMES_KEY, [])) if session is not None else []


def games_of_visitor(*, user, session) -> QuerySet[Game]:
    """Every game the visitor may open, newest first: game_visible_to as a query (the signed-in user's own games
    and this session's)."""
    ids = []
    for game_id in session_game_ids(session):
        try:
            ids.append(uuid.UUID(str(game_id)))
        except ValueError:
            continue   # not a game's key: no game
    visible = Q(pk__in=ids, holders__isnull=True) | _games_of(Visitor.of_session(user=user, session=session))
    return Game.objects.filter(pk__in=Game.objects.filter(visible).values("pk")).order_by("-created_at")


def _games_of(visitor: Visitor) -> Q:
    """The games the visitor owns or holds a seat of (visitor_seat as a query, but for the session's own)."""
    return (visitor.q(user_field="owner", key_field=None)
            | visitor.q(user_field="holders__user", key_field="holders__visitor_key"))


def unfinished_games_of_visitor(*, user, session, limit: int) -> list[dict[str, Any]]:
    """The visitor's games still in progress, the most recently played first, each with its title and
    "Hearts, started 2 hours ago" (`label`)."""
    games = games_of_visitor(user=user, session=session).filter(status=Game.Status.ACTIVE).order_by("-updated_at")
    rows = []
    for game in games[:limit]:
        title = gettext(get_game(game.game_key).title)
        rows.append({"game": game, "title": title, "label": _started_label(game, title)})
    return rows


def _started_label(game: Game, title: str) -> str:
    if timezone.now() - game.created_at < timedelta(minutes=1):
        return gettext("%(title)s, started just now") % {"title": title}
    return gettext("%(title)s, started %(ago)s ago") % {"title": title, "ago": timesince(game.created_at, depth=1)}


def game_get_for_visitor(*, game_id, user, session) -> Game | None:
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not game_visible_to(game, user=user, session=session):
        return None
    return game


def games_of_user(*, user) -> QuerySet[Game]:
    """The user's games: those they own and those they held a seat of at a table of several people."""
    mine = Game.objects.filter(_games_of(Visitor(user=user))).values("pk")
    return Game.objects.filter(pk__in=mine).order_by("-created_at")


def my_games_rows(*, user, limit: int = 100) -> list[dict[str, Any]]:
    """The "My games" list: each game with its title, its preset's name and whether the owner won."""
    games = list(games_of_user(user=user).prefetch_related("holders")[:limit])
    return [{"game": game, "title": get_game(game.game_key).title,
             "preset": preset_name(game_key=game.game_key, slug=game.preset),
             "won": visitor_seat(game, user=user, session=None) in (game.winners or []),
             "together": len(game.holders.all()) > 1} for game in games]


def player_name(user) -> str:
    """The name a person sits at a table under: their user name, or "Guest" when not signed in."""
    return user.get_username() if user.is_authenticated else "Guest"


def human_seat(game: Game) -> int:
    return next(seat for seat, info in enumerate(game.seats) if info["kind"] == "human")


def series_loser(game: Game) -> int | None:
    """The seat a finished game's series goes on from (Chuvash Rooster's rooster, who deals the next game and is
    attacked first); None where nobody lost so, or for a game without series."""
    loser = registry.game(game.game_key).series_loser
    return loser(game_history(game).current.view(None)) if loser else None


def seat_names(game: Game) -> list[str]:
    return [info["name"] for info in game.seats]


def table_context(game: Game, *, seat: int, step: int | None = None, preset_name: str | None = None,
                  goal: PracticeGoal | None = None) -> dict[str, Any]:
    """Everything the table template shows to `seat`, taken from `view(seat)` at `step`. `preset_name`: the
    preset's display name where the caller has read it already (a push renders several steps); `goal`: the
    goal of a lesson's practice game (games.sessions.session_practice_goal), judged at `step`."""
    history = game_history(game)
    latest = history.move_count
    step = latest if step is None else max(0, min(step, latest))
    context = position_context(
        history.states[step], names=seat_names(game), seat=seat, can_move=step == latest,
        levels=[info.get("level") for info in game.seats], history=history.prefix(step), knowledge=True)
    context.update({
        "game": game, "step": step, "latest_step": latest, "pending": latest - step,
        # A page still showing an older step asks for the table itself if the live push never comes.
        "refresh_after": round((latest - step + 3) * settings.BOT_MOVE_DELAY + 1, 1),
        "preset": preset_name if preset_name is not None else preset_display_name(game),
        "game_title": get_game(game.game_key).title,
        "practice_goal": goal_context(goal, history, step=step) if goal is not None else None,
    })
    return context


# The name of rules whose preset editors have deleted since: the preset's slug would mean nothing to a reader.
GONE_PRESET_NAME = _("rules no longer listed")


def preset_display_name(game: Game) -> str:
    """The name editors gave the game's preset, in the reader's language."""
    return preset_name(game_key=game.game_key, slug=game.preset)


def preset_name(*, game_key: str, slug: str) -> str:
    """The name of the preset `slug` of the game, in the reader's language; never the slug."""
    return preset_names().get((game_key, slug), str(GONE_PRESET_NAME))


# Seconds the presets' names are kept in the cache. Every change of a preset forgets them at once
# (forget_preset_names); this bounds only what a forgetting cannot reach: the workers' own memories while Redis
# is down (config/outages.py), and names read just before a change and kept just after it.
PRESET_NAMES_SECONDS = 300


def preset_names() -> dict[tuple[str, str], str]:
    """Every preset's name in the reader's language, by game key and slug. Kept in the cache shared by the
    workers: each table shown names its preset, and a query per move cost as much as a tenth of the move's work
    outside rendering."""
    key = _preset_names_key(translated_fields_language())
    names = cache.get(key)
    if names is None:
        names = {(preset.game_key, preset.slug): preset.name for preset in Preset.objects.all()}
        cache.set(key, names, PRESET_NAMES_SECONDS)
    return names


def forget_preset_names(**kwargs) -> None:
    """A preset was saved or deleted (a signal's receiver): the names are read again, in every language. Forgotten
    at once, for the rest of the change's transaction, and again once it commits: meanwhile another page may have
    read and kept the names as they still were."""
    drop_cached_preset_names()
    transaction.on_commit(drop_cached_preset_names)


def drop_cached_preset_names() -> None:
    """The presets' names forgotten in the shared cache now (tests, between their rolled-back rows)."""
    cache.delete_many([_preset_names_key(language) for language in TRANSLATED_LANGUAGES])


def _preset_names_key(language: str) -> str:
    return f"preset-names:{language}"


def position_context(state, *, names: list[str], seat: int, can_move: bool = True,
                     levels: list[str | None] | None = None, history: GameHistory | None = None,
                     show_all_hands: bool = False, knowledge: bool = False) -> dict[str, Any]:
    """The table as `seat` sees `state`: a stored game's (table_context) or a lesson's position.

    Only `view(seat)` is read, except with `show_all_hands`, which opens the other hands face up
    (a lesson's teaching position, on the learner's request; never a game in progress).
    `can_move` says whether the seat may act here (false when a page shows an older step, or a
    position to look at only); `levels` are the seats' bot levels; `history` is a stored game's history up to
    `state`, which gives the bots' reasons and keeps what was once told of the log and of the step (a stored
    game's table costs no more late in a long match than early). What every table shows is built here; the
    game's own parts by games.tables. `knowledge` adds the "What your seat knows" panel (games.tables'
    `knowledge`): the play page's; a lesson teaches without it.
    """
    view = state.view(seat)
    game_key = view["game"]
    declared = registry.game(game_key)
    table = declared.table
    players = view["players"]
    narrator = narrator_for(game_key, names, seat, narration_language())
    open_hands = _open_hands(state, table.hand_order, view["variant"]) if show_all_hands else {}
    shown_from = declared.first_logged(view) if declared.first_logged else 0
    log = _log_lines(view["log"], narrator, names=names, shown_from=shown_from, history=history)
    opponents = [
        {"seat": other, "name": narrator.name(other),
         "level": BOT_LEVEL_LABELS.get((levels or [None] * players)[other]),
         "hand_size": view["hand_sizes"][other], "backs": range(min(view["hand_sizes"][other], MAX_BACKS_SHOWN)),
         "open_hand": open_hands.get(other), "is_turn": view["current_player"] == other,
         **table.opponent_facts(view, other)}
        for other in _clockwise_from(seat, players)
    ]
    to_move = view["current_player"] == seat
    legal_actions = state.legal_actions() if to_move else None
    return {
        "game_key": game_key, **templates_for(game_key),
        "seat": seat, "hand": table.hand_order(view["hand"] or [], view["variant"]), "opponents": opponents, "log": log,
        "is_my_turn": to_move and can_move, "turn_is_mine": to_move,
        "turn_name": narrator.name(view["current_player"]) if view["current_player"] is not None else None,
        "is_over": view["is_over"], "variant": view["variant"], "show_all_hands": show_all_hands,
        "rules_link": _rules_link(game_key, table, view, legal_actions, narrator) if can_move else None,
        **table.context(view, legal_actions, narrator, seat=seat),
        **({"knowledge": _knowledge_panel(table, view, narrator, names=names, history=history)} if knowledge else {}),
    }


def _log_lines(events: list[dict], narrator, *, names: list[str], shown_from: int,
               history: GameHistory | None) -> list[dict[str, Any]]:
    """The log's lines from event `shown_from` on, each with the reason of the bot whose move it starts. A stored
    game's lines are told once per seat, language and names and shared by its states (games.history.LogReadings),
    so that a table late in a long match costs no more to tell than an early one; they are read, never changed."""

    def told(first: int, end: int) -> list[dict[str, Any]]:
        reasons = history.reason_by_event(first) if history is not None else {}
        return [{"text": narrator.describe(event), "reason": narrator.reason(reasons.get(index)),
                 "seat": event.get("seat"), "stand_in": (reasons.get(index) or {}).get("stand_in", False)}
                for index, event in enumerate(events[first:end], first)]

    if history is None:
        return told(shown_from, len(events))
    reading = ("log lines", narrator.viewer, narrator.language, tuple(names))
    return history.readings.items(reading, shown_from, len(events), told)


def _knowledge_panel(table, view: dict, narrator, *, names: list[str], history: GameHistory | None) -> dict[str, Any]:
    """The "What your seat knows" panel; a stored game's is read once per step, seat, language and names."""

    def read() -> dict[str, Any]:
        return table.knowledge(view, narrator, seat=narrator.viewer)

    if history is None:
        return read()
    return history.readings.at_step(("knowledge", narrator.viewer, get_language(), tuple(names)),
                                    history.move_count, read)


def _rules_link(game_key: str, table, view: dict, legal_actions: list[dict] | None, narrator) -> dict[str, str] | None:
    """Where the rules page answers the question the seat's decision raises (games.tables' rules_link)."""
    link = table.rules_link(view, legal_actions, narrator) if legal_actions else None
    if link is None:
        return None
    return {"url": f"{rules_page_url(game_key)}#{link['anchor']}", "text": str(link["text"])}


def narrate_events(game_key: str, events: list[dict], *, names: list[str], seat: int) -> list[str]:
    """Log events of `view(seat)` as the sentences the table's log shows."""
    narrator = narrator_for(game_key, names, seat, narration_language())
    return [narrator.describe(event) for event in events]


def _open_hands(state, hand_order, variant: dict[str, Any]) -> dict[int, list[str]]:
    """Every hand of `state` by seat, each laid out as the game lays out a hand."""
    locations = state.card_locations()
    hands: dict[int, list[str]] = {}
    for card, place in locations.items():
        if place.startswith("hand:"):
            hands.setdefault(int(place.split(":")[1]), []).append(card)
    return {seat: hand_order(cards, variant) for seat, cards in hands.items()}


def replay_context(game: Game, *, step: int) -> dict[str, Any]:
    """A finished game at `step` with every hand open: once a game is over nothing is hidden."""
    history = game_history(game)
    step = max(0, min(step, history.move_count))
    state = history.states[step]
    names = seat_names(game)
    narrator = narrator_for(game.game_key, names, None, narration_language())
    locations = state.card_locations()
    table = TABLES[game.game_key]
    variant = state.view(None)["variant"]

    def cards_at(place: str) -> list[str]:
        return [card for card in sort_cards(locations) if locations[card] == place]

    previous_events = len(history.states[step - 1].events) if step else 0
    return {
        "game": game, "step": step, "last_step": history.move_count,
        "game_title": get_game(game.game_key).title, "preset": preset_display_name(game),
        "game_key": game.game_key,
        "seats": [{"name": narrator.name(seat), "hand": table.hand_order(cards_at(f"hand:{seat}"), variant),
                   "is_turn": state.current_player == seat, **table.replay_seat(state, narrator, seat, cards_at)}
                  for seat in range(game.players)],
        "table": cards_at("table"),
        "stock": cards_at("stock"), "has_stock": registry.game(game.game_key).has_stock,
        "new_lines": [narrator.describe(event) for event in state.log[previous_events:]],
        "reason": narrator.reason(history.actions[step - 1].reason) if step else "",
    }


def _clockwise_from(seat: int, players: int) -> list[int]:
    return [(seat + offset) % players for offset in range(1, players)]


def hint_context(game: Game, *, seat: int, hint) -> dict[str, Any]:
    """The table's hint panel (games.services.Hint): the suggested move in words, why, and the move form's
    fields that post it (the form marks those controls: games.forms.move_form_values)."""
    narrator = narrator_for(game.game_key, seat_names(game), seat, narration_language())
    evaluation = hint.evaluation
    best = evaluation.best
    next_best = evaluation.values[1].value if len(evaluation.values) > 1 else None
    # The hard bot's reason for the same move, told of the learner ("you hold…"), not in the bot's first person.
    bot_says = narrator.reason(evaluation.reason.to_dict(), seat) if evaluation.reason is not None else ""
    return {"move": narrator.action_text(best.action, hint.view), "action": best.action,
            "fields": TABLES[game.game_key].action_form_fields(best.action),
            "why": best_move_figures(evaluation.unit, best.value, next_best, Mover(narrator, seat)),
            "bot_says": bot_says}


# -- presets ------------------------------------------------------------------------------------


def presets_for_game(game_key: str) -> QuerySet[Preset]:
    """Every preset of the game, those hidden from learners too: for editors' forms and imports."""
    return Preset.objects.filter(game_key=game_key).order_by("order", "slug")


def presets_for_learners(game_key: str) -> QuerySet[Preset]:
    """The presets a learner may see and choose (Preset.shown_to_learners)."""
    return presets_for_game(game_key).filter(shown_to_learners=True)


def presets_to_try(game_key: str, *, user) -> QuerySet[Preset]:
    """The presets `user` may start a game of their own with: the learners' ones, and for the staff, who see
    drafts, also those hidden from learners, so that an editor can try one before showing it."""
    return presets_for_game(game_key) if sees_drafts(user) else presets_for_learners(game_key)


def game_preset_uses(preset: Preset) -> list[PresetUse]:
    """The games played under `preset` (games.preset_uses): each keeps the variant it was started with."""
    count = Game.objects.filter(game_key=preset.game_key, preset=preset.slug).count()
    return [PresetUse(kind=gettext("Games played (against bots, in classes and at tables)"), count=count)]
