"""The Chuvash Rooster bots: easy (random), medium (the table's habits), hard (memory, sampling, rollouts)."""

from games.bots.random_bot import RandomBot
from games.rooster.bots.hard import HardBot
from games.rooster.bots.medium import MediumBot

ROOSTER_BOTS = {
    "easy": RandomBot,
    "medium": MediumBot,
    "hard": HardBot,
}
