"""The Yashchiki bots: easy (random), medium (shed the costly cards), hard (partnership play and rollouts)."""

from games.bots.random_bot import RandomBot
from games.yashchiki.bots.hard import HardBot
from games.yashchiki.bots.medium import MediumBot

YASHCHIKI_BOTS = {
    "easy": RandomBot,
    "medium": MediumBot,
    "hard": HardBot,
}
