"""Issue 21, items 2 and 3: uploads that froze every table. A 665-byte script of nested YAML
aliases expanded to 459 MB (64 s frozen, 1.75 GB); a 2 MB upload was parsed by the pure-Python
loader on the event loop for 44-100 s. Now user YAML may hold no alias, anchor or duplicate key,
its size and depth are capped, and it is parsed in worker threads with the C loader, in bounded
time."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from scriptkeeper.core import registry

from .test_tables import SCRIPT

GOOD = registry.get(None).setup_text(registry.get(None).load_setup(
    str(registry.get(None).shipped_setups()[SCRIPT]), Path(".")))


def billion_laughs(levels: int = 12) -> str:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]")
    return "\n".join(lines) + f"\ntitle: *a{levels - 1}\n"


def upload(client: Any, text: str) -> Any:
    return client.post("/api/tables", json={"script_yaml": text})


def warm(client: Any) -> None:
    """The parser processes start at the first upload (seconds on a busy machine): not what is timed."""
    assert upload(client, GOOD).status_code == 201


def test_nested_aliases_are_refused_at_once(client: Any) -> None:
    warm(client)
    text = billion_laughs()
    assert len(text) < 1000
    start = time.monotonic()
    r = upload(client, text)
    assert r.status_code == 422 and len(r.content) < 2000
    assert "aliases" in r.json()["error"] or "anchors" in r.json()["error"]
    assert time.monotonic() - start < 3


def test_an_anchor_a_duplicate_key_and_deep_nesting_are_refused(client: Any) -> None:
    assert "anchors" in upload(client, GOOD.replace("loops:", "loops: &n", 1)).json()["error"]
    dup = GOOD + "loops: 1\n"
    r = upload(client, dup)
    assert r.status_code == 422 and "given twice" in r.json()["error"]
    r = upload(client, "x: " + "[" * 200 + "]" * 200)
    assert r.status_code == 422 and "nested" in r.json()["error"]
    assert upload(client, GOOD).status_code == 201  # the same script, plain, is accepted


def test_a_big_upload_is_refused_without_freezing_the_other_tables(client: Any) -> None:
    big = "title: x\n" + "".join(f"k{i}: [1, 2, 3]\n" for i in range(150_000))  # ~2 MB
    warm(client)
    start = time.monotonic()
    r = upload(client, big)
    assert r.status_code == 413 and time.monotonic() - start < 3
    just_under = "title: x\n" + "".join(f"k{i}: 1\n" for i in range(1800))  # < 16 KB: parsed, then refused by the rules
    assert len(just_under) < 16 * 1024
    r = upload(client, just_under)
    assert r.status_code == 422 and len(r.content) < 40_000
    assert time.monotonic() - start < 10


def test_uploads_are_parsed_off_the_event_loop_within_a_time_bound(make_client: Any) -> None:
    """Uploads are parsed in parser processes: one that takes longer than `parse_seconds` ends in a
    422 (its process is killed); the server answers meanwhile, and the next upload is read again."""
    # A zero bound: the parse, in another process, can never be done at once (with 1 ms, a warm
    # parser process on an idle machine sometimes answered in time).
    client = make_client(parse_seconds=0)
    answers: list[float] = []

    def ping() -> None:
        for _ in range(5):
            t0 = time.monotonic()
            assert client.get("/api/health").status_code == 200
            answers.append(time.monotonic() - t0)
            time.sleep(0.02)

    pinger = threading.Thread(target=ping)
    pinger.start()
    r = upload(client, GOOD)
    pinger.join()
    assert r.status_code == 422 and "longer than" in r.json()["error"]
    assert answers and max(answers) < 0.5  # the event loop was never held by the parse
    client.app.state.service.limits.parse_seconds = 30
    assert upload(client, GOOD).status_code == 201
