"""The review of a finished game (GET /play/<id>/review/): the coach's verdict on each decision of the player's
seat, part by part, kept once computed; the deal picker of long matches; "Try again from here"; who may see
it; no hidden card of the game's positions — for all four games."""

from __future__ import annotations

import html
import random
import re

import pytest
from django.urls import reverse

from games import review_services, services
from games.coach import get_coach
from games.coach.review import decision_seed, decision_steps, review_decision
from games.history import _cache as history_cache
from games.history import game_history
from games.models import Game, GameReview
from games.narration.coach import amount
from games.narration.coach import number as figure
from games.review_selectors import review_plan, stored_parts
from tests.web.helpers import a_legal_action, assert_no_hidden_cards, count_review_plans, load_review

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
TABLES = {"sunduchok": 3, "hearts": 4, "rooster": 3, "yashchiki": 4}
# Short games keep the tests quick: Hearts' short match (several deals, for the deal picker), Yashchiki with
# three deals of 4, 3 and 2 cards.
SHORT = {"sunduchok": ("standard", None), "rooster": ("short-hands", None), "hearts": ("short-50", None),
         "yashchiki": ("short", {"hand_sizes": [4, 3, 2]})}


@pytest.fixture
def client(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def finished_game(game_key: str, *, preset: str = "standard", variant: dict | None = None, seed: int = 5,
                  moves_seed: int = 1) -> Game:
    """A game played to its end by a random human against easy bots."""
    game = services.game_create(game_key=game_key, preset=preset, variant=variant, players=TABLES[game_key],
                                bot_levels=["easy"] * (TABLES[game_key] - 1), human_name="Guest", seed=seed)
    rng = random.Random(moves_seed)
    while not game.is_over:
        game = services.game_apply_action(game_id=game.pk, seat=0, action=a_legal_action(game, rng),
                                          expected_move=game.move_count)
    return game


def visit(client, game: Game) -> None:
    session = client.session
    session["game_ids"] = [*session.get("game_ids", []), str(game.pk)]
    session.save()


def review_url(game: Game) -> str:
    return reverse("review", args=[game.pk])


def without_tokens(page: str) -> str:
    """A page without its CSRF tokens, which differ on every response."""
    return re.sub(r'(csrfmiddlewaretoken" value=|X-CSRFToken": )"[^"]+"', r"\1", page)


@pytest.fixture
def sunduchok_game(client):
    game = finished_game("sunduchok")
    visit(client, game)
    return game


def test_the_review_judges_every_decision_of_the_seat_as_the_coach_does(client, sunduchok_game):
    game = sunduchok_game
    page = load_review(client, game)
    history = game_history(game)
    steps = decision_steps(history.states, [logged.seat for logged in history.actions], 0)
    verdicts = re.findall(r'id="move-(\d+)" data-verdict="(\w+)"', page)
    assert [int(number) - 1 for number, _ in verdicts] == steps
    coach = get_coach("sunduchok")
    for number, verdict in verdicts:
        step = int(number) - 1
        expected = review_decision(coach, history.states[step], history.actions[step].action, step=step,
                                   seed=decision_seed(game.seed, step))
        assert verdict == expected.verdict
    assert "Summary" in page and "Accuracy" in page
    counts = {kind: sum(1 for _, verdict in verdicts if verdict == kind) for kind in ("good", "inaccuracy", "mistake")}
    figures = dict(re.findall(r"<dt>(\w+)</dt><dd>([^<]+)</dd>", page))
    assert figures["Decisions"] == str(len(steps))
    assert figures["Mistakes"] == str(counts["mistake"]) and figures["Inaccuracies"] == str(counts["inaccuracy"])
    assert figures["Accuracy"] == f"{round(100 * counts['good'] / len(steps))}%"
    assert ("A move is an inaccuracy when, with it, the player could expect more than 0.15 chests fewer at the game's "
            "end than with the best move, and a mistake when by more than 0.4 chests.") in html.unescape(page)


# The first person of the bot that the coach's reason comes from ("I hold…", "у меня…"): never on the learner's page.
FIRST_PERSON = {"en": re.compile(r"\b(I|me|my|mine)\b"), "ru": re.compile(r"\b(я|мне|меня|мой|моему|моём)\b")}


def judged_articles(page: str, game: Game, language: str) -> list[tuple[str, object]]:
    """Each inaccuracy and mistake of the review page (unescaped) with the decision the review kept for it; every
    one says how much the learner's move lost and both moves' figures, in the coach's own numbers, and its
    reason (the hard bot's, for the better move) told of "you"."""
    decisions = {decision.step: decision for part in stored_parts(game=game, seat=0).values() for decision in part}
    judged = []
    for article, move_number in re.findall(r'(<article[^>]*id="move-(\d+)" data-verdict="(?:mistake|inaccuracy)".*?'
                                      r'</article>)', page, re.S):
        decision = decisions[int(move_number) - 1]
        text = html.unescape(article)
        played, best = figure(decision.played_value, language), figure(decision.best_value, language)
        if language == "ru":
            assert f"С вашим ходом к концу игры можно ждать на {amount('chests', decision.loss, 'ru')} меньше" in text
            assert (f"Сколько сундучков можно ждать к концу игры, в среднем по раскладам, возможным при том, что вы "
                    f"знаете: с вашим ходом {played}, с лучшим ходом {best}.") in text
            why = re.search(r"Почему лучший ход лучше: ([^<]+)", text)
        else:
            assert (f"With your move, you could expect {amount('chests', decision.loss, 'en')} fewer at the game's end "
                    "than with the best move.") in text
            assert (f"The chests you could expect at the game's end, on average over the deals you could be facing: "
                    f"{played} with your move, {best} with the best move.") in text
            why = re.search(r"Why the better move is better: ([^<]+)", text)
        assert (why is not None) == (decision.reason is not None)
        if why:
            assert not FIRST_PERSON[language].search(why.group(1)), why.group(1)
        judged.append((text, decision))
    return judged


def test_a_random_players_mistakes_show_the_better_move_the_loss_the_reason_and_try_again(client, sunduchok_game):
    page = load_review(client, sunduchok_game)
    mistakes = re.findall(r'(<article[^>]*data-verdict="mistake".*?</article>)', page, re.S)
    assert mistakes, "a random player makes mistakes"
    judged = judged_articles(page, sunduchok_game, "en")
    assert len(judged) >= len(mistakes)
    # The figures are the learner's move and the best move, in that order, the best one worth more.
    assert all(decision.best_value > decision.played_value for _text, decision in judged)
    assert any(decision.reason is not None for _text, decision in judged), "the hard bot's reason is quoted"
    for article in mistakes:
        assert "Better:" in article
        assert "Try again from here" in article
        assert "The table as you saw it" in article
    goods = re.findall(r'(<article[^>]*data-verdict="good".*?</article>)', page, re.S)
    assert all("Better:" not in article and "Try again" not in article for article in goods)


def test_the_review_is_kept_and_equal_on_a_second_visit_and_after_a_restart(client, sunduchok_game):
    game = sunduchok_game
    first = load_review(client, game)
    kept = list(GameReview.objects.filter(game=game).order_by("part").values_list("part", "decisions"))
    assert len(kept) == len(review_plan(game=game, seat=0))
    # A second visit reads the kept parts: the whole review is on the page at once, nothing left to load.
    second = client.get(review_url(game)).content.decode()
    assert "review/part/" not in second
    assert without_tokens(second) == without_tokens(first)
    # After a restart nothing in memory is left, and the kept parts may be gone too: computed again, equal.
    GameReview.objects.all().delete()
    history_cache.clear()
    assert without_tokens(load_review(client, game)) == without_tokens(first)
    assert list(GameReview.objects.filter(game=game).order_by("part").values_list("part", "decisions")) == kept


def test_a_part_without_javascript_computes_and_goes_back_to_the_page(client, sunduchok_game):
    game = sunduchok_game
    page = client.get(review_url(game)).content.decode()
    assert "<noscript>" in page and "The coach is reviewing moves" in page
    response = client.get(reverse("review_part", args=[game.pk, 0]))
    assert response.status_code == 302 and response.url.endswith("?deal=1#review-part-0")
    assert GameReview.objects.filter(game=game, part=0).exists()
    assert client.get(reverse("review_part", args=[game.pk, 999]), **HTMX).status_code == 404


def test_each_review_request_plans_the_review_once(client, sunduchok_game, monkeypatch):
    game = sunduchok_game
    plans = count_review_plans(monkeypatch)
    assert client.get(review_url(game)).status_code == 200
    assert plans == [0]
    assert client.get(reverse("review_part", args=[game.pk, 0]), **HTMX).status_code == 200
    assert plans == [0, 0]
    assert client.get(reverse("review_part", args=[game.pk, 1])).status_code == 302
    assert plans == [0, 0, 0]
    step = review_plan(game=game, seat=0)[0].steps[1]
    plans.clear()
    assert client.post(reverse("review_try_again", args=[game.pk, step])).status_code == 302
    assert plans == [0]


def test_an_unfinished_game_has_no_review_yet_and_a_stranger_none_at_all(client):
    game = services.game_create(game_key="sunduchok", preset="standard", players=3, bot_levels=["easy", "easy"],
                                human_name="Guest", seed=5)
    visit(client, game)
    for url in (review_url(game), reverse("review_part", args=[game.pk, 0])):
        response = client.get(url)
        assert response.status_code == 409
        assert "The review opens when the game is over" in response.content.decode()
    assert client.post(reverse("review_try_again", args=[game.pk, 0])).status_code == 409
    assert not GameReview.objects.exists()
    finished = finished_game("sunduchok", seed=8)
    for url in (review_url(finished), reverse("review_part", args=[finished.pk, 0])):
        assert client.get(url).status_code == 404
    assert client.post(reverse("review_try_again", args=[finished.pk, 0])).status_code == 404


def test_try_again_starts_a_practice_game_at_exactly_that_position(client, sunduchok_game):
    game = sunduchok_game
    history = game_history(game)
    step = decision_steps(history.states, [logged.seat for logged in history.actions], 0)[2]
    response = client.post(reverse("review_try_again", args=[game.pk, step]))
    assert response.status_code == 302
    new = Game.objects.exclude(pk=game.pk).get()
    again = game_history(new)
    assert new.move_count == step and not new.is_over and new.seats == game.seats and new.seed == game.seed
    assert again.current.to_dict() == history.states[step].to_dict()
    assert [logged.reason for logged in again.actions] == [logged.reason for logged in history.actions[:step]]
    # The same bots: playing the move played then, the game goes on as it went.
    services.game_apply_action(game_id=new.pk, seat=0, action=history.actions[step].action, expected_move=step)
    new.refresh_from_db()
    shared = min(new.move_count, game.move_count)
    assert game_history(new).states[shared].to_dict() == history.states[shared].to_dict()
    # The new game's page links back to the review; it opens for this visitor.
    page = client.get(response.url).content.decode()
    assert "Back to the review" in page and f"{review_url(game)}?deal=1#move-{step + 1}" in page


def test_try_again_only_from_the_players_own_decisions(client, sunduchok_game):
    game = sunduchok_game
    history = game_history(game)
    not_mine = next(step for step, logged in enumerate(history.actions) if logged.seat != 0)
    for step in (not_mine, game.move_count + 5):
        response = client.post(reverse("review_try_again", args=[game.pk, step]))
        assert response.status_code == 409
        assert "not one of your decisions" in response.content.decode()
    assert Game.objects.count() == 1


def test_long_matches_are_reviewed_deal_by_deal(client):
    game = finished_game("hearts", preset="short-50", seed=3)
    visit(client, game)
    plan = review_plan(game=game, seat=0)
    deals = sorted({part.deal for part in plan})
    assert len(deals) > 1
    page = load_review(client, game, deal=deals[1])
    assert 'aria-current="page">Deal 2<' in page
    history = game_history(game)
    shown = [int(number) - 1 for number in re.findall(r'id="move-(\d+)" data-verdict', page)]
    assert shown == [step for part in plan if part.deal == deals[1] for step in part.steps]
    assert "This deal." in page and "not reviewed yet" in page
    for deal in deals:
        page = load_review(client, game, deal=deal)
    assert "The whole match:" in page and "not reviewed yet" not in page
    assert history.move_count == game.move_count


@pytest.mark.parametrize("game_key", sorted(TABLES))
def test_the_review_shows_no_card_the_seat_could_not_see_then(client, game_key):
    preset, variant = SHORT[game_key]
    game = finished_game(game_key, preset=preset, variant=variant, seed=4)
    visit(client, game)
    plan = review_plan(game=game, seat=0)
    history = game_history(game)
    for part in plan[:2]:
        review_services.game_review_part(game=game, part=part)
        fragment = client.get(reverse("review_part", args=[game.pk, part.number]), **HTMX).content.decode()
        for article in re.findall(r'(<article.*?</article>)', fragment, re.S):
            step = int(re.search(r'id="move-(\d+)"', article).group(1)) - 1
            assert_no_hidden_cards(article, history.states[step], 0)


def test_the_review_is_linked_from_the_end_screen_and_my_games(client, django_user_model):
    user = django_user_model.objects.create_user(username="lea", password="pw")
    client.force_login(user)
    game = finished_game("sunduchok")
    Game.objects.filter(pk=game.pk).update(owner=user)
    assert f'href="{review_url(game)}"' in client.get(reverse("play", args=[game.pk])).content.decode()
    assert f'href="{review_url(game)}"' in client.get(reverse("my_games")).content.decode()


def test_the_review_in_russian(client, sunduchok_game):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    page = load_review(client, sunduchok_game)
    assert ("Ход — неточность, если с ним к концу игры можно ждать больше чем на 0,15 сундучка меньше, чем с лучшим "
            "ходом, и ошибка — если больше чем на 0,4 сундучка.") in page
    assert judged_articles(page, sunduchok_game, "ru")
    assert "Точность" in page
    if 'data-verdict="mistake"' in page:
        assert "Лучше:" in page and "Попробовать снова отсюда" in page
