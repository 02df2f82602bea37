"""The coach's judgements in words (games.coach): why a move is best, and what a weaker one costs, in the
game's own unit, each figure saying what it measures and whose move it is about.

What the units measure (each game's coach): Sunduchok's "chests" are the chests the seat can expect at the
game's end (its chests laid down and its share of those still open), not chests won by the move; Hearts'
"points" the penalty points the seat can expect to take in the current deal; Chuvash Rooster's "rooster" the
chance of ending the game as the rooster; Yashchiki's "team-points" how far the seat's partnership can expect
to end the current deal ahead of the other. The figures are averages over the deals the seat could be facing
(sampled from its view), so every sentence says so.

Whose move: `mover` (games.narration.reasons.Mover) is the player the figures are about — the reader ("your
move") or, on a teacher's page, a student by name ("Sasha's move"); None for a move several players made
("this move"). Numbers are written as the reader's language writes them ("2.4", "2,4").
"""

from __future__ import annotations

from games.narration.words import russian_plural


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
    if unit == "rooster":
        return percent(value, language)
    shown = number(value, language, digits)
    if language == "ru":
        words = {"chests": ("сундучка", "сундучка", "сундучков"), "points": ("очка", "очка", "очков"),
                 "team-points": ("очка", "очка", "очков")}[unit]
        # A fraction takes the genitive singular ("2,4 сундучка"); a whole number agrees as usual.
        if shown.endswith(",0") or "," not in shown:
            whole = int(round(value))
            one = {"chests": "сундучок", "points": "очко", "team-points": "очко"}[unit]
            return f"{whole} {russian_plural(whole, one, words[1], words[2])}"
        return f"{shown} {words[0]}"
    names = {"chests": ("chest", "chests"), "points": ("point", "points"), "team-points": ("point", "points")}[unit]
    return f"{shown} {names[0] if shown in ('1.0', '1') else names[1]}"


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

    @property
    def deals(self) -> str:
        """Where the averages come from."""
        if self.ru:
            knows = self.pick("вы знаете", f"знает игрок {self.genitive_ru.removeprefix('игрока ')}", "знает игрок")
            return f"в среднем по раскладам, возможным при том, что {knows}"
        return f"on average over the deals {self.subject} could be facing"


BOUNDS = {"": ("", ""), "least": ("at least ", "как минимум "), "more": ("more than ", "больше чем ")}


def _quantity(unit: str, loss: float, language: str, digits: int = 1) -> str:
    """A difference between two moves: "0.4 chests", "3 очка"; for the rooster's chance, in percentage points."""
    if unit != "rooster":
        return amount(unit, loss, language, digits)
    points = round(loss * 100)
    if language == "ru":
        return f"{points} {russian_plural(points, 'процентный пункт', 'процентных пункта', 'процентных пунктов')}"
    return f"{points} percentage point{'' if points == 1 else 's'}"


def _difference(unit: str, loss: float, whose: _Whose, *, bound: str = "", digits: int = 1) -> str:
    """How much worse a move does than the best one, saying what is measured: "you could expect 0.4 chests
    fewer at the game's end than with the best move" (`bound`: "least" for "at least 0.4", "more" for "more
    than 0.4")."""
    english_bound, russian_bound = BOUNDS[bound]
    if whose.ru:
        quantity = f"{russian_bound}на {_quantity(unit, loss, 'ru', digits)}"
        return {
            "chests": f"к концу игры можно ждать {quantity} меньше, чем с лучшим ходом",
            "points": f"за эту сдачу можно ждать {quantity} больше, чем с лучшим ходом",
            "rooster": f"шанс остаться петухом в конце игры {quantity} выше, чем с лучшим ходом",
            "team-points": (f"итог {whose.partnership_ru} относительно соперников к концу сдачи можно ждать "
                            f"{quantity} хуже, чем с лучшим ходом"),
        }[unit]
    quantity = f"{english_bound}{_quantity(unit, loss, 'en', digits)}"
    return {
        "chests": f"{whose.subject} could expect {quantity} fewer at the game's end than with the best move",
        "points": f"{whose.subject} could expect to take {quantity} more in this deal than with the best move",
        "rooster": (f"{whose.possessive} chance of ending the game as the rooster is {quantity} higher "
                    "than with the best move"),
        "team-points": (f"{whose.possessive} partnership could expect to end this deal {quantity} "
                        "worse off against the other than with the best move"),
    }[unit]


def _measure(unit: str, whose: _Whose) -> str:
    """What the figures count, as a heading before them: "The chests you could expect at the game's end"."""
    if whose.ru:
        return {
            "chests": "Сколько сундучков можно ждать к концу игры",
            "points": "Сколько очков можно ждать за эту сдачу",
            "rooster": "Шанс остаться петухом в конце игры",
            "team-points": f"Итог {whose.partnership_ru} относительно соперников к концу сдачи",
        }[unit]
    ends = whose.pick("end", "ends", "ends")
    return {
        "chests": f"The chests {whose.subject} could expect at the game's end",
        "points": f"The points {whose.subject} could expect to take in this deal",
        "rooster": f"The chance that {whose.subject} {ends} the game as the rooster",
        "team-points": f"Where {whose.possessive} partnership could expect to end this deal against the other",
    }[unit]


def _figure(unit: str, value: float, language: str) -> str:
    """One move's value as the measure counts it (games.coach gives more-is-better values): "3.2", "35%",
    "2.0 points ahead"."""
    if unit == "chests":
        return number(value, language)
    if unit == "points":
        return number(-value, language)
    if unit == "rooster":
        return percent(-value, language)
    ahead = value >= 0 or amount(unit, value, language) == amount(unit, 0.0, language)
    if language == "ru":
        return f"на {amount(unit, abs(value), language)} {'впереди' if ahead else 'позади'}"
    return f"{amount(unit, abs(value), language)} {'ahead' if ahead else 'behind'}"


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
    # A single deal of the rooster ends with it or without it: its worst case is no percentage to quote.
    worst = "" if unit == "rooster" else _difference(unit, max(losses), whose)
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
