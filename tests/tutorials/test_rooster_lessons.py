"""The built-in Chuvash Rooster lessons of content/lessons/rooster/: all seven there, and each teaching what it says.

test_builtin_lessons.py already replays every lesson file in both languages; these tests pin down the
situations the Rooster lessons are built on — which card beats which, who opens, what a take picks up,
who draws first, who ends up the rooster — so that an engine change that would quietly change a
lesson's story fails here. Two questions ask for the winning lead of a small endgame with every card
known; for those, a full game-tree search checks that the right answers are exactly the winning leads.
"""

import json
from functools import cache
from pathlib import Path

import pytest
from django.urls import reverse

from games.rules import IllegalAction, get_game
from tutorials.documents import languages, parse_document, read_documents
from tutorials.payloads import answers_of, is_right_answer, position_from_payload, validate_step_payload

ROOSTER_DIR = Path(__file__).resolve().parents[2] / "content" / "lessons" / "rooster"
DOCUMENTS = {document.data["slug"]: document.data for document in read_documents(ROOSTER_DIR)}
GAME = get_game("rooster")
VARIANT = GAME.variant("standard")
TAKE, PASS = {"type": "take"}, {"type": "pass"}

ROOSTER_LESSONS = [   # in their order
    "beating-by-suit-rank",
    "first-attack",
    "leading-one-suit",
    "throwing-in",
    "take-at-once",
    "refill-order",
    "aces-decide",
]


def attack(*cards: str) -> dict:
    return {"type": "attack", "cards": list(cards)}


def beat(attacking: str, card: str) -> dict:
    return {"type": "beat", "attack": attacking, "card": card}


def throw(card: str) -> dict:
    return {"type": "throw", "cards": [card]}


def step_of(slug: str, number: int) -> dict:
    return next(step for step in DOCUMENTS[slug]["steps"] if step["number"] == number)


def position(slug: str, number: int):
    return position_from_payload("rooster", VARIANT, step_of(slug, number)["payload"])


def questions() -> list[tuple[str, int]]:
    return [(slug, step["number"]) for slug, data in DOCUMENTS.items() for step in data["steps"]
            if step["kind"] == "question"]


def events(state, kind: str) -> list[dict]:
    return [event for event in state.log if event["type"] == kind]


def escapes_rooster(state, seat: int) -> bool:
    """Whether `seat` can make sure not to end up the rooster, every card known and every other seat
    playing against it. Only for tiny two-player endgames: with two players every bout makes progress."""
    @cache
    def solve(key: str) -> bool:
        current = GAME.state_from_dict(json.loads(key))
        if current.is_over:
            return current.rooster != seat
        results = (solve(key_of(current.apply(action))) for action in current.legal_actions())
        return any(results) if current.current_player == seat else all(results)

    return solve(key_of(state))


def key_of(state) -> str:
    data = state.to_dict()
    data["events"] = []     # the history does not change what can still happen
    return json.dumps(data, sort_keys=True)


def same_moves(state, first: list[dict], second: list[dict]) -> bool:
    def effects(actions):
        return sorted(key_of(state.apply(action)) for action in actions)
    return effects(first) == effects(second)


# -- the files ----------------------------------------------------------------------------------

def test_the_seven_rooster_lessons_are_there_in_order():
    assert sorted(DOCUMENTS, key=lambda slug: DOCUMENTS[slug]["order"]) == ROOSTER_LESSONS
    assert [DOCUMENTS[slug]["order"] for slug in ROOSTER_LESSONS] == list(range(1, 8))
    assert all(data["game"] == "rooster" and data["published"] for data in DOCUMENTS.values())


@pytest.mark.parametrize("slug", ROOSTER_LESSONS)
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
        validate_step_payload(game_key="rooster", variant=VARIANT, kind=step["kind"], payload=step["payload"])


@pytest.mark.parametrize(("slug", "number"), questions())
def test_a_question_has_only_legal_right_answers_and_can_be_answered_wrong(slug, number):
    state = position(slug, number)
    payload = step_of(slug, number)["payload"]
    legal = state.legal_actions()
    right = [action for action in legal if is_right_answer(state, payload, action)]
    assert same_moves(state, right, answers_of(payload))   # every answer is a legal move, each listed once
    assert len(right) < len(legal)                         # the move form offers a wrong move too


# -- what each lesson shows ---------------------------------------------------------------------

def test_the_beating_questions_offer_two_cards_that_beat_and_the_lower_one_wins_and_the_ace_of_spades_only_a_take():
    # Two cards beat the attack; the lesson's answer is the lower one, and in these endgames it is the only
    # move that escapes being the rooster (the explanations say so): the higher card and taking both lose.
    for number, attacking, lower, higher in ((3, "AC", "AD", "AH"), (4, "9S", "JS", "KS")):
        state = position("beating-by-suit-rank", number)
        assert answers_of(step_of("beating-by-suit-rank", number)["payload"]) == [beat(attacking, lower)]
        assert state.legal_actions() == [beat(attacking, lower), beat(attacking, higher), TAKE]
        assert escapes_rooster(state.apply(beat(attacking, lower)), 0)
        assert not escapes_rooster(state.apply(beat(attacking, higher)), 0)
        assert not escapes_rooster(state.apply(TAKE), 0)
    assert set(position("beating-by-suit-rank", 3).view(0)["hand"]) == {"7C", "AD", "AH", "KH", "10S"}   # 10♠, K♥ fail
    assert position("beating-by-suit-rank", 2).view(0)["table"] == [{"attack": "8C", "beat": "KD"}]
    ace_of_spades = position("beating-by-suit-rank", 5)
    assert ace_of_spades.view(0)["table"] == [{"attack": "AS", "beat": None}]
    assert ace_of_spades.legal_actions() == [TAKE]


def test_the_first_attack_is_the_six_of_hearts_alone_when_the_lower_sixes_are_in_the_stock():
    state = position("first-attack", 2)
    view = state.view(0)
    assert view["first_card"] == "6H" and (view["attacker"], view["defender"]) == (2, 0)
    assert state.card_locations()["6C"] == state.card_locations()["6D"] == "stock"
    assert state.legal_actions() == [attack("6H")]
    # Two cards beat 6♥ — 8♥ and 6♠ — and the lesson asks for the lower one.
    question = position("first-attack", 3)
    assert question.legal_actions() == [beat("6H", "6S"), beat("6H", "8H"), TAKE]
    assert answers_of(step_of("first-attack", 3)["payload"]) == [beat("6H", "6S")]
    after = position("first-attack", 4)
    assert [event["seat"] for event in events(after, "draw")] == [2, 0]   # the attacker draws first
    assert after.view(0)["first_card"] is None and after.current_player == 0
    assert any(len(action["cards"]) > 1 for action in after.legal_actions())


def test_a_lead_is_of_one_suit_never_of_one_rank():
    state = position("leading-one-suit", 3)
    with pytest.raises(IllegalAction) as refused:
        state.apply(attack("6C", "6D"))
    assert refused.value.code == "lead-one-suit"
    several = position("leading-one-suit", 2).view(0)["table"]
    assert [pair["attack"] for pair in several] == ["7C", "9C", "JC"] and all(pair["beat"] for pair in several)


@pytest.mark.parametrize(("slug", "number"), [("leading-one-suit", 3), ("aces-decide", 4)])
def test_the_right_leads_are_exactly_the_leads_that_win(slug, number):
    state = position(slug, number)
    winning = [action for action in state.legal_actions() if escapes_rooster(state.apply(action), 0)]
    assert same_moves(state, winning, answers_of(step_of(slug, number)["payload"]))


def test_the_aces_example_is_won_by_whoever_attacks_first():
    you_first, they_first = position("aces-decide", 2), position("aces-decide", 3)
    assert you_first.is_over and you_first.rooster == 1
    assert they_first.is_over and they_first.rooster == 0
    assert set(events(they_first, "take")[0]["cards"]) == {"6C", "7C", "8C", "AC", "QH", "KH", "QS"}
    # The same deal, the clubs attacking first: nothing the kings and queens can do saves them.
    start = position_from_payload("rooster", VARIANT, {**step_of("aces-decide", 3)["payload"], "actions": []})
    assert start.current_player == 1 and not escapes_rooster(start, 0)


def test_a_throw_in_is_limited_by_the_defenders_hand():
    order = position("throwing-in", 2)
    assert [(event["type"], event["seat"]) for event in order.log[-2:]] == [("pass", 0), ("throw", 2)]
    state = position("throwing-in", 3)
    assert state.view(0)["hand_sizes"][1] == 1 and state.view(0)["throw_limit"] == 1
    assert state.apply(throw("JS")).legal_actions() == [PASS]           # 9♦ may not follow
    assert beat("9D", "QH") in state.apply(throw("9D")).apply(PASS).legal_actions()
    assert sorted(position("throwing-in", 4).view(1)["hand"]) == sorted(["9C", "JH", "JS", "QH"])


def test_taking_at_once_picks_up_the_led_card_and_taking_later_everything():
    assert events(position("take-at-once", 3), "take")[-1] == {"type": "take", "seat": 0, "cards": ["10C"]}
    # Step 4 goes on from the learner's take: Player 3 beats 7♥, you throw in both tens, Player 3 takes all four.
    later = position("take-at-once", 4)
    assert step_of("take-at-once", 4)["payload"]["actions"][:2] == [attack("10C"), TAKE]
    assert events(later, "take")[-1] == {"type": "take", "seat": 2, "cards": ["7H", "10C", "10D", "10H"]}
    assert [event["cards"] for event in events(later, "throw")] == [["10D"], ["10C"]]
    # Beating 10♣ in step 2 would have let Player 3 throw in 10♥, which nothing in your hand beats.
    beaten = position("take-at-once", 2).apply(beat("10C", "10D")).apply(throw("10H")).apply(PASS)
    assert beaten.current_player == 0 and beaten.legal_actions() == [TAKE]


def test_the_attacker_draws_first_and_a_player_without_cards_goes_out():
    refill = position("refill-order", 2)
    assert [(event["seat"], event["count"]) for event in events(refill, "draw")] == [(0, 2), (1, 1)]
    assert refill.view(0)["stock_size"] == 0 and refill.view(0)["hand_sizes"] == [6, 5, 6]
    gone = position("refill-order", 4)
    assert gone.view(0)["out"] == [0] and not gone.is_over
    nobody = position("refill-order", 5)
    assert nobody.is_over and nobody.rooster is None and nobody.winners == [0, 1]


# -- on the site --------------------------------------------------------------------------------

@pytest.fixture
def rooster_lessons(presets):
    from tutorials.services import lessons_import

    documents = [parse_document(DOCUMENTS[slug], source=f"{slug}.json") for slug in ROOSTER_LESSONS]
    lessons_import(documents=documents, overwrite=True)


@pytest.mark.django_db
def test_the_lesson_list_shows_the_rooster_lessons_in_order(client, rooster_lessons):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    page = client.get(reverse("learn")).content.decode()
    titles = [DOCUMENTS[slug]["title"]["ru"] for slug in ROOSTER_LESSONS]
    assert all(title in page for title in titles)
    assert [page.index(title) for title in titles] == sorted(page.index(title) for title in titles)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["ru", "en"])
def test_every_rooster_step_shows_on_the_lesson_page(client, rooster_lessons, language):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    for slug in ROOSTER_LESSONS:
        for step in DOCUMENTS[slug]["steps"]:
            response = client.get(reverse("lesson", args=["rooster", slug]) + f"?step={step['number']}")
            assert response.status_code == 200, (slug, step["number"])


@pytest.mark.django_db
def test_a_lead_question_is_played_on_the_lesson_page_refused_wrong_then_right(client, rooster_lessons):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    number = 3
    page = client.get(reverse("lesson", args=["rooster", "leading-one-suit"]) + f"?step={number}").content.decode()
    form = page.split('class="move-form')[1]
    assert 'name="cards"' in form and " checked" not in form     # no answer given away
    url = reverse("lesson_answer", args=["rooster", "leading-one-suit"])
    post = {"step": number, "move": 0, "type": "attack"}
    refused = client.post(url, {**post, "cards": ["6C", "6D"]})
    assert refused.status_code == 400
    retry = client.post(url, {**post, "cards": ["9H"]})
    assert retry.status_code == 200 and "Not this move" in retry.content.decode()
    moved_on = client.post(url, {**post, "cards": ["9H", "QH"]})
    assert moved_on.status_code == 302 and moved_on.url.endswith(f"?step={number + 1}")


@pytest.mark.django_db
def test_a_take_question_is_answered_with_the_take_button(client, rooster_lessons):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    url = reverse("lesson_answer", args=["rooster", "take-at-once"])
    wrong = client.post(url, {"step": 2, "move": 0, "type": "beat", "attack": "10C", "card": "10D"})
    assert wrong.status_code == 200
    right = client.post(url, {"step": 2, "move": 0, "type": "take"})
    assert right.status_code == 302 and right.url.endswith("?step=3")
