"""The Sunduchok bots: easy (random), medium (habits and a short memory), hard (inference and sampling)."""

from games.bots.random_bot import RandomBot
from games.sunduchok.bots.hard import HardBot
from games.sunduchok.bots.medium import MediumBot

SUNDUCHOK_BOTS = {
    "easy": RandomBot,
    "medium": MediumBot,
    "hard": HardBot,
}
