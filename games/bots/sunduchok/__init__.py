"""The Sunduchok bots: easy (random), medium (habits and a short memory), hard (inference and sampling)."""

from games.bots.random_bot import RandomBot
from games.bots.sunduchok.hard import HardBot
from games.bots.sunduchok.medium import MediumBot

RANDOM_REASONS = {
    "ask": "A random legal question.",
    "count": "A random legal count.",
    "suits": "A random legal choice of suits.",
}

SUNDUCHOK_BOTS = {
    "easy": lambda: RandomBot(RANDOM_REASONS),
    "medium": MediumBot,
    "hard": HardBot,
}
