"""A worker killed mid-game (SIGKILL, no cleanup) and started again: the game resumes exactly where it was.

The site runs as a daphne subprocess on the suite's database engine and is played over real HTTP, as a browser
would: the log in the database is the truth, so a new worker rebuilds the same table from it.
"""

from __future__ import annotations

from tests.faults.conftest import site_env_for
from tests.faults.helpers import (
    Visitor,
    act_path,
    assert_log_consistent,
    first_choice,
    stored_game,
    table_html,
    table_step,
)

MOST_MOVES = 500


def test_a_game_resumes_exactly_after_its_worker_is_killed_and_plays_to_the_end(site_database_url, start_site):
    env = site_env_for(site_database_url)
    site = start_site(env)
    visitor = Visitor(site.url)
    play = visitor.start_sunduchok(seed=4242)
    steps = [table_step(visitor.play_first_choice(play)) for _ in range(3)]
    assert steps == sorted(steps) and steps[0] > 0
    table_before = table_html(visitor.get(play).text)

    site.kill()
    site.start()

    page = visitor.get(play).text
    assert table_html(page) == table_before   # the same step, hand, log and choices, for the same visitor
    while first_choice(page) is not None:
        page = visitor.play_first_choice(play, page)
        steps.append(table_step(page))
        assert steps[-1] > steps[-2]
        assert len(steps) < MOST_MOVES
    assert "Game over" in page

    stored = stored_game(env, play)
    assert_log_consistent(stored)
    assert stored["finished"]
    assert stored["move_count"] == steps[-1]
    assert stored["replayed_scores"] == stored["scores"]


def test_a_worker_killed_while_moves_are_posted_keeps_whole_moves_and_a_retry_applies_once(
        site_database_url, start_site):
    env = site_env_for(site_database_url)
    site = start_site(env)
    visitor = Visitor(site.url)
    play = visitor.start_sunduchok(seed=977)
    acknowledged = [table_step(visitor.play_first_choice(play)) for _ in range(4)]
    unanswered = first_choice(visitor.get(play).text)
    assert unanswered is not None

    # The next move is on the wire, its answer never read: the worker may die before, during or after it.
    in_flight = visitor.send("POST", act_path(play), unanswered)
    site.kill()
    in_flight.close()
    site.start()

    after_restart = stored_game(env, play)
    assert_log_consistent(after_restart)
    move = int(unanswered["move"])
    assert move == acknowledged[-1]
    applied_before_the_kill = after_restart["move_count"] > move

    retry = visitor.post(act_path(play), unanswered)
    after_retry = stored_game(env, play)
    assert_log_consistent(after_retry)
    if applied_before_the_kill:
        assert retry.status == 409   # stale: the table moved on, nothing applied twice
        assert after_retry["log"] == after_restart["log"]
    else:
        assert retry.status == 302
        assert after_retry["move_count"] > move
    assert after_retry["log"][move]["seat"] == 0
    assert after_retry["log"][:move] == after_restart["log"][:move]
    assert table_step(visitor.get(play).text) == after_retry["move_count"]


def test_a_table_of_two_people_resumes_after_its_worker_is_killed_each_person_at_their_seat(
        site_database_url, start_site):
    env = site_env_for(site_database_url)
    site = start_site(env)
    people = {0: Visitor(site.url), 1: Visitor(site.url)}
    code = people[0].open_table("sunduchok", ("person", "person", "easy"))
    assert people[0].sit(code, 0, "Person 1").status == 200
    assert people[1].sit(code, 1, "Person 2").status == 302   # the last seat taken: the game starts
    play = people[0].get(f"/tables/{code}/").headers["Location"]
    assert people[1].get(f"/tables/{code}/").headers["Location"] == play

    def one_move() -> bool:
        """The person to move clicks their first choice; False once the game is over."""
        for person in people.values():
            page = person.get(play).text
            if first_choice(page) is not None:
                person.play_first_choice(play, page)
                return True
        return False

    for _ in range(4):
        assert one_move()
    tables_before = {seat: table_html(person.get(play).text) for seat, person in people.items()}
    step_before = table_step(people[0].get(play).text)

    site.kill()
    site.start()

    # Each person's page is their own seat's table as before: the same step, hand, log and choices.
    assert {seat: table_html(person.get(play).text) for seat, person in people.items()} == tables_before
    # And the table goes on: the people take turns as before. (Not necessarily to the end: two people who always
    # click their first choice may ask each other the same question for ever, and the deal is the table's own.)
    for _ in range(6):
        if not one_move():
            break
    stored = stored_game(env, play)
    assert_log_consistent(stored, people_seats=(0, 1))
    assert stored["move_count"] > step_before
    assert all(table_step(person.get(play).text) == stored["move_count"] for person in people.values())
