"""Chuvash Rooster's pure half (games.declaration.GameEngine): its rules, bots, coach and narrator."""

from games.declaration import GameEngine
from games.rooster.bots import ROOSTER_BOTS
from games.rooster.coach import RoosterCoach
from games.rooster.narration import ROOSTER_CHANCE, RoosterNarrator
from games.rooster.rules import ROOSTER

ENGINE = GameEngine(rules=ROOSTER, bots=ROOSTER_BOTS, coach=RoosterCoach, narrator=RoosterNarrator,
                    table_size=3, coach_unit=ROOSTER_CHANCE, arena_scoring="loser-shares",
                    load_test_tables=((1, "standard", 3, 0), (5, "standard", 2, 1)))
