"""The puzzle pages: choose a game and a theme, solve a puzzle (HTMX and plain forms), be shown the solution."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.coach import get_coach
from games.coach.base import same_action
from games.narration.coach import amount
from games.narration.words import russian_plural
from games.rules import GAMES
from games.tables import TABLES
from puzzles.models import Puzzle, PuzzleAttempt, PuzzleRating
from puzzles.selectors import puzzle_shown_state, puzzle_state
from tests.puzzles.helpers import load_mined
from tests.web.helpers import assert_no_hidden_cards

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def puzzles() -> dict[str, Puzzle]:
    return {game_key: load_mined(game_key, 1, 11)[0] for game_key in GAMES}


@pytest.fixture
def client():
    """A visitor reading the English pages."""
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def answer(puzzle: Puzzle, action: dict, **fields) -> dict:
    return {"move": len(puzzle.actions), **TABLES[puzzle.game_key].action_form_fields(action), **fields}


def test_the_index_and_a_games_page_list_the_puzzles_and_the_next_one_is_near_the_rating(client, puzzles):
    index = client.get(reverse("puzzles")).content.decode()
    for game_key in GAMES:
        assert reverse("puzzle_game", args=[game_key]) in index
    page = client.get(reverse("puzzle_game", args=["sunduchok"])).content.decode()
    assert "Any theme" in page and "1500" in page
    response = client.get(reverse("puzzle_next", args=["sunduchok"]))
    assert response.status_code == 302
    assert response.url == reverse("puzzle", args=["sunduchok", puzzles["sunduchok"].pk])
    assert client.get("/puzzles/chess/").status_code == 404


@pytest.mark.parametrize("game_key", list(GAMES))
def test_a_puzzle_page_shows_the_seats_view_only_with_the_move_form(client, puzzles, game_key):
    puzzle = puzzles[game_key]
    page = client.get(reverse("puzzle", args=[game_key, puzzle.pk])).content.decode()
    assert "Find the best move." in page and 'class="move-form' in page
    # The task claims what the coach found, no more: best on average, by at least the puzzle's margin.
    claim = re.search(r'<p class="puzzle__task">.*?<span class="hint">([^<]*)</span>', page, re.S).group(1)
    assert html.unescape(claim).startswith(
        f"One move is best here on average over the deals you could be facing, from what your seat can know: "
        f"with any other, {DIFFERENCES[puzzle.unit][0].format(amount=margin(puzzle, 'en'))} than with the best "
        "move. That is an average: on a single deal another move may do as well.")
    assert "every deal" not in page
    russian = Client(HTTP_ACCEPT_LANGUAGE="ru").get(reverse("puzzle", args=[game_key, puzzle.pk])).content.decode()
    claim = re.search(r'<p class="puzzle__task">.*?<span class="hint">([^<]*)</span>', russian, re.S).group(1)
    assert html.unescape(claim) == (
        "Один ход здесь лучше всех в среднем по раскладам, возможным при том, что вы знаете: с любым другим "
        f"{DIFFERENCES[puzzle.unit][1].format(amount=margin(puzzle, 'ru'))}, чем с лучшим ходом. Это среднее: на "
        "отдельной раздаче другой ход может сыграть не хуже.")
    assert_no_hidden_cards(page, puzzle_state(puzzle), puzzle.seat)
    shown = client.get(reverse("puzzle_solution", args=[game_key, puzzle.pk])).content.decode()
    assert "The solution" in shown and 'class="move-form' not in shown
    assert_no_hidden_cards(shown, puzzle_shown_state(puzzle, puzzle_state(puzzle)), puzzle.seat)


# How much worse every other move does, per unit, as a puzzle claims it: the words around the amount.
DIFFERENCES = {
    "chests": ("you could expect more than {amount} fewer at the game's end",
               "к концу игры можно ждать больше чем на {amount} меньше"),
    "points": ("you could expect to take more than {amount} more in this deal",
               "за эту сдачу можно ждать больше чем на {amount} больше"),
    "rooster": ("your chance of ending the game as the rooster is more than {amount} higher",
                "шанс остаться петухом в конце игры больше чем на {amount} выше"),
    "team-points": ("your partnership could expect to end this deal more than {amount} worse off against the other",
                    "итог вашей пары относительно соперников к концу сдачи можно ждать больше чем на {amount} хуже"),
}
FIRST_PERSON = {"en": re.compile(r"\b(I|me|my|mine)\b"), "ru": re.compile(r"\b(я|мне|меня|мой|моему|моём)\b")}


def margin(puzzle: Puzzle, language: str) -> str:
    """The puzzle's claimed margin: the game's mistake threshold, by which mining found every other move worse."""
    threshold = get_coach(puzzle.game_key).thresholds.mistake
    if puzzle.unit != "rooster":
        return amount(puzzle.unit, threshold, language, digits=2)
    points = round(threshold * 100)
    if language == "ru":
        return f"{points} {russian_plural(points, 'процентный пункт', 'процентных пункта', 'процентных пунктов')}"
    return f"{points} percentage point{'' if points == 1 else 's'}"


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("game_key", list(GAMES))
def test_a_wrong_answer_is_told_its_cost_why_the_best_move_is_better_and_what_it_risks(puzzles, game_key, language):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    puzzle = puzzles[game_key]
    played = puzzle.losses[0]["action"]
    page = html.unescape(client.post(reverse("puzzle_answer", args=[game_key, puzzle.pk]), answer(puzzle, played),
                                     **HTMX).content.decode())
    result = re.search(r'<div class="panel puzzle-result puzzle-result--wrong".*?</div>', page, re.S).group(0)
    lines = re.findall(r"<p>([^<]*)</p>", result)
    # The coach's evaluation of the decision, both moves on the same deals, as the page was told it.
    state = puzzle_state(puzzle)
    evaluation = get_coach(game_key).evaluate(state.view(puzzle.seat), state.legal_actions(),
                                              seed=f"puzzle-{puzzle.view_key}", include=played)
    best, mine = evaluation.value_of(puzzle.best), evaluation.value_of(played)
    loss = best.value - mine.value
    ru = language == "ru"
    assert lines[0].startswith("С вашим ходом " if ru else "With your move, ")
    assert lines[0].endswith("чем с лучшим ходом." if ru else "than with the best move.")
    if loss <= get_coach(game_key).thresholds.mistake:   # sampled afresh, less than the claim: the mined loss only
        assert len(lines) == 2   # that loss, and "try again"
        return
    assert ("в среднем по раскладам, возможным при том, что вы знаете: с вашим ходом " if ru
            else "on average over the deals you could be facing: ") in lines[1]
    worse = sum(top > other + 1e-9 for top, other in zip(best.outcomes, mine.outcomes, strict=True))
    risk = (f"Из {len(best.outcomes)} раскладов, разыгранных тренером, в {worse} с вашим ходом выходит хуже"
            if ru else f"Of the {len(best.outcomes)} deals the coach played out, your move does worse than the best "
            f"move on {worse} of them")
    assert worse > 0 and any(line.startswith(risk) for line in lines)
    why = [line for line in lines if line.startswith("Почему лучший ход лучше:" if ru else "Why the best move is")]
    live_reason = evaluation.reason is not None and same_action(evaluation.best.action, puzzle.best)
    assert len(why) == (1 if live_reason or puzzle.reason else 0)
    assert not any(FIRST_PERSON[language].search(line) for line in why)
    # A reason that counts sampled deals counts this evaluation's, the ones the risk line counts, not the mined ones
    # (the test puzzles were mined with 8 worlds, the page's evaluation plays more).
    if live_reason and "samples" in evaluation.reason.params:
        assert evaluation.reason.params["samples"] == len(best.outcomes) != puzzle.reason["params"]["samples"]
        assert re.search(rf"\b{len(best.outcomes)}\b", why[0])
        assert not re.search(rf"\b{puzzle.reason['params']['samples']}\b", why[0])


def test_a_right_answer_explains_and_rates_a_wrong_one_says_its_cost_and_lets_the_learner_retry(client, puzzles):
    puzzle = puzzles["sunduchok"]
    url = reverse("puzzle_answer", args=["sunduchok", puzzle.pk])
    wrong = client.post(url, answer(puzzle, puzzle.losses[0]["action"]), **HTMX).content.decode()
    assert "Not the best move." in wrong and "fewer at the game&#x27;s end than with the best move" in wrong
    assert 'class="move-form' in wrong and "Your rating: 1500 →" in wrong
    right = client.post(url, answer(puzzle, puzzle.best), **HTMX).content.decode()
    assert "Right: that is the best move." in right
    assert (f"With any other move, you could expect at least {amount('chests', puzzle.gap, 'en')} fewer at the "
            "game&#x27;s end than with the best move.") in right
    assert 'class="move-form' not in right and "Your rating" not in right   # a retry is not rated
    assert PuzzleAttempt.objects.count() == 2 and PuzzleRating.objects.get().rating < 1500

    plain = client.post(url, answer(puzzles["sunduchok"], puzzle.best)).content.decode()
    assert "<html" in plain and "Right: that is the best move." in plain   # without JavaScript: the whole page


def count_replays(monkeypatch, puzzle: Puzzle) -> dict[str, int]:
    """From now on, how often the puzzle's position is replayed (each replay deals a new game first) and how many
    actions the engine applies, in any state of the puzzle's game."""
    counts = {"replays": 0, "steps": 0}
    engine, state_class = GAMES[puzzle.game_key], type(puzzle_state(puzzle))
    new_game, apply = engine.new_game, state_class.apply

    def counted_new_game(*args, **kwargs):
        counts["replays"] += 1
        return new_game(*args, **kwargs)

    def counted_apply(state, action):
        counts["steps"] += 1
        return apply(state, action)

    monkeypatch.setattr(engine, "new_game", counted_new_game)
    monkeypatch.setattr(state_class, "apply", counted_apply)
    return counts


@pytest.mark.parametrize("game_key", ["sunduchok", "yashchiki"])
def test_an_answer_replays_the_puzzles_position_once(client, puzzles, monkeypatch, game_key):
    puzzle = puzzles[game_key]
    url = reverse("puzzle_answer", args=[game_key, puzzle.pk])
    counts = count_replays(monkeypatch, puzzle)
    assert "Right: that is the best move." in client.post(url, answer(puzzle, puzzle.best), **HTMX).content.decode()
    assert counts == {"replays": 1, "steps": len(puzzle.actions)}   # the check, the words and the table share it
    requests = [lambda: client.post(url, answer(puzzle, puzzle.losses[0]["action"]), **HTMX),   # the coach's words
                lambda: client.post(url, {"move": "0", "type": "juggle"}, **HTMX),   # no move: the table again
                lambda: client.get(reverse("puzzle_solution", args=[game_key, puzzle.pk]), **HTMX),
                lambda: client.get(reverse("puzzle", args=[game_key, puzzle.pk]), **HTMX)]
    for request in requests:
        counts["replays"] = 0
        assert request().status_code in (200, 400)
        assert counts["replays"] == 1


def test_bad_answers_get_a_clear_message_and_change_nothing(client, puzzles):
    puzzle = puzzles["hearts"]
    url = reverse("puzzle_answer", args=["hearts", puzzle.pk])
    for fields in ({"move": "0", "type": "juggle"}, {}, answer(puzzle, {"type": "play", "card": "ZZ"})):
        response = client.post(url, fields, **HTMX)
        assert response.status_code == 400 and 'role="alert"' in response.content.decode()
    assert not PuzzleAttempt.objects.exists() and not PuzzleRating.objects.exists()
    Puzzle.objects.filter(pk=puzzle.pk).update(hidden=True)
    assert client.get(reverse("puzzle", args=["hearts", puzzle.pk])).status_code == 404
    assert client.post(url, answer(puzzle, puzzle.best)).status_code == 404
    assert client.get(reverse("puzzle", args=["rooster", puzzle.pk])).status_code == 404   # another game's


def test_a_chosen_theme_is_kept_from_puzzle_to_puzzle(client, puzzles):
    puzzle = puzzles["rooster"]
    response = client.get(reverse("puzzle_next", args=["rooster"]) + f"?theme={puzzle.theme}")
    assert response.url == reverse("puzzle", args=["rooster", puzzle.pk]) + f"?theme={puzzle.theme}"
    page = client.get(response.url).content.decode()
    assert f'name="theme" value="{puzzle.theme}"' in page
    assert reverse("puzzle_next", args=["rooster"]) + f"?theme={puzzle.theme}" in page
    client.post(reverse("puzzle_answer", args=["rooster", puzzle.pk]), answer(puzzle, puzzle.best))
    done = client.get(reverse("puzzle_next", args=["rooster"]) + f"?theme={puzzle.theme}").content.decode()
    assert "You have tried every puzzle of this choice." in done
