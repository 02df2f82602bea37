"""Helpers for the web tests: start games through the real forms, post moves, read the pages and the play page's
socket, spot hidden cards."""

from __future__ import annotations

import json
import random
import re
import threading
from html.parser import HTMLParser

from channels.testing import WebsocketCommunicator
from django.db import connection
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from config.asgi import application
from core.visitors import session_visitor_key
from games import review_selectors
from games.coach.review import decision_steps
from games.history import game_history
from games.models import Game, GameAction
from games.narration import card_name
from games.narration.words import card_name_ru
from games.rules import get_game
from games.rules.cards import card_short
from games.services import Person, game_create_together, preset_sync_builtin
from games.tables import TABLES


def start_game(client, *, players: int = 3, preset: str = "standard", seed: int | None = 7,
               levels: tuple[str, ...] = ("easy", "medium", "hard", "easy", "medium")) -> Game:
    preset_sync_builtin()
    data = {"preset": preset, "players": players, "seed": "" if seed is None else seed}
    data.update({f"bot_{seat}": levels[seat - 1] for seat in range(1, players)})
    response = client.post(reverse("new_game", args=["sunduchok"]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.get(pk=response.url.rstrip("/").split("/")[-1])


def start_table_game(client, *, game_key: str = "sunduchok", preset: str = "standard", seed: int = 7,
                     levels: tuple[str, ...] = ("easy", "medium")) -> Game:
    """A game of `game_key` that `client`'s browser plays at seat 0 as at a table of several people (the only kind
    of game whose pages get pushes), with bots of `levels` at the other seats: the pushes' tests need no second
    person."""
    preset_sync_builtin()
    session = client.session
    visitor_key = session_visitor_key(session)
    session.save()
    return game_create_together(
        game_key=game_key, preset=preset, variant=get_game(game_key).presets[preset], seed=seed, stand_in_level="easy",
        away_after=None, people=[Person(seat=0, name="Guest", user=None, visitor_key=visitor_key)],
        bot_levels={seat: level for seat, level in enumerate(levels, start=1)})


FOLLOWING_STATE = re.compile(r'<template data-following-step="(\d+)" data-after-ms="\d+">(.*?)</template>', re.S)


def answer_tables(html: str) -> list[tuple[int, str]]:
    """The tables a move's answer carries, each as its step and its markup: the table shown at once (its own step,
    with the later tables cut out) and then each state after it, which the page shows one by one."""
    shown = FOLLOWING_STATE.sub("", html)
    steps = re.search(r'<section id="table"[^>]* data-step="(\d+)"', shown)
    assert steps is not None, html[:2000]
    return [(int(steps[1]), shown)] + [(int(step), table) for step, table in FOLLOWING_STATE.findall(html)]


def assert_the_answer_carries_each_state_for_the_seat(fragment: str, game: Game, *, before: int, seat: int = 0) -> None:
    """A move's answer against bots alone (`game` read after it): the table after the move made at step `before`,
    then every later state up to the seat's next decision or the end, in order, each holding only what the seat
    may see at its own step."""
    tables = answer_tables(fragment)
    history = game_history(game)
    assert [step for step, _ in tables] == list(range(before + 1, history.move_count + 1))
    for step, table in tables:
        assert_no_hidden_cards(table, history.states[step], seat)


def move_data(game: Game, action: dict) -> dict:
    """The form fields a person's click posts for `action`."""
    return {"move": game.move_count, **TABLES[game.game_key].action_form_fields(action)}


def page_at(client: Client, game: Game, *, htmx: bool = False) -> str:
    """The play page of `game` as `client` sees it now, or with `htmx` the table fragment alone."""
    response = client.get(reverse("table" if htmx else "play", args=[game.pk]),
                          headers={"hx-request": "true"} if htmx else {})
    assert response.status_code == 200
    return response.content.decode()


async def refused_or_accepted(socket: WebsocketCommunicator) -> tuple[bool, int | None]:
    """Connect `socket` and, if the site refuses it, tell its consumer the connection is gone, as a server does
    after a close: the consumer then ends, instead of listening to the channel layer until the test's event loop
    cancels it at teardown (a cancellation channels_redis's receive may swallow, hanging the test)."""
    connected, code = await socket.connect()
    if not connected:
        await socket.disconnect()
    return connected, code


def play_socket(game: Game, client: Client | None, page_id: str | None = None) -> WebsocketCommunicator:
    """The socket of `client`'s play page of `game`, in English; `page_id`: the id the page's script names it by
    (games/live.py)."""
    headers = [(b"origin", b"http://testserver"), (b"accept-language", b"en")]
    if client is not None:
        headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
    query = f"?page={page_id}" if page_id is not None else ""
    return WebsocketCommunicator(application, f"/ws/play/{game.pk}/{query}", headers=headers)


def post_at_once(url: str, posts: list[tuple[Client, dict]], **extra) -> list[HttpResponse]:
    """Each (browser, form) of `posts` posted to `url` from a thread of its own, all released together (a barrier),
    as tabs or people clicking at the same moment; the responses in the order of `posts`. Needs a test database
    that threads share (`django_db(transaction=True)`)."""
    start = threading.Barrier(len(posts))
    responses: list[HttpResponse | None] = [None] * len(posts)

    def post(index: int, client: Client, data: dict) -> None:
        start.wait()
        try:
            responses[index] = client.post(url, data, **extra)
        finally:
            connection.close()   # each thread has its own connection

    threads = [threading.Thread(target=post, args=(index, client, data))
               for index, (client, data) in enumerate(posts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert None not in responses, "a post raised instead of answering"
    return responses


def assert_the_log_is_whole(game: Game) -> None:
    """The game's log holds one action at each number up to its move count: no gap, no duplicate."""
    game.refresh_from_db()
    numbers = list(GameAction.objects.filter(game=game).order_by("number").values_list("number", flat=True))
    assert numbers == list(range(game.move_count))


def a_legal_action(game: Game, rng: random.Random) -> dict:
    return rng.choice(game_history(game).current.legal_actions())


def hidden_cards(state, seat: int) -> set[str]:
    """Cards `seat` cannot know the place of now: in other hands or the stock, never named in its view."""
    seen = json.dumps(state.view(seat))
    return {card for card, place in state.card_locations().items()
            if place != f"hand:{seat}" and not place.startswith("chests") and f'"{card}"' not in seen}


def card_spellings(card: str) -> list[str]:
    """Every way a page could name a card: its code in quotes, its label in either language (in Russian
    also as an object or an instrument, "бьёт восьмёрку треф королём бубен"), its short form."""
    return [f'"{card}"', card_name(card, "en"), card_name(card, "ru"), card_name_ru(card, "accusative"),
            card_name_ru(card, "instrumental"), card_short(card)]


# A Hearts bot's reason names the queen of spades as "still to come": that she is unplayed is public (every
# seat sees the tricks), so the phrase is no leak of where she lies, though the card checker cannot tell.
PUBLIC_PHRASES = ("the queen of spades, who is still to come",)


def assert_no_hidden_cards(text: str, state, seat: int) -> None:
    for phrase in PUBLIC_PHRASES:
        text = text.replace(phrase, "")
    for card in hidden_cards(state, seat):
        for spelling in card_spellings(card):
            assert spelling not in text, f"{card} (hidden from seat {seat}) appears as {spelling!r}"


def load_review(client, game: Game, deal: int | None = None) -> str:
    """The review page of a deal with every part loaded as the page's script loads them: the first missing
    part, whose answer names the next, until none is left; then the page again."""
    url = reverse("review", args=[game.pk]) + (f"?deal={deal}" if deal else "")
    page = client.get(url).content.decode()
    waiting = re.search(r'hx-get="([^"]+/review/part/\d+/)"', page)
    while waiting:
        answer = client.get(waiting.group(1), HTTP_HX_REQUEST="true")
        assert answer.status_code == 200
        waiting = re.search(r'hx-get="([^"]+/review/part/\d+/)"', answer.content.decode())
    return client.get(url).content.decode()


VOID_ELEMENTS = {"input", "br", "img", "meta", "link", "hr", "source", "col", "area", "wbr"}


class _MoveFormControls(HTMLParser):
    """The move form's controls a person can choose (radios, checkboxes, named submit buttons), each with whether it
    is ticked, outlined as the coach's suggestion (`is-hinted` on it or its label) and labelled "suggested"."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, list[str], dict | None]] = []   # open elements: tag, classes, the control
        self.controls: list[dict] = []

    def _in(self, name: str) -> bool:
        return any(name in classes for _tag, classes, _control in self.stack)

    def handle_starttag(self, tag, attrs) -> None:
        attributes = {name: value or "" for name, value in attrs}
        classes = attributes.get("class", "").split()
        control = None
        kind = attributes.get("type", "submit" if tag == "button" else "text")
        if self._in("move-form") and tag in ("input", "button") and attributes.get("name") and kind in (
                "radio", "checkbox", "submit"):
            label = next((entry for entry in reversed(self.stack) if entry[0] == "label"), None)
            control = {"name": attributes["name"], "value": attributes.get("value", ""), "kind": kind,
                       "checked": "checked" in attributes,
                       "hinted": "is-hinted" in classes or (label is not None and "is-hinted" in label[1]),
                       "marked": False}
            self.controls.append(control)
            if label is not None and kind != "submit":
                label[2]["control"] = control   # the label's "suggested" mark counts for its box
        if "suggested-mark" in classes:
            owner = next((entry[2] for entry in reversed(self.stack) if entry[2] is not None), None)
            if owner is not None:
                owner.get("control", owner)["marked"] = True
        if tag not in VOID_ELEMENTS:
            self.stack.append((tag, classes, control if tag == "button" else ({} if tag == "label" else None)))

    def handle_endtag(self, tag) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break


def move_form_controls(page: str) -> list[dict]:
    """Each control of the page's move form: name, value, kind ("radio", "checkbox", "submit"), checked, hinted
    (outlined as the coach's suggestion) and marked (labelled "suggested")."""
    parser = _MoveFormControls()
    parser.feed(page)
    return parser.controls


def count_review_plans(monkeypatch) -> list[int]:
    """The seat of every review plan computed from now on (games.review_selectors.review_plan looks for the seat's
    decisions once a plan), in order."""
    made: list[int] = []

    def counted(states, movers, seat: int) -> list[int]:
        made.append(seat)
        return decision_steps(states, movers, seat)

    monkeypatch.setattr(review_selectors, "decision_steps", counted)
    return made
