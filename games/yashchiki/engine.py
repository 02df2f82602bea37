"""Yashchiki's pure half (games.declaration.GameEngine): its rules, bots, coach and narrator."""

from games.declaration import GameEngine
from games.yashchiki.bots import YASHCHIKI_BOTS
from games.yashchiki.coach import YashchikiCoach
from games.yashchiki.narration import TEAM_POINTS, YashchikiNarrator
from games.yashchiki.rules import YASHCHIKI

ENGINE = GameEngine(rules=YASHCHIKI, bots=YASHCHIKI_BOTS, coach=YashchikiCoach, narrator=YashchikiNarrator,
                    table_size=4, coach_unit=TEAM_POINTS, arena_scoring="team-points",
                    load_test_tables=((3, "short", 2, 2),))
