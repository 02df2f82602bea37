"""The engine's refusals (games.rules.IllegalAction) in the reader's language.

The engine writes English and names seats "Player N"; here the same refusal is said in Russian
from its code and values, and in either language with the seats named as the table names them.
A refusal without a known code keeps the engine's English words.
"""

from __future__ import annotations

from games.narration.words import RANK_GENITIVE_PLURAL_RU, RANK_PLURAL_RU, russian_plural

PHASES_RU = {"ask": "спросить о достоинстве", "count": "сказать, сколько карт", "suits": "назвать масти"}

RUSSIAN = {
    "not-an-action": "Это не ход: нужен тип хода — вопрос о достоинстве, о числе карт или о мастях.",
    "unknown-type": "В «Сундучке» нет хода «{type}».",
    "fields": "Ход «{type}» состоит ровно из полей: {fields}.",
    "suit-letters": "Масти обозначаются буквами C, D, H и S.",
    "suit-twice": "Каждую масть можно назвать только один раз.",
    "not-a-number": "Поле «{field}» должно быть целым числом.",
    "rank-not-text": "Достоинство должно быть одним из 2–10, J, Q, K, A.",
    "game-over": "Игра окончена.",
    "no-such-player": "Такого игрока нет.",
    "ask-yourself": "Спрашивать самого себя нельзя.",
    "no-such-rank": "В этой колоде нет достоинства «{rank}».",
}


def explain_illegal(error, narrator) -> str:
    """The refusal as the narrator's reader should read it."""
    code, params = getattr(error, "code", ""), getattr(error, "params", {})
    if narrator.language == "en":
        if code == "target-empty":
            return f"{narrator.name(params['target'])} has no cards to ask for."
        if code == "target-fixed":
            return f"You must ask {narrator.object_name(params['target'])}."
        return str(error)
    if code in RUSSIAN:
        values = {**params, "fields": ", ".join(params.get("fields", []))}
        return RUSSIAN[code].format(**values)
    rank = params.get("rank")
    if code == "wrong-phase":
        return f"Сейчас нужно {PHASES_RU[params['phase']]}."
    if code == "target-empty":
        return f"У {narrator.player_ru(params['target'], 'genitive')} нет карт, спрашивать нечего."
    if code == "target-fixed":
        return f"Спрашивать нужно {narrator.player_ru(params['target'], 'genitive')}."
    if code == "rank-not-held":
        return ("Спрашивать можно только достоинство, которое есть у вас на руке, "
                f"а у вас нет {RANK_GENITIVE_PLURAL_RU[rank]}.")
    if code == "rank-laid-down":
        return f"{RANK_PLURAL_RU[rank].capitalize()} уже отложены в сундучок."
    if code == "count-range":
        return f"Назовите число от {params['low']} до {params['high']}."
    if code == "suits-count":
        count = params["count"]
        suits = russian_plural(count, "масть", "масти", "мастей")
        return (f"Назовите ровно {count} {suits} для {RANK_GENITIVE_PLURAL_RU[rank]} — "
                "только те, которых нет у вас.")
    return str(error)
