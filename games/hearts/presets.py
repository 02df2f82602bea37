"""The names and descriptions of Hearts's presets the site shows (games.declaration.Game.preset_texts):
each preset's English name, and its Russian name and description (the engine describes them in English).
"""

PRESET_TEXTS: dict[str, dict[str, str | bool]] = {
    "standard": {
        "name_en": "Standard", "name_ru": "Стандартные правила",
        "description_ru": "Передача налево, направо, напротив, потом без передачи; червы открывает только снос "
                          "червы; игра до 100 очков.",
    },
    "bicycle": {
        "name_en": "Bicycle", "name_ru": "Bicycle",
        "description_ru": "Как в правилах Bicycle: снесённая дама пик тоже открывает червы.",
    },
    "moon-subtract": {
        "name_en": "Moon: minus 26", "name_ru": "Луна: минус 26",
        "description_ru": "За «луну» стрелявший вычитает 26 из своего счёта, а не добавляет по 26 остальным.",
    },
    "moon-choice": {
        "name_en": "Moon: shooter's choice", "name_ru": "Луна: на выбор",
        "description_ru": "Стрелявший в луну выбирает: минус 26 себе или плюс 26 каждому другому.",
    },
    "short-50": {
        "name_en": "Short match (50)", "name_ru": "Короткая игра (до 50)",
        "description_ru": "Игра заканчивается, как только кто-то набирает 50 очков.",
    },
    "play-on-ties": {
        "name_en": "Play on ties", "name_ru": "Играть до единственного победителя",
        "description_ru": "Если в конце наименьший счёт у нескольких игроков, играют ещё сдачи, пока не останется "
                          "один лидер.",
    },
    "openspiel": {
        "name_en": "OpenSpiel", "name_ru": "OpenSpiel",
        "description_ru": "Правила OpenSpiel, для сверки: червы открывает любая сыгранная черва или дама пик.",
        # For cross-checking the engine with OpenSpiel (benchmarks.engine_speed), not a way people play.
        "shown_to_learners": False,
    },
}
