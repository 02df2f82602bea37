"""A lesson step's JSON payload: its shapes, their validation, and the position a payload describes.

Every payload is checked by replaying it through the rule engine (docs/engine.md), under the lesson's
variant (its preset, or the game's standard one). Cards, seats and actions are the engine's.

Shapes, by the step's kind:

``text``
    ``{}`` — no table. Optionally ``{"deal": DEAL, "actions": [...], "seat": 0, "show_all_hands": false}``
    to show a position beside the text, as a replay does.

``replay``
    ``{"deal": DEAL, "actions": [ACTION, ...], "seat": 0, "show_all_hands": false}``
    The position after playing ``actions`` from the deal, seen from ``seat`` (the learner's view);
    ``show_all_hands`` offers a "show all hands" switch. ``actions`` defaults to ``[]``, ``seat`` to 0.

``question``
    The replay's fields plus ``"answer": ACTION`` — the move the learner must make — or
    ``"answers": [ACTION, ...]`` when several moves are right (exactly one of the two). The position
    must not be over, its current player must be ``seat``, and every answer must be legal in it.

    ``"feedback"`` (optional) gives the editor's own explanation of wrong moves, one entry per move:
    ``[{"action": ACTION, "text": {"ru": "...", "en": "..."}}, ...]``; each action must be a legal move
    that is not a right answer. Wrong moves without an entry get a generated explanation
    (tutorials.feedback), and `tutorials.feedback.check_question` refuses a question whose answer the
    buttons would give away.

    ``"explain_after_first_wrong": true`` (optional, default false) shows the step's explanation after the
    learner's first wrong answer instead of the second (tutorials.services.explanation_shown): for a question
    whose explanation does not give the answer away, or whose editor would rather explain at once.

``practice``
    ``{"deal": DEAL, "seat": 0, "bots": ["medium"], "goal": GOAL, "max_moves": 40}``
    A short game from a fixed deal: the learner plays ``seat``, a bot of the given level each other
    seat, in seat order. ``actions`` (optional) start the game from a later position; ``max_moves``
    (optional) limits the learner's moves. GOAL is ``{"type": "win"}`` (end the game among the
    winners) or, in Sunduchok, ``{"type": "chests", "count": 1}`` (lay down at least that many chests).

``DEAL``
    ``{"hands": [["QH", "QC", "8D", "AS"], ["QD", ...]], "stock": ["9C", ...], "dealer": 1}``
    One hand per seat; ``stock`` top first (``[]`` for games without one); ``dealer`` defaults to 0;
    an optional ``seed`` decides later deals of a match. Any other key is handed to the game's
    ``from_deal`` as a keyword (Yashchiki's ``"upcard"``, Rooster's ``"previous_loser"``).

``ACTION``
    An action dict exactly as the game's ``legal_actions()`` lists it, e.g.
    ``{"type": "ask", "target": 1, "rank": "Q"}``.

Errors are `PayloadError`s whose message an editor can act on; an illegal action is named with its
1-based position, e.g. "Action 3 ({'type': 'count', 'count': 5}) is not legal here: Name a number
from 1 to 2." The messages are in the active language (the editor's, when the admin validates a
step), the engine's refusal included.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games import registry
from games.narration import language_of, narrator_for
from games.rules import IllegalAction, get_game

# The bot levels of docs/engine.md ("Bots"); kept here so that validating a lesson needs no bot code.
BOT_LEVELS = ("easy", "medium", "hard")

# Goal types of a practice step: winning, for every game, and the ones only the games that declare them make sense
# for (games.declaration.Game.lesson_goal_kinds).
GOAL_KINDS = ("win", "chests")
EVERY_GAMES_GOAL = "win"

TABLE_FIELDS = ("deal", "actions", "seat", "show_all_hands")
KIND_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    # kind: (required fields, optional fields)
    "text": (frozenset(), frozenset(TABLE_FIELDS)),
    "replay": (frozenset({"deal"}), frozenset(TABLE_FIELDS)),
    "question": (frozenset({"deal"}),
                 frozenset(TABLE_FIELDS) | {"answer", "answers", "feedback", "explain_after_first_wrong"}),
    "practice": (frozenset({"deal", "bots", "goal"}), frozenset({"deal", "actions", "seat", "max_moves"})),
}
DEAL_FIELDS = ("hands", "stock", "dealer", "seed")


class PayloadError(ValueError):
    """A payload that does not describe a valid step; the message is for the lesson's editor."""


def validate_step_payload(*, game_key: str, variant: Any, kind: str, payload: Any) -> None:
    """Raise PayloadError unless `payload` is a valid payload of a `kind` step of `game_key`."""
    if kind not in KIND_FIELDS:
        raise PayloadError(_("Unknown step kind '%(kind)s' (known: %(known)s).")
                           % {"kind": kind, "known": ", ".join(KIND_FIELDS)})
    if not isinstance(payload, Mapping):
        raise PayloadError(_("The payload must be a JSON object, e.g. {} for a text step."))
    required, optional = KIND_FIELDS[kind]
    allowed = required | optional
    unknown = sorted(set(payload) - allowed)
    if unknown:
        raise PayloadError(_("A %(kind)s step's payload has no field '%(field)s' (known: %(known)s).")
                           % {"kind": kind, "field": unknown[0], "known": ", ".join(sorted(allowed))})
    missing = sorted(required - set(payload))
    if missing:
        raise PayloadError(_("A %(kind)s step's payload needs '%(field)s'.") % {"kind": kind, "field": missing[0]})
    if "deal" not in payload:
        present = sorted(set(payload) & set(TABLE_FIELDS))
        if present:
            raise PayloadError(_("'%(field)s' needs a deal: add \"deal\" or remove it.") % {"field": present[0]})
        return
    for flag in ("show_all_hands", "explain_after_first_wrong"):
        if flag in payload and not isinstance(payload[flag], bool):
            raise PayloadError(_("'%(field)s' must be true or false.") % {"field": flag})
    state = position_from_payload(game_key, variant, payload)
    seat = learner_seat(payload, players=len(payload["deal"]["hands"]))
    if kind == "question":
        _check_answers(state, payload, seat)
    elif kind == "practice":
        _check_practice(game_key, state, payload, seat)


def position_from_payload(game_key: str, variant: Any, payload: Mapping[str, Any]):
    """The engine state after playing the payload's `actions` from its `deal` under `variant`.

    Raises PayloadError naming a bad deal or the first illegal action.
    """
    if not isinstance(payload, Mapping) or "deal" not in payload:
        raise PayloadError(_("This payload has no deal, so it shows no position."))
    state = deal_from_payload(game_key, variant, payload["deal"])
    actions = payload.get("actions", [])
    if not isinstance(actions, list):
        raise PayloadError(_("'actions' must be a list of actions."))
    for number, action in enumerate(actions, start=1):
        # Translators: names an action of a payload's "actions" in the messages "%(label)s (%(action)s) …".
        state = _apply(state, action, _("Action %(number)s") % {"number": number})
    return state


def deal_from_payload(game_key: str, variant: Any, deal: Any):
    """The engine state right after `deal` (the DEAL shape of this module's docstring)."""
    if not isinstance(deal, Mapping):
        raise PayloadError(_('The deal must be a JSON object: {"hands": [...], "stock": [...], "dealer": 0}.'))
    hands = deal.get("hands")
    if not isinstance(hands, list) or not all(isinstance(hand, list) for hand in hands):
        raise PayloadError(_("The deal's 'hands' must be a list with one list of cards per seat."))
    stock = deal.get("stock", [])
    if not isinstance(stock, list):
        raise PayloadError(_("The deal's 'stock' must be a list of cards, top first."))
    for name in ("dealer", "seed"):
        if name in deal and not _is_int(deal[name]):
            raise PayloadError(_("The deal's '%(field)s' must be a whole number.") % {"field": name})
    extra = {key: value for key, value in deal.items() if key not in DEAL_FIELDS}
    try:
        return get_game(game_key).from_deal(hands=hands, stock=stock, variant=variant, dealer=deal.get("dealer", 0),
                                             seed=deal.get("seed", 0), **extra)
    except TypeError:
        # from_deal refused a keyword: name the one this game does not take.
        raise PayloadError(_("This game's deal takes no '%(field)s'.") % {"field": sorted(extra)[0]} if extra
                           else _("The deal is not valid.")) from None
    except ValueError as error:
        # The engine's own words (English), as for a preset's variant fields.
        raise PayloadError(_("The deal is not valid: %(error)s") % {"error": error}) from None


def learner_seat(payload: Mapping[str, Any], *, players: int) -> int:
    """The seat the learner sees the table from (payload "seat", default 0), checked against the table."""
    seat = payload.get("seat", 0)
    if not _is_int(seat) or not 0 <= seat < players:
        raise PayloadError(_("'seat' must be a seat number from 0 to %(last)s, not %(seat)s.")
                           % {"last": players - 1, "seat": repr(seat)})
    return seat


def lesson_seat_names(players: int, seat: int) -> list[str]:
    """How a lesson's narration names the seats: the learner is "You"; one opponent is "Opponent"."""
    if players == 2:
        return ["Opponent" if other != seat else "You" for other in range(players)]
    return [f"Player {other + 1}" for other in range(players)]


def answers_of(payload: Mapping[str, Any]) -> list[dict]:
    """The right moves of a question step, as a list whether it has one "answer" or several "answers"."""
    if "answer" in payload:
        return [payload["answer"]]
    return list(payload.get("answers", []))


def is_right_answer(state, payload: Mapping[str, Any], action: Mapping[str, Any]) -> bool:
    """Whether `action`, made in the question's position `state`, is one of its right answers.

    Compared by their effect, so that a card set named in another order is still the same move.
    """
    try:
        played = state.apply(action).to_dict()
    except IllegalAction:
        return False
    return any(state.apply(answer).to_dict() == played for answer in answers_of(payload))


# -- checks per kind --------------------------------------------------------------------------
def _check_answers(state, payload: Mapping[str, Any], seat: int) -> None:
    if ("answer" in payload) == ("answers" in payload):
        raise PayloadError(_('A question needs the right move: "answer": {...}, or "answers": [{...}, ...] '
                             "when several moves are right (not both)."))
    if "answers" in payload and (not isinstance(payload["answers"], list) or not payload["answers"]):
        raise PayloadError(_("'answers' must be a non-empty list of actions."))
    if state.is_over:
        raise PayloadError(_("The game is over after these actions: there is no move left to ask for."))
    if state.current_player != seat:
        raise PayloadError(_("The question is for seat %(seat)s, but in this position seat %(current)s is to move.")
                           % {"seat": seat, "current": state.current_player})
    answers = answers_of(payload)
    for number, answer in enumerate(answers, start=1):
        # Translators: name a question's right move in the messages "%(label)s (%(action)s) …".
        label = _("The answer") if "answer" in payload else _("Answer %(number)s") % {"number": number}
        _apply(state, answer, label)
    _check_feedback(state, payload)


def _check_feedback(state, payload: Mapping[str, Any]) -> None:
    entries = payload.get("feedback", [])
    if not isinstance(entries, list):
        raise PayloadError(_("'feedback' must be a list of {\"action\": {...}, \"text\": {...}} entries."))
    languages = tuple(settings.MODELTRANSLATION_LANGUAGES)
    seen = []
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, Mapping) or set(entry) != {"action", "text"}:
            raise PayloadError(_("Feedback %(number)s must be an object with exactly \"action\" and \"text\".")
                               % {"number": number})
        # Translators: names an entry of a question's "feedback" in the messages "%(label)s (%(action)s) …".
        label = _("Feedback %(number)s") % {"number": number}
        after = _apply(state, entry["action"], label).to_dict()
        if is_right_answer(state, payload, entry["action"]):
            raise PayloadError(_("Feedback %(number)s is for a right answer: feedback explains wrong moves only.")
                               % {"number": number})
        if after in seen:
            raise PayloadError(_("Feedback %(number)s is for a move that already has feedback.") % {"number": number})
        seen.append(after)
        text = entry["text"]
        if (not isinstance(text, Mapping) or set(text) != set(languages)
                or not all(isinstance(text[language], str) and text[language].strip() for language in languages)):
            raise PayloadError(_("Feedback %(number)s needs a text in every language: %(example)s.")
                               % {"number": number, "example": "{" + ", ".join(f'"{code}": "..."' for code in languages)
                                                               + "}"})


def _check_practice(game_key: str, state, payload: Mapping[str, Any], seat: int) -> None:
    players = len(payload["deal"]["hands"])
    bots = payload["bots"]
    if not isinstance(bots, list) or len(bots) != players - 1:
        raise PayloadError(_("'bots' must list one bot level for each of the other %(count)s seat(s), "
                             "e.g. %(example)s.") % {"count": players - 1, "example": ["medium"] * (players - 1)})
    for level in bots:
        if level not in BOT_LEVELS:
            raise PayloadError(_("Unknown bot level %(level)s (known: %(known)s).")
                               % {"level": repr(level), "known": ", ".join(BOT_LEVELS)})
    _check_goal(game_key, payload["goal"], payload["deal"])
    if "max_moves" in payload and (not _is_int(payload["max_moves"]) or payload["max_moves"] < 1):
        raise PayloadError(_("'max_moves' must be a whole number of at least 1."))
    if state.is_over:
        raise PayloadError(_("The game is over after these actions: there is nothing left to practise."))


def _check_goal(game_key: str, goal: Any, deal: Mapping[str, Any]) -> None:
    if not isinstance(goal, Mapping) or not isinstance(goal.get("type"), str):
        raise PayloadError(_("The goal must be an object such as %(win)s or %(chests)s.")
                           % {"win": '{"type": "win"}', "chests": '{"type": "chests", "count": 1}'})
    kind = goal["type"]
    if kind not in GOAL_KINDS:
        raise PayloadError(_("Unknown goal type '%(type)s' (known: %(known)s).")
                           % {"type": kind, "known": ", ".join(GOAL_KINDS)})
    if kind != EVERY_GAMES_GOAL and kind not in registry.game(game_key).lesson_goal_kinds:
        games = [key for key, game in registry.games().items() if kind in game.lesson_goal_kinds]
        raise PayloadError(_("A '%(type)s' goal is only for %(games)s.") % {"type": kind, "games": ", ".join(games)})
    fields = {"type", "count"} if kind == "chests" else {"type"}
    if set(goal) != fields:
        raise PayloadError(_("A '%(type)s' goal takes exactly: %(fields)s.")
                           % {"type": kind, "fields": ", ".join(sorted(fields))})
    if kind == "chests":
        chests = (sum(len(hand) for hand in deal["hands"]) + len(deal.get("stock", []))) // 4
        if not _is_int(goal["count"]) or not 1 <= goal["count"] <= chests:
            raise PayloadError(_("The goal's 'count' must be a number of chests from 1 to %(most)s.")
                               % {"most": chests})


def _apply(state, action: Any, label: str):
    if not isinstance(action, Mapping):
        raise PayloadError(_('%(label)s (%(action)s) is not an action: write it as an object with a "type".')
                           % {"label": label, "action": repr(action)})
    try:
        return state.apply(action)
    except IllegalAction as error:
        raise PayloadError(_("%(label)s (%(action)s) is not legal here: %(reason)s")
                           % {"label": label, "action": repr(dict(action)), "reason": _refusal(state, error)}) from None


def _refusal(state, error: IllegalAction) -> str:
    """The engine's refusal in the active language, seats named "Player 1", "Player 2", … as the engine
    names them. (games.selectors.narration_language would give the same language, but importing it
    here would be circular: it imports tutorials.models, which imports this module.)"""
    names = [f"Player {seat + 1}" for seat in range(state.players)]
    game_key = state.view(None)["game"]   # only on this error path: a spectator's view names the game
    return narrator_for(game_key, names, None, language_of(get_language() or settings.LANGUAGE_CODE)).illegal(error)


def _is_int(value: Any) -> bool:
    # bool is an int subclass, and true must not pass for seat 1.
    return isinstance(value, int) and not isinstance(value, bool)
