"""What a game is to this site: one typed declaration per game, read by generic code instead of the game's key.

A game lives in one package, `games/<key>/` (docs/design.md, "A game is one package"). The package declares
itself twice, once per layer:

- `engine.py` holds `ENGINE`, a `GameEngine`: the pure parts (the rules, the bots, the coach, the narrator and
  the coach's unit), free of Django like the modules they name, so the engines work without a site
  (docs/engine.md);
- `game.py` holds `GAME`, a `Game`: the engine plus everything the site asks of the game (the table's view-model,
  its description, templates, class goals, presets' texts, variant labels, puzzle themes ...).

games.registry finds both through the list of installed games. Every part a game must give is a field
without a default; an optional part defaults to None (or to an empty collection), and generic code tests for
None instead of asking the module with hasattr. This module stays free of Django: the site's types are only
named in annotations.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from games.bots.base import Bot
    from games.coach.base import Coach
    from games.narration.coach import CoachUnit
    from games.narration.seats import SeatNarrator
    from games.tables.goals import Goal, Outcome

View = dict[str, Any]
Action = dict[str, Any]


@dataclasses.dataclass(frozen=True)
class GameEngine:
    """The pure half of a game: what the engines, the bots' arena and the coach's benches need."""

    rules: Any                                  # the rule engine (docs/engine.md): key, presets, new_game ...
    bots: Mapping[str, Callable[[], Bot]]       # a bot per level: "easy", "medium", "hard"
    coach: Callable[[], Coach]                  # the game's evaluator (games.coach.base.Coach)
    narrator: type[SeatNarrator]                # the game told in words, per viewer (games.narration.seats)
    table_size: int                             # the usual number of players: benches, mining, bench learners
    coach_unit: CoachUnit                       # what the coach counts, in words (games.narration.coach)
    # The tooling's parts (benchmarks/), optional:
    arena_scoring: str = "wins"                 # how the arena scores a match: "wins", "points-per-deal",
    #                                             "loser-shares" or "team-points" (benchmarks.arena)
    openspiel_game: str | None = None           # OpenSpiel's game of one deal of this game, which bench_engine
    #                                             measures the engine against
    # bench_web's tables of this game (benchmarks.loadtest.tables): each its turn in the rotation of every game's
    # tables, its preset, its people and its bots.
    load_test_tables: Sequence[tuple[int, str, int, int]] = ()

    @property
    def key(self) -> str:
        return self.rules.key


class GameTable(Protocol):
    """The table's view-model, one module per game (games/<key>/table.py): what the play page, the replay and the
    lessons show of a seat's view beyond what every table shares (games.selectors)."""

    def hand_order(self, cards: Sequence[str], variant: Mapping[str, Any]) -> list[str]:
        """A hand laid out as every page draws it."""

    def context(self, view: View, legal_actions: list[Action], narrator: Any, *, seat: int) -> dict[str, Any]:
        """The game's own parts of the table for `seat`."""

    def opponent_facts(self, view: View, other: int) -> list[str]:
        """What the table shows of another seat."""

    def replay_seat(self, state: Any, narrator: Any, seat: int, cards_at: Any) -> dict[str, Any]:
        """The facts a replay shows beside a seat's open hand."""

    def rules_link(self, view: View, legal_actions: list[Action], narrator: Any) -> Any:
        """The rules question the seat's decision raises (an anchor and its text), or None."""

    def knowledge(self, view: View, narrator: Any, *, seat: int) -> Any:
        """The play page's "What your seat knows" panel (games.tables.knowledge)."""

    def action_from_post(self, data: Any) -> Action | None:
        """The action a POST of the move form holds (KeyError for a missing part, ValueError for a bad one)."""

    def action_form_fields(self, action: Action) -> dict[str, Any]:
        """The move form's fields that would post `action` (what a hint marks on the form)."""


@dataclasses.dataclass(frozen=True)
class Game:
    """Everything the site asks of one game. Required parts first, then the optional ones."""

    engine: GameEngine
    table: GameTable
    description: str                            # one sentence for /play/ and the home page (lazily translated)
    # What a class may ask of the game (games.tables.goals): the goal kinds besides "just play the rounds", and a
    # finished round's result in figures and in words.
    class_goals: Sequence[Goal]
    round_outcome: Callable[[Any, int], Outcome]
    round_text: Callable[[Outcome], str]
    class_preset: str = "standard"              # the preset a new assignment offers first
    # Optional parts of the table:
    first_logged: Callable[[View], int] | None = None           # the first log event a long game's table shows
    held_cards: Callable[[View], list[str]] | None = None       # the cards still held, where the hand lists more
    holdings: Callable[..., str] | None = None                  # a sentence on what else is the seat's
    sure_moves: Callable[[View, list[Action]], list[Action]] | None = None   # moves the seat's view settles
    series_loser: Callable[[View], int | None] | None = None    # the seat a finished game's series goes on from
    # The Russian names and descriptions of the engine's presets, and each preset's English name, by preset
    # (games/<key>/presets.py: "name_en", "name_ru", "description_ru"; "shown_to_learners": False for a preset
    # for developers). A preset without texts is named after its slug and described as the engine describes it.
    preset_texts: Mapping[str, Mapping[str, Any]] = dataclasses.field(default_factory=dict)
    # The variant's fields and their values in words, for the rules pages' preset comparison
    # (games/<key>/variant_labels.py); a field or value without a label is shown as the engine names it.
    variant_field_labels: Mapping[str, str] = dataclasses.field(default_factory=dict)
    variant_value_labels: Mapping[str, Mapping[Any, str]] = dataclasses.field(default_factory=dict)
    # The game's puzzle themes, labelled by slug, and the rule that reads a decision's theme from the seat's view,
    # the best action and the next best (games/<key>/puzzle_themes.py). A game without themes has no puzzles.
    puzzle_themes: Mapping[str, str] = dataclasses.field(default_factory=dict)
    puzzle_theme_of: Callable[[View, Action, Action], str] | None = None
    # The goals a lesson's practice step may set besides winning (tutorials.payloads), e.g. Sunduchok's "chests".
    lesson_goal_kinds: Sequence[str] = ()
    # The lesson DEAL of a freshly dealt game (tutorials.payloads), so that the lesson studio can deal from a seed.
    opening_deal: Callable[[Any], dict[str, Any]] | None = None
    # The dealt hands that lead to given hands at a position after moves (Hearts: after the pass), so that the studio
    # can show the hands after those moves and let the editor move cards there; ValueError when it cannot. Without
    # it, cards are moved at the deal only.
    hands_at_the_deal: Callable[[Any, list[list[str]]], list[list[str]]] | None = None
    has_stock: bool = True                      # False for a game dealt out whole (Hearts): its replay shows no stock

    @property
    def key(self) -> str:
        return self.engine.key

    @property
    def rules(self) -> Any:
        return self.engine.rules

    @property
    def templates(self) -> dict[str, str]:
        """The game's own templates, in its package's templates/games/<key>/ folder."""
        return {"table_template": f"games/{self.key}/_table.html",
                "move_form_template": f"games/{self.key}/_move_form.html",
                "standings_template": f"games/{self.key}/_standings.html"}
