"""Chuvash Rooster in the browser's terms: the new-game form, whole games played through the forms (plain
and HTMX), refusals in both languages, the next game under the loser, and the live pushes, every page,
fragment and message holding only the player's view."""

from __future__ import annotations

import html
import random

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.urls import reverse

from games import selectors
from games.history import game_history
from games.models import Game
from games.rooster.rules import beats
from games.rules import get_game
from games.services import preset_sync_builtin
from tests.web.helpers import (
    assert_no_hidden_cards,
    assert_the_answer_carries_each_state_for_the_seat,
    card_spellings,
    hidden_cards,
    play_socket,
    start_table_game,
)

ROOSTER = get_game("rooster")
HTMX = {"HTTP_HX_REQUEST": "true"}


def start_rooster(client: Client, *, players: int = 3, preset: str = "standard", seed: int = 11,
                  levels: tuple[str, ...] = ("easy",) * 5) -> Game:
    preset_sync_builtin()
    data = {"preset": preset, "players": players, "seed": seed,
            **{f"bot_{seat}": levels[seat - 1] for seat in range(1, players)}}
    response = client.post(reverse("new_game", args=["rooster"]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.get(pk=response.url.rstrip("/").split("/")[-1])


def post_data(game: Game, action: dict) -> dict:
    """The form fields a person's clicks post for `action`."""
    data = {"move": game.move_count, "type": action["type"]}
    if action["type"] in ("attack", "throw"):
        data["cards"] = action["cards"]
    elif action["type"] == "beat":
        data.update(attack=action["attack"], card=action["card"])
    return data


def human_choice(state, rng: random.Random) -> dict:
    """A person who mostly beats rather than takes, so that games end in a reasonable number of moves."""
    actions = state.legal_actions()
    beats = [action for action in actions if action["type"] == "beat"]
    if beats and rng.random() < 0.8:
        return rng.choice(beats)
    return rng.choice(actions)


def play_to_the_end(client: Client, game: Game, rng: random.Random, *, htmx: bool) -> list[str]:
    """Play the human's seat through the forms until the game is over, checking every page and fragment;
    returns the pages seen."""
    headers = HTMX if htmx else {}
    pages = []
    for _ in range(1500):
        game.refresh_from_db()
        if game.is_over:
            return pages
        state = game_history(game).current
        page = client.get(reverse("play", args=[game.pk])).content.decode()
        assert_no_hidden_cards(page, state, 0)
        pages.append(page)
        action, before = human_choice(state, rng), game.move_count
        response = client.post(reverse("act", args=[game.pk]), post_data(game, action), **headers)
        if htmx:
            fragment = response.content.decode()
            assert response.status_code == 200 and "<html" not in fragment
            game.refresh_from_db()
            assert_the_answer_carries_each_state_for_the_seat(fragment, game, before=before)
        else:
            assert response.status_code == 302
    raise AssertionError("the game did not end")


@pytest.mark.django_db
def test_the_games_list_and_the_new_game_form_offer_rooster_for_two_to_six():
    preset_sync_builtin()
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    index = client.get(reverse("play_index")).content.decode()
    assert "Chuvash Rooster" in index and "2 to 6 players" in index
    assert reverse("new_game", args=["rooster"]) in index
    page = client.get(reverse("new_game", args=["rooster"])).content.decode()
    assert "New game of Chuvash Rooster" in page
    for slug in ROOSTER.presets:
        assert f'value="{slug}"' in page
    assert [f'<option value="{n}"' in page for n in range(1, 8)] == [False, True, True, True, True, True, False]
    six = client.get(reverse("new_game", args=["rooster"]), {"players": 6}).content.decode()
    assert six.count('name="bot_') == 5


@pytest.mark.django_db
@pytest.mark.parametrize("players", [2, 6])
def test_a_table_of_two_or_six_can_be_dealt(players):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = start_rooster(client, players=players)
    assert game.players == players
    page = client.get(reverse("play", args=[game.pk])).content.decode()
    assert page.count('<li class="opponent') == players - 1
    assert_no_hidden_cards(page, game_history(game).current, 0)


@pytest.mark.django_db
def test_a_whole_game_through_the_plain_forms_shows_only_the_players_view():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = start_rooster(client, players=3, seed=21, levels=("medium", "easy"))
    pages = play_to_the_end(client, game, random.Random(5), htmx=False)
    seen = "\n".join(pages)
    # Every kind of decision came up, and the table showed each of its parts at some point.
    for text in ("Choose the cards to attack with", "Take the cards", "Pass", "not beaten",
                 "in the stock", "beaten off", "asked to throw in", "attacks"):
        assert text in seen, text
    page = client.get(reverse("play", args=[game.pk])).content.decode()
    state = game_history(game).current
    assert_no_hidden_cards(page, state, 0)
    assert "Game over" in page and "Chuvash rooster" in page and "winner" in page
    assert reverse("next_game", args=[game.pk]) in page and "Next game" in page and "Play again" not in page
    if state.rooster is not None:
        assert "is the Chuvash rooster!" in page or "You are the Chuvash rooster!" in page
    # Once the game is over its replay opens every hand, move by move.
    for step in (0, game.move_count // 2, game.move_count):
        replay = client.get(reverse("replay", args=[game.pk]), {"step": step})
        assert replay.status_code == 200 and f"Move {step} of {game.move_count}" in replay.content.decode()


@pytest.mark.django_db
def test_the_first_game_opens_with_the_lowest_card_dealt_alone():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = start_rooster(client, players=3, seed=2)   # this deal's lowest card, 6♣, is the player's
    state = game_history(game).current
    assert (state.attacker, state.first_card) == (0, "6C")
    page = html.unescape(client.get(reverse("play", args=[game.pk])).content.decode())
    assert "First game: the lowest card dealt, 6♣ (you), opens alone." in page
    # The one card it may open with is ticked: no choice is made for the player.
    assert page.count('name="cards"') == 1 and 'name="cards" value="6C" checked' in page
    assert "Your turn: open the game against Anna-bot with the lowest card dealt." in page
    lead = [card for card in state.view(0)["hand"] if card != "6C" and card[-1] == "C"]
    if lead:   # another club with it is refused: the first attack is the lowest card alone
        _refused(client, game, {"move": game.move_count, "type": "attack", "cards": ["6C", lead[0]]},
                 "The first attack of the game is the 6♣ alone.")
    client.post(reverse("act", args=[game.pk]), {"move": game.move_count, "type": "attack", "cards": ["6C"]})
    game.refresh_from_db()
    assert {"type": "attack", "seat": 0, "target": 1, "cards": ["6C"]} in game_history(game).current.log


@pytest.mark.django_db
def test_a_whole_game_through_htmx_gets_fragments_with_only_the_players_view():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = start_rooster(client, players=4, seed=8, levels=("easy", "easy", "easy"))
    play_to_the_end(client, game, random.Random(9), htmx=True)
    fragment = client.get(reverse("table", args=[game.pk]), **HTMX).content.decode()
    assert 'id="table"' in fragment and "<html" not in fragment and "Game over" in fragment
    assert_no_hidden_cards(fragment, game_history(game).current, 0)


def _game_at(client: Client, phase: str, *, seed: int = 3, players: int = 2) -> Game:
    """A game played (by the human taking whatever comes first) until the human must act in `phase`."""
    game = start_rooster(client, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(500):
        game.refresh_from_db()
        state = game_history(game).current
        assert not state.is_over, f"the game ended before a {phase} decision"
        if state.phase == phase and state.current_player == 0:
            return game
        client.post(reverse("act", args=[game.pk]), post_data(game, human_choice(state, rng)))
    raise AssertionError(f"no {phase} decision came")


def _refused(client: Client, game: Game, data: dict, message: str, *, htmx: bool = False) -> None:
    before = game.move_count
    response = client.post(reverse("act", args=[game.pk]), data, **(HTMX if htmx else {}))
    text = response.content.decode()
    assert response.status_code == 400 and message in text, text[:3000]
    assert 'role="alert"' in text
    # The refusal may repeat the cards the player named; it reveals no other hidden card.
    posted = set(data.get("cards", [])) | {data.get("attack"), data.get("card")}
    for card in hidden_cards(game_history(game).current, 0) - posted:
        assert not any(spelling in text for spelling in card_spellings(card)), card
    game.refresh_from_db()
    assert game.move_count == before


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "messages"), [
    ("en", {"foreign": "You do not hold the", "two-suits": "all of one suit", "none": "non-empty list",
            "bad-beat": "does not beat", "no-card": "Choose a card.", "pass": "Now you must lead"}),
    ("ru", {"foreign": "У вас нет карты:", "two-suits": "только если они все одной масти",
            "none": "Выберите хотя бы одну карту.", "bad-beat": "не бьёт", "no-card": "Выберите карту.",
            "pass": "Сейчас ваш ход: зайдите"}),
])
def test_illegal_moves_change_nothing_and_say_why_in_the_pages_language(language, messages):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    game = _game_at(client, "attack")
    state = game_history(game).current
    hand = state.view(0)["hand"]
    foreign = next(card for card, place in state.card_locations().items() if place != "hand:0")
    move = {"move": game.move_count}
    _refused(client, game, {**move, "type": "attack", "cards": [foreign]}, messages["foreign"])
    _refused(client, game, {**move, "type": "attack"}, messages["none"], htmx=True)
    _refused(client, game, {**move, "type": "pass"}, messages["pass"])
    by_suit: dict[str, str] = {}
    for card in hand:
        by_suit.setdefault(card[-1], card)
    if len(by_suit) > 1 and state.first_card is None:
        _refused(client, game, {**move, "type": "attack", "cards": list(by_suit.values())[:2]},
                 messages["two-suits"])

    game = _game_at(client, "defend", seed=4)
    state = game_history(game).current
    attack = state.unbeaten[0]
    weak = next((card for card in state.view(0)["hand"] if not beats(card, attack)), None)
    if weak is not None:
        _refused(client, game, {"move": game.move_count, "type": "beat", "attack": attack, "card": weak},
                 messages["bad-beat"], htmx=True)
    _refused(client, game, {"move": game.move_count, "type": "beat", "attack": attack}, messages["no-card"])


@pytest.mark.django_db
def test_the_defence_form_offers_exactly_the_legal_beats_and_taking():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = _game_at(client, "defend", seed=4)
    state = game_history(game).current
    page = client.get(reverse("play", args=[game.pk])).content.decode()
    beats = [action for action in state.legal_actions() if action["type"] == "beat"]
    assert page.count('name="type" value="beat"') == len(state.unbeaten)
    for attack in state.unbeaten:
        assert f'name="attack" value="{attack}"' in page
    assert page.count('name="card" value="') == len(beats)
    assert 'name="type" value="take"' in page
    # A legal beat goes through and puts the beating card on the table.
    if beats:
        beat = beats[0]
        response = client.post(reverse("act", args=[game.pk]), post_data(game, beat))
        assert response.status_code == 302
        history = game_history(Game.objects.get(pk=game.pk))
        assert {"type": "beat", "seat": 0, "attack": beat["attack"], "card": beat["card"]} in history.current.log


@pytest.mark.django_db
def test_the_next_game_is_dealt_by_the_rooster_who_is_attacked_first():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = start_rooster(client, players=3, seed=21, levels=("easy", "easy"))
    play_to_the_end(client, game, random.Random(5), htmx=False)
    finished = game_history(game).current
    rooster = finished.rooster
    assert rooster is not None   # this seed's game has one

    response = client.post(reverse("next_game", args=[game.pk]))
    assert response.status_code == 302
    follow = Game.objects.exclude(pk=game.pk).get()
    assert response.url == reverse("play", args=[follow.pk])
    assert follow.previous_loser == rooster and follow.dealer == rooster
    assert (follow.seats, follow.preset, follow.variant) == (game.seats, game.preset, game.variant)
    first = game_history(follow).states[0]
    # The seat before the loser attacks the loser with an ordinary lead: no first-card rule.
    assert first == ROOSTER.new_game(3, seed=follow.seed, variant=follow.variant, previous_loser=rooster)
    assert first.first_card is None and first.defender == rooster and first.dealer == rooster
    page = client.get(reverse("play", args=[follow.pk])).content.decode()
    assert "the last game's rooster" in html.unescape(page) and "First game:" not in page
    assert_no_hidden_cards(page, game_history(follow).current, 0)
    # The replay rebuilds the series' game exactly from its row.
    assert game_history(Game.objects.get(pk=follow.pk)).states[0] == first


@pytest.mark.django_db
def test_without_a_rooster_the_next_game_is_a_fresh_first_game(monkeypatch):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = start_rooster(client, players=2, seed=21)
    play_to_the_end(client, game, random.Random(5), htmx=False)
    monkeypatch.setattr(selectors, "series_loser", lambda game: None)
    client.post(reverse("next_game", args=[game.pk]))
    follow = Game.objects.exclude(pk=game.pk).get()
    assert follow.previous_loser is None
    assert game_history(follow).states[0].first_card is not None


@pytest.mark.django_db
def test_an_unfinished_game_has_no_next_game_yet():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = start_rooster(client)
    response = client.post(reverse("next_game", args=[game.pk]))
    assert response.status_code == 302 and response.url == reverse("play", args=[game.pk])
    assert Game.objects.count() == 1


@pytest.mark.django_db
def test_the_russian_page_speaks_russian():
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    game = start_rooster(client, players=3, seed=2)
    state = game_history(game).current
    page = client.get(reverse("play", args=[game.pk])).content.decode()
    assert "Чувашский петух" in page and "в колоде" in page and "в отбое" in page
    assert "Первая игра: первый ход — младшей картой в раздаче, шестёркой треф (у вас), и только ею." in page
    assert "Младшая карта в раздаче — шестёрка треф, она у вас: с неё первый ход." in page
    assert "Ваш ход: первый ход в игре — под игрока Анна-бот, младшей картой раздачи." in page
    assert "Выберите карты для хода" in page and "Ходить" in page
    assert "Stock" not in page and "Take the cards" not in page and "Your turn" not in page
    assert_no_hidden_cards(page, state, 0)
    play_to_the_end(client, game, random.Random(5), htmx=False)
    page = client.get(reverse("play", args=[game.pk])).content.decode()
    assert "Игра окончена" in page and "Следующая игра" in page and "чувашский петух" in page.lower()


@pytest.mark.django_db(transaction=True)
async def test_every_push_of_a_rooster_game_holds_only_the_players_view():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = await sync_to_async(start_table_game)(client, game_key="rooster", seed=5, levels=("easy",) * 3)
    socket = play_socket(game, client)
    connected, _ = await socket.connect()
    assert connected
    rng = random.Random(3)
    pushes = 0
    for _ in range(40):
        await sync_to_async(game.refresh_from_db)()
        if game.is_over:
            break
        history = await sync_to_async(game_history)(game)
        first = game.move_count + 1
        action = human_choice(history.current, rng)
        await sync_to_async(client.post)(reverse("act", args=[game.pk]), post_data(game, action))
        await sync_to_async(game.refresh_from_db)()
        history = await sync_to_async(game_history)(game)
        for expected in range(first, game.move_count + 1):
            message = await socket.receive_json_from(timeout=10)
            assert message["step"] == expected
            assert_no_hidden_cards(message["html"], history.states[expected], 0)
            pushes += 1
    assert pushes > 40
    await socket.disconnect()
