"""What a class asks of a game: the goals a teacher may set for its rounds, and a finished round's result.

Each game's table module (games.tables.<game>) declares its part, and classroom/ asks for it through
games.tables (`class_goals`, `round_outcome`, `round_text`), never by the game's key:

- `CLASS_GOALS`: the game's goal kinds, built from the shared kinds below. "Just play the rounds" (NO_GOAL)
  is every game's and is not listed.
- `round_outcome(game, seat) -> Outcome`: a finished game's result for the student's seat, read from the game
  (its scores, winners and seats; its log, replayed, where the figures are only there).
- `round_text(outcome) -> str`: that result in words ("won, 3 chests", "12 points, 2nd").
- `CLASS_PRESET` (optional): the preset a new assignment offers first ("standard" otherwise).

The shared kinds: at least N of the rounds where something holds (RoundsWhere), every round with at least or at
most N of a figure (EveryRound), and at most N of a figure per deal on average over all the rounds' deals
(AveragePerDeal). Each judges a student's progress from the outcomes of the rounds finished so far: met
(True), failed (False) or not decided yet (None).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _


@dataclasses.dataclass(frozen=True)
class Outcome:
    """A finished round for the student's seat: won or not, and the game's own figures (chests; points and
    deals; the partnerships' totals), named as the game's goals and words read them."""

    won: bool
    figures: Mapping[str, int] = dataclasses.field(default_factory=dict)

    def __getitem__(self, name: str) -> int:
        return self.figures[name]


@dataclasses.dataclass(frozen=True)
class Goal:
    """A goal kind: its key (Assignment.goal), its label with N for the form, and the range of N."""

    key: str
    label: Promise          # the form's choice: "win at least N of the rounds"
    wording: Promise        # the goal in words, "%(count)s" and "%(rounds)s" filled in; plural by a number
    range_error: Promise    # the refusal of an N out of range, "%(low)s" and "%(high)s" filled in
    progress_label: Promise  # what the progress counts or shows: "wins", "chests per round"

    def count_range(self, *, rounds: int, variant: Mapping[str, Any]) -> tuple[int, int]:
        raise NotImplementedError

    def range_message(self, *, rounds: int, variant: Mapping[str, Any]) -> str:
        low, high = self.count_range(rounds=rounds, variant=variant)
        return str(self.range_error % {"low": low, "high": high})

    def text(self, *, count: int, rounds: int) -> str:
        # `wording` may be a lazy ngettext keyed by "count" or "rounds": formatting picks its plural form.
        return str(self.wording % {"count": count, "rounds": rounds})

    def decide(self, outcomes: Sequence[Outcome], *, count: int, rounds: int) -> bool | None:
        """Met, failed, or None while it can still go either way; `outcomes` are the finished rounds'."""
        raise NotImplementedError

    def progress(self, outcomes: Sequence[Outcome], *, count: int, rounds: int) -> str:
        raise NotImplementedError


@dataclasses.dataclass(frozen=True)
class RoundsWhere(Goal):
    """At least N of the rounds end so that `holds(outcome)`: won, not the rooster, the partnership won."""

    holds: Callable[[Outcome], bool] = lambda outcome: outcome.won

    def count_range(self, *, rounds: int, variant: Mapping[str, Any]) -> tuple[int, int]:
        return 1, rounds

    def decide(self, outcomes: Sequence[Outcome], *, count: int, rounds: int) -> bool | None:
        done = sum(1 for outcome in outcomes if self.holds(outcome))
        if done >= count:
            return True
        return None if done + rounds - len(outcomes) >= count else False

    def progress(self, outcomes: Sequence[Outcome], *, count: int, rounds: int) -> str:
        done = sum(1 for outcome in outcomes if self.holds(outcome))
        return gettext("%(label)s: %(done)s (goal: %(count)s)") % {
            "label": self.progress_label, "done": done, "count": count}


# The plain "win N rounds" goal, the same in every game whose rounds have a winner of their own.
WIN_ROUNDS = RoundsWhere(
    key="wins", label=_("win at least N of the rounds"),
    wording=ngettext_lazy("goal: win at least %(count)s of %(rounds)s round",
                          "goal: win at least %(count)s of %(rounds)s rounds", "rounds"),
    range_error=_("The number of wins must be from 1 to the number of rounds."),
    progress_label=_("wins"))


@dataclasses.dataclass(frozen=True)
class EveryRound(Goal):
    """Every round ends with at least N (or, with `at_most`, at most N) of the figure `figure`."""

    figure: str = ""
    at_most: bool = False
    low: int = 0
    high: Callable[[Mapping[str, Any]], int] = lambda variant: 0   # the largest N the variant allows

    def count_range(self, *, rounds: int, variant: Mapping[str, Any]) -> tuple[int, int]:
        return self.low, self.high(variant)

    def _holds(self, outcome: Outcome, count: int) -> bool:
        value = outcome[self.figure]
        return value <= count if self.at_most else value >= count

    def decide(self, outcomes: Sequence[Outcome], *, count: int, rounds: int) -> bool | None:
        if any(not self._holds(outcome, count) for outcome in outcomes):
            return False
        return True if len(outcomes) >= rounds else None

    def progress(self, outcomes: Sequence[Outcome], *, count: int, rounds: int) -> str:
        values = ", ".join(str(outcome[self.figure]) for outcome in outcomes) or "—"
        return gettext("%(label)s: %(values)s") % {"label": self.progress_label, "values": values}


@dataclasses.dataclass(frozen=True)
class AveragePerDeal(Goal):
    """At most N of the figure `total` per deal, on average over every deal of every round (a match's deals
    counted by the figure `deals`). Decided once every round is finished."""

    total: str = ""
    deals: str = "deals"
    high: int = 0

    def count_range(self, *, rounds: int, variant: Mapping[str, Any]) -> tuple[int, int]:
        return 0, self.high

    def average(self, outcomes: Sequence[Outcome]) -> float | None:
        deals = sum(outcome[self.deals] for outcome in outcomes)
        return sum(outcome[self.total] for outcome in outcomes) / deals if deals else None

    def decide(self, outcomes: Sequence[Outcome], *, count: int, rounds: int) -> bool | None:
        if len(outcomes) < rounds:
            return None
        average = self.average(outcomes)
        return average is not None and average <= count

    def progress(self, outcomes: Sequence[Outcome], *, count: int, rounds: int) -> str:
        average = self.average(outcomes)
        return gettext("%(label)s: %(value)s") % {
            "label": self.progress_label, "value": "—" if average is None else number_format(average, 1)}


@dataclasses.dataclass(frozen=True)
class NoGoal(Goal):
    """Just play the rounds: every game's first choice; nothing to meet, the rounds won shown."""

    def count_range(self, *, rounds: int, variant: Mapping[str, Any]) -> tuple[int, int]:
        return 0, 0

    def text(self, *, count: int, rounds: int) -> str:
        return str(self.wording)

    def decide(self, outcomes: Sequence[Outcome], *, count: int, rounds: int) -> bool | None:
        return None

    def progress(self, outcomes: Sequence[Outcome], *, count: int, rounds: int) -> str:
        return gettext("%(label)s: %(done)s") % {"label": self.progress_label,
                                                  "done": sum(1 for outcome in outcomes if outcome.won)}


NO_GOAL = NoGoal(key="none", label=_("just play the rounds"), wording=_("no goal beyond playing the rounds"),
                 range_error=_("This goal takes no number."), progress_label=_("wins"))
