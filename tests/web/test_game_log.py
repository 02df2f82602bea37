"""The game log's lines (games/templatetags/game_log.py): the markup the table's log shows, texts escaped."""

from django.template import Context, Template
from django.utils import translation


def render_log(log: list[dict], seat: int | None) -> str:
    return Template("{% load game_log %}{% log_lines log seat %}").render(Context({"log": log, "seat": seat}))


def test_each_line_is_an_item_the_players_own_marked_and_a_bots_reason_folded_under_why():
    log = [{"text": "You ask Anna-bot for queens.", "reason": "", "seat": 0},
           {"text": "Anna-bot asks you for kings.", "reason": "She holds two kings.", "seat": 1}]
    with translation.override("en"):
        html = render_log(log, 0)
    assert html == ('<li class="log__mine">You ask Anna-bot for queens.</li>\n'
                    '<li>Anna-bot asks you for kings.\n'
                    '      <details class="why"><summary>Why?</summary>She holds two kings.</details></li>')


def test_texts_are_escaped_and_why_is_said_in_the_readers_language():
    log = [{"text": "<script>alert(1)</script>", "reason": 'a "quoted" <b>reason</b>', "seat": 2}]
    with translation.override("ru"):
        html = render_log(log, 0)
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;b&gt;reason&lt;/b&gt;" in html and "<summary>Почему?</summary>" in html
    assert 'class="log__mine"' not in html


def test_an_empty_log_draws_nothing():
    assert render_log([], 0) == ""
