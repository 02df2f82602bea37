"""The play page's "why?" link, for all four games through the real pages: whenever the player is to move
it asks the question their decision raises and points at a section or question the game's rules page has."""

import random
import re
from html import unescape

import pytest
from django.core.management import call_command

from games import services
from games.history import game_history
from games.models import Game
from games.rules import GAMES
from games.selectors import human_seat, position_context

pytestmark = pytest.mark.django_db

LINK = re.compile(r'<p class="rules-link"><a href="(/rules/(\w+)/#([\w-]+))" target="_blank" rel="noopener">'
                  r'<span aria-hidden="true">\?</span> ([^<]+)<')


@pytest.mark.parametrize("game_key", list(GAMES))
def test_every_decision_of_a_game_links_to_an_answer_on_its_rules_page(client, game_key):
    call_command("load_builtin_data", "-v0")
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    response = client.post(f"/play/{game_key}/new/", {"preset": "standard", "players": 4 if game_key in (
        "hearts", "yashchiki") else 3, "seed": 5})
    game = Game.objects.get(pk=response.url.rstrip("/").split("/")[-1])
    rules = client.get(f"/rules/{game_key}/").content.decode()
    rng = random.Random(5)
    questions = set()
    for _ in range(25):
        state = game_history(game).current
        if state.is_over:
            break
        html = client.get(f"/play/{game.pk}/").content.decode()
        link = LINK.search(html)
        assert link is not None, "no rules link while the player is to move"
        assert link.group(2) == game_key and f'id="{link.group(3)}"' in rules, link.group(1)
        questions.add(unescape(link.group(4)).strip())
        action = rng.choice(state.legal_actions())
        game = services.game_apply_action(game_id=game.pk, seat=human_seat(game), action=action,
                                          expected_move=game.move_count)
    assert all(question.endswith("?") for question in questions)
    assert len(questions) >= 2, questions   # the question follows the decision


def test_no_link_for_a_seat_not_to_move_or_a_page_showing_an_older_step():
    state = GAMES["sunduchok"].new_game(players=3, seed=5)
    names = ["You", "Anna", "Boris"]
    to_move = state.current_player

    assert position_context(state, names=names, seat=to_move)["rules_link"]["url"].startswith("/rules/sunduchok/#")
    assert position_context(state, names=names, seat=to_move, can_move=False)["rules_link"] is None
    assert position_context(state, names=names, seat=(to_move + 1) % 3)["rules_link"] is None
