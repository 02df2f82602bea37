"""Write paths of the lesson studio: each change of a lesson or a step is validated as the lesson admin validates
it (the step replayed through the rules, the lesson's steps checked together) and saved as one version in the
lesson's history, or refused with the problems in words and nothing changed.

A step's position is built on the table, one move at a time; the payload JSON (tutorials.payloads) stays the
storage, written here, never by the editor.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from typing import Any

import reversion
from django.conf import settings
from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.text import slugify
from django.utils.translation import gettext as _
from modeltranslation.utils import build_localized_fieldname

from games import registry
from games.history import start_state
from games.models import Game, Preset
from games.rules import get_game
from games.selectors import human_seat
from puzzles.models import Puzzle
from tutorials.coach_drafts import wrong_move_drafts
from tutorials.feedback import same_move
from tutorials.models import Lesson, LessonStep
from tutorials.payloads import EVERY_GAMES_GOAL, PayloadError, answers_of, position_from_payload
from tutorials.services import lesson_steps_park
from tutorials.step_checks import check_lesson_steps, lesson_replay_problems


class StudioRefused(Exception):
    """A change the studio did not save; `problems` say why, in the editor's language."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@contextlib.contextmanager
def studio_revision(lesson: Lesson, *, user, comment: str) -> Iterator[None]:
    """One change: one transaction and one version of the lesson with its steps in its history (the admin's History
    lists it, and reverts it)."""
    with transaction.atomic(), reversion.create_revision():
        reversion.set_user(user)
        reversion.set_comment(comment)
        yield
        reversion.add_to_revision(Lesson.objects.get(pk=lesson.pk))


def step_revision(step: LessonStep, *, user, change: str):
    """studio_revision for a change of one step, named in the history as "Step 3: <change>"."""
    return studio_revision(step.lesson, user=user, comment=_("Step %(number)s: %(change)s")
                           % {"number": step.number, "change": change})


def _problems_of(invalid: ValidationError) -> list[str]:
    if not hasattr(invalid, "error_dict"):
        return list(invalid.messages)
    problems = []
    for field, errors in invalid.message_dict.items():
        for message in errors:
            problems.append(message if field in ("__all__", "payload") else f"{_field_label(field)}: {message}")
    return problems


def _field_label(field: str) -> str:
    """A step's or lesson's field in words, with its language: "text (en)"."""
    for model in (LessonStep, Lesson):
        for name in model.TRANSLATED_FIELDS:
            for language in settings.MODELTRANSLATION_LANGUAGES:
                if field == build_localized_fieldname(name, language):
                    return f"{model._meta.get_field(name).verbose_name} ({language})"
        try:
            return str(model._meta.get_field(field).verbose_name)
        except FieldDoesNotExist:
            continue   # a field of the other model
    return field


def _save_step(step: LessonStep) -> None:
    """Validate `step` with its lesson's other steps and save it; StudioRefused if anything is wrong."""
    try:
        step.full_clean(exclude=["lesson"])
    except ValidationError as invalid:
        raise StudioRefused(_problems_of(invalid)) from None
    _check_together(step.lesson, [*step.lesson.steps.exclude(pk=step.pk), step])
    step.save()


def _check_together(lesson: Lesson, steps: list[LessonStep]) -> None:
    """The lesson's steps with a position, checked together (tutorials.step_checks.check_lesson_steps)."""
    try:
        check_lesson_steps(game_key=lesson.game_key, variant=lesson.variant(),
                           steps=[(step.number, step.kind, step.payload) for step in steps if "deal" in step.payload])
    except PayloadError as error:
        raise StudioRefused([str(error)]) from None


# -- lessons -------------------------------------------------------------------------------------

def lesson_create(*, game_key: str, title: str, user) -> Lesson:
    """A new, unpublished lesson at the end of the game's list, with one text step to start from."""
    title = _text(title)
    if not title:
        raise StudioRefused([_("Give the lesson a title.")])
    if game_key not in registry.games():
        raise StudioRefused([_("There is no such game.")])
    base = slugify(title)[:70] or "lesson"
    slug, number = base, 2
    while Lesson.objects.filter(game_key=game_key, slug=slug).exists():
        slug, number = f"{base}-{number}", number + 1
    with transaction.atomic(), reversion.create_revision():
        reversion.set_user(user)
        reversion.set_comment(_("Created in the studio"))
        order = (Lesson.objects.filter(game_key=game_key).aggregate(last=Max("order"))["last"] or 0) + 1
        lesson = Lesson(game_key=game_key, slug=slug, order=order, published=False)
        for language in settings.MODELTRANSLATION_LANGUAGES:
            setattr(lesson, build_localized_fieldname("title", language), title)
        try:
            lesson.full_clean()
        except ValidationError as invalid:
            raise StudioRefused(_problems_of(invalid)) from None
        lesson.save()
        LessonStep.objects.create(lesson=lesson, number=1, kind=LessonStep.Kind.TEXT, payload={})
    return lesson


def lesson_set_published(*, lesson: Lesson, published: bool, user) -> None:
    if published and not lesson.steps.exists():
        raise StudioRefused([_("A lesson without steps cannot be published.")])
    with studio_revision(lesson, user=user, comment=_("Published") if published else _("Unpublished")):
        lesson.published = published
        lesson.save(update_fields=["published", "updated_at"])


def lesson_set_texts(*, lesson: Lesson, texts: Mapping[str, Mapping[str, str]], user) -> None:
    """The lesson's title and summary, per language ({"title": {"ru": …, "en": …}, …})."""
    _set_texts(lesson, texts)
    with studio_revision(lesson, user=user, comment=_("Title and summary changed")):
        try:
            lesson.full_clean()
        except ValidationError as invalid:
            raise StudioRefused(_problems_of(invalid)) from None
        lesson.save()


def lesson_set_preset(*, lesson: Lesson, preset_id: int | None, user) -> None:
    """Play the lesson's deals under a preset of its game (None: the standard rules); refused when a step would no
    longer replay under it."""
    preset = None
    if preset_id is not None:
        preset = Preset.objects.filter(pk=preset_id, game_key=lesson.game_key).first()
        if preset is None:
            raise StudioRefused([_("Choose one of this game's presets.")])
    with studio_revision(lesson, user=user, comment=_("Rules changed")):
        lesson.preset = preset
        lesson.save(update_fields=["preset", "updated_at"])
        problems = [_("Step %(number)s: %(problem)s") % {"number": number, "problem": problem}
                    for number, problem in lesson_replay_problems(lesson)]
        if problems:
            raise StudioRefused(problems)


def lesson_move(*, lesson: Lesson, offset: int, user) -> None:
    """Move the lesson one place up (-1) or down (+1) in its game's list."""
    lessons = _moved(list(Lesson.objects.filter(game_key=lesson.game_key).order_by("order", "slug")), lesson, offset)
    if lessons is None:
        return
    with studio_revision(lesson, user=user, comment=_("Lessons reordered")):
        for order, other in enumerate(lessons, start=1):
            if other.order != order:
                other.order = order
                other.save(update_fields=["order", "updated_at"])


# -- steps ---------------------------------------------------------------------------------------

def step_add(*, lesson: Lesson, user) -> LessonStep:
    """A step after the last one. It goes on from the last step's position (after its answer, if it asked one),
    so a worked example is written move after move without copying the deal."""
    previous = lesson.steps.order_by("number").last()
    number = previous.number + 1 if previous is not None else 1
    payload: dict[str, Any] = {}
    kind = LessonStep.Kind.TEXT
    if previous is not None and "deal" in previous.payload:
        payload, kind = _where_it_ends(previous), LessonStep.Kind.REPLAY
        try:
            over = position_from_payload(lesson.game_key, lesson.variant(), payload).is_over
        except (PayloadError, ValueError):
            over = True   # the last step no longer replays (its page says why): start from a text
        if over:
            payload, kind = {}, LessonStep.Kind.TEXT
    with studio_revision(lesson, user=user, comment=_("Step %(number)s added") % {"number": number}):
        step = LessonStep(lesson=lesson, number=number, kind=kind, payload=payload)
        _save_step(step)
    return step


def step_delete(*, step: LessonStep, user) -> None:
    """Remove a step; the later ones move up a number."""
    lesson = step.lesson
    with studio_revision(lesson, user=user, comment=_("Step %(number)s removed") % {"number": step.number}):
        step.delete()
        _renumber(lesson, list(lesson.steps.order_by("number")))


def step_move(*, step: LessonStep, offset: int, user) -> None:
    """Move a step one place up (-1) or down (+1); every step is checked again in its new order."""
    lesson = step.lesson
    steps = _moved(list(lesson.steps.order_by("number")), step, offset)
    if steps is None:
        return
    with studio_revision(lesson, user=user, comment=_("Steps reordered")):
        _renumber(lesson, steps)
        _check_together(lesson, steps)


def _where_it_ends(previous: LessonStep) -> dict[str, Any]:
    """The position a step with a table ends on, as the next step's payload: after its right answer, for a
    question (the first one, where several are right), seen from the same seat."""
    actions = list(previous.payload.get("actions", []))
    if previous.kind == LessonStep.Kind.QUESTION:
        actions.append(answers_of(previous.payload)[0])
    return {"deal": previous.payload["deal"], "actions": actions, "seat": previous.payload.get("seat", 0)}


def _moved(rows: list, row, offset: int) -> list | None:
    """`rows` with `row` swapped with its neighbour `offset` places away; None when it is first or last already."""
    index = next(index for index, other in enumerate(rows) if other.pk == row.pk)
    target = index + offset
    if not 0 <= target < len(rows):
        return None
    rows[index], rows[target] = rows[target], rows[index]
    return rows


def _renumber(lesson: Lesson, steps: list[LessonStep]) -> None:
    lesson_steps_park(step_ids=[step.pk for step in steps])
    for number, step in enumerate(steps, start=1):
        step.number = number
        step.save(update_fields=["number"])


def step_set_kind(*, step: LessonStep, kind: str, user) -> None:
    """A text alone (the table dropped) or a position to look at (a practice game's bots and goal dropped); a
    question is made by marking its answer on the table."""
    if kind not in (LessonStep.Kind.TEXT, LessonStep.Kind.REPLAY):
        raise StudioRefused([_("Choose a text or a position; mark a right move to ask a question.")])
    payload = _table_part(step.payload) if kind == LessonStep.Kind.REPLAY else {}
    if kind == LessonStep.Kind.REPLAY and "deal" not in payload:
        raise StudioRefused([_("Deal the cards first: a position needs a deal.")])
    with step_revision(step, user=user, change=_("kind changed")):
        step.kind, step.payload = kind, payload
        _save_step(step)


def step_set_practice(*, step: LessonStep, bots: list[str], goal: str, count: int | None, max_moves: int | None,
                      user) -> None:
    """Make the step a short game against bots from its position: a bot level for each other seat, the goal
    (winning, or a goal the game declares, such as a number of chests) and, if given, the learner's most moves."""
    payload = _table_part(step.payload)
    if "deal" not in payload:
        raise StudioRefused([_("Deal the cards first.")])
    # Winning takes no count; a goal the game declares (a number of chests) does.
    counted = {"count": count} if goal != EVERY_GAMES_GOAL else {}
    practice = {**payload, "bots": list(bots), "goal": {"type": goal, **counted}}
    practice.pop("show_all_hands", None)
    if max_moves:
        practice["max_moves"] = max_moves
    with step_revision(step, user=user, change=_("made a practice game")):
        step.kind, step.payload = LessonStep.Kind.PRACTICE, practice
        _save_step(step)


def step_deal(*, step: LessonStep, players: int, seed: int, dealer: int, seat: int, user) -> None:
    """A new deal from `seed`, seen by the learner from `seat`; the step's moves and question are dropped."""
    _refuse_a_practice_step(step)
    lesson = step.lesson
    rules = get_game(lesson.game_key)
    if not rules.min_players <= players <= rules.max_players:
        raise StudioRefused([_("This game is for %(least)s to %(most)s players.")
                             % {"least": rules.min_players, "most": rules.max_players}])
    if not 0 <= dealer < players or not 0 <= seat < players:
        raise StudioRefused([_("The dealer and the learner's seat must be seats of this table.")])
    try:
        state = rules.new_game(players=players, seed=seed, variant=lesson.variant(), dealer=dealer)
    except ValueError as error:
        raise StudioRefused([str(error)]) from None
    payload = {"deal": _opening_deal(lesson.game_key, state), "actions": [], "seat": seat}
    with step_revision(step, user=user, change=_("new deal")):
        step.payload, step.kind = payload, LessonStep.Kind.REPLAY
        _save_step(step)


STOCK = "stock"


def step_move_cards(*, step: LessonStep, places: Mapping[str, str], user) -> None:
    """Move cards between the hands (and the stock) of the step's position: `places` gives each card its hand's
    seat number ("0", "1", …) or STOCK. At the deal the deal itself changes; after moves, the game works out the
    dealt hands that lead there (games.declaration.Game.hands_at_the_deal: Hearts after the pass) and the moves
    stay. A card left out, named twice or unknown is refused, and so is a deal the rules do not accept."""
    _refuse_a_practice_step(step)
    payload = dict(step.payload)
    if "deal" not in payload:
        raise StudioRefused([_("Deal the cards first.")])
    lesson = step.lesson
    deal = dict(payload["deal"])
    actions = payload.get("actions", [])
    hook = registry.game(lesson.game_key).hands_at_the_deal
    if actions and hook is None:
        raise StudioRefused([_("Cards are moved at the deal: take the moves back first.")])
    state = _position(lesson, payload)
    hands_now = [list(hand) for hand in (state.to_dict()["hands"] if actions else deal["hands"])]
    stock = [] if actions else list(deal.get("stock", []))
    movable = [card for hand in hands_now for card in hand] + stock
    unknown = sorted(set(places) - set(movable))
    if unknown or set(movable) - set(places):
        raise StudioRefused([_("Give every card of the table a place, and only those cards.")])
    seats = [str(seat) for seat in range(len(hands_now))]
    if any(place not in seats and not (place == STOCK and not actions) for place in places.values()):
        raise StudioRefused([_("A card may go to a player's hand or, at the deal, to the stock.")])
    new_hands = [[card for card in hand if places[card] == str(seat)] for seat, hand in enumerate(hands_now)]
    for card in movable:
        seat = places[card]
        if seat != STOCK and card not in new_hands[int(seat)]:
            new_hands[int(seat)].append(card)
    new_stock = [card for card in stock if places[card] == STOCK] + [
        card for card in movable if places[card] == STOCK and card not in stock]
    if actions:
        try:
            new_hands = hook(state, new_hands)
        except ValueError as error:
            raise StudioRefused([str(error)]) from None
    deal.update({"hands": new_hands, "stock": new_stock})
    with step_revision(step, user=user, change=_("cards moved")):
        step.payload = {**payload, "deal": deal}
        _save_step(step)


def step_start_from_game(*, step: LessonStep, game: Game, move: int, user) -> None:
    """Set the step's position to move `move` of one of the editor's own games (0: its deal), seen from the seat
    the editor played. The game must be of the lesson's game and rules."""
    _refuse_a_practice_step(step)
    if game.game_key != step.lesson.game_key:
        raise StudioRefused([_("That game is of another game than the lesson.")])
    _refuse_other_rules(step.lesson, get_game(game.game_key).variant(**game.variant).to_dict())
    if not 0 <= move <= game.move_count:
        raise StudioRefused([_("That game has moves 0 to %(last)s.") % {"last": game.move_count}])
    series = {"previous_loser": game.previous_loser} if game.previous_loser is not None else {}
    if game.deal:
        deal = {"hands": game.deal["hands"], "stock": game.deal["stock"], "dealer": game.dealer, "seed": game.seed}
    else:
        deal = _opening_deal(step.lesson.game_key, start_state(game))
    actions = list(game.actions.filter(number__lt=move).order_by("number").values_list("action", flat=True))
    _start_from(step, deal={**deal, **series}, actions=actions, seat=human_seat(game), user=user,
                change=_("goes on from a game of yours"))


def step_start_from_puzzle(*, step: LessonStep, puzzle: Puzzle, user) -> None:
    """Set the step's position to a puzzle's, seen from the seat the puzzle asks."""
    _refuse_a_practice_step(step)
    if puzzle.game_key != step.lesson.game_key:
        raise StudioRefused([_("That puzzle is of another game than the lesson.")])
    rules = get_game(puzzle.game_key)
    _refuse_other_rules(step.lesson, rules.variant(preset=puzzle.preset).to_dict())
    state = rules.new_game(players=puzzle.players, seed=puzzle.seed, variant=step.lesson.variant(),
                           dealer=puzzle.dealer)
    _start_from(step, deal=_opening_deal(puzzle.game_key, state), actions=list(puzzle.actions), seat=puzzle.seat,
                user=user, change=_("a puzzle's position"))


def _position(lesson: Lesson, payload: Mapping[str, Any]):
    """The position of a step's payload; StudioRefused when it no longer replays (its rules changed since)."""
    try:
        return position_from_payload(lesson.game_key, lesson.variant(), payload)
    except (PayloadError, ValueError) as error:
        raise StudioRefused([_("This step no longer replays: %(problem)s") % {"problem": error}]) from None


def _opening_deal(game_key: str, state) -> dict[str, Any]:
    declared = registry.game(game_key)
    if declared.opening_deal is None:
        raise StudioRefused([_("This game cannot be dealt at random here yet.")])
    return declared.opening_deal(state)


def _refuse_other_rules(lesson: Lesson, variant: Mapping[str, Any]) -> None:
    if variant != lesson.variant().to_dict():
        raise StudioRefused([_("That position is played under other rules than the lesson's: give the lesson the "
                               "same preset first.")])


def _start_from(step: LessonStep, *, deal: dict, actions: list, seat: int, user, change: str) -> None:
    with step_revision(step, user=user, change=change):
        step.payload = {"deal": deal, "actions": actions, "seat": seat}
        step.kind = LessonStep.Kind.REPLAY
        _save_step(step)


def step_continue_previous(*, step: LessonStep, user) -> None:
    """Set the step's position to where the previous step's ends (after its answer, for a question)."""
    _refuse_a_practice_step(step)
    previous = step.lesson.steps.filter(number__lt=step.number).order_by("number").last()
    if previous is None or "deal" not in previous.payload:
        raise StudioRefused([_("The step before this one has no position to go on from.")])
    with studio_revision(step.lesson, user=user, comment=_("Step %(number)s: goes on from step %(previous)s")
                         % {"number": step.number, "previous": previous.number}):
        step.payload, step.kind = _where_it_ends(previous), LessonStep.Kind.REPLAY
        _save_step(step)


def step_play(*, step: LessonStep, action: Mapping[str, Any], user) -> None:
    """Play `action` on the step's table (for whichever seat is to move). A question asked at the old position
    is dropped: its answer was for that position."""
    _refuse_a_practice_step(step)
    payload = _table_part(step.payload)
    if "deal" not in payload:
        raise StudioRefused([_("Deal the cards first.")])
    payload["actions"] = [*payload.get("actions", []), dict(action)]
    with step_revision(step, user=user, change=_("a move played")):
        step.payload = payload
        step.kind = LessonStep.Kind.REPLAY
        _save_step(step)


def step_undo(*, step: LessonStep, user) -> None:
    """Take back the last move on the step's table (and any question asked after it)."""
    _refuse_a_practice_step(step)
    payload = _table_part(step.payload)
    if not payload.get("actions"):
        raise StudioRefused([_("There is no move to take back: this is the deal.")])
    payload["actions"] = payload["actions"][:-1]
    with step_revision(step, user=user, change=_("a move taken back")):
        step.payload = payload
        step.kind = LessonStep.Kind.REPLAY
        _save_step(step)


def step_toggle_answer(*, step: LessonStep, action: Mapping[str, Any], user) -> None:
    """Mark `action` as a right move of the learner at the step's position, or unmark it if it was one. The
    first right move makes the step a question; unmarking the last makes it a position to look at again."""
    _refuse_a_practice_step(step)
    payload = dict(step.payload)
    if "deal" not in payload:
        raise StudioRefused([_("Deal the cards first.")])
    state = _position(step.lesson, payload)
    answers = answers_of(payload) if step.kind == LessonStep.Kind.QUESTION else []
    kept = [answer for answer in answers if not same_move(state, answer, action)]
    if len(kept) == len(answers):
        kept.append(dict(action))
    payload.pop("answer", None)
    payload.pop("answers", None)
    feedback = [entry for entry in payload.pop("feedback", [])
                if not any(same_move(state, entry["action"], answer) for answer in kept)]
    if kept:
        payload.update({"answer": kept[0]} if len(kept) == 1 else {"answers": kept})
        if feedback:
            payload["feedback"] = feedback
    with step_revision(step, user=user, change=_("right moves changed")):
        step.payload = payload
        step.kind = LessonStep.Kind.QUESTION if kept else LessonStep.Kind.REPLAY
        _save_step(step)


def step_set_texts(*, step: LessonStep, texts: Mapping[str, Mapping[str, str]],
                   feedback: Mapping[int, Mapping[str, str]] | None = None, draft_for: int | None = None,
                   explain_after_first_wrong: bool | None = None, user) -> None:
    """The step's texts per language ({"body": {"ru": …, "en": …}, "hint_1": …}) and, for a question, the
    editor's own words for wrong moves: `feedback` maps a wrong move's index in the position's legal moves to its
    text per language; a move whose boxes are all empty keeps the generated text. `draft_for`: the index of a wrong
    move whose words become the coach's draft (tutorials.coach_drafts), for the editor to keep, edit or discard.
    `explain_after_first_wrong`: whether the explanation shows after the first wrong answer, not the second."""
    _set_texts(step, texts)
    payload = dict(step.payload)
    if step.kind == LessonStep.Kind.QUESTION and explain_after_first_wrong is not None:
        payload.pop("explain_after_first_wrong", None)
        if explain_after_first_wrong:
            payload["explain_after_first_wrong"] = True
    if feedback is not None and step.kind == LessonStep.Kind.QUESTION:
        state = _position(step.lesson, payload)
        legal = state.legal_actions()
        if draft_for is not None:
            feedback = {**feedback, draft_for: _coach_draft(step, state, legal, draft_for)}
        languages = tuple(settings.MODELTRANSLATION_LANGUAGES)
        entries, problems = [], []
        for index, text in sorted(feedback.items()):
            written = {language: _text(text.get(language) or "") for language in languages}
            if not any(written.values()):
                continue
            if not 0 <= index < len(legal):
                problems.append(_("A move that is not legal here has feedback."))
                continue
            if not all(written.values()):
                problems.append(_("Write the feedback for “%(move)s” in every language, or in none.")
                                % {"move": text.get("move", index + 1)})
                continue
            entries.append({"action": legal[index], "text": written})
        if problems:
            raise StudioRefused(problems)
        payload.pop("feedback", None)
        if entries:
            payload["feedback"] = entries
    with step_revision(step, user=user, change=_("texts changed")):
        step.payload = payload
        _save_step(step)


def _set_texts(instance, texts: Mapping[str, Mapping[str, str]]) -> None:
    for field, by_language in texts.items():
        if field not in instance.TRANSLATED_FIELDS:
            continue
        for language, text in by_language.items():
            if language in settings.MODELTRANSLATION_LANGUAGES:
                setattr(instance, build_localized_fieldname(field, language), _text(text))


def _text(text: str) -> str:
    """A text as the editor typed it, with plain line ends; refused if it holds a NUL character, which no page
    needs and PostgreSQL cannot store (Django's forms refuse it the same way)."""
    if "\x00" in text:
        raise StudioRefused([_("A text may not contain the NUL character.")])
    return text.replace("\r\n", "\n").strip()


def _coach_draft(step: LessonStep, state, legal: list[dict], index: int) -> dict[str, str]:
    if not 0 <= index < len(legal):
        raise StudioRefused([_("A move that is not legal here has feedback.")])
    for draft in wrong_move_drafts(step.lesson.game_key, step.lesson.variant(), step.payload):
        if same_move(state, draft.action, legal[index]):
            if draft.draft is None:
                raise StudioRefused([_("The coach has no words for this move: write your own.")])
            return dict(draft.draft)
    raise StudioRefused([_("That move is a right answer: it needs no feedback.")])


def _refuse_a_practice_step(step: LessonStep) -> None:
    if step.kind == LessonStep.Kind.PRACTICE:
        raise StudioRefused([_("A practice game starts from its step's position: make the step a position again to "
                               "change it.")])


def _table_part(payload: Mapping[str, Any]) -> dict[str, Any]:
    """The position of a payload without its question (answers and feedback)."""
    return {key: value for key, value in payload.items() if key in ("deal", "actions", "seat", "show_all_hands")}
