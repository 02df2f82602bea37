"""Hearts in the browser's terms: the new-game form, a whole match played through the forms, refusals
in both languages, and the live pushes, every page and message holding only the player's view."""

from __future__ import annotations

import random

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.urls import reverse

from games.history import game_history
from games.models import Game
from games.services import preset_sync_builtin
from tests.web.helpers import assert_no_hidden_cards, play_socket, start_table_game


def start_hearts(client: Client, *, preset: str = "short-50", seed: int = 11,
                 levels: tuple[str, str, str] = ("easy", "medium", "hard")) -> Game:
    preset_sync_builtin()
    data = {"preset": preset, "players": 4, "seed": seed, **{f"bot_{seat}": levels[seat - 1] for seat in (1, 2, 3)}}
    response = client.post(reverse("new_game", args=["hearts"]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.get(pk=response.url.rstrip("/").split("/")[-1])


def post_data(game: Game, action: dict) -> dict:
    """The form fields a person's clicks post for `action`."""
    data = {"move": game.move_count, "type": action["type"]}
    if action["type"] == "pass":
        data["cards"] = action["cards"]
    elif action["type"] == "play":
        data["card"] = action["card"]
    else:
        data["choice"] = action["choice"]
    return data


@pytest.mark.django_db
def test_the_new_game_form_offers_hearts_presets_and_three_bots():
    preset_sync_builtin()
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("new_game", args=["hearts"])).content.decode()
    assert "New game of Hearts" in page
    for slug in ("standard", "bicycle", "moon-subtract", "moon-choice", "short-50", "play-on-ties"):
        assert f'value="{slug}"' in page
    assert 'value="openspiel"' not in page and "OpenSpiel" not in page   # a preset for developers
    assert page.count('name="bot_') == 3 and '<option value="4" selected>' in page


@pytest.mark.django_db
def test_a_whole_match_through_the_forms_shows_only_the_players_view():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = start_hearts(client)
    rng = random.Random(5)
    seen_pass_form = seen_trick = False
    for _ in range(3000):
        game.refresh_from_db()
        if game.is_over:
            break
        state = game_history(game).current
        page = client.get(reverse("play", args=[game.pk])).content.decode()
        assert_no_hidden_cards(page, state, 0)
        seen_pass_form |= "Pass these three" in page
        seen_trick |= "takes the trick" in page
        action = rng.choice(state.legal_actions())
        assert client.post(reverse("act", args=[game.pk]), post_data(game, action)).status_code == 302
    page = client.get(reverse("play", args=[game.pk])).content.decode()
    assert game.is_over and "Game over" in page and "winner" in page
    assert "Points per deal" in page and seen_pass_form and seen_trick
    assert_no_hidden_cards(page, game_history(game).current, 0)


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "message"), [
    ("en", "You do not hold"), ("ru", "Этой карты нет у вас на руке."),
])
def test_a_card_not_in_hand_is_refused_in_the_pages_language(language, message):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    game = start_hearts(client, preset="standard")
    state = game_history(game).current
    assert state.current_player == 0
    hand = set(state.view(0)["hand"])
    foreign = next(card for card in state.card_locations() if card not in hand)
    before = game.move_count
    action = ({"type": "pass", "cards": [foreign, *sorted(hand)[:2]]} if state.view(0)["phase"] == "pass"
              else {"type": "play", "card": foreign})
    response = client.post(reverse("act", args=[game.pk]), post_data(game, action))
    assert response.status_code == 400 and message in response.content.decode()
    game.refresh_from_db()
    assert game.move_count == before


@pytest.mark.django_db(transaction=True)
async def test_every_push_of_a_hearts_deal_holds_only_the_players_view():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = await sync_to_async(start_table_game)(client, game_key="hearts", seed=11, levels=("easy", "medium", "hard"))
    socket = play_socket(game, client)
    connected, _ = await socket.connect()
    assert connected
    rng = random.Random(3)
    pushes = 0
    for _ in range(60):   # well into the first deal: the pass, the exchange and several tricks
        await sync_to_async(game.refresh_from_db)()
        history = await sync_to_async(game_history)(game)
        first = game.move_count + 1
        action = rng.choice(history.current.legal_actions())
        await sync_to_async(client.post)(reverse("act", args=[game.pk]), post_data(game, action))
        await sync_to_async(game.refresh_from_db)()
        history = await sync_to_async(game_history)(game)
        for expected in range(first, game.move_count + 1):
            message = await socket.receive_json_from(timeout=10)
            assert message["step"] == expected
            assert_no_hidden_cards(message["html"], history.states[expected], 0)
            pushes += 1
    assert pushes > 60
    await socket.disconnect()
