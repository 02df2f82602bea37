"""Duel's pure half (games.declaration.GameEngine)."""

from games.declaration import GameEngine
from tests.fifth_game.bots import DUEL_BOTS
from tests.fifth_game.coach import DuelCoach
from tests.fifth_game.narration import TRICKS, DuelNarrator
from tests.fifth_game.rules import DUEL

ENGINE = GameEngine(rules=DUEL, bots=DUEL_BOTS, coach=DuelCoach, narrator=DuelNarrator, table_size=2,
                    coach_unit=TRICKS)
