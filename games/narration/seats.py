"""Naming the seats of a table for one viewer, in English or Russian: what every game's narrator shares."""

from __future__ import annotations

from games.narration.words import RANK_PLURAL_RU, SUIT_GENITIVE_RU, SUIT_NAMES_RU, join_words, language_of
from games.rules.cards import SUIT_NAMES, rank_plural

# Seat names the site gives in English (bots, lesson seats) and how the Russian pages say them.
NAMES_RU = {
    "Anna-bot": "Анна-бот", "Boris-bot": "Борис-бот", "Vera-bot": "Вера-бот", "Gleb-bot": "Глеб-бот",
    "Dasha-bot": "Даша-бот", "Opponent": "Соперник", "Guest": "Гость",
}


def seat_name_ru(name: str) -> str:
    if name in NAMES_RU:
        return NAMES_RU[name]
    if name.startswith("Player ") and name[7:].isdigit():
        return f"Игрок {name[7:]}"
    return name


class SeatNarrator:
    """Names seats for one viewer ("You" for the viewer); each game's narrator adds its sentences."""

    def __init__(self, names: list[str], viewer: int | None, language: str = "en") -> None:
        self.viewer = viewer
        self.language = language_of(language)
        self.names = [seat_name_ru(name) for name in names] if self.language == "ru" else names

    def name(self, seat: int) -> str:
        if seat == self.viewer:
            return "Вы" if self.language == "ru" else "You"
        return self.names[seat]

    def object_name(self, seat: int) -> str:
        if seat == self.viewer:
            return "вы" if self.language == "ru" else "you"
        return self.names[seat]

    def player_ru(self, seat: int, case: str) -> str:
        """Another seat after a Russian preposition: "игрока Анна-бот" (genitive), "игроку Анна-бот"
        (dative). Names stay undeclined; a numbered seat ("Игрок 2") becomes "игрока 2"."""
        name = self.names[seat]
        if name.startswith("Игрок ") and name[6:].isdigit():
            name = name[6:]
        return f"{'игрока' if case == 'genitive' else 'игроку'} {name}"

    def rank_plural(self, rank: str) -> str:
        """"queens", "дамы"."""
        return RANK_PLURAL_RU[rank] if self.language == "ru" else rank_plural(rank)

    def suit_name(self, suit: str, case: str = "nominative") -> str:
        """"hearts"; in Russian "червы", or "червей" in the genitive ("нет червей")."""
        if self.language == "ru":
            return (SUIT_GENITIVE_RU if case == "genitive" else SUIT_NAMES_RU)[suit]
        return SUIT_NAMES[suit]

    def viewer_first(self, seats: list[int]) -> list[int]:
        """"You and Anna-bot win" rather than "Anna-bot and you win"."""
        return sorted(seats, key=lambda seat: seat != self.viewer)

    def game_over(self, winners: list[int]) -> str:
        """"Game over: you and Anna-bot win." — the last line of every game's log."""
        names = join_words([self.object_name(winner) for winner in self.viewer_first(winners)],
                           "и" if self.language == "ru" else "and")
        if self.language == "ru":
            if self.viewer in winners:
                verb = "побеждаете"
            else:
                verb = "побеждает" if len(winners) == 1 else "побеждают"
            return f"Игра окончена: {names} {verb}."
        verb = "wins" if len(winners) == 1 and winners[0] != self.viewer else "win"
        return f"Game over: {names} {verb}."

    def form(self, seat: int, you_form: str, other_form: str) -> str:
        """The verb alone, agreeing with the seat: "attack" for the viewer, "attacks" for another."""
        return you_form if seat == self.viewer else other_form

    def verb(self, seat: int, you_form: str, other_form: str) -> str:
        return f"{self.name(seat)} {you_form if seat == self.viewer else other_form}"

    # -- a move in words ------------------------------------------------------------------------
    # Each game says its own moves (`action_text`) and names the parts of an action (its fields) as
    # a lesson's feedback points at them: "wrong player", "не то достоинство".
    PART_NAMES: dict[str, dict[str, str]] = {}
    OTHER_KIND = {"en": "another kind of move", "ru": "нужен другой ход"}

    def action_text(self, action: dict, view: dict) -> str:
        """The move as the table's buttons say it, for the seat whose `view` it is: "Two?", "Take"."""
        raise NotImplementedError

    def part_name(self, field: str) -> str:
        """What a lesson's feedback calls a wrong part of a move: "wrong rank"; "type": another kind of move."""
        if field == "type" or field not in self.PART_NAMES:
            return self.OTHER_KIND[self.language]
        return self.PART_NAMES[field][self.language]
