"""Hearts's pure half (games.declaration.GameEngine): its rules, bots, coach and narrator."""

from games.declaration import GameEngine
from games.hearts.bots import HEARTS_BOTS
from games.hearts.coach import HeartsCoach
from games.hearts.narration import POINTS, HeartsNarrator
from games.hearts.rules import HEARTS

ENGINE = GameEngine(rules=HEARTS, bots=HEARTS_BOTS, coach=HeartsCoach, narrator=HeartsNarrator,
                    table_size=4, coach_unit=POINTS, arena_scoring="points-per-deal", openspiel_game="hearts",
                    load_test_tables=((2, "short-50", 4, 0),))
