"""Yashchiki in the browser's terms: the four-player new-game form, deals played through the forms (plain
and HTMX), the "one card" toggle, refusals in both languages, the match's end and replay, and the live
pushes, every page, fragment and message holding only the player's view."""

from __future__ import annotations

import html
import random
import re

import pytest
from asgiref.sync import sync_to_async
from django.http import QueryDict
from django.test import Client
from django.urls import reverse

from games.forms import action_from_post
from games.history import game_history
from games.models import Game
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

YASHCHIKI = get_game("yashchiki")
HTMX = {"HTTP_HX_REQUEST": "true"}


def start_yashchiki(client: Client, *, preset: str = "short", seed: int = 11,
                    levels: tuple[str, str, str] = ("easy", "easy", "easy")) -> Game:
    preset_sync_builtin()
    data = {"preset": preset, "players": 4, "seed": seed, **{f"bot_{seat}": levels[seat - 1] for seat in (1, 2, 3)}}
    response = client.post(reverse("new_game", args=["yashchiki"]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.get(pk=response.url.rstrip("/").split("/")[-1])


def text_of(page: str) -> str:
    """A page's words as a reader sees them: no tags, one space between words."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def post_data(game: Game, action: dict) -> dict:
    """The form fields a person's click posts for `action`: the card button's value ("8C,8H:S"), and for a
    pair the toggle's hidden "false" followed by the ticked checkbox's "true"."""
    data: dict = {"move": game.move_count, "type": action["type"]}
    if action["type"] == "play":
        data["cards"] = ",".join(action["cards"]) + (f":{action['suit']}" if "suit" in action else "")
        if len(action["cards"]) == 2:
            data["declared"] = ["false", "true"] if action["declared"] else ["false"]
    return data


def human_choice(state, rng: random.Random) -> dict:
    """A person who plays what they can and never forgets to declare a pair."""
    actions = [action for action in state.legal_actions() if action.get("declared") is not False]
    return rng.choice(actions)


def deals_ended(game: Game) -> int:
    return sum(event["type"] == "deal-end" for event in game_history(game).current.events)


def play_until(client: Client, game: Game, rng: random.Random, done, *, htmx: bool, most: int = 2000) -> list[str]:
    """Play the human's seat through the forms until `done(game)`, checking every page and fragment for
    hidden cards; returns the pages seen."""
    headers = HTMX if htmx else {}
    pages = []
    for _ in range(most):
        game.refresh_from_db()
        if done(game) or game.is_over:
            return pages
        state = game_history(game).current
        page = client.get(reverse("play", args=[game.pk])).content.decode()
        assert_no_hidden_cards(page, state, 0)
        # After an 8 or 9 named another suit than its own, the table says so prominently.
        assert ("suit-call--named" in page) == (state.suit != state.top_card[-1])
        pages.append(page)
        action, before = human_choice(state, rng), game.move_count
        response = client.post(reverse("act", args=[game.pk]), post_data(game, action), **headers)
        if htmx:
            fragment = response.content.decode()
            assert response.status_code == 200 and "<html" not in fragment
            game.refresh_from_db()
            assert_the_answer_carries_each_state_for_the_seat(fragment, game, before=before)
        else:
            assert response.status_code == 302, response.content.decode()[:3000]
    raise AssertionError("the condition never came")


@pytest.mark.django_db
def test_the_games_list_and_the_new_game_form_offer_yashchiki_for_exactly_four():
    preset_sync_builtin()
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    index = client.get(reverse("play_index")).content.decode()
    assert "Yashchiki" in index and reverse("new_game", args=["yashchiki"]) in index
    page = client.get(reverse("new_game", args=["yashchiki"])).content.decode()
    for slug in YASHCHIKI.presets:
        assert f'value="{slug}"' in page
    assert [f'<option value="{n}"' in page for n in range(1, 7)] == [False, False, False, True, False, False]
    assert page.count('name="bot_') == 3
    # Asking for another table size still gives the four seats the game has.
    assert client.get(reverse("new_game", args=["yashchiki"]), {"players": 3}).content.decode().count(
        'name="bot_') == 3


@pytest.mark.django_db
def test_the_table_shows_partner_suit_direction_deal_and_the_move_form():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = start_yashchiki(client, seed=11)
    state = game_history(game).current
    view = state.view(0)
    page = html.unescape(client.get(reverse("play", args=[game.pk])).content.decode())
    assert_no_hidden_cards(page, state, 0)
    assert page.count('<li class="opponent') == 3
    assert page.count("opponent--partner") == 1 and "partner, across" in page
    assert "opponent, on your left" in page and "opponent, on your right" in page
    assert f"your partner: {game.seats[2]['name']}" in page
    assert f"Deal {view['deal_number']} of 8" in page and f"{view['hand_size']} cards each" in page
    words = text_of(page)
    assert f"{view['stock_size']} in the stock" in words and f"{view['discard_size']} in the discard pile" in words
    assert "Play goes clockwise, to the left." in page or "Play goes anticlockwise, to the right." in page
    suit = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}[view["suit"]]
    assert f"Suit to follow: {suit}" in page or f"Named suit: {suit}" in page
    # One button per legal play: each single card (an 8 or 9 once per suit it may name), each pair once.
    actions = state.legal_actions()
    buttons = {value for value in _button_values(page)}
    expected = {post_data(game, action)["cards"] for action in actions
                if action["type"] == "play" and action.get("declared") is not False}
    assert buttons == expected
    if any(len(action["cards"]) == 2 for action in actions if action["type"] == "play"):
        # Declaring is the player's part: the toggle starts unticked.
        assert 'name="declared" value="true">' in page and 'Declare "one card"' in page


def _button_values(page: str) -> list[str]:
    marker = 'type="submit" name="cards" value="'
    return [chunk.split('"', 1)[0] for chunk in page.split(marker)[1:]]


@pytest.mark.django_db
def test_a_deal_through_the_plain_forms_ends_in_a_public_scoring_and_the_next_deal():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = start_yashchiki(client, seed=21)
    pages = play_until(client, game, random.Random(5), lambda game: deals_ended(game) >= 1, htmx=False)
    assert any("Named suit:" in page for page in pages)
    state = game_history(game).current
    page = html.unescape(client.get(reverse("play", args=[game.pk])).content.decode())
    assert_no_hidden_cards(page, state, 0)
    scoring = next(event for event in state.events if event["type"] == "deal-end")
    # The scoring is public: every hand left is shown, with its points, in the log and the score table.
    assert "Deal 1 over:" in page and "Team totals:" in page
    for seat, hand in enumerate(scoring["hands"]):
        for card in hand:
            assert any(spelling in page for spelling in card_spellings(card)), (seat, card)
    assert "Partnership points by deal (fewer is better)" in page
    mine, theirs = scoring["team_totals"]
    assert f"<td>{mine}</td>" in page and f"<td>{theirs}</td>" in page
    # The log starts at that scoring: the first deal's moves are not repeated below the table.
    log = page.split('<ol class="log"', 1)[1]
    assert "Deal 1 over:" in log.split("<li", 2)[1] and "Deal 1:" not in log
    assert "Deal 2:" in log


@pytest.mark.django_db
def test_a_short_match_through_htmx_ends_with_the_winning_partnership_and_a_replay():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = start_yashchiki(client, seed=8, levels=("medium", "easy", "hard"))
    play_until(client, game, random.Random(9), lambda game: False, htmx=True)
    assert game.is_over
    state = game_history(game).current
    fragment = html.unescape(client.get(reverse("table", args=[game.pk]), **HTMX).content.decode())
    assert 'id="table"' in fragment and "<html" not in fragment and "Game over" in fragment
    assert_no_hidden_cards(fragment, state, 0)
    scores = fragment.split("score-table--teams", 1)[1].split("</table>", 1)[0]
    assert scores.count('<tr><th scope="row">') == 8   # a row per deal of the short match
    assert "★ winner" in fragment and "Partnership" in fragment
    winners = " and ".join(["you" if seat == 0 else game.seats[seat]["name"] for seat in sorted(state.winners)])
    if len(state.winners) == 2:
        assert f"Game over: {winners} win" in fragment
    for step in (0, game.move_count // 2, game.move_count):
        replay = client.get(reverse("replay", args=[game.pk]), {"step": step})
        assert replay.status_code == 200 and f"Move {step} of {game.move_count}" in replay.content.decode()


def _game_with(client: Client, wanted, *, seed: int) -> Game:
    """A game played (the human choosing no pair) until the human's legal actions hold `wanted`."""
    game = start_yashchiki(client, seed=seed)
    rng = random.Random(seed)
    for _ in range(500):
        game.refresh_from_db()
        state = game_history(game).current
        assert not state.is_over, "the match ended first"
        actions = state.legal_actions()
        if state.current_player == 0 and any(wanted(action) for action in actions):
            return game
        singles = [action for action in actions if len(action.get("cards", ())) != 2] or actions
        client.post(reverse("act", args=[game.pk]), post_data(game, rng.choice(singles)))
    raise AssertionError("never came")


def _is_pair(action: dict) -> bool:
    return action["type"] == "play" and len(action["cards"]) == 2 and action["declared"] is False


@pytest.mark.django_db
@pytest.mark.parametrize("declared", [True, False])
def test_the_one_card_toggle_sends_the_pair_declared_or_not(declared):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = _game_with(client, _is_pair, seed=4)
    state = game_history(game).current
    pair = next(action for action in state.legal_actions() if _is_pair(action))
    declared_pair = next(action for action in state.legal_actions()
                         if action["type"] == "play" and action["cards"] == pair["cards"] and action["declared"])
    data = post_data(game, declared_pair)
    if not declared:
        data["declared"] = ["false"]   # the checkbox unticked: only the hidden field is sent
    before = len(state.events)
    response = client.post(reverse("act", args=[game.pk]), data)
    assert response.status_code == 302
    game.refresh_from_db()
    first = game_history(game).current.events[before]
    if declared:
        assert first["type"] == "play" and first["declared"] is True and sorted(first["cards"]) == sorted(pair["cards"])
    else:
        assert first == {"type": "undeclared-pair", "seat": 0, "cards": pair["cards"]}
        penalty = game_history(game).current.events[before + 1]
        assert penalty["type"] == "draw" and penalty["reason"] == "pair" and penalty["seat"] == 0


def test_the_form_reads_cards_named_suit_and_the_toggle():
    def read(**fields) -> dict:
        data = QueryDict(mutable=True)
        for name, value in {"move": "3", "type": "play", **fields}.items():
            data.setlist(name, value if isinstance(value, list) else [value])
        return action_from_post(data, game_key="yashchiki")[0]

    assert read(cards="7H") == {"type": "play", "cards": ["7H"]}
    assert read(cards="8S:H") == {"type": "play", "cards": ["8S"], "suit": "H"}
    assert read(cards="7C,7H", declared=["false", "true"]) == {"type": "play", "cards": ["7C", "7H"], "declared": True}
    assert read(cards="7C,7H", declared=["false"]) == {"type": "play", "cards": ["7C", "7H"], "declared": False}
    # An undeclared pair goes back to the hand, so the suit its button would name is dropped.
    assert read(cards="8C,8H:S", declared=["false"]) == {"type": "play", "cards": ["8C", "8H"], "declared": False}
    assert read(cards="8C,8H:S", declared=["false", "true"]) == {
        "type": "play", "cards": ["8C", "8H"], "declared": True, "suit": "S"}
    assert read(type="draw") == {"type": "draw"}


def _refused(client: Client, game: Game, data: dict, message: str, *, htmx: bool = False) -> None:
    before = game.move_count
    response = client.post(reverse("act", args=[game.pk]), data, **(HTMX if htmx else {}))
    text = html.unescape(response.content.decode())
    assert response.status_code == 400 and message in text, text[:3000]
    assert 'role="alert"' in text
    posted = set(str(data.get("cards", "")).split(":")[0].split(","))
    for card in hidden_cards(game_history(game).current, 0) - posted:
        assert not any(spelling in text for spelling in card_spellings(card)), card
    game.refresh_from_db()
    assert game.move_count == before


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "messages"), [
    ("en", {"foreign": "You do not hold the", "suit": "Follow the suit", "none": "That move is incomplete",
            "draw": "You draw only when you have no card to play", "named": "Name one of the suits",
            "pair-rank": "only if they are of one rank"}),
    ("ru", {"foreign": "У вас нет карты:", "suit": "Ходите в масть: масть хода —", "none": "Ход не закончен",
            "draw": "Брать карту можно, только когда нечем ходить", "named": "Назовите одну из мастей",
            "pair-rank": "только если они одного достоинства"}),
])
def test_illegal_moves_change_nothing_and_say_why_in_the_pages_language(language, messages):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    game = _game_with(client, lambda action: True, seed=3)
    state = game_history(game).current
    view = state.view(0)
    move = {"move": game.move_count, "type": "play"}
    foreign = next(card for card, place in state.card_locations().items() if place == "hand:1")
    _refused(client, game, {**move, "cards": foreign}, messages["foreign"])
    _refused(client, game, {**move}, messages["none"], htmx=True)
    _refused(client, game, {"move": game.move_count, "type": "draw"}, messages["draw"])
    # This seed's first decision has no chain pending and an off-suit card that is no 8 or 9.
    assert not view["chain"]
    off_suit = next(card for card in view["hand"] if card[-1] != view["suit"] and card[:-1] not in ("8", "9"))
    _refused(client, game, {**move, "cards": off_suit}, messages["suit"], htmx=True)
    two_ranks = [view["hand"][0], next(card for card in view["hand"] if card[:-1] != view["hand"][0][:-1])]
    _refused(client, game, {**move, "cards": ",".join(two_ranks), "declared": ["false", "true"]},
             messages["pair-rank"])

    game = _game_with(client, lambda action: action.get("cards", [""])[0][:-1] in ("8", "9")
                      and len(action["cards"]) == 1, seed=6)
    changer = next(action["cards"][0] for action in game_history(game).current.legal_actions()
                   if "suit" in action and len(action["cards"]) == 1)
    _refused(client, game, {"move": game.move_count, "type": "play", "cards": f"{changer}:X"}, messages["named"])


@pytest.mark.django_db
def test_the_russian_page_speaks_russian():
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    game = start_yashchiki(client, seed=21)
    state = game_history(game).current
    page = html.unescape(client.get(reverse("play", args=[game.pk])).content.decode())
    assert "Ящики" in page and "Сдача 1 из 8" in page and "в колоде" in page and "в сбросе" in page
    assert "партнёр" in page and "масть хода" in page.lower() and "по часовой стрелке" in page
    assert "Stock" not in page and "Your turn" not in page and "Deal 1" not in page
    assert_no_hidden_cards(page, state, 0)
    play_until(client, game, random.Random(5), lambda game: deals_ended(game) >= 1, htmx=False)
    page = html.unescape(client.get(reverse("play", args=[game.pk])).content.decode())
    assert "Сдача 1 окончена:" in page and "Итого по парам:" in page and "Очки пар по сдачам" in page


@pytest.mark.django_db(transaction=True)
async def test_every_push_of_a_yashchiki_game_holds_only_the_players_view():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    game = await sync_to_async(start_table_game)(client, game_key="yashchiki", preset="short", seed=5,
                                                 levels=("easy",) * 3)
    socket = play_socket(game, client)
    connected, _ = await socket.connect()
    assert connected
    rng = random.Random(3)
    pushes = 0
    for _ in range(30):
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
    assert pushes > 30
    await socket.disconnect()
