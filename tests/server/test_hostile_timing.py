"""Issue 21, item 6: timing betrayed the AI Mastermind's secrets. The questions asked only so that
their existence betrays nothing (`force=True`: "use an ability?" with only "done" possible) were
answered in 2 ms when the AI had nothing and 42 ms when it had something, visible to any observer.
Now an agent's answer to such a question goes out after a delay drawn from one distribution
(`Limits.secret_delay`), whatever it holds."""

from __future__ import annotations

import time
from typing import Any

from .test_live import hello
from .test_tables import create

SEATS = ("mastermind", "protagonist1", "protagonist2", "protagonist3")
LO, HI = 0.15, 0.2


def test_answers_to_secrecy_questions_take_the_same_delay_whatever_the_agent_holds(make_client: Any) -> None:
    client = make_client(secret_delay=(LO, HI))
    service = client.app.state.service
    seen: list[tuple[bool, int, float]] = []  # (forced, number of options, seconds from asked to stored)
    asked: dict[str, float] = {}
    real_commit = service._agent_commit

    async def timed(table: Any, d: Any, answer: Any) -> bool:
        seen.append((d.forced, len(d.options), time.monotonic() - asked.get(f"{table.id}:{table.version}", time.monotonic())))
        return await real_commit(table, d, answer)

    real_once = service._drive_once

    async def drive_once(table: Any) -> None:
        asked[f"{table.id}:{table.version}"] = time.monotonic()
        await real_once(table)

    real_push = service._push_all

    def push_all(table: Any, *args: Any, **kw: Any) -> None:  # after each change: the next decision is asked now
        asked[f"{table.id}:{table.version}"] = time.monotonic()
        real_push(table, *args, **kw)

    service._agent_commit, service._drive_once, service._push_all = timed, drive_once, push_all
    for seed in range(3, 9):
        t = create(client, agents={s: "rule" for s in SEATS}, seed=seed)
        ws = hello(client, t, "observer")  # an anonymous observer watches (and times) the table
        deadline = time.time() + 30
        while not client.get(f"/api/tables/{t['id']}").json()["over"]:
            assert time.time() < deadline, "the agents did not finish"
            time.sleep(0.05)
        ws.__exit__(None, None, None)
        if len({n == 1 for f, n, _ in seen if f}) == 2 and sum(1 for f, _, _ in seen if f) >= 8:
            break
    forced = [(n, dt) for f, n, dt in seen if f]
    assert len(forced) >= 8
    assert {n == 1 for n, _ in forced} == {True, False}, "both 'nothing usable' and 'something usable' were asked"
    for n, dt in forced:
        assert LO - 0.005 <= dt <= HI + 0.5, (n, dt)  # one distribution, whatever the options
    nothing = sorted(dt for n, dt in forced if n == 1)
    something = sorted(dt for n, dt in forced if n > 1)
    assert abs(nothing[len(nothing) // 2] - something[len(something) // 2]) < (HI - LO) + 0.03


def test_all_agent_tables_nobody_watches_are_not_slowed(make_client: Any) -> None:
    client = make_client(secret_delay=(5.0, 5.0))
    t = create(client, agents={s: "random" for s in SEATS}, seed=4)
    deadline = time.time() + 30
    while not client.get(f"/api/tables/{t['id']}").json()["over"]:
        assert time.time() < deadline, "an unwatched all-agent table waited on the secrecy delay"
        time.sleep(0.05)
