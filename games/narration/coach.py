"""The coach's judgements in words (games.coach): why a move is best, and what a weaker one costs, in the
game's own unit, each figure saying what it measures and whose move it is about.

Each game's unit (CoachUnit: what its coach counts, and the words for it) is defined in its package, beside its
narrator, and each sentence says what the unit measures. The figures are averages over the deals the seat could be
facing (sampled from its view), so every sentence says so too.

Whose move: `mover` (games.narration.reasons.Mover) is the player the figures are about — the reader ("your
move") or, on a teacher's page, a student by name ("Sasha's move"); None for a move several players made
("this move"). Numbers are written as the reader's language writes them ("2.4", "2,4").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping

from games import registry
from games.narration.words import russian_plural


@dataclasses.dataclass(frozen=True)
class CoachUnit:
    """What a game's coach counts, in words: each game's is defined in its package (games/<key>/narration.py)
    and named by its engine (games.declaration.GameEngine.coach_unit); evaluations and mined puzzles store its
    `name`.

    `measure` and `difference` are templates per language, filled with the words for whose move it is:
    {subject} ("you", "Sasha", "the player"), {possessive} ("your", "Sasha's", "the player's"), {ends} (the verb
    agreeing with the subject: "end", "ends"), {partnership_ru} ("вашей пары") and, in `difference`, {quantity}
    (how much worse, in the unit: "0.4 chests", "at least 3 points") and {than} (what with: AGAINST)."""

    name: str
    figure: Callable[[CoachUnit, float, str], str]   # one move's value (more is better) as the measure counts it
    measure: Mapping[str, str]          # the heading before the figures: what they count
    difference: Mapping[str, str]       # how much worse a move does than the best one
    english: tuple[str, str] = ()       # the noun: one, more
    russian: tuple[str, str, str, str] = ()   # the noun: one, few, many, and after a fraction
    chance: bool = False                # a probability: shown in percent, compared in percentage points


def coach_unit(name: str) -> CoachUnit:
    """The installed games' unit called `name`; ValueError for a unit no installed game's coach counts."""
    for engine in registry.engines().values():
        if engine.coach_unit.name == name:
            return engine.coach_unit
    raise ValueError(f"No installed game's coach counts '{name}'.")


def number(value: float, language: str, digits: int = 1) -> str:
    """`value` to `digits` decimals (one by default); with more, trailing zeros dropped: 0.15, 0.4, 12."""
    text = f"{value:.{digits}f}"
    if digits > 1:
        text = text.rstrip("0").rstrip(".")
    return text.replace(".", ",") if language == "ru" else text


def percent(value: float, language: str) -> str:
    return f"{round(value * 100)}\u00a0%" if language == "ru" else f"{round(value * 100)}%"


def amount(unit: str, value: float, language: str, digits: int = 1) -> str:
    """A quantity of the unit: "2.4 chests", "3,2 очка", "12%"."""
    words = coach_unit(unit)
    if words.chance:
        return percent(value, language)
    shown = number(value, language, digits)
    if language == "ru":
        one, few, many, fraction = words.russian
        # A fraction takes the genitive singular ("2,4 сундучка"); a whole number agrees as usual.
        if shown.endswith(",0") or "," not in shown:
            whole = int(round(value))
            return f"{whole} {russian_plural(whole, one, few, many)}"
        return f"{shown} {fraction}"
    one, more = words.english
    return f"{shown} {one if shown in ('1.0', '1') else more}"


# The ways a unit shows one move's value (CoachUnit.figure); games.coach gives more-is-better values.

def figure_as_counted(unit: CoachUnit, value: float, language: str) -> str:
    """More is better, as counted: "3.2"."""
    return number(value, language)


def figure_as_taken(unit: CoachUnit, value: float, language: str) -> str:
    """Fewer is better, as taken: "3.2"."""
    return number(-value, language)


def figure_as_chance_against(unit: CoachUnit, value: float, language: str) -> str:
    """The chance of the bad end: "35%"."""
    return percent(-value, language)


def figure_as_lead(unit: CoachUnit, value: float, language: str) -> str:
    """Ahead of or behind the other side: "2.0 points ahead"."""
    ahead = value >= 0 or amount(unit.name, value, language) == amount(unit.name, 0.0, language)
    if language == "ru":
        return f"на {amount(unit.name, abs(value), language)} {'впереди' if ahead else 'позади'}"
    return f"{amount(unit.name, abs(value), language)} {'ahead' if ahead else 'behind'}"


class _Whose:
    """The words for the player the figures are about (a Mover, or None: whoever played the move)."""

    def __init__(self, mover, language: str) -> None:
        self.mover, self.ru = mover, language == "ru"
        named = mover is not None and mover.person == 3
        self.name = mover.name if named else ""
        # A name after a Russian noun stays undeclined: "ход игрока Саша", "знает игрок Саша".
        self.genitive_ru = mover.narrator.player_ru(mover.seat, "genitive") if named else ""

    def pick(self, you: str, named: str, anyone: str) -> str:
        if self.mover is None:
            return anyone
        return you if self.mover.person == 2 else named

    @property
    def subject(self) -> str:
        """"you", "Sasha", "the player"."""
        return self.pick("you", self.name, "the player")

    @property
    def possessive(self) -> str:
        return self.pick("your", f"{self.name}'s", "the player's")

    @property
    def move(self) -> str:
        """"your move", "Sasha's move", "this move"; in Russian after "с": "вашим ходом", "ходом игрока Саша"."""
        if self.ru:
            return self.pick("вашим ходом", f"ходом {self.genitive_ru}", "этим ходом")
        return self.pick("your move", f"{self.possessive} move", "this move")

    @property
    def partnership_ru(self) -> str:
        """The partnership, genitive: "вашей пары", "пары игрока Саша"."""
        return self.pick("вашей пары", f"пары {self.genitive_ru}", "пары")

    def fill(self, template: str, **more: str) -> str:
        """A unit's template (CoachUnit) filled with these words."""
        return template.format(subject=self.subject, possessive=self.possessive, ends=self.pick("end", "ends", "ends"),
                               partnership_ru=self.partnership_ru, **more)

    @property
    def deals(self) -> str:
        """Where the averages come from."""
        if self.ru:
            knows = self.pick("вы знаете", f"знает игрок {self.genitive_ru.removeprefix('игрока ')}", "знает игрок")
            return f"в среднем по раскладам, возможным при том, что {knows}"
        return f"on average over the deals {self.subject} could be facing"


BOUNDS = {"": ("", ""), "least": ("at least ", "как минимум "), "more": ("more than ", "больше чем ")}
# What a move is compared with: the coach's best move (hints, reviews, puzzles), or a lesson question's right answer
# (tutorials.coach_drafts), which the coach need not value best.
AGAINST = {"best": {"en": "than with the best move", "ru": "чем с лучшим ходом"},
           "answer": {"en": "than with the right move", "ru": "чем с верным ходом"}}


def _quantity(unit: str, loss: float, language: str, digits: int = 1) -> str:
    """A difference between two moves: "0.4 chests", "3 очка"; for a chance, in percentage points."""
    if not coach_unit(unit).chance:
        return amount(unit, loss, language, digits)
    points = round(loss * 100)
    if language == "ru":
        return f"{points} {russian_plural(points, 'процентный пункт', 'процентных пункта', 'процентных пунктов')}"
    return f"{points} percentage point{'' if points == 1 else 's'}"


def _difference(unit: str, loss: float, whose: _Whose, *, bound: str = "", digits: int = 1,
                against: str = "best") -> str:
    """How much worse a move does than the best one (`against` "answer": than a lesson's right move), saying what
    is measured: "you could expect 0.4 chests fewer at the game's end than with the best move" (`bound`: "least"
    for "at least 0.4", "more" for "more than 0.4")."""
    english_bound, russian_bound = BOUNDS[bound]
    language = "ru" if whose.ru else "en"
    if whose.ru:
        quantity = f"{russian_bound}на {_quantity(unit, loss, 'ru', digits)}"
    else:
        quantity = f"{english_bound}{_quantity(unit, loss, 'en', digits)}"
    return whose.fill(coach_unit(unit).difference[language], quantity=quantity, than=AGAINST[against][language])


def _measure(unit: str, whose: _Whose) -> str:
    """What the figures count, as a heading before them: "The chests you could expect at the game's end"."""
    return whose.fill(coach_unit(unit).measure["ru" if whose.ru else "en"])


def _figure(unit: str, value: float, language: str) -> str:
    """One move's value as the measure counts it: "3.2", "35%", "2.0 points ahead"."""
    words = coach_unit(unit)
    return words.figure(words, value, language)


def best_move_figures(unit: str, best: float, next_best: float | None, mover) -> str:
    """Why the suggested move is best, in figures: what it measures, its average and the next best move's
    (`next_best` None: the only move), both as games.coach gives them (more is better)."""
    whose = _Whose(mover, mover.narrator.language)
    language = mover.narrator.language
    shown = _figure(unit, best, language)
    if whose.ru:
        figures = (f"с этим ходом {shown}" if next_best is None else
                   f"с этим ходом {shown}, со следующим по силе ходом {_figure(unit, next_best, language)}")
        single = " (другого хода нет)" if next_best is None else ""
        return f"{_measure(unit, whose)}, {whose.deals}: {figures}{single}."
    figures = (f"{shown} with this move, the only one" if next_best is None else
               f"{shown} with this move, {_figure(unit, next_best, language)} with the next best move")
    return f"{_measure(unit, whose)}, {whose.deals}: {figures}."


def played_and_best_figures(unit: str, played: float, best: float, language: str, mover=None) -> str:
    """The move played and the best move side by side, saying what the figures measure and whose move it was:
    "The chests you could expect at the game's end, on average over the deals you could be facing: 2.9 with
    your move, 3.2 with the best move." (`mover` None: "this move")."""
    whose = _Whose(mover, language)
    mine, top = _figure(unit, played, language), _figure(unit, best, language)
    if whose.ru:
        return f"{_measure(unit, whose)}, {whose.deals}: с {whose.move} {mine}, с лучшим ходом {top}."
    return f"{_measure(unit, whose)}, {whose.deals}: {mine} with {whose.move}, {top} with the best move."


def move_loss_sentence(unit: str, loss: float, language: str, mover=None) -> str:
    """What the move played lost, saying what is measured and whose move it was: "With your move, you could
    expect 0.5 chests fewer at the game's end than with the best move." (`mover` None: "this move")."""
    whose = _Whose(mover, language)
    if whose.ru:
        return f"С {whose.move} {_difference(unit, loss, whose)}."
    return f"With {whose.move}, {_difference(unit, loss, whose)}."


def against_the_answer_sentence(unit: str, *, played: float, answer: float, comparison: str, mover) -> str:
    """How a wrong move of a lesson's question does against its right move (`played` and `answer`: their values as
    games.coach gives them, more is better), told as the coach's average over the deals the seat could be facing:
    `comparison` "worse" says what the move costs ("On average over the deals you could be facing, with your move,
    you could expect 0.5 chests fewer at the game's end than with the right move."); "even" (no clear difference)
    and "better" (the coach prefers the move) say so, with both figures, for the lesson's editor to weigh."""
    whose = _Whose(mover, mover.narrator.language)
    language = mover.narrator.language
    if comparison == "worse":
        loss = answer - played
        difference = _difference(unit, loss, whose, digits=1 if loss >= 0.1 else 2, against="answer")
        deals = whose.deals[0].upper() + whose.deals[1:]
        return f"{deals}, с {whose.move} {difference}." if whose.ru else f"{deals}, with {whose.move}, {difference}."
    mine, right = _figure(unit, played, language), _figure(unit, answer, language)
    if whose.ru:
        figures = f"{_measure(unit, whose)}, {whose.deals}: с {whose.move} {mine}, с верным ходом {right}."
        judged = ("Тренер не видит явной разницы между {move} и верным ходом." if comparison == "even"
                  else "По оценке тренера, с {move} в среднем выходит лучше, чем с верным ходом.")
        return f"{judged.format(move=whose.move)} {figures}"
    figures = f"{_measure(unit, whose)}, {whose.deals}: {mine} with {whose.move}, {right} with the right move."
    judged = ("The coach sees no clear difference between {move} and the right move." if comparison == "even"
              else "The coach finds {move} better than the right move, on average.")
    return f"{judged.format(move=whose.move)} {figures}"


def every_other_move_sentence(unit: str, least_loss: float, mover) -> str:
    """How clearly a puzzle's solution is best (`least_loss`: what the nearest other move loses): "With any other
    move, you could expect at least 0.4 chests fewer at the game's end than with the best move." """
    whose = _Whose(mover, mover.narrator.language)
    difference = _difference(unit, least_loss, whose, bound="least")
    return f"С любым другим ходом {difference}." if whose.ru else f"With any other move, {difference}."


def puzzle_claim(unit: str, margin: float, mover) -> str:
    """What a puzzle promises, no more: one move is best on average over the deals the seat could be facing,
    every other losing more than `margin` against it (what mining checked: puzzles.mining)."""
    whose = _Whose(mover, mover.narrator.language)
    difference = _difference(unit, margin, whose, bound="more", digits=2)
    if whose.ru:
        return (f"Один ход здесь лучше всех {whose.deals}: с любым другим {difference}. "
                "Это среднее: на отдельной раздаче другой ход может сыграть не хуже.")
    return (f"One move is best here {whose.deals}, from what your seat can know: with any other, {difference}. "
            "That is an average: on a single deal another move may do as well.")


def risk_sentence(unit: str, played: tuple[float, ...], best: tuple[float, ...], mover) -> str:
    """What the move played risks against the best one, deal by deal over the coach's sampled deals (`played` and
    `best`: their outcomes on the same deals): on how many it does worse (and better), and by how much at worst;
    "" when it never does worse."""
    whose = _Whose(mover, mover.narrator.language)
    losses = [top - mine for mine, top in zip(played, best, strict=True)]
    worse = sum(loss > 1e-9 for loss in losses)
    better = sum(loss < -1e-9 for loss in losses)
    if not worse:
        return ""
    # A single deal ends with the bad end or without it: a chance's worst case is no percentage to quote.
    worst = "" if coach_unit(unit).chance else _difference(unit, max(losses), whose)
    if whose.ru:
        text = (f"Из {len(losses)} раскладов, разыгранных тренером, в {worse} с {whose.move} выходит хуже, "
                "чем с лучшим ходом" + (f", в {better} — лучше" if better else ""))
        return f"{text}; в худшем случае {worst}." if worst else f"{text}."
    text = (f"Of the {len(losses)} deals the coach played out, {whose.move} does worse than the best move "
            f"on {worse} of them" + (f" and better on {better}" if better else ""))
    return f"{text}; at worst, {worst}." if worst else f"{text}."


def thresholds_sentence(unit: str, inaccuracy: float, mistake: float, language: str) -> str:
    """How the review judges, in the game's unit (games.coach.base.Thresholds), the thresholds exact."""
    whose = _Whose(None, language)
    inaccurate = _difference(unit, inaccuracy, whose, bound="more", digits=2)
    wrong = _quantity(unit, mistake, language, digits=2)
    if language == "ru":
        return (f"Ход — неточность, если с ним {inaccurate}, и ошибка — если больше чем на {wrong}. "
                "Потеря засчитывается, только если она явно больше случайного разброса.")
    return (f"A move is an inaccuracy when, with it, {inaccurate}, and a mistake when by more than {wrong}. "
            "A loss counts only when it is clearly beyond chance.")
