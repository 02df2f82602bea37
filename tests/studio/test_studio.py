"""The lesson studio: an editor writes a worked example on the table (a deal from a seed, moves played for every
seat, a question made by clicking the right move, feedback in both languages) and never sees JSON; every change
is checked as the lesson admin checks it and refused in words, with nothing saved."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User
from reversion.models import Version

from games.rules import get_game
from tutorials.models import Lesson, LessonStep
from tutorials.payloads import answers_of, position_from_payload

pytestmark = pytest.mark.django_db


@pytest.fixture
def editor(client):
    user = User.objects.create_user("ed", password="pw-for-tests", is_staff=True)
    user.groups.add(Group.objects.get(name="Editors"))
    client.force_login(user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return user


def create(client, game_key: str = "hearts", title: str = "Passing to the left") -> Lesson:
    response = client.post("/studio/", {"game": game_key, "title": title})
    lesson = Lesson.objects.get(game_key=game_key, title_en=title)
    assert response.status_code == 302 and response["Location"] == f"/studio/lessons/{lesson.pk}/"
    return lesson


def step_of(lesson: Lesson, number: int) -> LessonStep:
    return lesson.steps.get(number=number)


def state_of(step: LessonStep):
    return position_from_payload(step.lesson.game_key, step.lesson.variant(), step.payload)


def post_move(client, step: LessonStep, change: str, action: dict, **extra):
    """What the play page's move form posts for `action` (games.forms.move_form_values's names)."""
    data = {"move": len(step.payload.get("actions", [])), "type": action["type"], **extra}
    if "cards" in action:
        data["cards"] = action["cards"]
    if "card" in action:
        data["card"] = action["card"]
    return client.post(f"/studio/lessons/{step.lesson_id}/steps/{step.number}/{change}/", data, follow=True)


def test_only_editors_enter_the_studio(client):
    assert client.get("/studio/").status_code == 302   # asked to sign in
    learner = User.objects.create_user("learner", password="pw-for-tests")
    client.force_login(learner)
    assert client.get("/studio/").status_code == 403
    assert client.post("/studio/", {"game": "hearts", "title": "Sneaky"}).status_code == 403
    assert not Lesson.objects.filter(title_en="Sneaky").exists()


def test_an_editor_writes_a_hearts_worked_example_on_the_table(client, editor):
    lesson = create(client)
    assert not lesson.published and lesson.steps.count() == 1
    page = client.get("/studio/")
    assert "Passing to the left" in page.content.decode()

    step = step_of(lesson, 1)
    response = client.post(f"/studio/lessons/{lesson.pk}/steps/1/deal/",
                           {"players": "4", "seed": "7", "dealer": "0", "seat": "0"}, follow=True)
    assert response.status_code == 200
    step.refresh_from_db()
    state = state_of(step)
    rules = get_game("hearts")
    assert state.to_dict() == rules.new_game(players=4, seed=7, variant=rules.variant(), dealer=0).to_dict()
    assert step.kind == LessonStep.Kind.REPLAY

    # The pass, for every seat, with the play page's own forms; then two tricks.
    for _ in range(4 + 8):
        state = state_of(step)
        action = state.legal_actions()[0]
        response = post_move(client, step, "play", action, purpose="play")
        assert response.status_code == 200
        step.refresh_from_db()
        assert step.payload["actions"][-1] == action
    assert len(step.payload["actions"]) == 12

    # Undo takes back one move.
    client.post(f"/studio/lessons/{lesson.pk}/steps/1/undo/")
    step.refresh_from_db()
    assert len(step.payload["actions"]) == 11

    # A second step goes on from the first: no deal or moves are copied by hand.
    response = client.post(f"/studio/lessons/{lesson.pk}/add-step/")
    second = step_of(lesson, 2)
    assert response["Location"] == f"/studio/lessons/{lesson.pk}/steps/2/"
    assert second.payload["deal"] == step.payload["deal"] and second.payload["actions"] == step.payload["actions"]

    # Play on until the learner (seat 0) is to move, then make it a question by clicking the right move.
    while state_of(second).current_player != 0:
        post_move(client, second, "play", state_of(second).legal_actions()[0], purpose="play")
        second.refresh_from_db()
    state = state_of(second)
    legal = state.legal_actions()
    assert len(legal) >= 2, "the learner must have a choice here for the test to mean anything"
    post_move(client, second, "answer", legal[-1], purpose="answer")
    second.refresh_from_db()
    assert second.kind == LessonStep.Kind.QUESTION and answers_of(second.payload) == [legal[-1]]

    page = client.get(f"/studio/lessons/{lesson.pk}/steps/2/").content.decode()
    assert "Right moves:" in page and "feedback-0-ru" in page and "{&quot;" not in page and '{"type"' not in page

    # Feedback on a wrong move in both languages, texts, a hint.
    response = client.post(f"/studio/lessons/{lesson.pk}/steps/2/texts/", {
        "body_ru": "Ваш ход.", "body_en": "Your lead.", "hint_1_ru": "Подумайте о пиках.",
        "hint_1_en": "Think of the spades.", "hint_2_ru": "", "hint_2_en": "", "explanation_ru": "",
        "explanation_en": "", "feedback-0-ru": "Так вы отдадите взятку.", "feedback-0-en": "That gives the trick away.",
    }, follow=True)
    assert response.status_code == 200
    second.refresh_from_db()
    assert second.body_en == "Your lead." and second.hint_1_ru == "Подумайте о пиках."
    assert second.payload["feedback"] == [{"action": legal[0], "text": {"ru": "Так вы отдадите взятку.",
                                                                        "en": "That gives the trick away."}}]

    client.post(f"/studio/lessons/{lesson.pk}/publish/")
    lesson.refresh_from_db()
    assert lesson.published
    # Each change is a version in the lesson's history.
    assert Version.objects.get_for_object(lesson).count() >= 3


def test_a_move_the_rules_forbid_is_refused_in_words_and_nothing_changes(client, editor):
    lesson = create(client)
    client.post(f"/studio/lessons/{lesson.pk}/steps/1/deal/", {"players": "4", "seed": "3"})
    step = step_of(lesson, 1)
    before = dict(step.payload)
    state = state_of(step)
    held = state.view(0)["hand"]
    response = post_move(client, step, "play", {"type": "pass", "cards": held[:2]}, purpose="play")
    step.refresh_from_db()
    assert step.payload == before
    assert "Not saved" in response.content.decode()


def test_feedback_in_one_language_only_is_refused(client, editor):
    lesson = create(client, title="Half feedback")
    client.post(f"/studio/lessons/{lesson.pk}/steps/1/deal/", {"players": "4", "seed": "3"})
    step = step_of(lesson, 1)
    while state_of(step).current_player != 0:
        post_move(client, step, "play", state_of(step).legal_actions()[0], purpose="play")
        step.refresh_from_db()
    post_move(client, step, "answer", state_of(step).legal_actions()[0], purpose="answer")
    step.refresh_from_db()
    assert step.kind == LessonStep.Kind.QUESTION
    before = (step.kind, step.payload)
    response = client.post(f"/studio/lessons/{lesson.pk}/steps/1/texts/",
                           {"feedback-1-ru": "Только по-русски.", "feedback-1-en": ""}, follow=True)
    step.refresh_from_db()
    assert (step.kind, step.payload) == before
    assert "in every language" in response.content.decode()


def test_a_stale_page_cannot_play_on_a_changed_table(client, editor):
    lesson = create(client, title="Stale")
    client.post(f"/studio/lessons/{lesson.pk}/steps/1/deal/", {"players": "4", "seed": "3"})
    step = step_of(lesson, 1)
    action = state_of(step).legal_actions()[0]
    data = {"move": "5", "type": action["type"], "cards": action["cards"], "purpose": "play"}
    response = client.post(f"/studio/lessons/{lesson.pk}/steps/1/play/", data, follow=True)
    step.refresh_from_db()
    assert step.payload["actions"] == []
    assert "changed meanwhile" in response.content.decode()


def test_bad_deal_numbers_are_refused(client, editor):
    lesson = create(client, title="Bad deal")
    response = client.post(f"/studio/lessons/{lesson.pk}/steps/1/deal/", {"players": "9", "seed": "x"}, follow=True)
    assert "not a whole number" in response.content.decode()
    response = client.post(f"/studio/lessons/{lesson.pk}/steps/1/deal/", {"players": "9", "seed": "1"}, follow=True)
    assert "players" in response.content.decode()
    assert step_of(lesson, 1).payload == {}


@pytest.mark.parametrize("game_key", ["sunduchok", "hearts", "yashchiki", "rooster"])
def test_every_game_deals_from_a_seed_exactly_as_a_new_game(client, editor, game_key):
    rules = get_game(game_key)
    lesson = create(client, game_key=game_key, title=f"Deal of {game_key}")
    for seed in range(4):
        players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        client.post(f"/studio/lessons/{lesson.pk}/steps/1/deal/",
                    {"players": str(players), "seed": str(seed), "dealer": str(seed % players), "seat": "0"})
        step = step_of(lesson, 1)
        expected = rules.new_game(players=players, seed=seed, variant=rules.variant(), dealer=seed % players)
        assert state_of(step).to_dict() == expected.to_dict()
    page = client.get(f"/studio/lessons/{lesson.pk}/steps/1/")
    assert page.status_code == 200


def test_steps_reorder_and_removal_keep_the_lesson_consistent(client, editor):
    lesson = create(client, title="Order")
    client.post(f"/studio/lessons/{lesson.pk}/steps/1/deal/", {"players": "4", "seed": "3"})
    client.post(f"/studio/lessons/{lesson.pk}/add-step/")
    client.post(f"/studio/lessons/{lesson.pk}/add-step/")
    assert list(lesson.steps.values_list("number", flat=True)) == [1, 2, 3]
    first = step_of(lesson, 1)
    client.post(f"/studio/lessons/{lesson.pk}/steps/1/down/")
    first.refresh_from_db()
    assert first.number == 2
    client.post(f"/studio/lessons/{lesson.pk}/steps/3/delete/")
    assert list(lesson.steps.values_list("number", flat=True)) == [1, 2]
    page = client.get(f"/studio/lessons/{lesson.pk}/")
    assert page.status_code == 200 and "Step 2" in page.content.decode()


def question_at_the_first_lead(client, title: str) -> LessonStep:
    """A Hearts step whose question is the learner's first choice of a card among three or more."""
    lesson = create(client, title=title)
    client.post(f"/studio/lessons/{lesson.pk}/steps/1/deal/", {"players": "4", "seed": "11"})
    step = step_of(lesson, 1)
    while (state_of(step).current_player != 0 or state_of(step).legal_actions()[0]["type"] == "pass"
           or len(state_of(step).legal_actions()) < 3):
        post_move(client, step, "play", state_of(step).legal_actions()[0], purpose="play")
        step.refresh_from_db()
    legal = state_of(step).legal_actions()
    assert len(legal) >= 3
    post_move(client, step, "answer", legal[-1], purpose="answer")
    step.refresh_from_db()
    assert step.kind == LessonStep.Kind.QUESTION
    return step


def test_a_wrong_move_starts_from_the_coachs_words_which_the_editor_keeps_or_edits(client, editor):
    step = question_at_the_first_lead(client, "Coach's words")
    page = client.get(f"/studio/lessons/{step.lesson_id}/steps/1/").content.decode()
    assert "The coach's words:" in page and 'name="use_draft"' in page
    state = state_of(step)
    response = client.post(f"/studio/lessons/{step.lesson_id}/steps/1/texts/",
                           {"question_texts": "1", "use_draft": "0"}, follow=True)
    assert response.status_code == 200
    step.refresh_from_db()
    [entry] = step.payload["feedback"]
    assert entry["action"] == state.legal_actions()[0]
    assert entry["text"]["en"] and entry["text"]["ru"] and entry["text"]["en"] != entry["text"]["ru"]
    # The editor edits the English words; the Russian ones stay the coach's.
    client.post(f"/studio/lessons/{step.lesson_id}/steps/1/texts/", {
        "question_texts": "1", "feedback-0-en": "My own words.", "feedback-0-ru": entry["text"]["ru"]})
    step.refresh_from_db()
    assert step.payload["feedback"][0]["text"] == {"en": "My own words.", "ru": entry["text"]["ru"]}


def test_the_explanation_may_come_after_the_first_wrong_answer(client, editor):
    step = question_at_the_first_lead(client, "Explain early")
    client.post(f"/studio/lessons/{step.lesson_id}/steps/1/texts/",
                {"question_texts": "1", "explain_after_first_wrong": "on"})
    step.refresh_from_db()
    assert step.payload["explain_after_first_wrong"] is True
    client.post(f"/studio/lessons/{step.lesson_id}/steps/1/texts/", {"question_texts": "1"})
    step.refresh_from_db()
    assert "explain_after_first_wrong" not in step.payload


def test_a_hint_that_names_the_answer_is_saved_with_a_warning(client, editor):
    step = question_at_the_first_lead(client, "Hint gives it away")
    card = answers_of(step.payload)[0]["card"]
    client.post(f"/studio/lessons/{step.lesson_id}/steps/1/texts/",
                {"question_texts": "1", "hint_1_en": f"Play the {card}.", "hint_1_ru": "Подумайте."})
    step.refresh_from_db()
    assert step.hint_1_en == f"Play the {card}."   # saved: the words may be a coincidence
    page = client.get(f"/studio/lessons/{step.lesson_id}/steps/1/").content.decode()
    assert "message--warning" in page and card in page


def test_a_step_starts_from_a_move_of_the_editors_own_game(client, editor):
    from games.history import game_history
    from games.services import game_create

    game = game_create(game_key="hearts", preset="standard", players=4, bot_levels=["easy"] * 3, human_name="ed",
                       seed=5, owner=editor)
    lesson = create(client, title="From my game")
    history = game_history(game)
    move = history.move_count
    response = client.post(f"/studio/lessons/{lesson.pk}/steps/1/from-game/",
                           {"game": str(game.pk), "move_number": str(move)}, follow=True)
    assert response.status_code == 200
    step = step_of(lesson, 1)
    assert state_of(step).to_dict() == history.states[move].to_dict()
    assert step.payload["seat"] == 0

    stranger = User.objects.create_user("stranger", password="pw-for-tests")
    theirs = game_create(game_key="hearts", preset="standard", players=4, bot_levels=["easy"] * 3,
                         human_name="x", seed=6, owner=stranger)
    response = client.post(f"/studio/lessons/{lesson.pk}/steps/1/from-game/",
                           {"game": str(theirs.pk), "move_number": "0"}, follow=True)
    assert "Choose one of your games" in response.content.decode()
    assert state_of(step_of(lesson, 1)).to_dict() == history.states[move].to_dict()


def test_a_step_starts_from_a_puzzles_position_under_the_same_rules_only(client, editor):
    from puzzles.mining import view_key
    from puzzles.models import Puzzle
    from puzzles.selectors import puzzle_state

    rules = get_game("hearts")
    state, actions = rules.new_game(players=4, seed=3, variant=rules.variant()), []
    for _ in range(6):
        actions.append(state.legal_actions()[0])
        state = state.apply(actions[-1])
    puzzle = Puzzle.objects.create(game_key="hearts", preset="standard", players=4, seed=3, dealer=0, actions=actions,
                                   seat=state.current_player, best=state.legal_actions()[0], unit="points",
                                   theme="the-lead", view_key=view_key(state.view(state.current_player)))
    lesson = create(client, title="From a puzzle")
    client.post(f"/studio/lessons/{lesson.pk}/steps/1/from-puzzle/", {"puzzle": str(puzzle.pk)})
    step = step_of(lesson, 1)
    assert state_of(step).to_dict() == puzzle_state(puzzle).to_dict() == state.to_dict()
    assert step.payload["seat"] == puzzle.seat

    other_rules = Puzzle.objects.create(game_key="hearts", preset="short-50", players=4, seed=3, dealer=0,
                                        actions=[], seat=1, best=actions[0], unit="points", theme="the-lead",
                                        view_key="studio-test-2")
    response = client.post(f"/studio/lessons/{lesson.pk}/steps/1/from-puzzle/", {"puzzle": str(other_rules.pk)},
                           follow=True)
    assert "other rules" in response.content.decode()
    assert state_of(step_of(lesson, 1)).to_dict() == state.to_dict()


def test_the_studio_speaks_the_editors_language(client, editor):
    lesson = create(client, title="In Russian")
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    assert "Студия уроков" in client.get("/studio/").content.decode()
    page = client.get(f"/studio/lessons/{lesson.pk}/steps/1/").content.decode()
    assert "Раздать карты" in page and "Что читает ученик" in page
    response = client.post(f"/studio/lessons/{lesson.pk}/steps/1/deal/", {"players": "9", "seed": "1"}, follow=True)
    assert "Не сохранено: В эту игру играют от 4 до 4 игроков." in response.content.decode()


def places_of(hands: list[list[str]], stock: list[str] = ()) -> dict[str, str]:
    places = {f"card-{card}": str(seat) for seat, hand in enumerate(hands) for card in hand}
    places.update({f"card-{card}": "stock" for card in stock})
    return places


def test_cards_move_between_hands_after_the_pass_and_the_deal_before_it_is_worked_out(client, editor):
    lesson = create(client, title="Picker")
    client.post(f"/studio/lessons/{lesson.pk}/steps/1/deal/", {"players": "4", "seed": "3"})
    step = step_of(lesson, 1)
    for _ in range(4):
        post_move(client, step, "play", state_of(step).legal_actions()[0], purpose="play")
        step.refresh_from_db()
    page = client.get(f"/studio/lessons/{lesson.pk}/steps/1/").content.decode()
    assert 'name="card-QS"' in page and "52 cards in all" in page
    data = state_of(step).to_dict()
    hands, received = data["hands"], data["received"]
    mine = next(card for card in hands[0] if card not in received[0])
    theirs = next(card for card in hands[1] if card not in received[1])
    places = places_of(hands)
    places[f"card-{mine}"], places[f"card-{theirs}"] = "1", "0"
    passes = list(step.payload["actions"])
    client.post(f"/studio/lessons/{lesson.pk}/steps/1/cards/", places)
    step.refresh_from_db()
    after = state_of(step).to_dict()["hands"]
    assert theirs in after[0] and mine not in after[0] and mine in after[1]
    assert step.payload["actions"] == passes   # the pass stays as it was

    before = step.payload
    kept = next(iter(received[0]))
    places = places_of(after)
    places[f"card-{kept}"] = "2"
    response = client.post(f"/studio/lessons/{lesson.pk}/steps/1/cards/", places, follow=True)
    step.refresh_from_db()
    assert step.payload == before and "keeps the cards received in the pass" in response.content.decode()

    places = places_of(after)
    del places[f"card-{kept}"]
    response = client.post(f"/studio/lessons/{lesson.pk}/steps/1/cards/", places, follow=True)
    step.refresh_from_db()
    assert step.payload == before and "Give every card" in response.content.decode()


def test_cards_move_between_hands_and_the_stock_at_the_deal(client, editor):
    lesson = create(client, game_key="sunduchok", title="Picker at the deal")
    client.post(f"/studio/lessons/{lesson.pk}/steps/1/deal/", {"players": "2", "seed": "4"})
    step = step_of(lesson, 1)
    deal = step.payload["deal"]
    places = places_of(deal["hands"], deal["stock"])
    top, held = deal["stock"][0], deal["hands"][0][0]
    places[f"card-{top}"], places[f"card-{held}"] = "0", "stock"
    client.post(f"/studio/lessons/{lesson.pk}/steps/1/cards/", places)
    step.refresh_from_db()
    hands, stock = step.payload["deal"]["hands"], step.payload["deal"]["stock"]
    assert top in hands[0] and held not in hands[0] and stock[-1] == held and stock[:-1] == deal["stock"][1:]


def test_a_position_becomes_a_practice_game_against_bots_and_back(client, editor):
    lesson = create(client, game_key="sunduchok", title="Practice")
    client.post(f"/studio/lessons/{lesson.pk}/steps/1/deal/", {"players": "3", "seed": "2", "seat": "1"})
    step = step_of(lesson, 1)
    position = dict(step.payload)
    page = client.get(f"/studio/lessons/{lesson.pk}/steps/1/").content.decode()
    assert 'name="bots"' in page and "Collect 1 chest." in page and "Win the game." in page

    client.post(f"/studio/lessons/{lesson.pk}/steps/1/practice/",
                {"bots": ["easy", "hard"], "goal": "chests", "count": "2", "max_moves": "12"})
    step.refresh_from_db()
    assert step.kind == LessonStep.Kind.PRACTICE
    assert step.payload == {**position, "bots": ["easy", "hard"], "goal": {"type": "chests", "count": 2},
                            "max_moves": 12}
    page = client.get(f"/studio/lessons/{lesson.pk}/steps/1/").content.decode()
    assert "The practice game" in page and 'value="hard" selected' in page

    # One bot for two other seats, or a goal this game does not have: refused in words, nothing changed.
    response = client.post(f"/studio/lessons/{lesson.pk}/steps/1/practice/", {"bots": ["easy"], "goal": "win"},
                           follow=True)
    assert "Not saved" in response.content.decode()
    response = client.post(f"/studio/lessons/{lesson.pk}/steps/1/practice/", {"bots": ["easy", "easy"],
                                                                              "goal": "tricks"}, follow=True)
    assert "Not saved" in response.content.decode()
    step.refresh_from_db()
    assert step.payload["goal"] == {"type": "chests", "count": 2}

    client.post(f"/studio/lessons/{lesson.pk}/steps/1/kind/", {"kind": "replay"})
    step.refresh_from_db()
    assert step.kind == LessonStep.Kind.REPLAY and step.payload == position


def test_the_card_pickers_seats_are_named_in_the_editors_language(client, editor):
    lesson = create(client, title="Seats in Russian")
    client.post(f"/studio/lessons/{lesson.pk}/steps/1/deal/", {"players": "4", "seed": "1"})
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    page = client.get(f"/studio/lessons/{lesson.pk}/steps/1/").content.decode()
    assert ">Игрок 2</option>" in page and ">Player 2</option>" not in page


def test_lessons_move_up_and_down_in_their_games_list(client, editor):
    first, second = create(client, title="First of two"), create(client, title="Second of two")

    def ordered() -> list[str]:
        return list(Lesson.objects.filter(game_key="hearts").order_by("order", "slug").values_list("title_en",
                                                                                                    flat=True))
    assert ordered().index("First of two") < ordered().index("Second of two")
    client.post(f"/studio/lessons/{second.pk}/up/", {"back": "index"})
    assert ordered().index("Second of two") < ordered().index("First of two")
    client.post(f"/studio/lessons/{first.pk}/down/")
    assert ordered()[-1] == "First of two"


def test_a_lesson_is_played_under_a_preset_unless_a_step_would_break(client, editor):
    from games.models import Preset

    lesson = create(client, title="Short match")
    short = Preset.objects.create(game_key="hearts", slug="studio-short", name="Short (studio)", fields={"end_at": 50})
    sunduchok = Preset.objects.create(game_key="sunduchok", slug="studio-deck", name="Deck", fields={})
    client.post(f"/studio/lessons/{lesson.pk}/preset/", {"preset": str(short.pk)})
    lesson.refresh_from_db()
    assert lesson.preset == short
    response = client.post(f"/studio/lessons/{lesson.pk}/preset/", {"preset": str(sunduchok.pk)}, follow=True)
    lesson.refresh_from_db()
    assert lesson.preset == short and "this game" in response.content.decode()
    client.post(f"/studio/lessons/{lesson.pk}/preset/", {"preset": ""})
    lesson.refresh_from_db()
    assert lesson.preset is None

    # A step whose moves pass cards no longer replays where no deal passes: refused, the rules unchanged.
    no_pass = Preset.objects.create(game_key="hearts", slug="studio-no-pass", name="No pass",
                                    fields={"pass_cycle": ["none"]})
    client.post(f"/studio/lessons/{lesson.pk}/steps/1/deal/", {"players": "4", "seed": "3"})
    step = step_of(lesson, 1)
    post_move(client, step, "play", state_of(step).legal_actions()[0], purpose="play")
    response = client.post(f"/studio/lessons/{lesson.pk}/preset/", {"preset": str(no_pass.pk)}, follow=True)
    lesson.refresh_from_db()
    assert lesson.preset is None and "Step 1:" in response.content.decode()


def test_a_step_whose_rules_changed_since_is_refused_in_words_not_with_an_error(client, editor):
    lesson = create(client, title="Broken since")
    client.post(f"/studio/lessons/{lesson.pk}/steps/1/deal/", {"players": "4", "seed": "3"})
    step = step_of(lesson, 1)
    post_move(client, step, "play", state_of(step).legal_actions()[0], purpose="play")
    step.refresh_from_db()
    # The rules change under the lesson behind the studio's back (an edit of the preset, an engine's change).
    LessonStep.objects.filter(pk=step.pk).update(payload={**step.payload, "actions": [{"type": "play", "card": "2C"}]})
    page = client.get(f"/studio/lessons/{lesson.pk}/steps/1/")
    assert page.status_code == 200 and "not legal" in page.content.decode()
    response = client.post(f"/studio/lessons/{lesson.pk}/steps/1/cards/", {"card-2C": "0"}, follow=True)
    assert response.status_code == 200 and "no longer replays" in response.content.decode()
    response = client.post(f"/studio/lessons/{lesson.pk}/add-step/", follow=True)
    assert response.status_code == 200 and step_of(lesson, 2).kind == LessonStep.Kind.TEXT
    client.post(f"/studio/lessons/{lesson.pk}/steps/1/undo/")   # taking the move back mends it
    assert state_of(step_of(lesson, 1)).to_dict() == get_game("hearts").new_game(
        players=4, seed=3, variant=get_game("hearts").variant()).to_dict()


def test_a_nul_character_in_a_text_is_refused_in_words(client, editor):
    response = client.post("/studio/", {"game": "hearts", "title": "Bad\x00title"}, follow=True)
    assert "NUL character" in response.content.decode()
    assert not Lesson.objects.filter(title_en__startswith="Bad").exists()
    lesson = create(client, title="Clean title")
    response = client.post(f"/studio/lessons/{lesson.pk}/steps/1/texts/", {"body_ru": "\x00", "body_en": "Fine"},
                           follow=True)
    assert "NUL character" in response.content.decode() and not step_of(lesson, 1).body_en
