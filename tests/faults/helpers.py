"""Helpers for the fault tests: a visitor of a real site over HTTP, and what the site's database holds.

The visitor keeps its cookies (session, CSRF token) like a browser and never follows redirects, so a test
sees each 302. A move is made as a person clicking the first offered choice would make it.
"""

from __future__ import annotations

import dataclasses
import http.client
import re
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from urllib.parse import urlencode, urlsplit

from tests.live_site import query_site

CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


@dataclasses.dataclass
class Reply:
    status: int
    headers: dict[str, str]
    text: str


class Visitor:
    """One browser's visits to the site at `url`: cookies kept, redirects not followed, pages in `language`."""

    def __init__(self, url: str, language: str = "en") -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname, parts.port
        self.language = language
        self.cookies: dict[str, str] = {}

    def _headers(self, method: str, htmx: bool) -> dict[str, str]:
        headers = {"Accept-Language": self.language,
                   "Cookie": "; ".join(f"{name}={value}" for name, value in self.cookies.items())}
        if method == "POST":
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        if htmx:
            headers["HX-Request"] = "true"
        return headers

    def send(self, method: str, path: str, data: dict | None = None, htmx: bool = False) -> http.client.HTTPConnection:
        """Send a request and return its connection without reading the answer (see `receive`)."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        body = urlencode(data) if data is not None else None
        connection.request(method, path, body=body, headers=self._headers(method, htmx))
        return connection

    def receive(self, connection: http.client.HTTPConnection) -> Reply:
        response = connection.getresponse()
        text = response.read().decode()
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        connection.close()
        return Reply(response.status, dict(response.headers.items()), text)

    def get(self, path: str, htmx: bool = False) -> Reply:
        return self.receive(self.send("GET", path, htmx=htmx))

    def get_following(self, path: str, redirects: int = 5) -> Reply:
        """GET `path`, following up to `redirects` redirects, as a browser opening a link does."""
        reply = self.get(path)
        for _ in range(redirects):
            if reply.status not in (301, 302, 303):
                break
            reply = self.get(reply.headers["Location"])
        return reply

    def post(self, path: str, data: dict, htmx: bool = False) -> Reply:
        return self.receive(self.send("POST", path, data, htmx=htmx))

    def start_sunduchok(self, *, seed: int, bots: tuple[str, str] = ("easy", "medium")) -> str:
        """Deal a three-player game against `bots` through the new-game form; return the play page's path."""
        assert self.get("/play/sunduchok/new/").status == 200
        reply = self.post("/play/sunduchok/new/", {"preset": "standard", "players": 3, "seed": seed,
                                                   "bot_1": bots[0], "bot_2": bots[1]})
        assert reply.status == 302, reply.text[:2000]
        return reply.headers["Location"]

    def open_table(self, game_key: str, seats: tuple[str, ...]) -> str:
        """Open a table to play together through its form (`seats`: "person" or a bot level each); its code."""
        assert self.get(f"/tables/new/{game_key}/").status == 200
        reply = self.post(f"/tables/new/{game_key}/", {
            "preset": "standard", "players": len(seats), "stand_in_level": "easy", "away_after": "180",
            **{f"seat_{seat}": kind for seat, kind in enumerate(seats)}})
        assert reply.status == 302, reply.text[:2000]
        return reply.headers["Location"].rstrip("/").rsplit("/", 1)[-1]

    def sit(self, code: str, seat: int, name: str) -> Reply:
        """Take `seat` of the table `code` under `name`, as the table's page does."""
        assert self.get(f"/tables/{code}/").status == 200
        return self.post(f"/tables/{code}/sit/", {"seat": seat, "name": name})

    def play_first_choice(self, play_path: str, page: str | None = None) -> str:
        """Click the first choice offered on the play page (`page`, or fetched now); return the play page after
        the move and the bots' replies."""
        fields = first_choice(page if page is not None else self.get(play_path).text)
        assert fields is not None, "no move to make on the page"
        reply = self.post(act_path(play_path), fields)
        assert reply.status == 302, reply.text[:2000]
        return self.get(play_path).text


def act_path(play_path: str) -> str:
    return f"{play_path}act/"


def table_step(page: str) -> int:
    return int(re.search(r'<section id="table"[^>]*data-step="(\d+)"', page).group(1))


def table_html(page: str) -> str:
    """The #table section of a page as the player sees it, without the per-response CSRF tokens."""
    start = page.index('<section id="table"')
    end = page.rindex("</section>", start, page.index("</main>")) + len("</section>")
    return CSRF_FIELD.sub('name="csrfmiddlewaretoken"', page[start:end])


class _FirstChoice(HTMLParser):
    """The fields a click on the move form's first submit button posts: hidden inputs, a radio of each group (the
    checked one, else the first: nothing is chosen for the player), the button."""

    def __init__(self) -> None:
        super().__init__()
        self.in_form = False
        self.fields: dict[str, str] | None = None
        self.clicked = False

    def handle_starttag(self, tag, attrs) -> None:
        attributes = dict(attrs)
        if tag == "form" and "move-form" in (attributes.get("class") or "").split():
            self.in_form, self.fields = True, {}
        elif self.in_form and tag == "input" and attributes.get("name"):
            first_radio = attributes.get("type") == "radio" and attributes["name"] not in self.fields
            if attributes.get("type") == "hidden" or first_radio or (
                    attributes.get("type") == "radio" and "checked" in attributes):
                self.fields[attributes["name"]] = attributes.get("value", "")
        elif self.in_form and tag == "button" and attributes.get("type") == "submit" and not self.clicked:
            if attributes.get("name"):
                self.fields[attributes["name"]] = attributes.get("value", "")
            self.clicked = True

    def handle_endtag(self, tag) -> None:
        if tag == "form":
            self.in_form = False


def first_choice(page: str) -> dict[str, str] | None:
    """The move form's fields for its first choice, or None when the page offers no move (the game is over)."""
    parser = _FirstChoice()
    parser.feed(page)
    return parser.fields if parser.clicked else None


STORED_GAME = """
import json
from games.history import start_state
from games.models import Game, GameAction

game = Game.objects.get(pk="{game_id}")
state = start_state(game)
log = []
for stored in GameAction.objects.filter(game=game).order_by("number"):
    log.append({{"number": stored.number, "seat": stored.seat, "action": stored.action,
                "in_turn": stored.seat == state.current_player}})
    state = state.apply(stored.action)
print(json.dumps({{"move_count": game.move_count, "finished": game.status == Game.Status.FINISHED,
                  "scores": game.scores, "replayed_scores": list(state.scores) if state.is_over else None,
                  "to_move": None if state.is_over else state.current_player, "log": log}}))
"""


def stored_game(env: dict[str, str], play_path: str) -> dict:
    """The game's row and log as the site's database holds them, replayed from the deal by the rules."""
    game_id = play_path.rstrip("/").rsplit("/", 1)[-1]
    return query_site(env, STORED_GAME.format(game_id=game_id))


def assert_log_consistent(stored: dict, people_seats: tuple[int, ...] = (0,)) -> None:
    """Whole moves only: a log without gaps, every action by the seat whose turn it was, and the game
    waiting for a person (or over), never half-way through the bots' replies."""
    assert [entry["number"] for entry in stored["log"]] == list(range(stored["move_count"]))
    assert all(entry["in_turn"] for entry in stored["log"])
    assert stored["to_move"] in (*people_seats, None)
