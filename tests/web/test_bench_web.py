"""`manage.py bench_web`: its statistics, its reading of real pages, its game checks, and a short real run.

The real run needs what the bench needs, PostgreSQL and Redis: it runs only in the suite's PostgreSQL+Redis
pass, on its own database (cardschool_bench_test) and Redis db 3, and is skipped otherwise.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re
import struct
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.core.management import CommandError, call_command
from django.http import QueryDict
from django.test import Client, override_settings
from django.urls import reverse

from benchmarks.loadtest.history_counts import HistoryLookups, count_into
from benchmarks.loadtest.learner import BOT_LEVELS, HARD_BOT_LEVELS, LESSON_PATH, _may_give_the_turn
from benchmarks.loadtest.pages import parse_answer, parse_page
from benchmarks.loadtest.report import Recorder, endpoint_table, percentile
from benchmarks.loadtest.run import (
    BenchOptions,
    ClassRun,
    Outcome,
    TablesRun,
    capacity_curve,
    class_plans,
    moves_by_bots,
    server_comparison,
    summary,
)
from benchmarks.loadtest.server import BenchError, BenchSite, SiteConfig
from benchmarks.loadtest.tables import TABLE_MIXES
from benchmarks.loadtest.verify import GameCheck, check_game, check_games
from games import history as history_module
from games.forms import action_from_post
from games.history import LoggedAction, game_history
from games.models import Game, GameAction
from games.rules.cards import sort_cards
from tests.together.helpers import person_to_move, seated_people
from tests.web.helpers import start_game

ROOT = Path(__file__).resolve().parents[2]
HTMX = {"HTTP_HX_REQUEST": "true"}


# Statistics.

def test_percentiles_are_nearest_rank():
    samples = [float(value) for value in range(1, 101)]
    assert [percentile(samples, share) for share in (0.0, 0.5, 0.95, 0.99, 1.0)] == [1.0, 50.0, 95.0, 99.0, 100.0]
    assert percentile([0.2, 0.4, 0.9], 0.5) == 0.4            # a sample that was measured, not an interpolation
    assert percentile([0.2, 0.4, 0.9], 0.99) == 0.9
    assert percentile([7.0], 0.5) == 7.0
    with pytest.raises(ValueError):
        percentile([], 0.5)
    with pytest.raises(ValueError):
        percentile([1.0], 1.5)


def test_the_recorder_reports_each_endpoint_with_its_rate_and_errors():
    recorder = Recorder()
    recorder.started, recorder.stopped = 10.0, 12.0    # a two-second phase
    for milliseconds in (10, 20, 30, 40):
        recorder.record("move", milliseconds / 1000)
    recorder.error("move", "HTTP 500")
    recorder.error("ws connect", "refused")
    move = recorder.stats("move")
    assert (move.count, move.per_second, move.p50_ms, move.p99_ms, move.max_ms, move.errors) == (4, 2.0, 20, 40, 40, 1)
    assert recorder.stats("ws connect").count == 0 and recorder.total_errors == 2
    table = endpoint_table(recorder)
    assert table[1].split() == ["move", "4", "2.0", "20.0", "40.0", "40.0", "40.0", "1", "100%"]
    assert table[2].split()[:3] == ["ws", "connect", "0"] and table[2].split()[-2:] == ["1", "0%"]


def _class_run(learners: int, *, move_ms: float, other_ms: float = 50.0, errors: int = 0,
               unfinished: int = 0) -> ClassRun:
    """A class phase of `learners` whose every move took `move_ms` and every play page `other_ms`; a quarter of
    its learners, and of its moves, with hard bots."""
    recorder = Recorder()
    recorder.started, recorder.stopped = 0.0, 10.0
    for number in range(100):
        recorder.record("move", move_ms / 1000, bots="hard+hard" if number % 4 == 0 else "easy+medium")
        recorder.record("play page", other_ms / 1000)
    for _ in range(errors):
        recorder.error("move", "HTTP 500")
    checks = [GameCheck(game_id=str(number), finished=number >= unfinished, consistent=True, problem="")
              for number in range(learners)]
    recorder.busiest_machine_cores = 1.95
    return ClassRun(learners=learners, recorder=recorder, checks=checks, workers_cpu=12.0, machine_cpu=18.0,
                    learners_by_bots={"easy+medium": learners - learners // 4, "hard+hard": learners // 4},
                    history=HistoryLookups(hits=900, partial_replays=7, full_replays=2, new_games=100))


def test_the_capacity_is_the_largest_count_that_met_every_goal():
    runs = [_class_run(100, move_ms=40), _class_run(200, move_ms=90), _class_run(300, move_ms=149.9),
            _class_run(400, move_ms=151), _class_run(500, move_ms=400)]
    assert [run.meets_goals for run in runs] == [True, True, True, False, False]
    assert Outcome(classes=runs).capacity == 300
    assert Outcome(classes=[_class_run(100, move_ms=200)]).capacity is None
    # Each goal counts on its own: another page too slow, an error, a game left unfinished.
    assert not _class_run(100, move_ms=40, other_ms=300).meets_goals
    assert _class_run(100, move_ms=40, other_ms=299).slowest_other == ("play page", 299.0)
    assert not _class_run(100, move_ms=40, errors=1).meets_goals
    assert not _class_run(100, move_ms=40, unfinished=1).meets_goals
    # A later count can meet the goals again (a noisy run): the capacity is still the largest that met them.
    assert Outcome(classes=[runs[3], _class_run(500, move_ms=60)]).capacity == 500


def test_the_curve_and_the_summary_report_each_count_and_each_goal():
    runs = [_class_run(100, move_ms=40), _class_run(400, move_ms=151)]
    curve = capacity_curve(runs)
    assert curve[1].split()[:5] == ["100", "40.0", "ms", "40.0", "ms"] and curve[1].endswith("met")
    # The workers' CPU and the whole machine's, in cores (12 s and 18 s over the 10-s phase), the machine's in its
    # busiest interval, the moves per second (100 in 10 s) and the machine's CPU per move (18 s over 100 moves);
    # before them, no WebSocket connect: learners against bots open none.
    assert curve[1].split()[9:17] == ["-", "0", "100/100", "1.20", "1.80", "1.95", "10.0", "180.0"]
    # The workers' history lookups: hits, partial replays, full replays.
    assert curve[1].split()[-2:] == ["900/7/2", "met"] and "history hit/partial/full" in curve[0]
    assert curve[2].endswith("not met")
    options = BenchOptions(learners=(100, 400), workers=2, ramp=10, think=(1, 3), games_per_learner=1,
                           saturation_seconds=15, saturation_clients=100, tables=2, phases=("class",), seed=1,
                           bot_move_delay=0.6, conn_max_age=0, pool_size=8, database_url="", redis_url="",
                           servers=("granian",))
    lines = summary(options, Outcome(server="granian", classes=runs))
    assert "capacity: 100 learners (the largest count that met every goal)" in lines
    assert "goal: capacity at least 400 learners: not met (100 learners)" in lines
    assert "goal: move p99 under 150 ms at every count: not met (worst 151.0 ms)" in lines
    assert any(line.startswith("server: granian, 2 workers") for line in lines)
    assert "goal: new-game form and play page p99 under 300 ms while moves saturate: not measured" in lines
    assert "history lookups in the workers: 900 hits, 7 partial replays, 2 full replays, 100 new games (first " \
           "sights included: up to 0 full replays for 0 games on 2 workers)" in lines
    assert lines[lines.index(moves_by_bots(runs)[0]) + 1].split() == ["100", "easy+medium", "75", "75", "40.0", "ms",
                                                                     "40.0", "ms", "7.5"]


def test_the_moves_of_the_learners_with_hard_bots_are_reported_apart():
    recorder = Recorder()
    recorder.started, recorder.stopped = 0.0, 10.0
    for milliseconds in (10, 20, 30):
        recorder.record("move", milliseconds / 1000, bots="easy+medium")
    recorder.record("move", 0.2, bots="hard+hard")
    recorder.record("lesson page", 0.5, bots="hard+hard")
    recorder.record("move", 0.04)   # a request of no learner's bots: counted with all, in no mix
    run = ClassRun(learners=3, recorder=recorder, checks=[], workers_cpu=1.0,
                   learners_by_bots={"easy+medium": 2, "hard+hard": 1})
    assert recorder.stats("move").count == 5 and recorder.stats("move", bots="nobody's").count == 0
    header, easy, hard = moves_by_bots([run])
    assert header.split() == ["learners", "bots", "of", "them", "moves", "move", "p50", "move", "p99", "moves/s"]
    assert easy.split() == ["3", "easy+medium", "2", "3", "20.0", "ms", "30.0", "ms", "0.3"]
    assert hard.split() == ["3", "hard+hard", "1", "1", "200.0", "ms", "200.0", "ms", "0.1"]


def _options(**changes) -> BenchOptions:
    options = BenchOptions(learners=(6,), workers=2, ramp=10, think=(1, 3), games_per_learner=1,
                           saturation_seconds=15, saturation_clients=100, tables=2, phases=("class",), seed=1,
                           bot_move_delay=0.6, conn_max_age=0, pool_size=24, database_url="", redis_url="")
    return dataclasses.replace(options, **changes)


def test_a_share_of_the_class_drawn_from_the_seed_plays_hard_bots():
    plans = class_plans(_options(), 6)   # a third by default
    assert [plan.number for plan in plans] == list(range(6))
    hard = [plan.number for plan in plans if plan.bot_levels == HARD_BOT_LEVELS]
    assert len(hard) == 2 and all(plan.bot_levels in (BOT_LEVELS, HARD_BOT_LEVELS) for plan in plans)
    assert {plan.bots for plan in plans} == {"easy+medium", "hard+hard"}
    assert class_plans(_options(), 6) == plans   # the same seed, the same learners
    assert any([plan.number for plan in class_plans(_options(seed=seed), 6) if plan.bots == "hard+hard"] != hard
               for seed in range(2, 10))
    assert len([plan for plan in class_plans(_options(hard_share=0.25), 400) if plan.bots == "hard+hard"]) == 100
    assert {plan.bot_levels for plan in class_plans(_options(hard_share=0), 6)} == {BOT_LEVELS}
    assert {plan.bot_levels for plan in class_plans(_options(hard_share=1), 6)} == {HARD_BOT_LEVELS}


def _logged_game(client: Client, seed: int) -> Game:
    """A Sunduchok game whose whole log is in the database, as a finished game's."""
    game = start_game(client, players=3, seed=seed, levels=("easy", "easy"))
    history = _play_out(game)
    GameAction.objects.filter(game=game).delete()
    GameAction.objects.bulk_create(GameAction(game=game, number=number, seat=logged.seat, action=logged.action)
                                   for number, logged in enumerate(history.actions))
    Game.objects.filter(pk=game.pk).update(move_count=history.move_count)
    game.refresh_from_db()
    return game


@pytest.mark.django_db
def test_each_history_lookup_is_counted_by_kind_where_the_bench_reads_it_and_the_cache_keeps_its_size(
        tmp_path, monkeypatch):
    client = Client()
    first, second = _logged_game(client, seed=3), _logged_game(client, seed=4)
    monkeypatch.setattr(history_module, "lookup_counts", history_module.lookup_counts)   # put back afterwards
    count_into(tmp_path)
    fresh = Game.objects.create(game_key=first.game_key, preset=first.preset, variant=first.variant, seed=9,
                                dealer=first.dealer, seats=first.seats)
    with override_settings(HISTORY_CACHE_SIZE=1):
        game_history(fresh)    # a game at its deal, now the one game kept
        game_history(second)   # a game past its deal, not kept: replayed from the start
        early = Game.objects.get(pk=first.pk)
        early.move_count = 5
        assert game_history(early).move_count == 5      # the same
        assert game_history(first).move_count == first.move_count   # only the new actions replayed
        assert game_history(first).move_count == first.move_count   # known
        assert game_history(early).move_count == 5      # a prefix of the known history
        game_history(second)   # replayed from the start again: the first game took its place
        game_history(first)    # and the first one too
    assert HistoryLookups.read(tmp_path) == HistoryLookups(hits=2, partial_replays=1, full_replays=4, new_games=1)
    # The workers' files are summed: another process's, written as the counting one writes its own.
    (tmp_path / "another.counts").write_bytes(struct.pack("4q", 10, 20, 30, 40))
    lookups = HistoryLookups.read(tmp_path)
    assert lookups == HistoryLookups(hits=12, partial_replays=21, full_replays=34, new_games=41)
    assert lookups.column == "12/21/34"
    assert lookups.described == "12 hits, 21 partial replays, 34 full replays, 41 new games"


def test_the_tables_phase_is_summed_up_and_needs_every_tables_game_finished():
    recorder = Recorder()
    recorder.started, recorder.stopped = 0.0, 100.0
    for endpoint in ("open table", "open table", "sit", "move"):
        recorder.record(endpoint, 0.05)
    checks = [GameCheck(game_id=game_id, finished=True, consistent=True) for game_id in ("a", "b")]
    assert TablesRun(tables=2, recorder=recorder, checks=checks).games_ok
    assert not TablesRun(tables=3, recorder=recorder, checks=checks).games_ok   # a table whose game never started
    options = BenchOptions(learners=(1,), workers=2, ramp=10, think=(1, 3), games_per_learner=1,
                           saturation_seconds=15, saturation_clients=100, tables=2, phases=("tables",), seed=1,
                           bot_move_delay=0.6, conn_max_age=0, pool_size=24, database_url="", redis_url="")
    lines = summary(options, Outcome(tables=TablesRun(tables=2, recorder=recorder, checks=checks)))
    assert ("tables phase, 2 tables, 5 people: 1 × Sunduchok (standard), 2 people + 1 bot; "
            "1 × Chuvash Rooster (standard), 3 people") in lines
    assert any(line.startswith("  100 s, 2 tables opened, ") for line in lines)
    assert any(line.split()[:2] == ["sit", "1"] for line in lines)
    assert ("goal: every game finished with a consistent action log: met "
            "(2 tables: games: 2 finished of 2, logs consistent: 2)") in lines
    unstarted = Outcome(tables=TablesRun(tables=3, recorder=recorder, checks=checks))
    assert not unstarted.games_ok and any("action log: not met" in line for line in summary(options, unstarted))


def test_several_servers_are_compared_side_by_side():
    def saturated(moves: int) -> Recorder:
        recorder = Recorder()
        recorder.started, recorder.stopped = 0.0, 10.0
        for _ in range(moves):
            recorder.record("move", 0.05)
        return recorder

    daphne = Outcome(server="daphne", classes=[_class_run(100, move_ms=90), _class_run(400, move_ms=700)],
                     saturated=saturated(500), saturated_cpu=10.0)
    granian = Outcome(server="granian", classes=[_class_run(100, move_ms=40), _class_run(400, move_ms=120)],
                      saturated=saturated(1000), saturated_cpu=10.0)
    lines = server_comparison([daphne, granian])
    header, first, second = lines[-3:]
    assert "move p99 @100" in header and "move p99 @400" in header
    # No /health/ nor WebSocket connect measured here; a capacity of 100; 10 s of CPU over 500 moves.
    assert first.split() == ["daphne", "-", "90.0", "ms", "700.0", "ms", "-", "100", "20.0", "ms"]
    assert second.split()[-3:] == ["400", "10.0", "ms"]


# Reading real pages.

def _legal(actions) -> set[str]:
    return {json.dumps(action, sort_keys=True) for action in actions}


def _posted(fields, game_key: str = "sunduchok") -> str:
    data = QueryDict(mutable=True)
    data.update(fields)
    action, _move = action_from_post(data, game_key=game_key)
    if action["type"] == "pass" and "cards" in action:
        # Hearts' pass is three cards in any order (the form lists the hand by suit, the legal actions by rank).
        action["cards"] = list(sort_cards(action["cards"]))
    return json.dumps(action, sort_keys=True)


@pytest.mark.django_db
def test_the_move_forms_offer_exactly_the_legal_actions_through_a_whole_game():
    """Every table fragment of a game, read as the learner reads it: its options are the legal actions,
    and playing them to the end leaves a log the bench's check finds consistent."""
    client = Client()
    game = start_game(client, players=3, seed=11, levels=("easy", "medium"))
    page = parse_page(client.get(reverse("play", args=[game.pk])).content.decode())
    assert page.websocket_path is None   # bots alone: the moves' answers carry their replies
    assert "X-CSRFToken" in page.htmx_headers
    rng = random.Random(11)
    kinds = set()
    while True:
        html = client.get(reverse("table", args=[game.pk]), **HTMX).content.decode()
        page = parse_page(html)
        # The learner reads a pushed table only where it may give the turn back or end the game: never one less.
        assert _may_give_the_turn(html) or not (page.move_forms or page.game_over)
        game.refresh_from_db()
        assert page.table_step == game.move_count
        if game.is_over:
            break
        assert not page.game_over
        (form,) = page.move_forms
        assert form.action == reverse("act", args=[game.pk])
        options = form.options()
        kinds.add(options[0]["type"])
        assert {_posted(fields) for fields in options} == _legal(game_history(game).current.legal_actions())
        form_move = game.move_count
        response = client.post(*page.pick_move(rng), **HTMX)
        assert response.status_code == 200
        answer = parse_answer(response.content.decode())
        # Read as the learner reads it, the answer is the state the page ends on: the learner's next decision or the
        # end, after the bots' replies (each waiting BOT_MOVE_DELAY, 0 here); nothing for it to reload.
        game.refresh_from_db()
        assert answer.table_step == game.move_count and answer.reload_delay is None
        assert answer.game_over or answer.move_forms
        assert answer.playout_seconds == 0 and len(answer.following_waits_ms) == answer.table_step - form_move - 1
    assert page.game_over and not page.move_forms
    assert kinds == {"ask", "count", "suits"}
    assert check_game(game).consistent


TABLE_DECISIONS = 40   # per game: Hearts' pass and tricks, Rooster's attacks, beats and throw-ins, Yashchiki's plays


@pytest.mark.django_db
@pytest.mark.parametrize("mix", list({mix.game_key: mix for mix in TABLE_MIXES}.values()), ids=lambda mix: mix.game_key)
def test_each_person_at_a_table_sees_their_turn_and_legal_moves_in_their_own_pages(mix):
    """A table of each game, every person's table fragment read as the bench's people read it: only the person to
    move has move forms, every submission they offer (ticked boxes as they come) is a legal action, and the moves
    picked from them are taken."""
    game, clients = seated_people(mix.game_key, mix.seats, preset=mix.preset)
    rng = random.Random(5)
    for _ in range(TABLE_DECISIONS):
        if game.is_over:
            break
        to_move, _client = person_to_move(game, clients)
        pages = {seat: parse_page(client.get(reverse("table", args=[game.pk]), **HTMX).content.decode())
                 for seat, client in clients.items()}
        assert {seat for seat, page in pages.items() if page.move_forms} == {to_move}
        assert {page.here_path for page in pages.values()} == {reverse("here", args=[game.pk])}
        legal = _legal(game_history(game).current.legal_actions())
        offered = {_posted(fields, mix.game_key) for form in pages[to_move].move_forms for fields in form.options()}
        assert offered and offered <= legal
        assert clients[to_move].post(*pages[to_move].pick_move(rng), **HTMX).status_code == 200
        game.refresh_from_db()
    assert game.move_count >= TABLE_DECISIONS and check_game(game).consistent


@pytest.mark.django_db
def test_a_lesson_is_read_from_the_index_to_its_end():
    call_command("load_builtin_data", verbosity=0)
    client = Client()
    index = parse_page(client.get(reverse("learn")).content.decode())
    lessons = index.hrefs_matching(LESSON_PATH)
    assert len(lessons) == len(list((ROOT / "content" / "lessons" / "sunduchok").glob("*.json")))
    page = parse_page(client.get(lessons[0], follow=True).content.decode())
    steps, questions = [], 0
    while page.lesson_step != "done":
        steps.append(page.lesson_step)
        if page.answer_form is not None:
            questions += 1
            assert all(fields["step"] == page.lesson_step and fields["type"] for fields in page.answer_form.options())
        page = parse_page(client.get(page.link_to_next(), **HTMX).content.decode())
    assert steps == [str(number) for number in range(1, len(steps) + 1)] and questions > 0


# Checking the played games.

@pytest.mark.django_db
def test_the_game_check_finds_unfinished_games_gaps_and_wrong_results():
    client = Client()
    game = start_game(client, players=3, seed=5, levels=("easy", "easy"))
    assert check_game(game).consistent and not check_game(game).finished

    finished = Game.objects.create(game_key=game.game_key, preset=game.preset, variant=game.variant, seed=game.seed,
                                   dealer=game.dealer, seats=game.seats)
    history = _play_out(game)
    GameAction.objects.bulk_create(GameAction(game=finished, number=number, seat=logged.seat, action=logged.action)
                                   for number, logged in enumerate(history.actions))
    state = history.current
    Game.objects.filter(pk=finished.pk).update(move_count=history.move_count, status=Game.Status.FINISHED,
                                               scores=state.scores, winners=state.winners)
    finished.refresh_from_db()
    assert check_game(finished) == check_games([str(finished.pk)])[0]
    assert check_game(finished).consistent and check_game(finished).finished

    Game.objects.filter(pk=finished.pk).update(scores=[9, 9, 9])
    finished.refresh_from_db()
    assert "scores" in check_game(finished).problem
    GameAction.objects.filter(game=finished, number=3).delete()
    assert "numbers" in check_game(finished).problem
    missing = check_games(["00000000-0000-0000-0000-000000000000"])[0]
    assert not missing.finished and not missing.consistent


def _play_out(game: Game):
    """The game's history played on to the end with random legal actions (no database writes)."""
    rng = random.Random(game.seed)
    history = game_history(game)
    while not history.current.is_over:
        state = history.current
        action = rng.choice(state.legal_actions())
        history = history.extended(state.apply(action), LoggedAction(state.current_player, action, None))
    return history


# Refusals before anything is touched.

@pytest.mark.parametrize("arguments, message", [
    (["--think", "3,1"], "MIN <= MAX"),
    (["--think", "fast"], "MIN,MAX"),
    (["--phases", "class,lunch"], "--phases"),
    (["--learners", "0"], "--learners"),
    (["--learners", "100,0"], "--learners"),
    (["--learners", "100,many"], "comma-separated list"),
    (["--server", "gunicorn"], "--server takes"),
    (["--server", ","], "--server takes"),
    (["--saturation-clients", "0"], "--saturation-clients"),
    (["--saturation-seconds", "0"], "--saturation-seconds"),
    (["--tables", "0"], "--tables"),
    (["--phases", "class,tables,lunch"], "class, tables, saturation"),
    (["--conn-max-age", "60"], "--pool-size 0"),
    (["--pool-size", "-1"], "--pool-size"),
    (["--hard-share", "1.5"], "--hard-share is a share"),
    (["--hard-share", "-0.1"], "--hard-share is a share"),
])
def test_bad_options_are_refused_with_a_message(arguments, message):
    with pytest.raises(CommandError, match=re.escape(message)):
        call_command("bench_web", *arguments)


@pytest.mark.parametrize("database_url, redis_url, message", [
    ("sqlite:///bench.sqlite3", "redis://127.0.0.1:6379/3", "needs PostgreSQL"),
    ("postgres://postgres@127.0.0.1:1/cardschool", "redis://127.0.0.1:6379/3", "must contain 'bench'"),
    ("postgres://postgres@127.0.0.1:1/cardschool_bench", "redis://127.0.0.1:1/0", "other than 0"),
])
def test_the_bench_never_wipes_a_database_or_redis_db_not_meant_for_it(database_url, redis_url, message):
    site = BenchSite(SiteConfig(database_url=database_url, redis_url=redis_url, conn_max_age=0, workers=1), print)
    try:
        with pytest.raises(BenchError, match=re.escape(message)):
            if "other than 0" in message:
                site._flush_redis()
            else:
                site._recreate_database()
    finally:
        site.cleanup()


# A short real run.

SUITE_DATABASE_URL = os.environ.get("DATABASE_URL", "")
SUITE_REDIS_URL = os.environ.get("REDIS_URL", "")


def _with_path(url: str, path: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=path))


@pytest.mark.skipif(not (SUITE_DATABASE_URL.startswith("postgres") and SUITE_REDIS_URL),
                    reason="the bench runs the site on PostgreSQL and Redis: set DATABASE_URL (postgres) and REDIS_URL")
def test_a_short_real_run_plays_every_game_to_a_consistent_end_without_errors():
    result = subprocess.run(
        [sys.executable, "manage.py", "bench_web", "--learners", "2", "--workers", "2", "--think", "0,0",
         "--ramp", "0", "--bot-move-delay", "0", "--saturation-seconds", "2", "--saturation-clients", "2",
         "--tables", "2", "--phases", "class,tables,saturation", "--seed", "3",
         "--database-url", _with_path(SUITE_DATABASE_URL, "/cardschool_bench_test"),
         "--redis-url", _with_path(SUITE_REDIS_URL, "/3")],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    output = result.stdout
    assert result.returncode == 0, output + result.stderr
    assert "games: 2 finished of 2, logs consistent: 2" in output
    assert "errors: 0" in output and "goal: zero errors: met" in output
    summary = output.split("=== bench_web summary ===")[1]
    for endpoint in ("lesson index", "lesson page", "lesson answer", "new game", "play page", "move"):
        assert re.search(rf"^{endpoint} +[1-9]\d* ", summary, re.MULTILINE), endpoint
    # The tables phase: two tables of five people in all, each person through the table's pages to its game's end.
    tables = summary.split("tables phase, 2 tables, 5 people: ")[1].split("capacity curve")[0]
    assert "2 tables opened, 2 games started" in tables
    for endpoint, count in (("new table form", "2"), ("open table", "2"), ("table page", "5"),
                            ("table ws connect", "5"), ("sit", "5"), ("play page", "5"), ("ws connect", "5"),
                            ("here", r"[5-9]")):   # at once, then every 20 s
        assert re.search(rf"^{endpoint} +{count} ", tables, re.MULTILINE), endpoint
    assert re.search(r"^move +[1-9]\d* .* 0 +\d+%$", tables, re.MULTILINE)
    assert re.search(r"^turn round trip \(.*, [1-9]\d* turns\)", tables, re.MULTILINE)
    assert "games: 2 finished of 2, logs consistent: 2" in tables
    assert re.search(r"^health rps: [1-9]", summary, re.MULTILINE)
    assert re.search(r"^ +2 +\d+\.\d ms", summary, re.MULTILINE)   # the count's line of the capacity curve
    assert re.search(r"^worker CPU per move: \d+\.\d ms", summary, re.MULTILINE)
    # One of the two learners (a third, rounded) played hard bots: its moves are reported apart, and the saturation
    # ran again with hard bots alone. The workers counted their history lookups.
    for bots in ("easy+medium", "hard+hard"):
        assert re.search(rf"^ +2 {re.escape(bots)} +1 +[1-9]\d* +\d+\.\d ms", summary, re.MULTILINE), bots
    assert re.search(r"^worker CPU per move with hard bots: \d+\.\d ms", summary, re.MULTILINE)
    assert re.search(r"^history lookups in the workers: [1-9]\d* hits, ", summary, re.MULTILINE)
