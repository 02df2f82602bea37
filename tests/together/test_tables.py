"""Tables to play together: opening one, taking seats, starting, each person on their own seat."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from core import live
from core.visitors import VISITOR_KEY
from games.history import game_history
from games.models import Game, SeatHolder
from tests.together.helpers import browser, open_table, person_to_move, play_to_the_end, seated_people, sit
from tests.web.helpers import assert_no_hidden_cards, move_data
from together.models import CODE_ALPHABET, Table

pytestmark = pytest.mark.django_db


def test_an_opened_table_has_a_code_without_look_alike_letters_and_waits_for_people():
    client = browser()
    table = open_table(client)
    assert len(table.code) == 8 and set(table.code) <= set(CODE_ALPHABET)
    assert not set(table.code) & set("0O1IL")
    page = client.get(reverse("table_lobby", args=[table.code]))
    assert page.status_code == 200
    text = page.content.decode()
    assert f"/tables/{table.code}/" in text and "free, for a person" in text
    assert table.game is None


def test_the_game_starts_by_itself_once_every_peoples_seat_is_taken_and_each_person_gets_their_seat():
    game, clients = seated_people("sunduchok", ("person", "person", "easy"))
    assert sorted(game.holders.values_list("seat", flat=True)) == [0, 1]
    assert game.seats[2]["kind"] == "bot"
    for seat, client in clients.items():
        response = client.get(reverse("table_lobby", args=[game.table.code]))
        assert response.status_code == 302 and response.url == reverse("play", args=[game.pk])
        page = client.get(reverse("play", args=[game.pk])).content.decode()
        assert_no_hidden_cards(page, game_history(game).current, seat)
        other = 1 - seat
        assert f"Person {other + 1}" in page   # the other person, by the name they sat down under


def test_the_opener_starts_with_a_free_seat_and_a_bot_of_the_stand_in_level_takes_it():
    opener = browser()
    table = open_table(opener, seats=("person", "person", "person"), stand_in_level="hard")
    sit(opener, table, 0, "Olga")
    response = opener.post(reverse("table_start", args=[table.code]))
    assert response.status_code == 302
    table.refresh_from_db()
    assert [info["kind"] for info in table.game.seats] == ["human", "bot", "bot"]
    assert table.game.seats[1]["level"] == "hard"


def test_only_the_opener_starts_and_only_with_somebody_seated():
    opener, guest = browser(), browser()
    table = open_table(opener, seats=("person", "person", "easy"))
    assert opener.post(reverse("table_start", args=[table.code])).status_code == 400   # nobody seated
    sit(guest, table, 1, "Guest")
    refused = guest.post(reverse("table_start", args=[table.code]))
    assert refused.status_code == 400 and "Only the person who opened the table starts it." in refused.content.decode()
    table.refresh_from_db()
    assert table.game is None


def test_the_opener_is_offered_the_start_once_somebody_sits():
    opener = browser()
    table = open_table(opener)
    start = reverse("table_start", args=[table.code])
    assert start not in opener.get(reverse("table_lobby", args=[table.code])).content.decode()
    sit(opener, table, 0, "Olga")
    assert start in opener.get(reverse("table_lobby", args=[table.code])).content.decode()


def test_the_lobby_gives_a_new_visitor_their_key_before_they_sit_down():
    """The lobby's live refresh, asked for while the answer to "Sit down" is on its way, must already carry the
    session: else it draws the lobby for a stranger, over the seat just taken."""
    opener, guest = browser(), browser()
    table = open_table(opener)
    guest.get(reverse("table_lobby", args=[table.code]))
    key = guest.session.get(VISITOR_KEY)
    assert key
    sit(guest, table, 0, "Guest")
    assert table.people.get().visitor_key == key


def test_the_lobby_pages_hear_once_of_each_seat_taken_and_of_the_start(monkeypatch,
                                                                      django_capture_on_commit_callbacks):
    told = []
    monkeypatch.setattr(live, "publish", lambda group, message: told.append((group, message["type"])))
    first, second = browser(), browser()
    table = open_table(first)
    lobby = [(f"table-{table.code}", "lobby.changed")]
    with django_capture_on_commit_callbacks(execute=True):
        sit(first, table, 0, "Ann")
    assert [message for message in told if message[0].startswith("table-")] == lobby
    with django_capture_on_commit_callbacks(execute=True):
        sit(second, table, 1, "Bob")   # the last people's seat: the game starts
    # Once: a second message would send each lobby page to the game twice, the first navigation cut short.
    assert [message for message in told if message[0].startswith("table-")] == lobby * 2
    table.refresh_from_db()
    assert table.game is not None


def test_the_seats_choices_are_in_the_readers_language():
    """Whichever language the site read first, each form names the bots in its reader's."""
    russian = Client(HTTP_ACCEPT_LANGUAGE="ru").get(reverse("table_new", args=["sunduchok"])).content.decode()
    english = browser().get(reverse("table_new", args=["sunduchok"])).content.decode()
    assert "Лёгкий бот" in russian and "человек" in russian
    assert "Easy bot" in english and "a person" in english and "Лёгкий" not in english


def test_a_person_sits_at_one_seat_and_a_taken_seat_is_refused():
    first, second = browser(), browser()
    table = open_table(first, seats=("person", "person", "person"))
    assert sit(first, table, 0, "Ann").status_code == 200
    again = sit(first, table, 1, "Ann again")
    assert again.status_code == 409 and "You already sit at seat 1" in again.content.decode()
    taken = sit(second, table, 0, "Bob")
    assert taken.status_code == 409
    assert list(table.people.values_list("seat", "name")) == [(0, "Ann")]


def test_a_move_out_of_turn_is_refused_with_409_and_changes_nothing():
    game, clients = seated_people("sunduchok", ("person", "person", "easy"))
    seat, mover = person_to_move(game, clients)
    other = clients[1 - seat]
    before = game.move_count
    action = game_history(game).current.legal_actions()[0]
    response = other.post(reverse("act", args=[game.pk]), move_data(game, action))
    assert response.status_code == 409 and "It is not your turn:" in response.content.decode()
    game.refresh_from_db()
    assert game.move_count == before


def test_a_move_out_of_turn_posted_after_the_mover_moved_is_not_told_it_was_already_made():
    """Regression: a person whose page stood where another was to move was told "That move was already made"
    when the mover's move came first; people at one table click at once (tests/together/test_races.py)."""
    game, clients = seated_people("sunduchok", ("person", "person", "easy"))
    seat, mover = person_to_move(game, clients)
    data = move_data(game, game_history(game).current.legal_actions()[0])
    assert mover.post(reverse("act", args=[game.pk]), data).status_code == 302
    game.refresh_from_db()
    after_the_move = game.move_count
    late = clients[1 - seat].post(reverse("act", args=[game.pk]), data)
    # What is true now: another is to move, or the table moved on and it is this person's turn.
    now = "It is your turn now." if game_history(game).current.current_player == 1 - seat else "It is not your turn:"
    assert late.status_code == 409 and now in late.content.decode()
    again = mover.post(reverse("act", args=[game.pk]), data)   # the mover's own double click is still "made"
    assert again.status_code == 409 and "already made" in again.content.decode()
    game.refresh_from_db()
    assert game.move_count == after_the_move


def test_people_play_a_whole_game_each_seeing_only_their_seat():
    game, clients = seated_people("sunduchok", ("person", "person", "easy"))

    def each_sees_only_their_seat(game: Game) -> None:
        state = game_history(game).current
        for seat, page_of in clients.items():
            response = page_of.get(reverse("table", args=[game.pk]), HTTP_HX_REQUEST="true")
            assert response.status_code == 200 and 'id="table"' in response.content.decode()
            assert_no_hidden_cards(response.content.decode(), state, seat)

    before = clients[0].get(reverse("play", args=[game.pk])).content.decode()
    assert f'data-here-url="{reverse("here", args=[game.pk])}"' in before   # the page says its person is there
    game = play_to_the_end(game, clients, seed=3, after_each_move=each_sees_only_their_seat)
    assert game.status == Game.Status.FINISHED
    assert "data-here-url" not in clients[0].get(reverse("play", args=[game.pk])).content.decode()


def test_a_person_away_too_long_is_played_for_by_a_bot_until_they_are_back():
    game, clients = seated_people("sunduchok", ("person", "person", "easy"), away_after="60")
    seat, mover = person_to_move(game, clients)
    waiting = 1 - seat
    SeatHolder.objects.filter(game=game, seat=seat).update(last_seen=game.created_at.replace(year=2000))
    before = game.move_count
    said = clients[waiting].post(reverse("here", args=[game.pk]))
    assert said.status_code == 200 and said.content == b"moved"
    game.refresh_from_db()
    assert game.move_count > before
    history = game_history(game)
    stood_in = [logged for logged in history.actions[before:] if logged.seat == seat]
    assert stood_in and all(logged.reason["stand_in"] for logged in stood_in)
    page = clients[waiting].get(reverse("play", args=[game.pk])).content.decode()
    assert "a bot played for this seat while its player was away" in page
    # Back: their page says so, and the next time it is their turn nobody plays for them.
    clients[seat].get(reverse("play", args=[game.pk]))
    assert not SeatHolder.objects.get(game=game, seat=seat).last_seen.year == 2000


def test_a_person_not_away_long_enough_is_waited_for():
    game, clients = seated_people("sunduchok", ("person", "person", "easy"), away_after="60")
    seat, _mover = person_to_move(game, clients)
    before = game.move_count
    said = clients[1 - seat].post(reverse("here", args=[game.pk]))
    assert said.status_code == 200 and said.content == b""
    game.refresh_from_db()
    assert game.move_count == before


def test_a_table_that_waits_never_lets_a_bot_play_for_a_person():
    game, clients = seated_people("sunduchok", ("person", "person", "easy"), away_after="never")
    seat, _mover = person_to_move(game, clients)
    SeatHolder.objects.filter(game=game, seat=seat).update(last_seen=game.created_at.replace(year=2000))
    assert clients[1 - seat].post(reverse("here", args=[game.pk])).content == b""


def test_a_signed_in_person_gets_their_seat_back_from_another_browser(django_user_model):
    ann = django_user_model.objects.create_user("ann", password="pw-long-enough")
    opener = browser()
    first_browser = browser()
    first_browser.force_login(ann)
    table = open_table(opener, seats=("person", "person", "easy"))
    sit(opener, table, 0, "Opener")
    sit(first_browser, table, 1, "Ann")
    table.refresh_from_db()
    second_browser = browser()
    second_browser.force_login(ann)
    response = second_browser.get(reverse("table_lobby", args=[table.code]))
    assert response.status_code == 302 and response.url == reverse("play", args=[table.game_id])
    assert "Opener" in second_browser.get(response.url).content.decode()
    mine = second_browser.get(reverse("my_games")).content.decode()
    assert str(table.game_id) in mine and "with other people" in mine


def test_a_stranger_sees_neither_the_game_nor_the_started_table():
    game, _clients = seated_people("sunduchok", ("person", "person", "easy"))
    stranger = browser()
    for name in ("play", "table", "replay", "review"):
        assert stranger.get(reverse(name, args=[game.pk])).status_code == 404
    assert stranger.get(reverse("table_lobby", args=[game.table.code])).status_code == 409


def test_a_wrong_code_is_404_and_too_many_wrong_codes_are_refused_even_the_right_one(settings):
    settings.TABLE_CODE_RATE_PER_IP = "3/10m"
    client = browser()
    table = open_table(client)
    for guess in ("AAAAAAAA", "BBBBBBBB", "CCCCCCCC"):
        assert client.get(reverse("table_lobby", args=[guess])).status_code == 404
    assert client.get(reverse("table_lobby", args=[table.code])).status_code == 429
    assert browser(REMOTE_ADDR="10.0.0.9").get(reverse("table_lobby", args=[table.code])).status_code == 200


def test_an_unstarted_table_expires(settings):
    client = browser()
    table = open_table(client)
    Table.objects.filter(pk=table.pk).update(created_at=table.created_at.replace(year=2000))
    assert client.get(reverse("table_lobby", args=[table.code])).status_code == 410
    assert sit(client, table, 0, "Late").status_code == 410
    assert not table.people.exists()


def test_the_tables_a_person_may_have_waiting_are_limited(settings):
    settings.OPEN_TABLES_PER_PERSON = 2
    client = browser()
    open_table(client)
    open_table(client)
    response = client.post(reverse("table_new", args=["sunduchok"]),
                           {"preset": "standard", "players": 3, "stand_in_level": "easy", "away_after": "180",
                            "seat_0": "person", "seat_1": "person", "seat_2": "easy"})
    assert response.status_code == 409 and "2 tables waiting" in response.content.decode()
    assert Table.objects.count() == 2
