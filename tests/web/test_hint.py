"""The hint at the table (POST /play/<id>/hint/): the coach's best move from the seat's view, said in words
with its reason, its controls marked on the move form; counted, changing nothing else; refused clearly when
there is nothing to hint; never a hidden card — for all four games."""

from __future__ import annotations

import html
import random
import re

import pytest
from django.urls import reverse
from django.utils import translation

from games import services
from games.coach import get_coach
from games.coach.review import decision_seed
from games.forms import move_form_values
from games.history import game_history
from games.models import Game
from games.narration import narrator_for
from games.narration.coach import amount, number, percent
from games.tables import TABLES as GAME_TABLES
from tests.web.helpers import a_legal_action, assert_no_hidden_cards, move_data, move_form_controls, page_at

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
TABLES = {"sunduchok": 3, "hearts": 4, "rooster": 3, "yashchiki": 4}


@pytest.fixture
def client(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def new_game(game_key: str, seed: int = 5) -> Game:
    return services.game_create(game_key=game_key, preset="standard", players=TABLES[game_key],
                                bot_levels=["medium"] * (TABLES[game_key] - 1), human_name="Guest", seed=seed)


def visit(client, game: Game) -> None:
    session = client.session
    session["game_ids"] = [str(game.pk)]
    session.save()


def hint_url(game: Game) -> str:
    return reverse("hint", args=[game.pk])


@pytest.mark.parametrize("game_key", sorted(TABLES))
def test_the_hint_is_the_coachs_best_move_and_changes_nothing_but_the_count(client, game_key):
    game = new_game(game_key)
    visit(client, game)
    before = game_history(game)
    state = before.current

    response = client.post(hint_url(game), **HTMX)

    assert response.status_code == 200
    page = response.content.decode()
    evaluation = get_coach(game_key).evaluate(state.view(0), state.legal_actions(),
                                              seed=decision_seed(game.seed, before.move_count))
    narrator = narrator_for(game_key, [info["name"] for info in game.seats], 0, "en")
    panel = re.search(r'<div class="panel hint-panel"[^>]*>(.*?)</div>', page, re.S)
    assert panel is not None
    assert html.escape(narrator.action_text(evaluation.best.action, state.view(0))) in panel.group(1)
    assert "hint-panel__why" in panel.group(1) and "marks this move “suggested”" in panel.group(1)
    assert_the_form_is_set_to(page, GAME_TABLES[game_key].action_form_fields(evaluation.best.action))
    assert_no_hidden_cards(page, state, 0)

    game.refresh_from_db()
    assert game.hints_used == 1 and game.move_count == before.move_count
    assert game_history(game).current.to_dict() == state.to_dict()
    client.post(hint_url(game))   # a whole page without JavaScript: the same hint again, counted again
    game.refresh_from_db()
    assert game.hints_used == 2


# What each game's coach measures, as the hint's figures say it (games.narration.coach).
MEASURES = {
    "sunduchok": ("The chests you could expect at the game's end", "Сколько сундучков можно ждать к концу игры"),
    "hearts": ("The points you could expect to take in this deal", "Сколько очков можно ждать за эту сдачу"),
    "rooster": ("The chance that you end the game as the rooster", "Шанс остаться петухом в конце игры"),
    "yashchiki": ("Where your partnership could expect to end this deal against the other",
                  "Итог вашей пары относительно соперников к концу сдачи"),
}
FIRST_PERSON = {"en": re.compile(r"\b(I|me|my|mine)\b"), "ru": re.compile(r"\b(я|мне|меня|мой|моему|моём)\b")}


def shown(unit: str, value: float, language: str) -> str:
    """A move's value as the hint shows it: chests as they are, penalty points and the rooster's chance as
    positive amounts, team points ahead or behind."""
    if unit == "chests":
        return number(value, language)
    if unit == "points":
        return number(-value, language)
    if unit == "rooster":
        return percent(-value, language)
    side = ("впереди", "позади") if language == "ru" else ("ahead", "behind")
    quantity = amount(unit, abs(value), language)
    return f"на {quantity} {side[value < 0]}" if language == "ru" else f"{quantity} {side[value < 0]}"


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("game_key", sorted(TABLES))
def test_the_hint_says_what_its_figures_measure_for_this_move_and_the_next_best(client, game_key, language):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    game = new_game(game_key)
    visit(client, game)
    state = game_history(game).current
    evaluation = get_coach(game_key).evaluate(state.view(0), state.legal_actions(),
                                              seed=decision_seed(game.seed, game.move_count))
    panel = html.unescape(client.post(hint_url(game), **HTMX).content.decode())
    why = re.search(r'<p class="hint-panel__why">([^<]*)</p>', panel).group(1)
    best, *others = (shown(evaluation.unit, value.value, language) for value in evaluation.values[:2])
    average = ("в среднем по раскладам, возможным при том, что вы знаете" if language == "ru"
               else "on average over the deals you could be facing")
    if not others:   # Chuvash Rooster's first attack: the lowest card dealt, the only move
        figures = (f"с этим ходом {best} (другого хода нет)." if language == "ru"
                   else f"{best} with this move, the only one.")
    else:
        figures = (f"с этим ходом {best}, со следующим по силе ходом {others[0]}." if language == "ru"
                   else f"{best} with this move, {others[0]} with the next best move.")
    assert why == f"{MEASURES[game_key][language == 'ru']}, {average}: {figures}"
    bot = re.search(r'<p class="hint-panel__bot">([^<]*)</p>', panel)
    if evaluation.reason is not None:   # the hard bot's reason, told of the learner: no "I" of the bot's
        said = narrator_for(game_key, [info["name"] for info in game.seats], 0, language).reason(
            evaluation.reason.to_dict(), 0)
        assert bot.group(1).endswith(said) and not FIRST_PERSON[language].search(said)
    else:
        assert bot is None


def assert_the_form_is_set_to(page: str, fields: dict) -> None:
    """The move form's controls that make the move `fields` posts are outlined and labelled "suggested", its boxes
    and radios ticked as the move has them; nothing else is marked or ticked."""
    wanted = {(name, value) for name, values in move_form_values(fields).items() for value in values}
    controls = move_form_controls(page)
    making = [control for control in controls if (control["name"], control["value"]) in wanted]
    assert making, "the hinted move has no control on the form"
    assert all(control["hinted"] and control["marked"] for control in making)
    assert not any(control["hinted"] or control["marked"] for control in controls if control not in making)
    assert [control for control in controls if control["checked"]] == [
        control for control in making if control["kind"] != "submit"]


def test_a_plain_request_gets_the_whole_page_with_the_hint(client):
    game = new_game("sunduchok")
    visit(client, game)
    page = client.post(hint_url(game)).content.decode()
    assert "<html" in page and "Hint:" in page and 'class="move-form' in page
    assert [control["hinted"] for control in move_form_controls(page)].count(True) == 2   # without JavaScript too


def test_a_sunduchok_hint_sets_the_player_to_ask_to_the_one_it_outlines(client):
    """Not the first opponent by default: clicking the outlined rank asks the outlined player."""
    for seed in range(5, 40):
        game = new_game("sunduchok", seed=seed)
        evaluation = get_coach("sunduchok").evaluate(
            game_history(game).current.view(0), game_history(game).current.legal_actions(),
            seed=decision_seed(game.seed, 0))
        if evaluation.best.action["type"] == "ask" and evaluation.best.action["target"] != 1:
            break
    else:
        pytest.fail("no deal whose hint asks the second opponent")
    visit(client, game)
    page = client.post(hint_url(game), **HTMX).content.decode()
    (radio,) = [control for control in move_form_controls(page) if control["kind"] == "radio" and control["checked"]]
    assert radio["value"] == str(evaluation.best.action["target"]) and radio["hinted"] and radio["marked"]
    # The page before the hint chose nobody.
    assert not any(control["checked"] for control in move_form_controls(page_at(client, game)))


def test_no_hint_on_a_finished_game_or_for_another_seats_turn(client):
    game = new_game("sunduchok")
    visit(client, game)
    with translation.override("en"), pytest.raises(services.HintRefused) as refused:
        services.game_hint(game_id=game.pk, seat=1)   # a bot's seat: not its turn
    assert refused.value.status == 409 and "not your turn" in str(refused.value)

    rng = random.Random(1)
    while not game.is_over:
        client.post(reverse("act", args=[game.pk]), move_data(game, a_legal_action(game, rng)))
        game.refresh_from_db()
    response = client.post(hint_url(game), **HTMX)
    assert response.status_code == 409 and "The game is over" in response.content.decode()
    game.refresh_from_db()
    assert game.hints_used == 0


def test_another_visitors_game_has_no_hint(client):
    game = new_game("sunduchok")
    assert client.post(hint_url(game)).status_code == 404
    game.refresh_from_db()
    assert game.hints_used == 0


@pytest.mark.parametrize("game_key", sorted(TABLES))
def test_hints_never_show_a_hidden_card_over_a_game(client, game_key):
    game = new_game(game_key, seed=11)
    visit(client, game)
    rng = random.Random(3)
    for _ in range(4):   # a hint at several decisions of the game, each page scanned
        game.refresh_from_db()
        if game.is_over:
            break
        page = client.post(hint_url(game), **HTMX).content.decode()
        assert_no_hidden_cards(page, game_history(game).current, 0)
        client.post(reverse("act", args=[game.pk]), move_data(game, a_legal_action(game, rng)))


def test_hints_used_show_on_the_end_screen_and_in_my_games(client, django_user_model):
    user = django_user_model.objects.create_user(username="lea", password="pw")
    client.force_login(user)
    game = new_game("sunduchok")
    Game.objects.filter(pk=game.pk).update(owner=user)
    visit(client, game)
    client.post(hint_url(game))
    rng = random.Random(2)
    game.refresh_from_db()
    while not game.is_over:
        client.post(reverse("act", args=[game.pk]), move_data(game, a_legal_action(game, rng)))
        game.refresh_from_db()
    assert "You used 1 hint in this game." in client.get(reverse("play", args=[game.pk])).content.decode()
    mine = client.get(reverse("my_games")).content.decode()
    assert re.search(r"<td>1</td>\s*<td><a", mine)


@pytest.mark.parametrize("game_key", sorted(TABLES))
def test_a_game_that_forbids_hints_refuses_them_and_says_so(client, game_key):
    """A class's round whose teacher turned the hint off (Game.hints, set by classroom.services)."""
    game = services.game_create(game_key=game_key, preset="standard", players=TABLES[game_key],
                                bot_levels=["medium"] * (TABLES[game_key] - 1), human_name="Guest", seed=5,
                                hints=Game.Hints.FORBID)
    visit(client, game)
    page = client.get(reverse("play", args=[game.pk])).content.decode()
    assert 'class="hint-form"' not in page and "Your teacher has turned hints off for this round." in page
    for headers in (HTMX, {}):
        response = client.post(hint_url(game), **headers)
        assert response.status_code == 409
        assert 'role="alert">Your teacher has turned hints off for this round.</p>' in response.content.decode()
    game.refresh_from_db()
    assert game.hints_used == 0 and game.move_count == game_history(game).move_count


def test_an_unknown_hint_policy_is_refused():
    with pytest.raises(ValueError, match="hint policy"):
        services.game_create(game_key="sunduchok", preset="standard", players=2, bot_levels=["easy"],
                             human_name="Guest", hints="sometimes")
