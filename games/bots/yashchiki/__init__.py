"""The Yashchiki bots: easy (random), medium (shed the costly cards), hard (partnership play and rollouts)."""

from games.bots.random_bot import RandomBot
from games.bots.yashchiki.hard import HardBot
from games.bots.yashchiki.medium import MediumBot

YASHCHIKI_BOTS = {
    "easy": RandomBot,
    "medium": MediumBot,
    "hard": HardBot,
}
