"""The names and descriptions of Yashchiki's presets the site shows (games.declaration.Game.preset_texts):
each preset's English name, and its Russian name and description (the engine describes them in English).
"""

PRESET_TEXTS: dict[str, dict[str, str | bool]] = {
    "standard": {
        "name_en": "Standard", "name_ru": "Стандартные правила",
        "description_ru": "Как в русском тексте: 15 сдач, от 8 карт до 1 и обратно до 8; туз — 0 очков; открытая "
                          "карта задаёт только масть.",
    },
    "crates": {
        "name_en": "Crates (English original)", "name_ru": "Crates (английский оригинал)",
        "description_ru": "Ближе к английской игре Crates: туз — 1 очко; открытая карта действует, как будто её "
                          "сыграл сдающий; девятка меняет масть только на другую масть того же цвета.",
    },
    "free-draw": {
        "name_en": "Draw at will", "name_ru": "Брать по желанию",
        "description_ru": "Можно взять карту из колоды вместо хода картой, которая у вас есть.",
    },
    "short": {
        "name_en": "Short match (8 deals)", "name_ru": "Короткая игра (8 сдач)",
        "description_ru": "Восемь сдач: 8, 7, 6, 5, 4, 3, 2, 1 карта.",
    },
}
