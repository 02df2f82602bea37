"""The names and descriptions of Sunduchok's presets the site shows (games.declaration.Game.preset_texts):
each preset's English name, and its Russian name and description (the engine describes them in English).
"""

PRESET_TEXTS: dict[str, dict[str, str | bool]] = {
    "standard": {
        "name_en": "Standard", "name_ru": "Стандартные правила",
        "description_ru": "Три вопроса любому сопернику, у которого есть карты; спрашивать можно только "
                          "достоинство, которое есть у вас на руке.",
    },
    "add-hobby": {
        "name_en": "Ask your neighbour (Add-Hobby)", "name_ru": "Спрашивать соседа (Add-Hobby)",
        "description_ru": "Спрашивают следующего по часовой стрелке игрока с картами; когда запас "
                          "кончился — любого соперника.",
    },
    "nastolnie-igri": {
        "name_en": "Keep asking the same (NastolnieIgri)", "name_ru": "Того же соперника (NastolnieIgri)",
        "description_ru": "После удачного запроса нужно снова спрашивать того же соперника.",
    },
    "deck-52": {
        "name_en": "52-card deck", "name_ru": "Колода из 52 карт",
        "description_ru": "Колода из 52 карт, от двоек до тузов: всего тринадцать сундучков.",
    },
    "aurabox": {
        "name_en": "Rank only (Aurabox)", "name_ru": "Только достоинство (Aurabox)",
        "description_ru": "Один вопрос — о достоинстве: соперник сразу отдаёт все такие карты.",
    },
    "deal-all": {
        "name_en": "Deal all cards", "name_ru": "Раздать всю колоду",
        "description_ru": "Все карты раздаются сразу; запаса нет, и после ошибки ничего не добирают.",
    },
    "open-ranks": {
        "name_en": "Ask for any rank", "name_ru": "Любое достоинство",
        "description_ru": "Можно спрашивать достоинство, которого нет у вас на руке.",
    },
    "hidden-chests": {
        "name_en": "Hidden chests", "name_ru": "Закрытые сундучки",
        "description_ru": "Сундучки откладывают рубашкой вверх: другие не видят их достоинства.",
    },
}
