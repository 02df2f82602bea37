"""The rules page a player opens mid-game: numbered sections linking to lesson steps, every preset side by
side, disputed points with live examples that show only what the example's seat may see."""

import re

import pytest

from games.models import Game, Preset
from games.rules import GAMES
from rulebook.selectors import preset_comparison
from tests.rulebook.helpers import DOCUMENT, document, make_page

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"   # the texts of the assertions are the English ones


def test_the_page_numbers_the_sections_and_links_each_to_its_lesson_step(client):
    make_page()

    html = client.get("/rules/sunduchok/").content.decode()

    assert re.search(r'id="rule-chests".*?1\.</span> Chests', html, re.S)
    assert re.search(r'id="rule-a-turn".*?2\.</span> A turn', html, re.S)
    assert "<strong>rank</strong>" in html   # Markdown
    assert 'href="/learn/sunduchok/two-queens/?step=3"' in html
    step_page = client.get("/learn/sunduchok/two-queens/?step=3")
    assert step_page.status_code == 200 and 'data-step="3"' in step_page.content.decode()


def test_the_page_is_in_the_readers_language(client):
    make_page()
    html = client.get("/rules/sunduchok/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()

    assert "А если масти угаданы наполовину?" in html and "Спорные вопросы" in html


def test_a_lesson_link_is_left_out_while_the_lesson_is_a_draft(client):
    page = make_page()
    page.sections.get(slug="chests").lesson.__class__.objects.update(published=False)

    html = client.get("/rules/sunduchok/").content.decode()

    assert "/learn/sunduchok/two-queens/" not in html and "Chests" in html


@pytest.mark.parametrize("game_key", list(GAMES))
def test_every_preset_of_every_game_is_a_column_of_its_table(game_key, presets):
    comparison = preset_comparison(game_key)

    # Every preset but those for developers (Hearts' OpenSpiel cross-check), which learners are not offered.
    shown = [slug for slug in GAMES[game_key].presets
             if Preset.objects.get(game_key=game_key, slug=slug).shown_to_learners]
    assert [column["preset"].slug for column in comparison["columns"]] == shown
    assert len(comparison["rows"]) == len(GAMES[game_key].variant().to_dict())
    for column, engine_fields in zip(comparison["columns"], [GAMES[game_key].presets[slug] for slug in shown],
                                     strict=True):
        index = comparison["columns"].index(column)
        changed = [row["label"] for row in comparison["rows"] if row["cells"][index]["changed"]]
        assert len(changed) == len(engine_fields), (column["preset"].slug, changed)


def test_the_table_shows_an_editors_new_preset_and_marks_what_it_changes(client):
    make_page()
    Preset.objects.create(game_key="sunduchok", slug="big-deck-open", name_en="Big open deck", name_ru="Большая",
                          fields={"deck": 52, "must_hold_rank": False}, order=50)

    html = client.get("/rules/sunduchok/").content.decode()

    table = html[html.index('class="preset-table"'):html.index("</table>")]
    for preset in Preset.objects.filter(game_key="sunduchok"):
        assert f">{preset.name}</th>" in table
    assert re.search(r'preset-table__changed">52 cards \(2 to ace\)', table)
    assert table.count("preset-table__changed") == 1 + 1 + len(GAMES["sunduchok"].presets) - 1


def test_a_broken_preset_is_listed_with_its_error_not_a_server_error(client):
    make_page()
    Preset.objects.filter(game_key="sunduchok", slug="deck-52").update(fields={"deck": 40})

    response = client.get("/rules/sunduchok/")

    assert response.status_code == 200 and "deck" in response.content.decode()


def test_play_this_preset_starts_a_game_under_that_preset(client):
    make_page()
    html = client.get("/rules/sunduchok/").content.decode()
    assert html.count("Play this preset") >= len(GAMES["sunduchok"].presets) + 1   # the table, and the question
    assert html.count('name="players" value="3"') == html.count("Play this preset")   # you and two bots

    response = client.post("/play/sunduchok/new/", {"preset": "open-ranks", "players": "3"})

    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/play/{game.pk}/"
    assert game.preset == "open-ranks" and game.variant["must_hold_rank"] is False


def test_a_question_names_its_preset_and_its_rule(client):
    make_page()

    html = client.get("/rules/sunduchok/").content.decode()

    question = html[html.index('id="dispute-ask-rank-not-held"'):]
    assert "Ask for any rank" in question[:question.index("</article>")]
    assert 'href="#rule-a-turn"' in question and "Rule 2: A turn" in question


def test_an_example_shows_the_table_after_its_moves_and_only_the_seats_own_hand(client):
    make_page()

    html = client.get("/rules/sunduchok/").content.decode()

    example = html[html.index('id="dispute-half-right"'):]
    example = example[:example.index("</article>")]
    assert "rules-example" in example and "Clubs and diamonds? — Opponent: No." in example
    # The learner's seat drew the stock's top card after the failed guess; the opponent's queens stay hidden.
    assert 'aria-label="9 of clubs"' in example
    assert 'aria-label="queen of diamonds"' not in example and 'aria-label="queen of spades"' not in example
    assert "Show all hands" in example


def test_show_all_hands_opens_the_examples_other_hands_in_a_fragment(client):
    make_page()

    response = client.get("/rules/sunduchok/?open=half-right&question=half-right", HTTP_HX_REQUEST="true")

    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<article class="rules-question" id="dispute-half-right"')
    assert 'aria-label="queen of diamonds"' in html and "Hide the other hands" in html
    plain = client.get("/rules/sunduchok/?open=half-right").content.decode()
    assert "<html" in plain and 'aria-label="queen of diamonds"' in plain


def test_an_unknown_question_in_a_fragment_request_is_not_found(client):
    make_page()

    assert client.get("/rules/sunduchok/?question=nope", HTTP_HX_REQUEST="true").status_code == 404


def test_unknown_games_and_unpublished_pages_are_not_found_but_staff_see_drafts(client, admin_client):
    admin_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    page = make_page()
    assert client.get("/rules/chess/").status_code == 404
    assert client.get("/rules/hearts/").status_code == 404   # no page yet

    page.published = False
    page.save()

    assert client.get("/rules/sunduchok/").status_code == 404
    assert "draft" in admin_client.get("/rules/sunduchok/").content.decode()


def test_the_index_lists_every_game_and_links_the_pages_that_exist(client):
    make_page()

    html = client.get("/rules/").content.decode()

    for game in GAMES.values():
        assert game.title in html
    assert 'href="/rules/sunduchok/"' in html and 'href="/rules/hearts/"' not in html
    assert 'href="/rules/"' in client.get("/").content.decode()   # the site's navigation
    for page in ("/play/", "/learn/"):   # each game's rules, beside its lessons and its new game
        assert 'href="/rules/sunduchok/"' in client.get(page).content.decode()


def test_editors_markdown_is_sanitised_on_the_page(client):
    data = document()
    data["sections"][0]["body"]["en"] = "Hi <script>alert(1)</script> <a href=\"javascript:alert(2)\">x</a>"
    data["questions"][0]["answer"]["en"] = "<img src=x onerror=alert(3)>"
    make_page(data)

    html = client.get("/rules/sunduchok/").content.decode()

    assert "<script>alert" not in html and "javascript:" not in html and "onerror" not in html


def test_the_document_under_test_has_both_languages():
    # Guards the helper itself: the tests above read English and Russian texts from it.
    assert all(item["question"]["ru"] and item["question"]["en"] for item in DOCUMENT["questions"])
