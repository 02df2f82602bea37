"""The Hearts bots: easy (random), medium (the rule books' habits), hard (inference, sampling, rollouts)."""

from games.bots.hearts.hard import HardBot
from games.bots.hearts.medium import MediumBot
from games.bots.random_bot import RandomBot

HEARTS_BOTS = {
    "easy": RandomBot,
    "medium": MediumBot,
    "hard": HardBot,
}
