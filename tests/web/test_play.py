"""The play pages through Django's test client: new game, moves, errors, privacy, replay, my games."""

from __future__ import annotations

import random
import re

import pytest
from django.urls import reverse
from django.utils import translation

from games import services
from games.history import game_history
from games.models import Game, GameAction, Preset
from games.narration import card_name
from games.rules import get_game
from games.services import preset_sync_builtin
from tests.web.helpers import a_legal_action, assert_no_hidden_cards, move_data, start_game

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def client(client):
    """These tests read the English pages, so their browser asks for English (Russian is the default)."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def play_to_the_end(client, game: Game, seed: int = 0, htmx: bool = False) -> Game:
    rng = random.Random(seed)
    for _ in range(2000):
        game.refresh_from_db()
        if game.is_over:
            return game
        state = game_history(game).current
        response = client.post(reverse("act", args=[game.pk]), move_data(game, a_legal_action(game, rng)),
                               **(HTMX if htmx else {}))
        assert response.status_code == (200 if htmx else 302), response.content.decode()[:1000]
        page = response.content.decode() if htmx else client.get(reverse("play", args=[game.pk])).content.decode()
        game.refresh_from_db()
        current = game_history(game).current
        shown = game_history(game).states[int(page.split('data-step="')[1].split('"')[0])]
        assert_no_hidden_cards(page, shown, 0)
        assert current is not state
    raise AssertionError("the game did not end")


def test_new_game_form_offers_every_preset_and_player_count(client):
    preset_sync_builtin()
    page = client.get(reverse("new_game", args=["sunduchok"]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for preset, description in get_game("sunduchok").preset_descriptions.items():
        assert f'value="{preset}"' in page
        assert description in page
    for players in range(2, 7):
        assert f'<option value="{players}"' in page


def test_the_new_game_form_follows_the_presets_editors_keep(client):
    preset_sync_builtin()
    Preset.objects.filter(slug="deck-52").update(description_en="Twos to aces, thirteen chests to collect.")
    Preset.objects.create(game_key="sunduchok", slug="big-hands", name_ru="Большие руки", name_en="Big hands",
                          description_en="Six cards each.", fields={"hand_size": 6}, order=20)
    page = client.get(reverse("new_game", args=["sunduchok"]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Twos to aces, thirteen chests to collect." in page and "Big hands — Six cards each." in page
    game = start_game(client, preset="big-hands", players=4)
    assert game.preset == "big-hands" and game.variant["hand_size"] == 6
    assert game_history(game).states[0].view(0)["hand_sizes"] == [6, 6, 6, 6]


def test_a_preset_that_does_not_fit_the_table_is_refused_with_a_message(client):
    preset_sync_builtin()
    Preset.objects.create(game_key="sunduchok", slug="huge-hands", name_ru="Огромные руки", name_en="Huge hands",
                          fields={"hand_size": 9}, order=21)
    response = client.post(reverse("new_game", args=["sunduchok"]),
                           {"preset": "huge-hands", "players": 6, "bot_1": "easy", "bot_2": "easy", "bot_3": "easy",
                            "bot_4": "easy", "bot_5": "easy"})
    assert response.status_code == 400
    assert "need more than 36 cards" in response.content.decode()
    assert Game.objects.count() == 0


def test_without_presets_the_new_game_page_says_how_to_load_them(client):
    page = client.get(reverse("new_game", args=["sunduchok"])).content.decode()
    assert "load_builtin_data" in page


def test_new_game_form_shows_one_bot_choice_per_other_seat(client):
    page = client.get(reverse("new_game", args=["sunduchok"]), {"players": 5}).content.decode()
    assert 'name="bot_4"' in page and 'name="bot_5"' not in page


def test_creating_a_game_stores_its_start_and_opens_the_table(client):
    game = start_game(client, players=4, seed=11)
    assert game.seed == 11 and game.players == 4 and game.game_key == "sunduchok"
    assert [seat["kind"] for seat in game.seats] == ["human", "bot", "bot", "bot"]
    state = game_history(game).current
    assert state.current_player == 0   # the bots moved until the person must decide
    response = client.get(reverse("play", args=[game.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    for card in state.view(0)["hand"]:
        assert card_label_in(page, card)
    assert "Your turn" in page
    assert_no_hidden_cards(page, state, 0)


def test_bad_new_game_settings_answer_400_and_create_nothing(client):
    # In English: Django's own messages follow the visitor's language (the site's default is Russian).
    response = client.post(reverse("new_game", args=["sunduchok"]), {"preset": "no-such", "players": 9},
                           headers={"accept-language": "en"})
    assert response.status_code == 400
    assert Game.objects.count() == 0
    assert "Select a valid choice" in response.content.decode()


def test_unknown_game_is_404(client):
    assert client.get(reverse("new_game", args=["poker"])).status_code == 404


def test_the_ask_form_offers_only_legal_choices(client):
    game = start_game(client, players=3, seed=3)
    state = game_history(game).current
    page = client.get(reverse("play", args=[game.pk])).content.decode()
    legal = state.legal_actions()
    for rank in {action["rank"] for action in legal}:
        assert f'name="rank" value="{rank}"' in page
    held_ranks = {card[:-1] for card in state.view(0)["hand"]}
    for rank in {"6", "7", "8", "9", "10", "J", "Q", "K", "A"} - held_ranks:
        assert f'name="rank" value="{rank}"' not in page


def test_a_whole_game_without_javascript(client):
    game = start_game(client, players=3, seed=5, levels=("easy", "easy"))
    game = play_to_the_end(client, game, seed=5)
    page = client.get(reverse("play", args=[game.pk])).content.decode()
    assert "Game over" in page and "Play again" in page and "Replay this game" in page
    assert game.scores is not None and sum(game.scores) == 9


def test_a_whole_game_with_htmx_fragments(client):
    game = start_game(client, players=2, seed=9, levels=("medium",))
    game = play_to_the_end(client, game, seed=9, htmx=True)
    assert game.is_over


def test_the_log_is_rebuilt_from_the_stored_actions_alone(client):
    game = start_game(client, players=3, seed=21)
    play_to_the_end(client, game, seed=21)
    game.refresh_from_db()
    engine = get_game("sunduchok")
    state = engine.new_game(players=3, seed=21, variant=game.variant, dealer=game.dealer)
    for row in GameAction.objects.filter(game=game).order_by("number"):
        assert row.seat == state.current_player
        state = state.apply(row.action)
    assert state.is_over and state.scores == game.scores


def test_a_stale_move_number_is_refused_with_409_and_changes_nothing(client):
    game = start_game(client, seed=4)
    data = move_data(game, game_history(game).current.legal_actions()[0])
    first = client.post(reverse("act", args=[game.pk]), data)
    assert first.status_code == 302
    game.refresh_from_db()
    count = game.move_count
    second = client.post(reverse("act", args=[game.pk]), data)   # the double click
    assert second.status_code == 409
    assert "already made" in second.content.decode()
    game.refresh_from_db()
    assert game.move_count == count


def _decision_after_bots(client, game):
    """The game after the learner's first move, when bots have moved since and it is the learner's turn again."""
    history = game_history(game)
    while True:
        action = history.current.legal_actions()[0]
        numbered = move_data(game, action)
        assert client.post(reverse("act", args=[game.pk]), numbered).status_code == 302
        game.refresh_from_db()
        history = game_history(game)
        movers = {logged.seat for logged in history.actions[numbered["move"]:]}
        if movers != {0} and history.current.current_player == 0:
            return game, numbered["move"]


def test_a_stale_move_number_when_it_is_your_turn_again_says_the_table_moved_on(client):
    """Regression: a post from a page drawn before the bots' moves (a stale number where a bot was to move) was
    told "It is not your turn." while it was the player's turn."""
    game, _first = _decision_after_bots(client, start_game(client, seed=4))
    count = game.move_count
    bot_position = next(number for number, logged in enumerate(game_history(game).actions) if logged.seat != 0)
    data = {**move_data(game, game_history(game).current.legal_actions()[0]), "move": bot_position}
    response = client.post(reverse("act", args=[game.pk]), data)
    page = response.content.decode()
    assert response.status_code == 409
    assert "has moved on since your page was drawn" in page and "It is your turn now." in page
    assert "not your turn" not in page
    game.refresh_from_db()
    assert game.move_count == count


def test_a_future_move_number_says_the_page_is_out_of_step_and_shows_the_table(client):
    game = start_game(client, seed=4)
    count = game.move_count
    data = {**move_data(game, game_history(game).current.legal_actions()[0]), "move": count + 5}
    response = client.post(reverse("act", args=[game.pk]), data)
    page = response.content.decode()
    assert response.status_code == 409
    assert f"it sent move {count + 6}, but the table is at move {count + 1}" in page
    assert "already made" not in page and 'id="table"' in page
    game.refresh_from_db()
    assert game.move_count == count


def test_a_move_out_of_turn_says_whose_turn_it_is():
    game = Game.objects.create(game_key="sunduchok", preset="standard", variant={}, seed=3, dealer=2, seats=[
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "bot", "level": "easy",
                                                                            "name": "Vera-bot"}])
    state = game_history(game).current
    assert state.current_player == 0
    with translation.override("en"), pytest.raises(services.NotYourTurn, match="It is not your turn: Ann is to move."):
        services.game_apply_action(game_id=game.pk, seat=1, action=state.legal_actions()[0], expected_move=0)


@pytest.mark.parametrize("data, message", [
    ({"type": "ask", "target": "1", "rank": "Q"}, "move number"),
    ({"move": "x", "type": "ask"}, "move number"),
    ({"move": "current", "type": "fold"}, "Unknown action"),
    ({"move": "current", "type": "ask", "target": "one", "rank": "Q"}, "incomplete"),
    ({"move": "current", "type": "count", "count": "2"}, "Now you must ask"),
    ({"move": "current", "type": "ask", "target": "0", "rank": "Q"}, "cannot ask yourself"),
    ({"move": "current", "type": "ask", "target": "7", "rank": "Q"}, "no such player"),
    ({"move": "current", "type": "ask", "target": "1", "rank": "Z"}, "no rank"),
    ({"move": "current", "type": "suits", "suits": "X"}, "Name the suits"),
])
def test_bad_moves_answer_400_with_a_message_and_change_nothing(client, data, message):
    game = start_game(client, seed=8)
    if data.get("move") == "current":
        data = {**data, "move": game.move_count}
    before = game.move_count
    for extra in ({}, HTMX):
        response = client.post(reverse("act", args=[game.pk]), data, **extra)
        assert response.status_code == 400
        assert message in response.content.decode()
    game.refresh_from_db()
    assert game.move_count == before


def test_moving_when_it_is_not_your_turn_is_refused(client):
    game = start_game(client, players=2, seed=1)
    game = play_to_the_end(client, game, seed=1)
    response = client.post(reverse("act", args=[game.pk]), {"move": game.move_count, "type": "ask",
                                                            "target": 1, "rank": "Q"})
    assert response.status_code == 409
    assert "The game is over" in response.content.decode()


def test_get_on_the_move_endpoint_is_not_allowed(client):
    game = start_game(client)
    assert client.get(reverse("act", args=[game.pk])).status_code == 405


def test_another_visitors_game_is_404_everywhere(client, django_user_model):
    game = start_game(client)
    stranger = type(client)()
    for name in ("play", "table", "replay"):
        assert stranger.get(reverse(name, args=[game.pk])).status_code == 404
    assert stranger.post(reverse("act", args=[game.pk]), move_data(game, {"type": "count", "count": 1})
                         ).status_code == 404
    user = django_user_model.objects.create_user(username="eve", password="pw")
    stranger.force_login(user)
    assert stranger.get(reverse("play", args=[game.pk])).status_code == 404


def test_replay_opens_only_when_the_game_is_over_and_shows_every_hand(client):
    game = start_game(client, players=3, seed=13)
    locked = client.get(reverse("replay", args=[game.pk]))
    assert locked.status_code == 403
    game = play_to_the_end(client, game, seed=13)
    first = client.get(reverse("replay", args=[game.pk]), {"step": 0}).content.decode()
    start = game_history(game).states[0]
    for card in start.card_locations():
        if start.card_locations()[card].startswith("hand"):
            assert card_label_in(first, card)
    last = client.get(reverse("replay", args=[game.pk]), {"step": game.move_count}, **HTMX)
    assert last.status_code == 200 and f"Move {game.move_count} of {game.move_count}" in last.content.decode()


def without_csrf_tokens(page: str) -> str:
    """A page with its CSRF tokens blanked: Django masks them afresh on every render."""
    page = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", page)
    return re.sub(r'"X-CSRFToken": "[^"]+"', "", page)


def card_label_in(page: str, card: str) -> bool:
    return f'aria-label="{card_name(card)}"' in page


def test_signed_in_players_see_their_games_including_ones_from_before_signing_in(client, django_user_model):
    anonymous_game = start_game(client, seed=2)
    user = django_user_model.objects.create_user(username="ann", password="pw")
    client.force_login(user)
    own_game = start_game(client, seed=3)
    page = client.get(reverse("my_games")).content.decode()
    assert str(own_game.pk) in page and str(anonymous_game.pk) in page
    other = django_user_model.objects.create_user(username="bob", password="pw")
    client.force_login(other)
    assert str(own_game.pk) not in client.get(reverse("my_games")).content.decode()


def test_my_games_needs_signing_in(client):
    response = client.get(reverse("my_games"))
    assert response.status_code == 302 and "login" in response.url


def test_play_again_starts_a_new_game_with_the_same_settings(client):
    game = start_game(client, players=4, preset="deck-52", levels=("hard", "easy", "medium"))
    response = client.post(reverse("play_again", args=[game.pk]))
    new = Game.objects.exclude(pk=game.pk).get()
    assert response.status_code == 302 and str(new.pk) in response.url
    assert (new.preset, new.players, new.seats[1:]) == (game.preset, game.players, game.seats[1:])


def test_a_bot_reason_is_shown_on_request_in_the_log(client):
    game = start_game(client, players=3, seed=17, levels=("hard", "hard"))
    game = play_to_the_end(client, game, seed=17)
    page = client.get(reverse("play", args=[game.pk])).content.decode()
    reasons = [row.reason for row in GameAction.objects.filter(game=game, reason__isnull=False)]
    assert reasons and all(reason["key"] for reason in reasons)
    assert page.count("<summary>Why?</summary>") == len(reasons)
    # Said with the seats' names, "you" for the reader, and never the engine's "Player N".
    assert "Player " not in page
    assert re.search(r"<summary>Why\?</summary>[^<]*(Anna-bot|Boris-bot|you)", page)


def test_a_restart_in_mid_game_loses_nothing(client):
    """Nothing lives only in memory: with every cache gone, the game rebuilds from its log alone."""
    from games import history as history_module

    game = start_game(client, seed=23, levels=("hard", "medium"))
    rng = random.Random(23)
    for _ in range(6):
        client.post(reverse("act", args=[game.pk]), move_data(game, a_legal_action(game, rng)))
        game.refresh_from_db()
    before = game_history(game).current
    page_before = without_csrf_tokens(client.get(reverse("play", args=[game.pk])).content.decode())
    history_module._cache.clear()   # what a restart does to the process
    game = Game.objects.get(pk=game.pk)
    assert game_history(game).current == before
    assert without_csrf_tokens(client.get(reverse("play", args=[game.pk])).content.decode()) == page_before
    if not game.is_over:
        response = client.post(reverse("act", args=[game.pk]), move_data(game, a_legal_action(game, rng)))
        assert response.status_code == 302


def test_a_worker_behind_on_a_game_replays_only_the_moves_it_has_not_seen(client):
    """Another worker applied the last moves: this one keeps its states and adds only the new ones; a stale
    game row (read before those moves) gets the earlier history, a prefix of the longest one."""
    from games import history as history_module

    game = start_game(client, seed=23, levels=("medium", "medium"))
    rng = random.Random(5)
    for _ in range(4):
        client.post(reverse("act", args=[game.pk]), move_data(game, a_legal_action(game, rng)))
        game.refresh_from_db()
    stale = Game.objects.get(pk=game.pk)
    client.post(reverse("act", args=[game.pk]), move_data(game, a_legal_action(game, rng)))
    game.refresh_from_db()
    assert game.move_count > stale.move_count
    history_module._cache.clear()
    full = game_history(game)   # replayed from the log alone
    history_module._cache.clear()
    history_module.remember(stale, full.prefix(stale.move_count))
    known = history_module._cache[str(game.pk)]

    caught_up = game_history(game)

    assert caught_up.states[:stale.move_count + 1] == known.states   # kept, the very same objects
    assert all(kept is old for kept, old in zip(caught_up.states, known.states, strict=False))
    assert caught_up.states == full.states and caught_up.actions == full.actions
    earlier = game_history(stale)
    assert earlier.move_count == stale.move_count and earlier.states == full.states[:stale.move_count + 1]
    assert history_module._cache[str(game.pk)] is caught_up   # a shorter history never replaces a longer one
