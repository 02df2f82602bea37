"""The Hearts bots: easy (random), medium (the rule books' habits), hard (inference, sampling, rollouts)."""

from games.bots.random_bot import RandomBot
from games.hearts.bots.hard import HardBot
from games.hearts.bots.medium import MediumBot

HEARTS_BOTS = {
    "easy": RandomBot,
    "medium": MediumBot,
    "hard": HardBot,
}
