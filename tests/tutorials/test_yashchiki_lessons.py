"""The built-in Yashchiki lessons of content/lessons/yashchiki/: all seven there, and each teaching what it says.

test_builtin_lessons.py already replays every lesson file in both languages; these tests pin down the
situations the Yashchiki lessons are built on — the suit to follow, the suit an eight names, the declared
pair and its penalty, the chain's draw count, the special cards, the points of a hand, the fifteen deals —
so that an engine change that would quietly change a lesson's story fails here.
"""

import json
from pathlib import Path

import pytest
from django.urls import reverse

from games.rules import get_game
from games.yashchiki.rules import score_hand
from tutorials.documents import languages, parse_document, read_documents
from tutorials.payloads import answers_of, is_right_answer, position_from_payload, validate_step_payload

YASHCHIKI_DIR = Path(__file__).resolve().parents[2] / "content" / "lessons" / "yashchiki"
DOCUMENTS = {document.data["slug"]: document.data for document in read_documents(YASHCHIKI_DIR)}
VARIANT = get_game("yashchiki").variant("standard")
SUITS = ("C", "D", "H", "S")

YASHCHIKI_LESSONS = [   # in their order
    "follow-the-suit",
    "eights-and-nines",
    "one-card-pairs",
    "chain-of-twos",
    "special-cards",
    "counting-the-hand",
    "the-fifteen-deals",
]


def play(*cards: str, suit: str | None = None, declared: bool | None = None) -> dict:
    action: dict = {"type": "play", "cards": list(cards)}
    if declared is not None:
        action["declared"] = declared
    if suit is not None:
        action["suit"] = suit
    return action


def step_of(slug: str, number: int) -> dict:
    return next(step for step in DOCUMENTS[slug]["steps"] if step["number"] == number)


def position(slug: str, number: int, actions: list[dict] | None = None):
    """The step's position; with `actions`, the same deal after those actions instead of the step's."""
    payload = step_of(slug, number)["payload"]
    if actions is not None:
        payload = {**payload, "actions": actions}
    return position_from_payload("yashchiki", VARIANT, payload)


def as_text(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def questions() -> list[tuple[str, int]]:
    return [(slug, step["number"]) for slug, data in DOCUMENTS.items() for step in data["steps"]
            if step["kind"] == "question"]


def events(state, kind: str) -> list[dict]:
    return [event for event in state.log if event["type"] == kind]


def draws(state) -> list[tuple[int, int, str]]:
    return [(event["seat"], event["count"], event["reason"]) for event in events(state, "draw")]


def goes_out(state) -> int | None:
    """The seat that ended the position's deal by playing its last card, if one did."""
    ends = events(state, "deal-end")
    return ends[0]["seat"] if ends else None


# -- the files ----------------------------------------------------------------------------------

def test_the_seven_yashchiki_lessons_are_there_in_order():
    assert sorted(DOCUMENTS, key=lambda slug: DOCUMENTS[slug]["order"]) == YASHCHIKI_LESSONS
    assert [DOCUMENTS[slug]["order"] for slug in YASHCHIKI_LESSONS] == list(range(1, 8))
    assert all(data["game"] == "yashchiki" and data["published"] for data in DOCUMENTS.values())


@pytest.mark.parametrize("slug", YASHCHIKI_LESSONS)
def test_a_lesson_asks_something_and_says_everything_in_both_languages(slug):
    data = DOCUMENTS[slug]
    assert any(step["kind"] == "question" for step in data["steps"])
    for language in languages():
        assert data["title"][language].strip() and data["summary"][language].strip()
        for step in data["steps"]:
            fields = ("body", "hint_1", "hint_2", "explanation") if step["kind"] == "question" else ("body",)
            for field in fields:
                assert step[field][language].strip(), (step["number"], field, language)
    for step in data["steps"]:
        validate_step_payload(game_key="yashchiki", variant=VARIANT, kind=step["kind"], payload=step["payload"])


@pytest.mark.parametrize("slug", YASHCHIKI_LESSONS)
def test_a_lesson_says_which_rules_are_house_choices(slug):
    steps = DOCUMENTS[slug]["steps"]
    assert any("«домашн" in step["body"]["ru"] for step in steps)
    assert any("house rule" in step["body"]["en"] for step in steps)


@pytest.mark.parametrize(("slug", "number"), questions())
def test_a_question_has_only_legal_right_answers_and_a_wrong_legal_move(slug, number):
    state = position(slug, number)
    payload = step_of(slug, number)["payload"]
    legal = state.legal_actions()
    right = [action for action in legal if is_right_answer(state, payload, action)]
    assert sorted(map(as_text, right)) == sorted(map(as_text, answers_of(payload)))   # each answer legal, once
    assert len(right) < len(legal)                                           # a wrong move can be made too


# -- what each lesson shows ---------------------------------------------------------------------

def test_the_up_card_only_sets_the_suit_and_a_card_drawn_for_want_of_the_suit_is_not_played():
    start = position("follow-the-suit", 2, actions=[])
    assert start.top_card == "7H" and start.suit == "H" and start.current_player == 0 and not draws(start)
    state = position("follow-the-suit", 2)
    assert draws(state) == [(1, 1, "no-card")]
    assert "3H" in state.view(1)["hand"]                                   # a heart, drawn and kept
    assert [event["seat"] for event in events(state, "play")] == [0, 2]    # the partner across plays next
    assert state.current_player == 3 and state.view(0)["partner"] == 2


def test_following_suit_leaves_only_the_hearts_and_the_king_is_the_card_to_shed():
    state = position("follow-the-suit", 4)
    assert state.legal_actions() == [play("KH"), play("AH")]               # 9♣ may not be played on hearts
    assert [VARIANT.card_points(card) for card in ("KH", "AH")] == [10, 0]


def test_the_eight_names_the_suit_the_next_player_follows():
    state = position("eights-and-nines", 2, actions=[play("8S", suit="H")])
    assert state.suit == "H" and state.legal_actions() == [play("JH")]      # the ace of spades must wait
    assert position("eights-and-nines", 2).suit == "H"


def test_naming_diamonds_lets_the_partner_go_out_and_nothing_else_does():
    state = position("eights-and-nines", 3)
    assert state.legal_actions() == [*(play("8C", suit=suit) for suit in SUITS), play("KC")]
    after = state.apply(play("8C", suit="D"))
    assert draws(after) == [(1, 1, "no-card")] and after.legal_actions() == [play("JD")]
    assert goes_out(after.apply(play("JD"))) == 2
    for wrong in [*(play("8C", suit=suit) for suit in "CHS"), play("KC")]:
        assert play("JD") not in state.apply(wrong).legal_actions(), wrong


def test_a_declared_pair_goes_down_with_the_upper_card_setting_the_suit():
    state = position("one-card-pairs", 2, actions=[play("QH", "QS", declared=True)])
    assert events(state, "play")[-1] == {"type": "play", "seat": 0, "cards": ["QH", "QS"], "suit": "S",
                                         "declared": True}
    assert state.view(0)["hand"] == ["5C", "7D"] and state.legal_actions() == [play("JS")]


def test_a_forgotten_declaration_returns_the_pair_with_a_penalty_card_and_passes_the_turn():
    state = position("one-card-pairs", 3)
    assert events(state, "undeclared-pair")[0]["cards"] == ["QH", "QS"]
    assert draws(state) == [(0, 1, "pair")]
    assert sorted(state.view(0)["hand"]) == sorted(["QH", "QS", "7D", "5C", "9D"])
    assert state.current_player == 1 and state.suit == "H" and state.legal_actions() == [play("3H")]


def test_the_declared_pair_of_the_last_two_cards_ends_the_deal():
    state = position("one-card-pairs", 4)
    assert goes_out(state.apply(play("JC", "JH", declared=True))) == 0
    undeclared = state.apply(play("JC", "JH", declared=False))
    assert goes_out(undeclared) is None and len(undeclared.view(0)["hand"]) == 3


def test_a_two_answered_by_a_two_changes_the_suit_and_the_next_player_draws_three():
    one_two = position("chain-of-twos", 2, actions=[play("2H")])
    assert (one_two.view(0)["chain"], one_two.view(0)["chain_draw"]) == (1, 2)
    assert one_two.legal_actions() == [play("2C")]                         # inside a chain only twos
    state = position("chain-of-twos", 2)
    assert draws(state) == [(3, 3, "chain")]
    assert state.current_player == 0 and state.suit == "C" and state.view(0)["chain"] == 0


def test_answering_the_chain_with_the_diamond_two_lets_the_partner_go_out():
    state = position("chain-of-twos", 3)
    assert state.legal_actions() == [play("2D"), play("2H")] and state.view(0)["chain_draw"] == 2
    after = state.apply(play("2D"))
    assert draws(after) == [(1, 3, "chain")] and after.suit == "D" and after.legal_actions() == [play("JD")]
    assert goes_out(after.apply(play("JD"))) == 2
    assert state.apply(play("2H")).suit == "H"


def test_a_four_skips_the_next_player():
    state = position("special-cards", 2)
    assert events(state, "miss") == [{"type": "miss", "seat": 1}] and state.current_player == 2


def test_a_ten_reverses_and_a_four_after_it_skips_the_next_player_in_the_new_direction():
    reversed_ = position("special-cards", 3, actions=[play("10D")])
    assert reversed_.view(0)["direction"] == "anticlockwise" and reversed_.current_player == 3
    state = position("special-cards", 3)
    assert events(state, "miss") == [{"type": "miss", "seat": 2}] and state.current_player == 1


def test_a_six_moves_again_a_seven_makes_the_next_draw_and_a_five_makes_everyone_draw():
    six = position("special-cards", 4, actions=[play("6D")])
    assert six.current_player == 0
    state = position("special-cards", 4)
    assert draws(state) == [(1, 1, "seven"), (2, 1, "five"), (3, 1, "five"), (0, 1, "five"), (1, 1, "five")]
    assert state.current_player == 2 and state.view(0)["hand_sizes"] == [3, 4, 3, 3]


def test_the_six_lets_you_shed_both_cards_in_one_turn():
    state = position("special-cards", 5)
    again = state.apply(play("6H"))
    assert again.current_player == 0 and goes_out(again.apply(play("KH"))) == 0
    assert state.apply(play("KH")).current_player == 1


def test_two_threes_score_three_plus_three_plus_fifty_and_a_last_seven_does_nothing():
    state = position("counting-the-hand", 2)
    end = events(state, "deal-end")[0]
    assert end["hands"][1] == ["3C", "3D"] and end["points"] == [0, 3 + 3 + 50, 50, 35]
    assert end["team_totals"] == [50, 91] and state.team_totals == [50, 91]
    assert not [draw for draw in draws(state) if draw[2] == "seven"]
    assert state.deal_number == 2 and state.view(0)["hand_sizes"] == [7, 7, 7, 7]


def test_shedding_the_eight_leaves_the_cheaper_hand():
    state = position("counting-the-hand", 3)
    assert state.legal_actions() == [*(play("8H", suit=suit) for suit in SUITS), play("KH")]
    assert score_hand(["KH", "3C", "3D"], VARIANT) == 66 < score_hand(["8H", "3C", "3D"], VARIANT) == 106


def test_the_fourteenth_deal_is_followed_by_the_last_deal_of_eight_cards():
    state = position("the-fifteen-deals", 2)
    end = events(state, "deal-end")[0]
    assert end["deal_number"] == 14 and end["team_totals"] == [30, 73]
    view = state.view(0)
    assert (view["deal_number"], view["deals"], view["hand_size"], view["dealer"]) == (15, 15, 8, 0)
    assert view["hand_sizes"] == [8, 8, 8, 8] and view["current_player"] == 1 and not state.is_over


def test_the_last_deal_is_won_by_letting_the_partner_go_out():
    state = position("the-fifteen-deals", 3)
    won = state.apply(play("4H")).apply(play("AH"))
    assert won.is_over and won.team_totals == [60, 65] and won.winners == [0, 2]
    lost = state.apply(play("QH")).apply(play("JH"))
    assert lost.is_over and lost.team_totals == [65, 55] and lost.winners == [1, 3]


def test_the_short_preset_the_last_lesson_names_is_eight_deals_down_to_one_card():
    assert get_game("yashchiki").variant("short").hand_sizes == (8, 7, 6, 5, 4, 3, 2, 1)
    assert VARIANT.hand_sizes == (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)


# -- on the site --------------------------------------------------------------------------------

@pytest.fixture
def yashchiki_lessons(presets):
    from tutorials.services import lessons_import

    documents = [parse_document(DOCUMENTS[slug], source=f"{slug}.json") for slug in YASHCHIKI_LESSONS]
    lessons_import(documents=documents, overwrite=True)


@pytest.mark.django_db
def test_the_lesson_list_shows_the_yashchiki_lessons_in_order(client, yashchiki_lessons):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    page = client.get(reverse("learn")).content.decode()
    titles = [DOCUMENTS[slug]["title"]["ru"] for slug in YASHCHIKI_LESSONS]
    assert all(title in page for title in titles)
    assert [page.index(title) for title in titles] == sorted(page.index(title) for title in titles)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["ru", "en"])
def test_every_yashchiki_step_shows_on_the_lesson_page(client, yashchiki_lessons, language):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    for slug in YASHCHIKI_LESSONS:
        for step in DOCUMENTS[slug]["steps"]:
            response = client.get(reverse("lesson", args=["yashchiki", slug]) + f"?step={step['number']}")
            assert response.status_code == 200, (slug, step["number"])


@pytest.mark.django_db
def test_the_eight_question_is_answered_on_the_lesson_page_wrong_then_right(client, yashchiki_lessons):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    number = 3
    page = client.get(reverse("lesson", args=["yashchiki", "eights-and-nines"]) + f"?step={number}")
    form = page.content.decode().split('class="move-form')[1]
    assert 'value="8C:D"' in form and 'value="KC"' in form and 'value="5H"' not in form   # only clubs offered
    url = reverse("lesson_answer", args=["yashchiki", "eights-and-nines"])
    post = {"step": number, "move": 0, "type": "play"}
    refused = client.post(url, {**post, "cards": "5H"})
    assert refused.status_code == 400
    wrong = client.post(url, {**post, "cards": "8C:H"})
    assert wrong.status_code == 200 and "Not this move" in wrong.content.decode()
    right = client.post(url, {**post, "cards": "8C:D"})
    assert right.status_code == 302 and right.url.endswith(f"?step={number + 1}")


@pytest.mark.django_db
def test_the_pair_question_needs_the_one_card_declaration_on_the_lesson_page(client, yashchiki_lessons):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    url = reverse("lesson_answer", args=["yashchiki", "one-card-pairs"])
    post = {"step": 4, "move": 0, "type": "play", "cards": "JC,JH"}
    forgotten = client.post(url, {**post, "declared": "false"})   # the toggle's hidden "false" alone
    assert forgotten.status_code == 200 and "Не этот ход" in forgotten.content.decode()
    declared = client.post(url, {**post, "declared": ["false", "true"]})
    assert declared.status_code == 302   # the lesson's last step: on to the lesson's end
    assert declared.url == reverse("lesson_done", args=["yashchiki", "one-card-pairs"])


@pytest.mark.django_db
def test_a_lesson_deal_of_three_cards_each_says_so_and_an_uneven_deal_names_no_count(client, yashchiki_lessons):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    even = client.get(reverse("lesson", args=["yashchiki", "eights-and-nines"]) + "?step=2").content.decode()
    uneven = client.get(reverse("lesson", args=["yashchiki", "special-cards"]) + "?step=2").content.decode()

    # The match's schedule would say 8 for its first deal; the lesson dealt 3 each, or 3, 2, 2, 2.
    assert "3 cards each" in even and "8 cards each" not in even
    assert "Deal 1 of 15" in uneven and "cards each" not in uneven
