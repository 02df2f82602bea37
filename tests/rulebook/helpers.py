"""A small rules page of Sunduchok, built from a document as the built-in files are, for the tests of
the rulebook machinery (the built-in content has tests of its own)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from django.conf import settings

from games import services as game_services
from games.narration import narrator_for
from games.selectors import narration_language
from rulebook.documents import parse_rules_document
from rulebook.models import RulesPage
from rulebook.services import rules_pages_import
from tutorials import services as tutorial_services
from tutorials.documents import read_documents

# The failed suit guess of the rules page (shared/rules/sunduchok.md, example 2): the guess is half right.
FAILED_GUESS_HANDS = [["QH", "8D", "AS", "10C"], ["QD", "QS", "7H", "KC"]]
FAILED_GUESS_DEAL = {
    "dealer": 1, "hands": FAILED_GUESS_HANDS,
    "stock": ["9C"] + [f"{rank}{suit}" for rank in ("6", "7", "8", "9", "10", "J", "Q", "K", "A") for suit in "CDHS"
                       if f"{rank}{suit}" not in {"9C", *FAILED_GUESS_HANDS[0], *FAILED_GUESS_HANDS[1]}]}
HALF_RIGHT = [{"type": "ask", "target": 1, "rank": "Q"}, {"type": "count", "count": 2},
              {"type": "suits", "suits": ["D", "C"]}]


def texts(ru: str, en: str) -> dict[str, str]:
    return {"ru": ru, "en": en}


DOCUMENT: dict[str, Any] = {
    "format": 1, "game": "sunduchok",
    "intro": texts("Правила, как мы играем.", "The rules as we play them."),
    "sections": [
        {"slug": "chests", "number": 1, "title": texts("Сундучки", "Chests"),
         "body": texts("Четыре карты одного достоинства.", "All four cards of one rank."),
         "lesson": "two-queens", "lesson_step": 2},
        {"slug": "a-turn", "number": 2, "title": texts("Ход", "A turn"),
         "body": texts("Три вопроса.", "Three questions: **rank**, how many, which suits."),
         "lesson": "two-queens", "lesson_step": 3},
    ],
    "questions": [
        {"slug": "half-right", "order": 1, "question": texts("А если масти угаданы наполовину?",
                                                              "What if I guess the suits half right?"),
         "answer": texts("Ничего не переходит.", "Nothing passes: even the right half stays."),
         "section": "a-turn", "preset": None,
         "example": {"deal": FAILED_GUESS_DEAL, "actions": HALF_RIGHT, "seat": 0, "show_all_hands": True}},
        {"slug": "ask-rank-not-held", "order": 2, "question": texts("Можно спросить чужое достоинство?",
                                                                     "May I ask for a rank I don't hold?"),
         "answer": texts("Нет.", "No: only a rank you hold."), "section": "a-turn", "preset": "open-ranks",
         "example": {}},
    ],
}


def document(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(DOCUMENT)
    data.update(changes)
    return data


def load_two_queens_lesson() -> None:
    game_services.preset_sync_builtin()
    lessons = Path(settings.BASE_DIR) / "content" / "lessons" / "sunduchok"
    documents = [doc for doc in read_documents(lessons) if doc.data["slug"] == "two-queens"]
    tutorial_services.lessons_import(documents=documents, overwrite=False)


def make_page(data: dict[str, Any] | None = None) -> RulesPage:
    """The page of `data` (DOCUMENT by default), with the lesson and presets it refers to."""
    load_two_queens_lesson()
    rules_pages_import(documents=[parse_rules_document(data or document(), source="test.json")], overwrite=True)
    return RulesPage.objects.get(game_key=(data or DOCUMENT)["game"])


def seat_narrator(state, seat: int):
    """The narrator a play page gives `seat` in the active language (what rules_link words its question with)."""
    return narrator_for(state.view(None)["game"], [f"Player {other + 1}" for other in range(state.players)], seat,
                        narration_language())
