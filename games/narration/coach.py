"""The coach's judgements in words (games.coach): why a move is best, and what a weaker one costs, in the
game's own unit — chests, penalty points, the chance of ending as the rooster, team points.

The figures are averages over the deals the seat could be facing (sampled from its view), so every
sentence says so. Numbers are written as the reader's language writes them ("2.4", "2,4").
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


def best_move_figures(unit: str, best: float, lead: float | None, language: str) -> str:
    """Why the best move is best, in figures: its average result and its lead over the next best move.

    `best` is the best move's value and `lead` how much it beats the runner-up by (None: the only move),
    both as games.coach gives them (more is better: penalty points and the rooster's chance come negative).
    """
    ru = language == "ru"
    if unit == "chests":
        result = (f"этот ход в среднем приносит {amount(unit, best, language)}" if ru
                  else f"this move brings {amount(unit, best, language)} on average")
    elif unit == "points":
        result = (f"этот ход в среднем стоит вам {amount(unit, -best, language)} за сдачу" if ru
                  else f"this move costs you {amount(unit, -best, language)} in the deal on average")
    elif unit == "rooster":
        result = (f"с этим ходом вы остаётесь петухом в {amount(unit, -best, language)} случаев" if ru
                  else f"with this move you end as the rooster in {amount(unit, -best, language)} of them")
    elif ru:   # team points, fewer is better: the value is the other partnership's points minus yours
        verb = "опережает соперников" if best >= 0 else "отстаёт от соперников"
        result = f"с этим ходом ваша пара в среднем {verb} на {amount(unit, abs(best), language)}"
    else:
        side = "ahead of" if best >= 0 else "behind"
        result = f"with this move your partnership ends the deal {amount(unit, abs(best), language)} {side} the other"
    opening = "На раздачах, возможных при том, что вы знаете, " if ru else "On the deals you could be facing, "
    if lead is None:
        return f"{opening}{result}."
    if amount(unit, lead, language) == amount(unit, 0.0, language):   # a lead too small to show
        close = "следующий по силе ход почти так же хорош" if ru else "the next best move is about as good"
        return f"{opening}{result} — {close}."
    return f"{opening}{result} — {loss_words(unit, lead, language, compared='next')}."


# How a difference reads, per unit: (English, Russian) comparatives for a gain over the next best move and
# for a loss against the best one.
COMPARATIVES = {
    "chests": {"next": ("more", "больше"), "best": ("fewer", "меньше")},
    "points": {"next": ("fewer", "меньше"), "best": ("more", "больше")},
    "rooster": {"next": ("less often", "реже"), "best": ("more often", "чаще")},
    "team-points": {"next": ("better", "лучше"), "best": ("worse", "хуже")},
}


def loss_words(unit: str, loss: float, language: str, compared: str = "best", digits: int = 1) -> str:
    """What a move loses against the best one (`compared="best"`: "0.4 chests fewer than the best move"), or
    what the best one gains over the next (`compared="next"`: "на 3,1 очка меньше, чем следующий ход")."""
    english, russian = COMPARATIVES[unit][compared]
    quantity = amount(unit, loss, language, digits)
    if language == "ru":
        other = "лучший ход" if compared == "best" else "следующий по силе ход"
        return f"на {quantity} {russian}, чем {other}"
    other = "the best move" if compared == "best" else "the next best move"
    return f"{quantity} {english} than {'with ' if unit == 'rooster' else ''}{other}"


# What a move does in each unit, as the review says it: (English, Russian) verb phrase before loss_words.
LOSS_VERBS = {
    "chests": ("brings", "приносит"),
    "points": ("costs you", "стоит вам"),
    "rooster": ("makes you the rooster", "делает вас петухом"),
    "team-points": ("leaves your partnership", "оставляет вашу пару"),
}


def move_loss_sentence(unit: str, loss: float, language: str) -> str:
    """What the move played lost: "Your move brings 0.5 chests fewer than the best move." """
    english, russian = LOSS_VERBS[unit]
    if language == "ru":
        return f"Ваш ход {russian} {loss_words(unit, loss, language)}."
    return f"Your move {english} {loss_words(unit, loss, language)}."


def thresholds_sentence(unit: str, inaccuracy: float, mistake: float, language: str) -> str:
    """How the review judges, in the game's unit (games.coach.base.Thresholds), the thresholds exact."""
    english, russian = LOSS_VERBS[unit]
    mistake_words = loss_words(unit, mistake, language, digits=2)
    inaccuracy_words = loss_words(unit, inaccuracy, language, digits=2)
    if language == "ru":
        return (f"Ход — ошибка, если он {russian} {mistake_words}, и неточность, если {russian} "
                f"{inaccuracy_words}. Потеря засчитывается, только если она явно больше случайного разброса.")
    return (f"A move is a mistake when it {english} {mistake_words}, and an inaccuracy when it {english} "
            f"{inaccuracy_words}. A loss counts only when it is clearly beyond chance.")


def every_other_move_sentence(unit: str, least_loss: float, language: str) -> str:
    """How clearly a puzzle's solution is best: "Every other move brings at least 0.4 chests fewer than the best
    move." (`least_loss`: what the nearest other move loses)."""
    english, russian = LOSS_VERBS[unit]
    if language == "ru":
        return f"Любой другой ход {russian} как минимум {loss_words(unit, least_loss, language)}."
    return f"Every other move {english} at least {loss_words(unit, least_loss, language)}."
