"""Sunduchok's pure half (games.declaration.GameEngine): its rules, bots, coach and narrator."""

from games.declaration import GameEngine
from games.sunduchok.bots import SUNDUCHOK_BOTS
from games.sunduchok.coach import SunduchokCoach
from games.sunduchok.narration import CHESTS, SunduchokNarrator
from games.sunduchok.rules import SUNDUCHOK

ENGINE = GameEngine(rules=SUNDUCHOK, bots=SUNDUCHOK_BOTS, coach=SunduchokCoach, narrator=SunduchokNarrator,
                    table_size=3, coach_unit=CHESTS,
                    load_test_tables=((0, "standard", 2, 1), (4, "standard", 3, 1)))
