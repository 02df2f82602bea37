"""The names and descriptions of Rooster's presets the site shows (games.declaration.Game.preset_texts):
each preset's English name, and its Russian name and description (the engine describes them in English).
"""

PRESET_TEXTS: dict[str, dict[str, str | bool]] = {
    "standard": {
        "name_en": "Standard", "name_ru": "Стандартные правила",
        "description_ru": "По шесть карт; ходят одной картой или несколькими одной масти; пики > червы > бубны "
                          "> трефы.",
    },
    "single-lead": {
        "name_en": "One card per attack", "name_ru": "Ход одной картой",
        "description_ru": "Каждый ход — одна карта: несколькими картами одной масти ходить нельзя.",
    },
    "rank-lead": {
        "name_en": "Lead by rank (as in Durak)", "name_ru": "Ход по достоинству (как в Дураке)",
        "description_ru": "Ходят одной картой или несколькими одного достоинства, как в Дураке, а не одной "
                          "масти.",
    },
    "short-hands": {
        "name_en": "Four cards each", "name_ru": "По четыре карты",
        "description_ru": "Раздают и добирают до четырёх карт: партии короче.",
    },
}
