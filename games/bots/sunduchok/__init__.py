"""The Sunduchok bots: easy (random), medium (habits and a short memory), hard (inference and sampling)."""

from games.bots.random_bot import RandomBot
from games.bots.sunduchok.hard import HardBot
from games.bots.sunduchok.medium import MediumBot

SUNDUCHOK_BOTS = {
    "easy": RandomBot,
    "medium": MediumBot,
    "hard": HardBot,
}
